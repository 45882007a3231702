-- The table of member accounts holds companies (people sign in through "people"): it is named for
-- what it holds. A rename keeps every row, and the foreign keys and indexes follow the table; their
-- names, which said "users", are renamed with it so that the schema reads the same everywhere.
ALTER TABLE "users" RENAME TO "companies";--> statement-breakpoint
ALTER SEQUENCE "users_id_seq" RENAME TO "companies_id_seq";--> statement-breakpoint
ALTER TABLE "companies" RENAME CONSTRAINT "users_pkey" TO "companies_pkey";--> statement-breakpoint
ALTER TABLE "companies" RENAME CONSTRAINT "users_country_id_countries_id_fk" TO "companies_country_id_countries_id_fk";--> statement-breakpoint
ALTER INDEX "users_username_uq" RENAME TO "companies_username_uq";--> statement-breakpoint
ALTER INDEX "users_forwarder_idx" RENAME TO "companies_forwarder_idx";--> statement-breakpoint
ALTER TABLE "files" RENAME CONSTRAINT "files_owner_id_users_id_fk" TO "files_owner_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "contacts" RENAME CONSTRAINT "contacts_owner_id_users_id_fk" TO "contacts_owner_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "rates" RENAME CONSTRAINT "rates_owner_id_users_id_fk" TO "rates_owner_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "rfqs" RENAME CONSTRAINT "rfqs_requester_id_users_id_fk" TO "rfqs_requester_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "rfqs" RENAME CONSTRAINT "rfqs_forwarder_id_users_id_fk" TO "rfqs_forwarder_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "booking_documents" RENAME CONSTRAINT "booking_documents_uploader_id_users_id_fk" TO "booking_documents_uploader_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "booking_history" RENAME CONSTRAINT "booking_history_actor_id_users_id_fk" TO "booking_history_actor_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "booking_instructions" RENAME CONSTRAINT "booking_instructions_submitted_by_users_id_fk" TO "booking_instructions_submitted_by_companies_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" RENAME CONSTRAINT "bookings_owner_id_users_id_fk" TO "bookings_owner_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" RENAME CONSTRAINT "bookings_forwarder_id_users_id_fk" TO "bookings_forwarder_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "activity" RENAME CONSTRAINT "activity_company_id_users_id_fk" TO "activity_company_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "invitations" RENAME CONSTRAINT "invitations_company_id_users_id_fk" TO "invitations_company_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "people" RENAME CONSTRAINT "people_company_id_users_id_fk" TO "people_company_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" RENAME CONSTRAINT "notifications_company_id_users_id_fk" TO "notifications_company_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" RENAME CONSTRAINT "webhook_endpoints_company_id_users_id_fk" TO "webhook_endpoints_company_id_companies_id_fk";
