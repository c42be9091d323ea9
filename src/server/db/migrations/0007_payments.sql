CREATE TABLE "card_provider_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payment_intent_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crypto_prices" (
	"currency" text PRIMARY KEY NOT NULL,
	"price_eur" numeric(24, 8) NOT NULL,
	"source_updated_at" timestamp with time zone,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "crypto_prices_currency" CHECK ("crypto_prices"."currency" in ('ETH', 'BTC', 'USDC', 'USDT')),
	CONSTRAINT "crypto_prices_positive" CHECK ("crypto_prices"."price_eur" > 0)
);
--> statement-breakpoint
CREATE TABLE "local_card_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"payment_method" text,
	"last_error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_card_intents_idempotency_key" UNIQUE("idempotency_key"),
	CONSTRAINT "local_card_intents_status" CHECK ("local_card_intents"."status" in ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'canceled', 'succeeded')),
	CONSTRAINT "local_card_intents_amount" CHECK ("local_card_intents"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_cents" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_cents" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "total_cents" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_intent_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "crypto_currency" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "crypto_rate" numeric(24, 8);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "crypto_rate_as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "crypto_rate_source" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "crypto_rate_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "crypto_amount" numeric(30, 6);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "crypto_wallet" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "quoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_per_method" ON "payments" USING btree ("investment_id","payment_method") WHERE "payments"."payment_status" in ('PENDING', 'PROCESSING');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_intent" ON "payments" USING btree ("provider_intent_id");--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "processing_fee";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "total_amount";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_crypto_currency" CHECK ("payments"."crypto_currency" is null or "payments"."crypto_currency" in ('ETH', 'BTC', 'USDC', 'USDT'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cents" CHECK ("payments"."amount_cents" > 0 and "payments"."fee_cents" >= 0 and "payments"."total_cents" = "payments"."amount_cents" + "payments"."fee_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."payment_status" in ('PENDING', 'PROCESSING', 'AWAITING_FUNDS', 'COMPLETED', 'FAILED'));