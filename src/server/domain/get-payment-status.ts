import { messages } from '../../shared/messages.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentStatusResponse } from '../../shared/payment.ts';
import { preparedStatement, type StatementRunner } from '../db/prepared-statement.ts';
import { AppError } from '../errors/app-error.ts';
import { isoOrNull, oneOf } from './row-mapping.ts';

/** The investment with the latest payment attempt, if any (payment_id is null when there is none). */
const PAYMENT_STATUS = preparedStatement(
  'get_payment_status',
  `select i.amount, i.token_quantity, i.payment_completed, i.completed_at,
          p.id as payment_id, p.payment_status, p.payment_method, p.completed_at as payment_completed_at
     from investments i
     left join lateral (
            select id, payment_status, payment_method, completed_at
              from payments
             where user_id = i.user_id
             order by created_at desc, id desc
             limit 1
          ) p on true
    where i.user_id = $1
    limit 1`,
  (row): PaymentStatusResponse => {
    const hasPayment = row.textOrNull('payment_id') !== null;
    return {
      paymentStatus: hasPayment ? oneOf(row.textOrNull('payment_status'), PAYMENT_STATUSES, 'PENDING') : 'NOT_STARTED',
      paymentMethod: hasPayment ? oneOf(row.textOrNull('payment_method'), PAYMENT_METHODS, 'CARD') : null,
      completedAt: isoOrNull(row.dateOrNull('payment_completed_at')),
      investment: {
        amount: row.number('amount'),
        tokenQuantity: row.number('token_quantity'),
        paymentCompleted: row.boolean('payment_completed'),
        completedAt: isoOrNull(row.dateOrNull('completed_at')),
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
