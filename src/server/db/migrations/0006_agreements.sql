CREATE TABLE "agreement_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"version_id" uuid NOT NULL,
	"checkboxes" jsonb NOT NULL,
	"signature_png" "bytea" NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_signatures_key" CHECK ("agreement_signatures"."key" in ('ppm', 'investment', 'token_purchase', 'terms', 'qualified_investor', 'privacy', 'risk'))
);
--> statement-breakpoint
CREATE TABLE "agreement_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"checkboxes" jsonb NOT NULL,
	"signature_field" text NOT NULL,
	"date_field" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "agreement_versions_key" CHECK ("agreement_versions"."key" in ('ppm', 'investment', 'token_purchase', 'terms', 'qualified_investor', 'privacy', 'risk')),
	CONSTRAINT "agreement_versions_sha256" CHECK ("agreement_versions"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "signed_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"signature_id" uuid NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"size_bytes" integer NOT NULL,
	"presented_sha256" text NOT NULL,
	"seal_fingerprint" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signed_documents_key" CHECK ("signed_documents"."key" in ('ppm', 'investment', 'token_purchase', 'terms', 'qualified_investor', 'privacy', 'risk')),
	CONSTRAINT "signed_documents_size" CHECK ("signed_documents"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind";--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_version_id_agreement_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."agreement_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_signature_id_agreement_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."agreement_signatures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_signatures_user_key" ON "agreement_signatures" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_versions_current" ON "agreement_versions" USING btree ("key") WHERE "agreement_versions"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "signed_documents_signature" ON "signed_documents" USING btree ("signature_id");--> statement-breakpoint
CREATE INDEX "signed_documents_user_idx" ON "signed_documents" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind" CHECK ("jobs"."kind" in ('mail', 'seal-agreement'));