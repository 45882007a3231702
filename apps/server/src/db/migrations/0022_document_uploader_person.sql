ALTER TABLE "booking_documents" ADD COLUMN "uploader_person" varchar(100) DEFAULT '' NOT NULL;
