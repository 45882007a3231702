-- What a booking states so that a forwarder can act on it without phoning back: the service at each
-- end, the sailing asked for, where the trucker loads and the services asked for. Every column has
-- a default or is nullable, so that bookings made before keep reading as they did (CY-CY or
-- CFS-CFS by their mode, no sailing asked for, no loading stop, no service).
ALTER TABLE "bookings" ADD COLUMN "receipt_type" varchar(3) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "delivery_type" varchar(3) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_etd" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_arrival_from" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_arrival_to" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_vessel_name" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_vessel_imo" varchar(7);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_voyage" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_service_code" varchar(11) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_service_name" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "latest_shipment_date" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "container_positionings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "export_customs_by" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_services" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "services_remark" varchar(255) DEFAULT '' NOT NULL;
