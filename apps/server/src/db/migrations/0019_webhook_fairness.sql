ALTER TABLE "webhook_endpoints" ADD COLUMN "circuit_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "circuit_open_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_lane_idx" ON "webhook_deliveries" USING btree ("endpoint_id","next_attempt_at","id") WHERE "webhook_deliveries"."status" = 'pending';