-- The trail keeps naming a person after they leave the company: the person filter still finds
-- them, by the id their rows always had (ids are never reused).
ALTER TABLE "activity" DROP CONSTRAINT IF EXISTS "activity_person_id_people_id_fk";--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "role_from" varchar(10);--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "role_to" varchar(10);--> statement-breakpoint
-- Roles were written into the label in English ("Name <e-mail>: viewer → operator",
-- "Name <e-mail> (admin)", "e-mail (viewer)"): take them out, so that each language names them.
UPDATE "activity" SET
  "role_from" = substring("label" from ': (owner|admin|operator|viewer) → (?:owner|admin|operator|viewer)$'),
  "role_to" = substring("label" from ': (?:owner|admin|operator|viewer) → (owner|admin|operator|viewer)$'),
  "label" = regexp_replace("label", ': (owner|admin|operator|viewer) → (owner|admin|operator|viewer)$', '')
WHERE "kind" = 'role' AND "action" = 'update'
  AND "label" ~ ': (owner|admin|operator|viewer) → (owner|admin|operator|viewer)$';--> statement-breakpoint
UPDATE "activity" SET
  "role_from" = substring("label" from ' \((owner|admin|operator|viewer)\)$'),
  "label" = regexp_replace("label", ' \((owner|admin|operator|viewer)\)$', '')
WHERE "kind" = 'user' AND "action" = 'remove' AND "label" ~ ' \((owner|admin|operator|viewer)\)$';--> statement-breakpoint
UPDATE "activity" SET
  "role_to" = substring("label" from ' \((owner|admin|operator|viewer)\)$'),
  "label" = regexp_replace("label", ' \((owner|admin|operator|viewer)\)$', '')
WHERE "kind" = 'user' AND "action" IN ('invite', 'join') AND "label" ~ ' \((owner|admin|operator|viewer)\)$';
