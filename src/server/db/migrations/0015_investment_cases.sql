CREATE TABLE "data_migrations" (
	"name" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_cases" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"value" jsonb NOT NULL,
	"context" jsonb NOT NULL,
	"states" text[] NOT NULL,
	"state_ids" text[] NOT NULL,
	"anomalies" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "investment_cases_version" CHECK ("investment_cases"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "investment_cases" ADD CONSTRAINT "investment_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investment_cases_state_ids_idx" ON "investment_cases" USING gin ("state_ids");