/**
 * GET /api/admin/exports/payments.csv and /issuances.csv (finance, auditor): RFC 4180 CSV (CRLF, quoted where
 * needed), streamed a page of EXPORT_PAGE rows at a time by keyset (bounded memory whatever the table's size).
 * Formula injection is neutralised: a cell starting with = + - @ TAB or CR gets a leading ' so a spreadsheet shows it
 * as text (an investor's name or a wire reference is theirs to write).
 */
import { desc, sql } from 'drizzle-orm';
import { tokenIssuances } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { issuanceQuery } from './issuance-tokens.ts';
import { afterCursor, newestFirst, summaryQuery, toSummary } from './money-rows.ts';

export const EXPORT_PAGE = 500;

/** One cell: neutralised, then quoted when it holds a quote, comma, CR or LF. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

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

/** A stream of the header, then pages of lines until a page comes back short. */
function pagedCsv(header: string[], nextPage: (cursor: { at: string; id: string } | null) => Promise<{ lines: string[]; last: { at: string; id: string } | null; full: boolean }>) {
  const encoder = new TextEncoder();
  let cursor: { at: string; id: string } | null = null;
  let done = false;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(header)));
        return;
      }
      if (done) return controller.close();
      const page = await nextPage(cursor);
      if (page.lines.length > 0) controller.enqueue(encoder.encode(page.lines.join('')));
      cursor = page.last;
      if (!page.full) {
        done = true;
        controller.close();
      }
    },
  });
}

export function paymentsCsv(db: Db): ReadableStream<Uint8Array> {
  return pagedCsv(PAYMENT_CSV_HEADER, async (cursor) => {
    const rows = await summaryQuery(db)
      .where(cursor ? afterCursor(cursor) : undefined)
      .orderBy(...newestFirst)
      .limit(EXPORT_PAGE);
    const lines = rows.map((row) => {
      const p = toSummary(row);
      return csvLine([
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
      ]);
    });
    const last = rows[rows.length - 1];
    return { lines, last: last ? { at: last.cursorAt, id: last.payment.id } : null, full: rows.length === EXPORT_PAGE };
  });
}

export function issuancesCsv(db: Db): ReadableStream<Uint8Array> {
  return pagedCsv(ISSUANCE_CSV_HEADER, async (cursor) => {
    const rows = await issuanceQuery(db)
      .where(cursor ? sql`(${tokenIssuances.issuedAt}, ${tokenIssuances.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined)
      .orderBy(desc(tokenIssuances.issuedAt), desc(tokenIssuances.id))
      .limit(EXPORT_PAGE);
    const lines = rows.map((r) =>
      csvLine([
        r.issuance.id,
        r.issuance.issuedAt.toISOString(),
        r.issuance.userId,
        r.email,
        r.fullName ?? r.entityName ?? null,
        r.issuance.paymentId,
        r.issuance.tokenQuantity,
        r.issuance.walletAddress,
        r.issuance.transactionHash,
      ]),
    );
    const last = rows[rows.length - 1];
    return { lines, last: last ? { at: last.cursorAt, id: last.issuance.id } : null, full: rows.length === EXPORT_PAGE };
  });
}

