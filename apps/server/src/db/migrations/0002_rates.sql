CREATE TABLE "rate_spaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_id" integer NOT NULL,
	"container_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"carrier_id" integer NOT NULL,
	"pol_id" integer NOT NULL,
	"pod_id" integer NOT NULL,
	"to_id" integer NOT NULL,
	"sdate" date NOT NULL,
	"edate" date NOT NULL,
	"transit_days" integer,
	"etd" date,
	"eta" date,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"requester_id" integer NOT NULL,
	"forwarder_id" integer,
	"rate_id" integer,
	"payload" text NOT NULL,
	"status" varchar(20) DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rate_spaces" ADD CONSTRAINT "rate_spaces_rate_id_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_spaces" ADD CONSTRAINT "rate_spaces_container_id_container_types_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."container_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_pol_id_ports_id_fk" FOREIGN KEY ("pol_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_pod_id_ports_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_to_id_ports_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_forwarder_id_users_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_rate_id_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_spaces_rate_container_uq" ON "rate_spaces" USING btree ("rate_id","container_id");--> statement-breakpoint
CREATE INDEX "rates_owner_idx" ON "rates" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "rates_validity_idx" ON "rates" USING btree ("edate","sdate");--> statement-breakpoint
CREATE INDEX "rates_route_idx" ON "rates" USING btree ("pol_id","to_id");--> statement-breakpoint
CREATE INDEX "rfqs_requester_idx" ON "rfqs" USING btree ("requester_id");--> statement-breakpoint
CREATE INDEX "rfqs_forwarder_idx" ON "rfqs" USING btree ("forwarder_id");