CREATE TABLE "investment_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"case_version" integer NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "investment_statements_case_version" CHECK ("investment_statements"."case_version" >= 1),
	CONSTRAINT "investment_statements_sha256" CHECK ("investment_statements"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_purpose";--> statement-breakpoint
ALTER TABLE "investment_statements" ADD CONSTRAINT "investment_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_statements" ADD CONSTRAINT "investment_statements_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "investment_statements_user_version" ON "investment_statements" USING btree ("user_id","case_version");--> statement-breakpoint
CREATE INDEX "investment_statements_sha256_idx" ON "investment_statements" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "investment_statements_stored_file_idx" ON "investment_statements" USING btree ("stored_file_id");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_purpose" CHECK ("stored_files"."purpose" in ('kyc_document', 'agreement_signed', 'staff_upload', 'investment_statement'));