import { messages } from '../../shared/messages.ts';
import type { PaymentStatusResponse } from '../../shared/schemas.ts';
import { field, preparedStatement, type StatementRunner } from '../db/prepared-statement.ts';
import { AppError } from '../errors/app-error.ts';
import { isoOrNull, oneOf } from './row-mapping.ts';

const PAYMENT_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
const PAYMENT_METHODS = ['CARD', 'CRYPTO', 'WIRE', 'BANK_TRANSFER'] as const;

/** The investment with the latest payment attempt, if any (p.id is null when there is none). */
const PAYMENT_STATUS = preparedStatement(
  'get_payment_status',
  `select i.amount, i.token_quantity, i.payment_completed, i.completed_at,
          p.id, p.payment_status, p.payment_method, p.completed_at
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
  (r): PaymentStatusResponse => {
    const hasPayment = r[4] !== null && r[4] !== undefined;
    return {
      paymentStatus: hasPayment ? oneOf(field.textOrNull(r[5]), PAYMENT_STATUSES, 'PENDING') : 'NOT_STARTED',
      paymentMethod: hasPayment ? oneOf(field.textOrNull(r[6]), PAYMENT_METHODS, 'CARD') : null,
      completedAt: isoOrNull(field.dateOrNull(r[7])),
      investment: {
        amount: field.number(r[0]),
        tokenQuantity: field.number(r[1]),
        paymentCompleted: field.boolean(r[2]),
        completedAt: isoOrNull(field.dateOrNull(r[3])),
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
