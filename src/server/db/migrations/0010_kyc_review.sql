CREATE TABLE "kyc_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"steps" text[],
	"message" text,
	"reviewer_staff_id" uuid NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_reviews_decision" CHECK ("kyc_reviews"."decision" in ('APPROVED', 'REJECTED', 'RESUBMISSION_REQUESTED')),
	CONSTRAINT "kyc_reviews_round" CHECK ("kyc_reviews"."round" >= 1)
);
--> statement-breakpoint
ALTER TABLE "kyc_verifications" DROP CONSTRAINT "kyc_verifications_status";--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "review_round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "resubmission_steps" text[];--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "resubmission_message" text;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "resubmission_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_reviews" ADD CONSTRAINT "kyc_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_reviews" ADD CONSTRAINT "kyc_reviews_reviewer_staff_id_staff_members_id_fk" FOREIGN KEY ("reviewer_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_reviews_user_idx" ON "kyc_reviews" USING btree ("user_id","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_reviews_one_approval_per_reviewer" ON "kyc_reviews" USING btree ("user_id","round","reviewer_staff_id","decision") WHERE "kyc_reviews"."decision" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "kyc_verifications_review_queue_idx" ON "kyc_verifications" USING btree ("status","completed_at","user_id");--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_review_round" CHECK ("kyc_verifications"."review_round" >= 1);--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_status" CHECK ("kyc_verifications"."status" in ('PENDING', 'IN_PROGRESS', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'RESUBMISSION_REQUESTED'));