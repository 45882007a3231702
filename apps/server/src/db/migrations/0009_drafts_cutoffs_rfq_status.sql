ALTER TABLE "rfqs" ALTER COLUMN "status" SET DEFAULT 'new';--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customs_cutoff" timestamp;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vgm_cutoff" timestamp;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Issue 14 (point 2): status 0 becomes a draft only its owner sees; a submitted booking is status 1,
-- and the forwarder's acceptance is recorded in accepted_at. Bookings of before were all submitted:
-- those at 1 were accepted (when their accept entry says), those at 0 become submitted, unaccepted.
UPDATE "bookings" b SET "accepted_at" = COALESCE(
  (SELECT max(h."created_at") FROM "booking_history" h WHERE h."booking_id" = b."id" AND h."action" = 'accept'),
  b."updated_at")
WHERE b."status" IN (1, 2, 3, 5) OR (b."status" = 40 AND EXISTS (
  SELECT 1 FROM "booking_history" h WHERE h."booking_id" = b."id" AND h."action" = 'accept'));--> statement-breakpoint
INSERT INTO "booking_history" ("booking_id", "action", "from_status", "to_status", "actor_id", "actor_role", "created_at")
SELECT b."id", 'submit', 0, 1, b."owner_id", 'member', b."created_at" FROM "bookings" b WHERE b."status" = 0;--> statement-breakpoint
UPDATE "booking_history" SET "from_status" = 1, "to_status" = 1 WHERE "action" = 'accept';--> statement-breakpoint
UPDATE "booking_history" h SET "from_status" = 1 WHERE h."from_status" = 0 AND h."action" IN ('cancel', 'void');--> statement-breakpoint
UPDATE "bookings" SET "status" = 1 WHERE "status" = 0;--> statement-breakpoint
UPDATE "rfqs" SET "status" = 'new' WHERE "status" = 'sent';
