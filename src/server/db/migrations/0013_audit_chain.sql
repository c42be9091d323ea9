CREATE TABLE "audit_chain_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_chain_head_one_row" CHECK ("audit_chain_head"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_seq_idx" ON "audit_events" USING btree ("seq");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_chained" CHECK ("audit_events"."seq" is not null and "audit_events"."prev_hash" is not null and "audit_events"."hash" is not null) NOT VALID;--> statement-breakpoint
-- The genesis head: no event yet, the hash before the first is 64 zeros. Rows written before this migration are
-- chained by the server at start (src/server/domain/audit/chain-legacy-audit-events.ts); NOT VALID above leaves them be until then.
INSERT INTO "audit_chain_head" ("id", "seq", "hash") VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');