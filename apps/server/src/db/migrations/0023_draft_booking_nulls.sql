-- A draft keeps what was typed: the fields a booking needs only when it is submitted may be empty.
ALTER TABLE "bookings" ALTER COLUMN "forwarder_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "incoterm_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "pol_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "pod_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "to_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ALTER COLUMN "packages" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ALTER COLUMN "unit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ALTER COLUMN "weight" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ALTER COLUMN "volume" DROP NOT NULL;
