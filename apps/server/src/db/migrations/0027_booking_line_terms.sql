-- What a booking line says of its equipment and its dangerous cargo: a shipper-owned container with
-- its tare weight, a reefer's settings or a reefer run dry, the cargo's overhang on an open-top or
-- flat-rack, and the dangerous goods in the line. Defaults keep the lines made before as they read:
-- carrier-owned, no settings, in gauge, no dangerous goods.
ALTER TABLE "booking_lines" ADD COLUMN "is_shipper_owned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "tare_weight" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "is_non_operating_reefer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "reefer" jsonb;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "out_of_gauge" jsonb;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "dangerous_goods" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- The lines' special cargo in one line (DG UN 1263 · RF -18 °C), kept with the booking so that its
-- list and export show it without reading the lines.
ALTER TABLE "bookings" ADD COLUMN "special_cargo" varchar(255) DEFAULT '' NOT NULL;
