ALTER TABLE "carriers" ADD COLUMN "rank_zh" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "rank_en" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ports" ADD COLUMN "rank_zh" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ports" ADD COLUMN "rank_en" integer DEFAULT 0 NOT NULL;