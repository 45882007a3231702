DROP INDEX "bookings_owner_idx";--> statement-breakpoint
DROP INDEX "bookings_forwarder_idx";--> statement-breakpoint
CREATE INDEX "bookings_owner_list_idx" ON "bookings" USING btree ("owner_id","id","status","container_mode","to_id","pol_id","carrier_id","created_at","etd","eta","order_no","bl_no","cust_ref_no","vessel","voyage");--> statement-breakpoint
CREATE INDEX "bookings_forwarder_list_idx" ON "bookings" USING btree ("forwarder_id","id","status","container_mode","to_id","pol_id","carrier_id","created_at","etd","eta","order_no","bl_no","cust_ref_no","vessel","voyage");