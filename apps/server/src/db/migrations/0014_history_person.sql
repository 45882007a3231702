ALTER TABLE "booking_history" ADD COLUMN "actor_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Before company accounts a member's one login was its owner, who is named for the past changes.
UPDATE "booking_history" SET "actor_name" = "people"."name" FROM "people"
WHERE "people"."company_id" = "booking_history"."actor_id" AND "people"."role" = 'owner';
