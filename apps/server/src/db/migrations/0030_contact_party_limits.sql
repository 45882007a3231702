-- The contact book takes the B/L's lengths (DCSA's, PARTY_LIMITS in the contract) from now on. The
-- columns keep their widths: contacts saved before stay whole, nothing is cut, and their owners
-- shorten them. Each company is told once which of its contacts are too long, by the start-up task
-- of modules/contacts/limits-report.ts rather than here: "too long" is the contract's rule, which
-- SQL written here would repeat. This only leaves that task to do, once: the first start after this
-- migration marks it done in the transaction that tells the companies.
CREATE TABLE "contact_book_tasks" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone
);--> statement-breakpoint
INSERT INTO "contact_book_tasks" ("name") VALUES ('party-limits-report');
