/**
 * GET /api/payment/status, read on every process page: one prepared statement. The investment with its payment
 * status (PAID once a payment is COMPLETED; FUNDS_PENDING while the step is done but crypto or wire funds await
 * reconciliation; AWAITING_PAYMENT before), and the latest attempt that counts: a completed or awaiting one before
 * any open or failed one (a card attempt left PENDING after the wire was sent must not hide the wire), then the newest.
 */
import { messages } from '../../../shared/messages.ts';
import { CRYPTO_CURRENCIES, PAYMENT_METHODS, PAYMENT_STATUSES, fromCents, type PaymentStatusResponse } from '../../../shared/payment.ts';
import { preparedStatement, type StatementRunner } from '../../db/prepared-statement.ts';
import { AppError } from '../../errors/app-error.ts';
import { isoOrNull, oneOf } from '../row-mapping.ts';

const PAYMENT_STATUS = preparedStatement(
  'get_payment_status',
  `select i.amount, i.token_quantity, i.payment_completed, i.completed_at,
          p.id as payment_id, p.payment_status, p.payment_method, p.amount_cents, p.fee_cents, p.total_cents,
          p.transaction_id, p.payment_ref, p.crypto_currency, p.crypto_amount,
          p.created_at as payment_created_at, p.confirmed_at as payment_confirmed_at, p.completed_at as payment_completed_at
     from investments i
     left join lateral (
            select id, payment_status, payment_method, amount_cents, fee_cents, total_cents, transaction_id, payment_ref,
                   crypto_currency, crypto_amount, created_at, confirmed_at, completed_at
              from payments
             where user_id = i.user_id
             order by case payment_status when 'COMPLETED' then 0 when 'AWAITING_FUNDS' then 1 else 2 end, created_at desc, id desc
             limit 1
          ) p on true
    where i.user_id = $1
    limit 1`,
  (row): PaymentStatusResponse => {
    const paymentId = row.textOrNull('payment_id');
    const paymentCompleted = row.boolean('payment_completed');
    const paymentStatus = paymentId === null ? 'NOT_STARTED' : oneOf(row.textOrNull('payment_status'), PAYMENT_STATUSES, 'PENDING');
    const paymentMethod = paymentId === null ? null : oneOf(row.textOrNull('payment_method'), PAYMENT_METHODS, 'CARD');
    const completedAt = isoOrNull(row.dateOrNull('payment_completed_at'));
    const cryptoCurrency = row.textOrNull('crypto_currency');
    return {
      paymentStatus,
      paymentMethod,
      completedAt,
      investment: {
        amount: row.number('amount'),
        tokenQuantity: row.number('token_quantity'),
        paymentCompleted,
        completedAt: isoOrNull(row.dateOrNull('completed_at')),
        // The attempt shown puts a COMPLETED one first: the investment is paid exactly when it is COMPLETED.
        status: paymentStatus === 'COMPLETED' ? 'PAID' : paymentCompleted ? 'FUNDS_PENDING' : 'AWAITING_PAYMENT',
      },
      latestPayment:
        paymentId === null || paymentStatus === 'NOT_STARTED' || paymentMethod === null
          ? null
          : {
              id: paymentId,
              paymentMethod,
              paymentStatus,
              amount: fromCents(row.number('amount_cents')),
              processingFee: fromCents(row.number('fee_cents')),
              totalAmount: fromCents(row.number('total_cents')),
              transactionId: row.textOrNull('transaction_id'),
              paymentRef: row.textOrNull('payment_ref'),
              cryptoCurrency: cryptoCurrency === null ? null : oneOf(cryptoCurrency, CRYPTO_CURRENCIES, 'ETH'),
              cryptoAmount: row.textOrNull('crypto_amount'),
              createdAt: row.date('payment_created_at').toISOString(),
              confirmedAt: isoOrNull(row.dateOrNull('payment_confirmed_at')),
              completedAt,
            },
    };
  },
);

/** Payment status: the latest payment attempt, or NOT_STARTED when there is none; plus the investment. */
export async function getPaymentStatus(run: StatementRunner, userId: string): Promise<PaymentStatusResponse> {
  const [status] = await run(PAYMENT_STATUS, [userId]);
  if (!status) throw new AppError('NOT_FOUND', messages.server.notFound);
  return status;
}
