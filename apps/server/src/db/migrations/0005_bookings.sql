CREATE SEQUENCE "public"."booking_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "booking_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"uploader_id" integer NOT NULL,
	"uploader_role" varchar(10) NOT NULL,
	"document_type" varchar(30) NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"action" varchar(20) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"actor_id" integer,
	"actor_role" varchar(10) NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_instruction_containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"container_id" integer NOT NULL,
	"container_no" varchar(11) NOT NULL,
	"seal_no" varchar(30) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_instructions" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"notify_party" varchar(300) DEFAULT '' NOT NULL,
	"marks" varchar(500) DEFAULT '' NOT NULL,
	"description" varchar(1000) NOT NULL,
	"bl_type" varchar(10) NOT NULL,
	"freight_term" varchar(10) NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"submitted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"container_id" integer,
	"container_no" varchar(11) DEFAULT '' NOT NULL,
	"seal_no" varchar(30) DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"hs_code" varchar(10) NOT NULL,
	"description" varchar(500) NOT NULL,
	"packages" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"weight" numeric(12, 3) NOT NULL,
	"volume" numeric(12, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(24) NOT NULL,
	"owner_id" integer NOT NULL,
	"forwarder_id" integer NOT NULL,
	"quote_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"container_mode" smallint NOT NULL,
	"shipper_id" integer,
	"shipper" jsonb NOT NULL,
	"consignee_id" integer,
	"consignee" jsonb NOT NULL,
	"cust_ref_no" varchar(50) DEFAULT '' NOT NULL,
	"ready_date" date,
	"incoterm_id" integer NOT NULL,
	"place_of_receipt" varchar(100) DEFAULT '' NOT NULL,
	"pol_id" integer NOT NULL,
	"pod_id" integer NOT NULL,
	"to_id" integer NOT NULL,
	"carrier_id" integer,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"total_weight" numeric(15, 3) DEFAULT '0' NOT NULL,
	"total_volume" numeric(15, 3) DEFAULT '0' NOT NULL,
	"total_packages" integer DEFAULT 0 NOT NULL,
	"so_no" varchar(30) DEFAULT '' NOT NULL,
	"vessel" varchar(50) DEFAULT '' NOT NULL,
	"voyage" varchar(20) DEFAULT '' NOT NULL,
	"etd" date,
	"eta" date,
	"si_cutoff" timestamp,
	"cy_cutoff" timestamp,
	"bl_no" varchar(30) DEFAULT '' NOT NULL,
	"cancelled_by" varchar(10),
	"cancel_reason" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_documents" ADD CONSTRAINT "booking_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_documents" ADD CONSTRAINT "booking_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_documents" ADD CONSTRAINT "booking_documents_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_instruction_containers" ADD CONSTRAINT "booking_instruction_containers_booking_id_booking_instructions_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking_instructions"("booking_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_instruction_containers" ADD CONSTRAINT "booking_instruction_containers_container_id_container_types_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."container_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_instructions" ADD CONSTRAINT "booking_instructions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_instructions" ADD CONSTRAINT "booking_instructions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_container_id_container_types_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."container_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_forwarder_id_users_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quote_id_rates_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_shipper_id_contacts_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_consignee_id_contacts_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_incoterm_id_incoterms_id_fk" FOREIGN KEY ("incoterm_id") REFERENCES "public"."incoterms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pol_id_ports_id_fk" FOREIGN KEY ("pol_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pod_id_ports_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_to_id_ports_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_documents_booking_idx" ON "booking_documents" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "booking_history_booking_idx" ON "booking_history" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "booking_instruction_containers_booking_idx" ON "booking_instruction_containers" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_lines_booking_idx" ON "booking_lines" USING btree ("booking_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_order_no_uq" ON "bookings" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "bookings_owner_idx" ON "bookings" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "bookings_forwarder_idx" ON "bookings" USING btree ("forwarder_id","id");