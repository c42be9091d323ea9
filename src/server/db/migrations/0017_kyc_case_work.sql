CREATE TABLE "kyc_case_assignments" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"assigned_by" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_case_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"body" text NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_case_notes_body" CHECK (char_length("kyc_case_notes"."body") between 1 and 4000)
);
--> statement-breakpoint
ALTER TABLE "kyc_case_assignments" ADD CONSTRAINT "kyc_case_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_case_assignments" ADD CONSTRAINT "kyc_case_assignments_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_case_assignments" ADD CONSTRAINT "kyc_case_assignments_assigned_by_staff_members_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_case_notes" ADD CONSTRAINT "kyc_case_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_case_notes" ADD CONSTRAINT "kyc_case_notes_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_case_assignments_staff_idx" ON "kyc_case_assignments" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "kyc_case_notes_user_idx" ON "kyc_case_notes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_case_notes_request" ON "kyc_case_notes" USING btree ("staff_id","request_id");