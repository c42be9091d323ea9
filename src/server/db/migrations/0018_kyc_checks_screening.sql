CREATE TABLE "kyc_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "kyc_checks_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"kind" text NOT NULL,
	"result" jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"engine" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_checks_kind" CHECK ("kyc_checks"."kind" in ('screening', 'risk', 'mrz'))
);
--> statement-breakpoint
CREATE TABLE "kyc_edd_items" (
	"user_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"item" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_edd_items_user_id_round_item_pk" PRIMARY KEY("user_id","round","item"),
	CONSTRAINT "kyc_edd_items_item" CHECK ("kyc_edd_items"."item" in ('source-of-wealth', 'source-of-funds', 'screening-resolved', 'purpose', 'senior-approval'))
);
--> statement-breakpoint
CREATE TABLE "screening_entries" (
	"list_id" uuid NOT NULL,
	"ref" text NOT NULL,
	"names" text[] NOT NULL,
	"birth_dates" text[] NOT NULL,
	"kind" text NOT NULL,
	"programme" text,
	"countries" text[] NOT NULL,
	CONSTRAINT "screening_entries_list_id_ref_pk" PRIMARY KEY("list_id","ref"),
	CONSTRAINT "screening_entries_kind" CHECK ("screening_entries"."kind" in ('sanction', 'pep', 'other'))
);
--> statement-breakpoint
CREATE TABLE "screening_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"source" text NOT NULL,
	"entry_ref" text NOT NULL,
	"entry_name" text NOT NULL,
	"entry_kind" text NOT NULL,
	"programme" text,
	"query_name" text NOT NULL,
	"score" real NOT NULL,
	"reasons" text[] NOT NULL,
	"birth_date" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"found_in_round" integer NOT NULL,
	"decision" text,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "screening_hits_decision" CHECK ("screening_hits"."decision" is null or "screening_hits"."decision" in ('TRUE_MATCH', 'FALSE_POSITIVE')),
	CONSTRAINT "screening_hits_entry_kind" CHECK ("screening_hits"."entry_kind" in ('sanction', 'pep', 'other'))
);
--> statement-breakpoint
CREATE TABLE "screening_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"format" text NOT NULL,
	"sha256" text NOT NULL,
	"published_at" timestamp with time zone,
	"entry_count" integer NOT NULL,
	"loaded_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "screening_lists_format" CHECK ("screening_lists"."format" in ('eu-fsf-xml', 'opensanctions-csv'))
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind";--> statement-breakpoint
ALTER TABLE "kyc_checks" ADD CONSTRAINT "kyc_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_edd_items" ADD CONSTRAINT "kyc_edd_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_edd_items" ADD CONSTRAINT "kyc_edd_items_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_entries" ADD CONSTRAINT "screening_entries_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_decided_by_staff_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_checks_user_idx" ON "kyc_checks" USING btree ("user_id","kind","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_hits_one_per_entry" ON "screening_hits" USING btree ("user_id","source","entry_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_lists_one_current" ON "screening_lists" USING btree ("source") WHERE "screening_lists"."replaced_at" is null;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind" CHECK ("jobs"."kind" in ('mail', 'seal-agreement', 'kyc-screening', 'screening-rescreen', 'kyc-document-checks'));