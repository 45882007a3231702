ALTER TABLE "bookings" ADD COLUMN "from_quote" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Bookings made from a quote before this column existed; one whose quote was since deleted cannot be
-- told apart any more, and stays as it reads today.
UPDATE "bookings" SET "from_quote" = true WHERE "quote_id" IS NOT NULL;
