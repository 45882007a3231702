-- The booking's parties as the documents print them: the shipper and consignee kept as typed or as
-- their contact read when saved (null: not given, left for the shipping instructions), whether the
-- consignee is the notify party, up to three notify parties, and the booking party's own contact.
-- Bookings made before keep their contact snapshots and read as naming no document party.
ALTER TABLE "bookings" ADD COLUMN "shipper_party" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "consignee_party" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "consignee_is_notify" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "notify_parties" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booking_contact" jsonb;
