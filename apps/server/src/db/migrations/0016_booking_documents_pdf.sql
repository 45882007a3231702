ALTER TABLE "bookings" ADD COLUMN "freight_term" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "notify_party" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "commodity_cn" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pickup_depot" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "return_terminal" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_instruction_containers" ADD COLUMN "packages" integer;--> statement-breakpoint
ALTER TABLE "booking_instruction_containers" ADD COLUMN "weight" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "booking_instruction_containers" ADD COLUMN "vgm" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "booking_instructions" ADD COLUMN "bl_shipper" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_instructions" ADD COLUMN "bl_consignee" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_instructions" ADD COLUMN "bl_issuer" varchar(10) DEFAULT 'carrier' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_instructions" ADD COLUMN "originals" smallint DEFAULT 3 NOT NULL;