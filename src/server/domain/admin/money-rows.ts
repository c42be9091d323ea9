/**
 * The finance area's reads (issue 15): one payment summary per row in ONE query (the investor, the sum of receipts,
 * the refund and the issuance joined or aggregated per row, never a query per payment), keyset-paginated on
 * (created_at, id) newest first. The cursor carries the row's created_at to the microsecond as PostgreSQL wrote it.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminPaymentSummary, RefundStatus } from '../../../shared/admin/money.ts';
import { moneyMessages } from '../../../shared/admin/money-messages.ts';
import { fromCents, type CryptoCurrency, type PaymentMethod, type PaymentStatus } from '../../../shared/payment.ts';
import { investments, kycVerifications, payments, refunds, tokenIssuances, userDetails, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { isUuid } from '../is-uuid.ts';

/** created_at as text to the microsecond, in UTC: the cursor must not lose what a JS Date would. */
const createdAtText = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const receivedCentsSql = sql<string>`(select coalesce(sum(fr.amount_cents), 0) from funds_receipts fr where fr.payment_id = ${payments.id})`;
const receiptCountSql = sql<number>`(select count(*)::int from funds_receipts fr where fr.payment_id = ${payments.id})`;

export const summaryColumns = {
  payment: payments,
  email: users.email,
  fullName: userDetails.fullName,
  entityName: userDetails.entityName,
  kycStatus: kycVerifications.status,
  refundStatus: refunds.status,
  refundCents: refunds.amountCents,
  issuanceId: tokenIssuances.id,
  receivedCents: receivedCentsSql,
  receiptCount: receiptCountSql,
  cursorAt: createdAtText,
};

export function summaryQuery(db: Db) {
  return db
    .select(summaryColumns)
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(userDetails, eq(userDetails.userId, payments.userId))
    .leftJoin(kycVerifications, eq(kycVerifications.userId, payments.userId))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .leftJoin(tokenIssuances, and(eq(tokenIssuances.userId, payments.userId), eq(tokenIssuances.paymentId, payments.id)))
    .$dynamic();
}

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSummary(row: SummaryRow): AdminPaymentSummary {
  const p = row.payment;
  return {
    id: p.id,
    userId: p.userId,
    investorName: row.fullName ?? row.entityName ?? null,
    investorEmail: row.email,
    paymentMethod: p.paymentMethod as PaymentMethod,
    paymentStatus: p.paymentStatus as PaymentStatus,
    settled: p.paymentStatus === 'COMPLETED',
    amount: fromCents(p.amountCents),
    processingFee: fromCents(p.feeCents),
    totalAmount: fromCents(p.totalCents),
    cryptoCurrency: (p.cryptoCurrency as CryptoCurrency | null) ?? null,
    cryptoAmount: p.cryptoAmount ?? null,
    paymentRef: p.paymentRef,
    transactionId: p.transactionId,
    receivedTotal: fromCents(Number(row.receivedCents)),
    receiptCount: Number(row.receiptCount),
    refund: row.refundStatus ? { status: row.refundStatus as RefundStatus, amount: fromCents(Number(row.refundCents)) } : null,
    issued: row.issuanceId !== null,
    kycStatus: row.kycStatus ?? null,
    holdReason: p.paymentStatus === 'ON_HOLD' ? p.failureReason : null,
    createdAt: p.createdAt.toISOString(),
    completedAt: iso(p.completedAt),
  };
}

/** The opaque cursor of the last row of a page: base64url of "created_at|id". */
export const encodeCursor = (at: string, id: string) => Buffer.from(`${at}|${id}`, 'utf8').toString('base64url');

export function decodeCursor(cursor: string): { at: string; id: string } {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(.+)$/.exec(text);
  if (!match || !isUuid(match[2]!) || Number.isNaN(Date.parse(match[1]!))) throw new AppError('BAD_REQUEST', moneyMessages.cursorInvalid);
  return { at: match[1]!, id: match[2]! };
}

/** Rows strictly after the cursor in the (created_at desc, id desc) order. */
export const afterCursor = (cursor: { at: string; id: string }): SQL => sql`(${payments.createdAt}, ${payments.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;

export const newestFirst = [desc(payments.createdAt), desc(payments.id)] as const;

/** The payment by id (a non-uuid id names none), with its summary. */
export async function findPaymentSummary(db: Db, paymentId: string): Promise<SummaryRow | undefined> {
  if (!isUuid(paymentId)) return undefined;
  const [row] = await summaryQuery(db).where(eq(payments.id, paymentId)).limit(1);
  return row;
}

/**
 * Locks the investor's investment (FOR UPDATE: the order every payment change takes, so the investor's own calls and
 * finance's never deadlock) and re-reads the payment under it. undefined when there is no such payment.
 */
export async function lockPayment(tx: Db, paymentId: string) {
  if (!isUuid(paymentId)) return undefined;
  const [first] = await tx.select({ investmentId: payments.investmentId }).from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!first) return undefined;
  const [investment] = await tx.select().from(investments).where(eq(investments.id, first.investmentId)).for('update');
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!investment || !payment) return undefined;
  return { investment, payment };
}

/** The sum of receipts of a payment, in cents. */
export async function receivedCents(tx: Db, paymentId: string): Promise<number> {
  const [row] = await tx.select({ total: sql<string>`coalesce(sum(amount_cents), 0)` }).from(sql`funds_receipts`).where(sql`payment_id = ${paymentId}`);
  return Number(row?.total ?? 0);
}

export const eurText = (cents: number) => `EUR ${fromCents(cents).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
