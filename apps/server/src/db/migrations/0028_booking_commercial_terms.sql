-- The commercial and B/L terms a booking states: the contract it is booked under, substitution and
-- partial load, the export declaration, the declared value, who pays the charges at each end and
-- where, where the B/L is issued, the document asked for and its originals, and the references.
-- Defaults read the bookings made before as saying none of it.
ALTER TABLE "bookings" ADD COLUMN "service_contract_reference" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_equipment_substitution_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_partial_load_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_export_declaration_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "export_declaration_reference" varchar(35) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "declared_value" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "declared_value_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "origin_charges_payment" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "destination_charges_payment" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "freight_payable_at" varchar(5);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "bl_issue_place" varchar(5);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "transport_document_type" varchar(3) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "number_of_originals" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "purchase_order_reference" varchar(35) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "export_license_reference" varchar(35) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customs_references" jsonb DEFAULT '[]'::jsonb NOT NULL;
