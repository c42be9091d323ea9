CREATE TABLE "local_card_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_card_refunds_idempotency_key" UNIQUE("idempotency_key"),
	CONSTRAINT "local_card_refunds_amount" CHECK ("local_card_refunds"."amount" > 0),
	CONSTRAINT "local_card_refunds_status" CHECK ("local_card_refunds"."status" in ('succeeded'))
);
--> statement-breakpoint
CREATE TABLE "funds_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"received_on" date NOT NULL,
	"reference" text NOT NULL,
	"reference_kind" text NOT NULL,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funds_receipts_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "funds_receipts_amount" CHECK ("funds_receipts"."amount_cents" > 0),
	CONSTRAINT "funds_receipts_reference_kind" CHECK ("funds_receipts"."reference_kind" in ('bank-reference', 'tx-hash'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"outgoing_reference" text,
	"provider_refund_id" text,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "refunds_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('PENDING', 'SUCCEEDED')),
	CONSTRAINT "refunds_done" CHECK ("refunds"."status" <> 'SUCCEEDED' or ("refunds"."completed_at" is not null and ("refunds"."provider_refund_id" is not null or "refunds"."outgoing_reference" is not null)))
);
--> statement-breakpoint
CREATE TABLE "token_issuances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"investment_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"token_quantity" numeric(24, 6) NOT NULL,
	"wallet_address" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"staff_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "token_issuances_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "token_issuances_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "token_issuances_transaction_hash_unique" UNIQUE("transaction_hash"),
	CONSTRAINT "token_issuances_quantity" CHECK ("token_issuances"."token_quantity" > 0),
	CONSTRAINT "token_issuances_tx_hash" CHECK ("token_issuances"."transaction_hash" ~ '^0x[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status";--> statement-breakpoint
ALTER TABLE "local_card_refunds" ADD CONSTRAINT "local_card_refunds_payment_intent_id_local_card_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."local_card_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds_receipts" ADD CONSTRAINT "funds_receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds_receipts" ADD CONSTRAINT "funds_receipts_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_issuances" ADD CONSTRAINT "token_issuances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_issuances" ADD CONSTRAINT "token_issuances_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_issuances" ADD CONSTRAINT "token_issuances_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_issuances" ADD CONSTRAINT "token_issuances_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_card_refunds_intent_idx" ON "local_card_refunds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "funds_receipts_payment_idx" ON "funds_receipts" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "funds_receipts_tx_hash_unique" ON "funds_receipts" USING btree ("reference") WHERE "funds_receipts"."reference_kind" = 'tx-hash';--> statement-breakpoint
CREATE INDEX "refunds_user_idx" ON "refunds" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "token_issuances_issued_idx" ON "token_issuances" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "payments_created_id_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("payment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_method_created_idx" ON "payments" USING btree ("payment_method","created_at","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."payment_status" in ('PENDING', 'PROCESSING', 'AWAITING_FUNDS', 'COMPLETED', 'FAILED', 'ON_HOLD', 'REFUNDED'));