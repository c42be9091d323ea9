CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"purpose" text NOT NULL,
	"stored_name" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_stored_name_unique" UNIQUE("stored_name"),
	CONSTRAINT "stored_files_purpose" CHECK ("stored_files"."purpose" in ('kyc_document', 'agreement_signed', 'staff_upload')),
	CONSTRAINT "stored_files_stored_name" CHECK ("stored_files"."stored_name" ~ '^[0-9a-f]{32}[.](jpg|png|pdf)$'),
	CONSTRAINT "stored_files_content_type" CHECK ("stored_files"."content_type" in ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "stored_files_size" CHECK ("stored_files"."size_bytes" > 0),
	CONSTRAINT "stored_files_sha256" CHECK ("stored_files"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_id");--> statement-breakpoint
-- Backfill (written by hand): every KYC file stored before this table existed gets its row, so an upgraded
-- database keeps them all (the orphan sweep removes files stored_files does not name), before the foreign key below.
INSERT INTO "stored_files" ("owner_id", "purpose", "stored_name", "original_name", "content_type", "size_bytes", "sha256", "created_at")
SELECT "user_id", 'kyc_document', "file_name", "original_name", "content_type", "size_bytes", "sha256", "created_at" FROM "kyc_documents";--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_file_name_stored_files_stored_name_fk" FOREIGN KEY ("file_name") REFERENCES "public"."stored_files"("stored_name") ON DELETE no action ON UPDATE no action;