-- What a request asked per container type of its quote ([{container_id, quantity}], JSON; '[]' for
-- requests sent before the form kept them), and the forwarder's answer given in the portal (JSON:
-- prices per container type, validity, remarks, when), null until it answers.
ALTER TABLE "rfqs" ADD COLUMN "containers" text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "answer" text;
