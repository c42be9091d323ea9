/** The investment committed at registration and the payment attempts for it. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../shared/payment.ts';
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

/** Payment attempts; none exist until the investor starts paying (status NOT_STARTED is the absence of rows). */
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
    amount: money('amount').notNull(),
    processingFee: money('processing_fee').notNull(),
    totalAmount: money('total_amount').notNull(),
    transactionId: text('transaction_id'),
    paymentRef: text('payment_ref'),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    check('payments_method', sql`${t.paymentMethod} in (${sqlTextList(PAYMENT_METHODS)})`),
    check('payments_status', sql`${t.paymentStatus} in (${sqlTextList(PAYMENT_STATUSES)})`),
  ],
);
