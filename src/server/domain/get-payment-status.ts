import { desc, eq } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { PaymentStatusResponse } from '../../shared/schemas.ts';
import type { Db } from '../db/types.ts';
import { investments, payments } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { isoOrNull, oneOf } from './row-mapping.ts';

const PAYMENT_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
const PAYMENT_METHODS = ['CARD', 'CRYPTO', 'WIRE', 'BANK_TRANSFER'] as const;

/** Payment status: the latest payment attempt, or NOT_STARTED when there is none; plus the investment. */
export async function getPaymentStatus(db: Db, userId: string): Promise<PaymentStatusResponse> {
  const [investment] = await db.select().from(investments).where(eq(investments.userId, userId)).limit(1);
  if (!investment) throw new AppError('NOT_FOUND', messages.server.notFound);
  const [latest] = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return {
    paymentStatus: latest ? oneOf(latest.paymentStatus, PAYMENT_STATUSES, 'PENDING') : 'NOT_STARTED',
    paymentMethod: latest ? oneOf(latest.paymentMethod, PAYMENT_METHODS, 'CARD') : null,
    completedAt: isoOrNull(latest?.completedAt ?? null),
    investment: {
      amount: investment.amount,
      tokenQuantity: investment.tokenQuantity,
      paymentCompleted: investment.paymentCompleted,
      completedAt: isoOrNull(investment.completedAt),
    },
  };
}
