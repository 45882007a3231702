-- A booking's place of receipt and place of delivery as the documents print them (a name, its
-- country and, when known, its UN/LOCODE; either may be an inland point beyond the port list), and
-- the transshipment port asked for. The place of receipt's name stays in "place_of_receipt", so a
-- booking made before reads as it did: a name without a country or code, no place of delivery beyond
-- its destination port (to_id), no transshipment port.
ALTER TABLE "bookings" ADD COLUMN "place_of_receipt_country" varchar(2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "place_of_receipt_code" varchar(5);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "place_of_delivery" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "place_of_delivery_country" varchar(2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "place_of_delivery_code" varchar(5);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "transshipment_port_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_transshipment_port_id_ports_id_fk" FOREIGN KEY ("transshipment_port_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;
