CREATE TABLE "disclosure_reads" (
	"user_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"time_spent" integer DEFAULT 0 NOT NULL,
	"scrolled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disclosure_reads_user_id_section_id_pk" PRIMARY KEY("user_id","section_id"),
	CONSTRAINT "disclosure_reads_time_spent" CHECK ("disclosure_reads"."time_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "disclosure_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"min_reading_minutes" numeric(8, 3) DEFAULT 1 NOT NULL,
	"pdf_bytes" "bytea",
	"pdf_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "disclosure_sections_slug_unique" UNIQUE("slug"),
	CONSTRAINT "disclosure_sections_min_reading" CHECK ("disclosure_sections"."min_reading_minutes" >= 0),
	CONSTRAINT "disclosure_sections_pdf_pair" CHECK (("disclosure_sections"."pdf_bytes" is null) = ("disclosure_sections"."pdf_sha256" is null))
);
--> statement-breakpoint
ALTER TABLE "disclosure_reads" ADD CONSTRAINT "disclosure_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_reads" ADD CONSTRAINT "disclosure_reads_section_id_disclosure_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."disclosure_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disclosure_sections_position_idx" ON "disclosure_sections" USING btree ("position");--> statement-breakpoint
ALTER TABLE "disclosure_progress" DROP COLUMN "section_progress";