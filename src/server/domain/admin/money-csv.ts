/**
 * GET /api/admin/exports/payments.csv and /issuances.csv (finance, auditor): RFC 4180 CSV, streamed a page of
 * EXPORT_PAGE rows at a time by keyset (bounded memory whatever the table's size). Every field quoted and every cell
 * neutralised against formula injection, by the one rule of csv/spreadsheet-csv.ts (an investor's name or a wire
 * reference is theirs to write).
 */
import { desc, sql } from 'drizzle-orm';
import { tokenIssuances } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { issuanceQuery } from './issuance-tokens.ts';
import { EXPORT_PAGE, pagedCsv } from '../csv/spreadsheet-csv.ts';
import { afterCursor, newestFirst, summaryQuery, toSummary } from './money-rows.ts';

const eur = (n: number) => n.toFixed(2);

export const PAYMENT_CSV_HEADER = [
  'payment_id',
  'created_at',
  'investor_email',
  'investor_name',
  'method',
  'status',
  'amount_eur',
  'fee_eur',
  'total_eur',
  'received_eur',
  'crypto_currency',
  'crypto_amount',
  'payment_ref',
  'transaction_id',
  'refund_status',
  'refund_eur',
  'tokens_issued',
  'completed_at',
];

export const ISSUANCE_CSV_HEADER = ['issuance_id', 'issued_at', 'user_id', 'investor_email', 'investor_name', 'payment_id', 'token_quantity', 'wallet_address', 'transaction_hash'];

export function paymentsCsv(db: Db): ReadableStream<Uint8Array> {
  return pagedCsv<{ at: string; id: string }>(PAYMENT_CSV_HEADER, async (cursor) => {
    const rows = await summaryQuery(db)
      .where(cursor ? afterCursor(cursor) : undefined)
      .orderBy(...newestFirst)
      .limit(EXPORT_PAGE);
    const records = rows.map((row) => {
      const p = toSummary(row);
      return [
        p.id,
        p.createdAt,
        p.investorEmail,
        p.investorName,
        p.paymentMethod,
        p.paymentStatus,
        eur(p.amount),
        eur(p.processingFee),
        eur(p.totalAmount),
        eur(p.receivedTotal),
        p.cryptoCurrency,
        p.cryptoAmount,
        p.paymentRef,
        p.transactionId,
        p.refund?.status ?? null,
        p.refund ? eur(p.refund.amount) : null,
        p.issued ? 'yes' : 'no',
        p.completedAt,
      ];
    });
    const last = rows[rows.length - 1];
    return { records, last: last ? { at: last.cursorAt, id: last.payment.id } : null, full: rows.length === EXPORT_PAGE };
  });
}

export function issuancesCsv(db: Db): ReadableStream<Uint8Array> {
  return pagedCsv<{ at: string; id: string }>(ISSUANCE_CSV_HEADER, async (cursor) => {
    const rows = await issuanceQuery(db)
      .where(cursor ? sql`(${tokenIssuances.issuedAt}, ${tokenIssuances.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined)
      .orderBy(desc(tokenIssuances.issuedAt), desc(tokenIssuances.id))
      .limit(EXPORT_PAGE);
    const records = rows.map((r) => [
        r.issuance.id,
        r.issuance.issuedAt.toISOString(),
        r.issuance.userId,
        r.email,
        r.fullName ?? r.entityName ?? null,
        r.issuance.paymentId,
        r.issuance.tokenQuantity,
        r.issuance.walletAddress,
        r.issuance.transactionHash,
    ]);
    const last = rows[rows.length - 1];
    return { records, last: last ? { at: last.cursorAt, id: last.issuance.id } : null, full: rows.length === EXPORT_PAGE };
  });
}

