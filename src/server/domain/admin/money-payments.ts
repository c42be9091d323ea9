/**
 * GET /api/admin/payments?status=&method=&q=&cursor=&limit= (finance, auditor): payments newest first with the
 * investor, amounts, receipts, refund and issuance, in one query per page (money-rows.ts); filters on indexed columns
 * (payment_status, payment_method with created_at); q searches the investor's email and name and the payment's
 * references (case-insensitive, the wildcard characters taken literally).
 * GET /api/admin/payments/:paymentId: one in full, with its receipts, refund, issuance, the investor's wallets (the
 * signed one tokens go to, and the registration one: investor-wallets.ts) and the audit trail of it; receipts and
 * events name the staff member who acted (display name), so the page writes the history in words (issue 29).
 */
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { MAX_PAGE_SIZE, PAYMENT_PAGE_SIZE, type AdminPaymentDetail, type AdminPaymentPage, type ReceiptReferenceKind } from '../../../shared/admin/money.ts';
import { moneyMessages } from '../../../shared/admin/money-messages.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../shared/payment.ts';
import { auditEvents, fundsReceipts, payments, refunds, staffMembers, tokenIssuances, userDetails, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { investorCase } from '../investment/investor-cases.ts';
import { investorWallets } from './investor-wallets.ts';
import { issuanceView } from './issuance-tokens.ts';
import { afterCursor, decodeCursor, encodeCursor, findPaymentSummary, newestFirst, summaryQuery, toSummary } from './money-rows.ts';
import { refundView } from './refund-payment.ts';

export type PaymentListQuery = { status?: string | undefined; method?: string | undefined; q?: string | undefined; cursor?: string | undefined; limit?: string | undefined };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's WHERE from the query string, or a 400. */
export function paymentFilters(query: PaymentListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) {
    if (!(PAYMENT_STATUSES as readonly string[]).includes(query.status)) throw new AppError('BAD_REQUEST', moneyMessages.filterInvalid);
    conditions.push(eq(payments.paymentStatus, query.status));
  }
  if (query.method) {
    if (!(PAYMENT_METHODS as readonly string[]).includes(query.method)) throw new AppError('BAD_REQUEST', moneyMessages.filterInvalid);
    conditions.push(eq(payments.paymentMethod, query.method));
  }
  const q = query.q?.trim();
  if (q) {
    if (q.length > 100 || !/^[^\p{C}]+$/u.test(q)) throw new AppError('BAD_REQUEST', moneyMessages.searchTooLong);
    const like = `%${escapeLike(q)}%`;
    conditions.push(
      or(
        ilike(users.email, like),
        ilike(userDetails.fullName, like),
        ilike(userDetails.entityName, like),
        ilike(payments.paymentRef, like),
        ilike(payments.transactionId, like),
        sql`${payments.id}::text = ${q.toLowerCase()}`,
      )!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function pageSize(limit: string | undefined): number {
  if (limit === undefined || limit === '') return PAYMENT_PAGE_SIZE;
  const n = Number(limit);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE) throw new AppError('BAD_REQUEST', moneyMessages.filterInvalid);
  return n;
}

export async function listPayments(db: Db, query: PaymentListQuery): Promise<AdminPaymentPage> {
  const size = pageSize(query.limit);
  const filter = paymentFilters(query);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await summaryQuery(db)
    .where(and(filter, cursor ? afterCursor(cursor) : undefined))
    .orderBy(...newestFirst)
    .limit(size + 1);
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return { payments: page.map(toSummary), nextCursor: rows.length > size && last ? encodeCursor(last.cursorAt, last.payment.id) : null };
}

export async function getPaymentDetail(db: Db, paymentId: string): Promise<AdminPaymentDetail> {
  const row = await findPaymentSummary(db, paymentId);
  if (!row) throw new AppError('NOT_FOUND', moneyMessages.paymentNotFound);
  const summary = toSummary(row);
  const [receipts, [refund], [issuance], audit, wallets] = await Promise.all([
    db
      .select({ receipt: fundsReceipts, staffName: staffMembers.displayName })
      .from(fundsReceipts)
      .leftJoin(staffMembers, eq(staffMembers.id, fundsReceipts.staffId))
      .where(eq(fundsReceipts.paymentId, paymentId))
      .orderBy(asc(fundsReceipts.createdAt), asc(fundsReceipts.id)),
    db.select().from(refunds).where(eq(refunds.paymentId, paymentId)).limit(1),
    db.select().from(tokenIssuances).where(eq(tokenIssuances.userId, summary.userId)).limit(1),
    // The investor's events that name this payment (the audit index on user_id, at narrows it first).
    db
      .select({ action: auditEvents.action, staffId: auditEvents.staffId, staffName: staffMembers.displayName, detail: auditEvents.detail, at: auditEvents.at })
      .from(auditEvents)
      .leftJoin(staffMembers, eq(staffMembers.id, auditEvents.staffId))
      .where(and(eq(auditEvents.userId, summary.userId), sql`${auditEvents.detail}->>'paymentId' = ${paymentId}`))
      .orderBy(desc(auditEvents.at), desc(auditEvents.seq))
      .limit(200),
    investorWallets(db, summary.userId),
  ]);
  const lifecycle = await investorCase(db, summary.userId);
  // Registration writes user_details with the investment a payment needs: a payment without them is a broken database.
  if (!wallets) throw new Error(`payment ${paymentId}: its investor has no user_details row`);
  const receivable = ['CRYPTO', 'WIRE', 'BANK_TRANSFER'].includes(summary.paymentMethod) && ['AWAITING_FUNDS', 'ON_HOLD'].includes(summary.paymentStatus);
  return {
    payment: summary,
    receipts: receipts.map(({ receipt: r, staffName }) => ({
      id: r.id,
      amount: r.amountCents / 100,
      receivedOn: r.receivedOn,
      reference: r.reference,
      referenceKind: r.referenceKind as ReceiptReferenceKind,
      staffId: r.staffId,
      staffName: staffName ?? null,
      recordedAt: r.createdAt.toISOString(),
    })),
    refund: refund ? refundView(refund) : null,
    issuance: issuance ? issuanceView(issuance) : null,
    audit: audit.map((a) => ({ action: a.action, staffId: a.staffId, staffName: a.staffName ?? null, detail: a.detail, at: a.at.toISOString() })),
    wallets,
    actions: {
      recordReceipt: receivable,
      // The lifecycle's rule (STAFF.REFUND_STARTED) for this payment.
      refund: !refund && lifecycle !== null && lifecycle.snapshot.can({ type: 'STAFF.REFUND_STARTED', staffId: '', paymentId }),
      // The lifecycle's rule (STAFF.TOKENS_ISSUED), offered on the payment that settled the investment.
      issue:
        lifecycle?.context.payment?.id === paymentId &&
        lifecycle.snapshot.can({ type: 'STAFF.TOKENS_ISSUED', staffId: '', wallet: wallets.signed ?? '', transactionHash: '' }),
    },
  };
}
