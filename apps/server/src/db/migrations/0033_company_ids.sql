-- The rows a company keeps (its bookings, contacts, rates and files) named the company "owner_id",
-- which read as the person who owns the company (a role) since companies have people. The column
-- says what it holds: the company's id. A rename keeps every row and every index and key on it;
-- their names follow so that the schema reads the same everywhere.
ALTER TABLE "bookings" RENAME COLUMN "owner_id" TO "company_id";--> statement-breakpoint
ALTER TABLE "contacts" RENAME COLUMN "owner_id" TO "company_id";--> statement-breakpoint
ALTER TABLE "rates" RENAME COLUMN "owner_id" TO "company_id";--> statement-breakpoint
ALTER TABLE "files" RENAME COLUMN "owner_id" TO "company_id";--> statement-breakpoint
ALTER TABLE "bookings" RENAME CONSTRAINT "bookings_owner_id_companies_id_fk" TO "bookings_company_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "contacts" RENAME CONSTRAINT "contacts_owner_id_companies_id_fk" TO "contacts_company_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "rates" RENAME CONSTRAINT "rates_owner_id_companies_id_fk" TO "rates_company_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "files" RENAME CONSTRAINT "files_owner_id_companies_id_fk" TO "files_company_id_companies_id_fk";--> statement-breakpoint
ALTER INDEX "bookings_owner_list_idx" RENAME TO "bookings_company_list_idx";--> statement-breakpoint
ALTER INDEX "contacts_owner_dedupe_uq" RENAME TO "contacts_company_dedupe_uq";--> statement-breakpoint
ALTER INDEX "contacts_owner_id_idx" RENAME TO "contacts_company_id_idx";--> statement-breakpoint
ALTER INDEX "contacts_owner_search_idx" RENAME TO "contacts_company_search_idx";--> statement-breakpoint
ALTER INDEX "rates_owner_idx" RENAME TO "rates_company_idx";--> statement-breakpoint
ALTER INDEX "files_owner_idx" RENAME TO "files_company_idx";
