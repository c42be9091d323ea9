/**
 * The foundation's money after the investor's payment step (issue 15, the back office's finance area): the funds
 * finance saw arrive for a crypto or wire payment (one row per receipt; the sum decides), the refund of a payment (one
 * per payment), and the token issuance of an investor (one per investor).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REFUND_STATUSES, RECEIPT_REFERENCE_KINDS } from '../../../shared/admin/money.ts';
import { createdAt, sqlTextList, tokens, tstz } from './column-types.ts';
import { users } from './auth.ts';
import { investments, payments } from './investment.ts';
import { staffMembers } from './staff.ts';

/**
 * Funds received for a crypto or wire payment, as finance recorded them from the bank statement or the chain.
 * `request_id` is the client's idempotency key (a double click records once). A transaction hash is one on-chain
 * transfer: it is recorded once across all receipts.
 */
export const fundsReceipts = pgTable(
  'funds_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').notNull().unique('funds_receipts_request_id_unique'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** The bank reference (wire) or the transaction hash (crypto, lower case). */
    reference: text('reference').notNull(),
    referenceKind: text('reference_kind').notNull(),
    staffId: uuid('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('funds_receipts_payment_idx').on(t.paymentId, t.createdAt),
    uniqueIndex('funds_receipts_tx_hash_unique').on(t.reference).where(sql`${t.referenceKind} = 'tx-hash'`),
    check('funds_receipts_amount', sql`${t.amountCents} > 0`),
    check('funds_receipts_reference_kind', sql`${t.referenceKind} in (${sqlTextList(RECEIPT_REFERENCE_KINDS)})`),
  ],
);

/**
 * The refund of a payment: one per payment. PENDING while the card provider is being asked (a parallel second click
 * finds it and does not ask again); SUCCEEDED with the provider's refund id (card) or the outgoing transfer's reference
 * (crypto, wire). A provider refusal deletes the PENDING row: nothing stays recorded.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .unique('refunds_payment_id_unique')
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').notNull().unique('refunds_request_id_unique'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    outgoingReference: text('outgoing_reference'),
    providerRefundId: text('provider_refund_id'),
    staffId: uuid('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    index('refunds_user_idx').on(t.userId),
    check('refunds_amount', sql`${t.amountCents} > 0`),
    check('refunds_status', sql`${t.status} in (${sqlTextList(REFUND_STATUSES)})`),
    check('refunds_done', sql`${t.status} <> 'SUCCEEDED' or (${t.completedAt} is not null and (${t.providerRefundId} is not null or ${t.outgoingReference} is not null))`),
  ],
);

/** The tokens issued to an investor: one issuance per investor, one per on-chain transaction. */
export const tokenIssuances = pgTable(
  'token_issuances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique('token_issuances_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').notNull().unique('token_issuances_request_id_unique'),
    tokenQuantity: tokens('token_quantity').notNull(),
    walletAddress: text('wallet_address').notNull(),
    transactionHash: text('transaction_hash').notNull().unique('token_issuances_transaction_hash_unique'),
    staffId: uuid('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    issuedAt: tstz('issued_at').notNull(),
  },
  (t) => [
    index('token_issuances_issued_idx').on(t.issuedAt, t.id),
    check('token_issuances_quantity', sql`${t.tokenQuantity} > 0`),
    check('token_issuances_tx_hash', sql`${t.transactionHash} ~ '^0x[0-9a-f]{64}$'`),
  ],
);
