/** The investment committed at registration and the payment attempts for it. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CARD_INTENT_STATUSES, CRYPTO_CURRENCIES, OPEN_PAYMENT_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../shared/payment.ts';
import { createdAt, money, sqlTextList, tokens, tstz } from './column-types.ts';
import { users } from './auth.ts';

/** The investment an investor committed to at registration (amount and tokens at the price of that day). */
export const investments = pgTable('investments', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique('investments_user_id_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  amount: money('amount').notNull(),
  tokenQuantity: tokens('token_quantity').notNull(),
  tokenPrice: numeric('token_price', { precision: 18, scale: 6, mode: 'number' }).notNull(),
  paymentCompleted: boolean('payment_completed').notNull().default(false),
  completedAt: tstz('completed_at'),
  createdAt: createdAt(),
});

/**
 * Payment attempts; none exist until the investor starts paying (status NOT_STARTED is the absence of rows). Amounts
 * are integer cents computed by the server from the investment (src/shared/payment.ts). At most one open attempt
 * (PENDING or PROCESSING) per investment and method, so parallel initiations find the same row.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'cascade' }),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status').notNull().default('PENDING'),
    currency: text('currency').notNull().default('EUR'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** Card: the provider's PaymentIntent id, set once at initiation; a confirmation reads the intent by it. */
    providerIntentId: text('provider_intent_id'),
    /** Crypto: the coin, the rate used (EUR per coin) with its source time, source and status, the amount to send and where. */
    cryptoCurrency: text('crypto_currency'),
    cryptoRate: numeric('crypto_rate', { precision: 24, scale: 8, mode: 'number' }),
    cryptoRateAsOf: tstz('crypto_rate_as_of'),
    cryptoRateSource: text('crypto_rate_source'),
    cryptoRateStatus: text('crypto_rate_status'),
    cryptoAmount: numeric('crypto_amount', { precision: 30, scale: 6, mode: 'string' }),
    cryptoWallet: text('crypto_wallet'),
    /** When the crypto amount was quoted: a quote older than CRYPTO_QUOTE_MAX_AGE_SECONDS is not confirmed. */
    quotedAt: tstz('quoted_at'),
    /** The investor's card intent id, transaction hash or wire reference, once confirmed. */
    transactionId: text('transaction_id'),
    /** The reference the investor quotes: the wire reference, or this payment's own. */
    paymentRef: text('payment_ref'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    /** The investor's payment step done (card paid; crypto or wire declared sent). */
    confirmedAt: tstz('confirmed_at'),
    /** Funds confirmed: by the card provider, or by reconciliation for crypto and wire. */
    completedAt: tstz('completed_at'),
  },
  (t) => [
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    // The back office's payment list (issue 15): newest first, by status or by method, keyset-paginated on (created_at, id).
    index('payments_created_id_idx').on(t.createdAt, t.id),
    index('payments_status_created_idx').on(t.paymentStatus, t.createdAt, t.id),
    index('payments_method_created_idx').on(t.paymentMethod, t.createdAt, t.id),
    uniqueIndex('payments_open_per_method')
      .on(t.investmentId, t.paymentMethod)
      .where(sql`${t.paymentStatus} in (${sqlTextList(OPEN_PAYMENT_STATUSES)})`),
    uniqueIndex('payments_provider_intent').on(t.providerIntentId),
    check('payments_method', sql`${t.paymentMethod} in (${sqlTextList(PAYMENT_METHODS)})`),
    check('payments_status', sql`${t.paymentStatus} in (${sqlTextList(PAYMENT_STATUSES)})`),
    check('payments_crypto_currency', sql`${t.cryptoCurrency} is null or ${t.cryptoCurrency} in (${sqlTextList(CRYPTO_CURRENCIES)})`),
    check('payments_cents', sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.totalCents} = ${t.amountCents} + ${t.feeCents}`),
  ],
);

/** Card provider webhook events already applied (Stripe retries and may send one event more than once). */
export const cardProviderEvents = pgTable('card_provider_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  paymentIntentId: text('payment_intent_id'),
  receivedAt: tstz('received_at').notNull().defaultNow(),
});

/** The last good price of each coin from the price service: kept so a failing service shows a stale price, never an invented one. */
export const cryptoPrices = pgTable(
  'crypto_prices',
  {
    currency: text('currency').primaryKey(),
    priceEur: numeric('price_eur', { precision: 24, scale: 8, mode: 'number' }).notNull(),
    /** The source's own time of the price (CoinGecko's last_updated_at), when it gives one. */
    sourceUpdatedAt: tstz('source_updated_at'),
    source: text('source').notNull(),
    fetchedAt: tstz('fetched_at').notNull(),
  },
  (t) => [check('crypto_prices_currency', sql`${t.currency} in (${sqlTextList(CRYPTO_CURRENCIES)})`), check('crypto_prices_positive', sql`${t.priceEur} > 0`)],
);

/**
 * The local test card provider's PaymentIntents (used only when no Stripe keys are configured): persisted as Stripe
 * keeps its own, so a confirmation reads the intent back rather than trusting the browser.
 */
export const localCardIntents = pgTable(
  'local_card_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique('local_card_intents_idempotency_key'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    status: text('status').notNull(),
    paymentMethod: text('payment_method'),
    lastError: jsonb('last_error').$type<{ code: string | null; declineCode: string | null; message: string } | null>(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('local_card_intents_status', sql`${t.status} in (${sqlTextList(CARD_INTENT_STATUSES)})`), check('local_card_intents_amount', sql`${t.amount} > 0`)],
);

/**
 * The local test card provider's refunds (issue 15), persisted as Stripe keeps its own: one per idempotency key, of a
 * succeeded intent only, never more in total than the intent captured.
 */
export const localCardRefunds = pgTable(
  'local_card_refunds',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id')
      .notNull()
      .references(() => localCardIntents.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique('local_card_refunds_idempotency_key'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('local_card_refunds_intent_idx').on(t.paymentIntentId),
    check('local_card_refunds_amount', sql`${t.amount} > 0`),
    check('local_card_refunds_status', sql`${t.status} in ('succeeded')`),
  ],
);
