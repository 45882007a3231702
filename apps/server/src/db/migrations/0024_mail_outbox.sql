-- Every outgoing mail, written in the transaction of the change that makes it and sent by a worker.
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"recipient" varchar(320) NOT NULL,
	"reply_to" varchar(320),
	"locale" varchar(5) NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"headers" jsonb,
	"attachment" jsonb,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_error" varchar(300),
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_lane_idx" ON "mail_outbox" USING btree ("company_id","next_attempt_at","id") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_dead_idx" ON "mail_outbox" USING btree ("id") WHERE "mail_outbox"."status" = 'dead';--> statement-breakpoint
CREATE INDEX "mail_outbox_sent_idx" ON "mail_outbox" USING btree ("sent_at") WHERE "mail_outbox"."status" = 'sent';
