CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "container_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"iso_code" varchar(4) NOT NULL,
	"teu" numeric(4, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"code3" char(3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"numeric" char(3) NOT NULL,
	"minor_units" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"storage_key" varchar(80) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incoterms" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kv_entries" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ports" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"country_id" integer NOT NULL,
	"route_id" integer
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" char(64) NOT NULL,
	"previous_token_hash" char(64),
	"previous_valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_config" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"linkman" varchar(100) NOT NULL,
	"phone" varchar(30) NOT NULL,
	"company1" varchar(200) NOT NULL,
	"company2" varchar(200) DEFAULT '' NOT NULL,
	"address1" varchar(300) NOT NULL,
	"address2" varchar(300) DEFAULT '' NOT NULL,
	"city" varchar(100) NOT NULL,
	"province" varchar(100) DEFAULT '' NOT NULL,
	"country_id" integer NOT NULL,
	"zip_code" varchar(20) DEFAULT '' NOT NULL,
	"credit_no" varchar(30) DEFAULT '' NOT NULL,
	"profile" text DEFAULT '' NOT NULL,
	"license" text,
	"license_thumb" text,
	"logo" text,
	"logo_thumb" text,
	"industries" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"businesses" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"routes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"ports" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"authorities" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_forwarder" boolean DEFAULT false NOT NULL,
	"listed_in_directory" boolean DEFAULT true NOT NULL,
	"language" varchar(5) DEFAULT 'zh-CN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ports" ADD CONSTRAINT "ports_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ports" ADD CONSTRAINT "ports_route_id_trade_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."trade_routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_code_uq" ON "businesses" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_code_uq" ON "carriers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_code_uq" ON "charges" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "container_types_code_uq" ON "container_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_code_uq" ON "countries" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code_uq" ON "currencies" USING btree ("code");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incoterms_code_uq" ON "incoterms" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "industries_code_uq" ON "industries" USING btree ("code");--> statement-breakpoint
CREATE INDEX "kv_entries_expires_idx" ON "kv_entries" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ports_code_uq" ON "ports" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ports_country_idx" ON "ports" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "ports_route_idx" ON "ports" USING btree ("route_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_previous_token_idx" ON "sessions" USING btree ("previous_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_routes_code_uq" ON "trade_routes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "units_code_uq" ON "units" USING btree ("code");--> statement-breakpoint
CREATE INDEX "units_type_idx" ON "units" USING btree ("type");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_forwarder_idx" ON "users" USING btree ("is_forwarder");