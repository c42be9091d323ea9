CREATE TABLE "staff_role_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"role" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"granted_by" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "staff_role_grants_role" CHECK ("staff_role_grants"."role" in ('compliance', 'finance', 'issuer-admin', 'auditor')),
	CONSTRAINT "staff_role_grants_order" CHECK ("staff_role_grants"."revoked_at" is null or "staff_role_grants"."revoked_at" >= "staff_role_grants"."granted_at")
);
--> statement-breakpoint
ALTER TABLE "staff_role_grants" ADD CONSTRAINT "staff_role_grants_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_role_grants" ADD CONSTRAINT "staff_role_grants_granted_by_staff_members_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_role_grants" ADD CONSTRAINT "staff_role_grants_revoked_by_staff_members_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_role_grants_open_unique" ON "staff_role_grants" USING btree ("staff_id","role") WHERE "staff_role_grants"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "staff_role_grants_staff_idx" ON "staff_role_grants" USING btree ("staff_id","role","granted_at");--> statement-breakpoint
-- The roles held when this migration runs, each dated by the audit trail: the latest event that gave the member that
-- role (a change of roles whose "after" has it and "before" has not, or an invitation, by the staff page or the
-- staff:invite command, that gave it), else the member's creation. Every later change is recorded by the server.
INSERT INTO "staff_role_grants" ("staff_id", "role", "granted_at")
SELECT m."id", r."role", coalesce(
  (SELECT max(e."at") FROM "audit_events" e
    WHERE e."action" IN ('admin.staff.roles_changed', 'admin.staff.invited')
      AND e."detail"->>'member' = m."id"::text
      AND coalesce(e."detail"->'after', e."detail"->'roles') @> jsonb_build_array(r."role")
      AND NOT coalesce(coalesce(e."detail"->'before', e."detail"->'rolesBefore') @> jsonb_build_array(r."role"), false)),
  m."created_at")
FROM "staff_members" m CROSS JOIN LATERAL unnest(m."roles") AS r("role");
