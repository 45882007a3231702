CREATE TABLE "mail_digest_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"event" varchar(10) NOT NULL,
	"booking_id" integer,
	"order_no" varchar(40) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_preferences" (
	"person_id" integer NOT NULL,
	"event" varchar(10) NOT NULL,
	"mode" varchar(10) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_preferences_person_id_event_pk" PRIMARY KEY("person_id","event")
);
--> statement-breakpoint
ALTER TABLE "mail_digest_queue" ADD CONSTRAINT "mail_digest_queue_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD CONSTRAINT "mail_preferences_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_digest_queue_person_idx" ON "mail_digest_queue" USING btree ("person_id","id");