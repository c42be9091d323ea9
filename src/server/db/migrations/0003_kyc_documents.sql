CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"step" integer NOT NULL,
	"file_name" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "kyc_documents_file_name_unique" UNIQUE("file_name"),
	CONSTRAINT "kyc_documents_type" CHECK ("kyc_documents"."document_type" in ('identity', 'selfie', 'address_utility', 'address_bank')),
	CONSTRAINT "kyc_documents_step" CHECK (("kyc_documents"."document_type" = 'identity' and "kyc_documents"."step" = 1) or ("kyc_documents"."document_type" = 'selfie' and "kyc_documents"."step" = 2)
        or ("kyc_documents"."document_type" in ('address_utility', 'address_bank') and "kyc_documents"."step" = 3)),
	CONSTRAINT "kyc_documents_file_name" CHECK ("kyc_documents"."file_name" ~ '^[0-9a-f]{32}[.](jpg|png|pdf)$'),
	CONSTRAINT "kyc_documents_content_type" CHECK ("kyc_documents"."content_type" in ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "kyc_documents_size" CHECK ("kyc_documents"."size_bytes" > 0 and "kyc_documents"."size_bytes" <= 10485760),
	CONSTRAINT "kyc_documents_sha256" CHECK ("kyc_documents"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "aml_funds_source" text;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "aml_annual_volume" text;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "aml_occupation" text;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "aml_additional_info" text;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "aml_pep_declared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "aml_sanctions_declared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "aml_criminal_declared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "aml_funds_declared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "aml_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_documents_user_idx" ON "kyc_documents" USING btree ("user_id","seq");--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_aml_funds_source" CHECK ("kyc_verifications"."aml_funds_source" in ('salary', 'business', 'investment', 'inheritance', 'gift', 'sale', 'other'));--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_aml_annual_volume" CHECK ("kyc_verifications"."aml_annual_volume" in ('0-25k', '25k-50k', '50k-100k', '100k-250k', '250k-500k', '500k+'));--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_aml_answers" CHECK ("kyc_verifications"."aml_submitted_at" is null or ("kyc_verifications"."aml_funds_source" is not null and "kyc_verifications"."aml_annual_volume" is not null and "kyc_verifications"."aml_occupation" is not null
        and "kyc_verifications"."aml_pep_declared" and "kyc_verifications"."aml_sanctions_declared" and "kyc_verifications"."aml_criminal_declared" and "kyc_verifications"."aml_funds_declared"));