CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"type" varchar(10) NOT NULL,
	"company1" varchar(200) NOT NULL,
	"company2" varchar(200) DEFAULT '' NOT NULL,
	"linkman" varchar(100) NOT NULL,
	"address1" varchar(300) NOT NULL,
	"address2" varchar(300) DEFAULT '' NOT NULL,
	"city" varchar(100) NOT NULL,
	"province" varchar(100) DEFAULT '' NOT NULL,
	"country_id" integer NOT NULL,
	"zip_code" varchar(20) DEFAULT '' NOT NULL,
	"phone" varchar(40) NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"dedupe_key" varchar(320) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_owner_dedupe_uq" ON "contacts" USING btree ("owner_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "contacts_owner_id_idx" ON "contacts" USING btree ("owner_id","id");