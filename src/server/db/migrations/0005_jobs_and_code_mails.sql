CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb,
	"dedupe_key" text,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_kind" CHECK ("jobs"."kind" in ('mail')),
	CONSTRAINT "jobs_attempts" CHECK ("jobs"."attempts" >= 0 and "jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
ALTER TABLE "email_challenges" ADD COLUMN "mail_id" uuid;--> statement-breakpoint
ALTER TABLE "email_challenges" ADD COLUMN "session_jti" uuid;--> statement-breakpoint
ALTER TABLE "email_challenges" ADD COLUMN "client_ip" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key_unfinished" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "email_challenges_mail_id_idx" ON "email_challenges" USING btree ("mail_id");--> statement-breakpoint
-- Written by hand before this migration's commit (a data step, not generated): the challenges issued before it bound
-- their code's HMAC to their own id, and those whose code was mailed (a login with an account, a registration) are
-- their own mail.
UPDATE "email_challenges" SET "mail_id" = "id" WHERE ("purpose" = 'login' AND "user_id" IS NOT NULL) OR ("purpose" = 'register' AND "registration" IS NOT NULL);
