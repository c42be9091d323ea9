/**
 * The back office's finance area (issue 15), under /api/admin. GETs: finance (and the auditor, as staffAuth lets every
 * auditor read); every change: finance only.
 *   GET  /payments?status=&method=&q=&cursor=&limit=   the payment list (money-payments.ts)
 *   GET  /payments/:paymentId                          one payment in full
 *   POST /payments/:paymentId/receipts                 {requestId, amount, receivedOn, reference} (funds-receipt.ts)
 *   POST /payments/:paymentId/refund                   {requestId, reason, outgoingReference?} (refund-payment.ts)
 *   POST /investors/:userId/issuance                   {requestId, transactionHash} (issuance-tokens.ts)
 *   GET  /issuances?cursor=&limit=                     the issuances
 *   GET  /exports/payments.csv, /exports/issuances.csv streamed CSV (money-csv.ts)
 */
import { Hono } from 'hono';
import { IssuanceRequestSchema, RecordReceiptRequestSchema, RefundRequestSchema } from '../../../shared/admin/money.ts';
import { ROLES } from '../../../shared/admin/staff-roles.ts';
import type { AppDeps, AppEnv } from '../../app-context.ts';
import { recordReceipt } from '../../domain/admin/funds-receipt.ts';
import { issueTokens, listIssuances } from '../../domain/admin/issuance-tokens.ts';
import { issuancesCsv, paymentsCsv } from '../../domain/admin/money-csv.ts';
import { getPaymentDetail, listPayments, pageSize } from '../../domain/admin/money-payments.ts';
import { decodeCursor } from '../../domain/admin/money-rows.ts';
import { refundPayment } from '../../domain/admin/refund-payment.ts';
import { readJson } from '../../http/read-json.ts';
import { staffRequestContext } from '../../http/request-context.ts';
import { staffAuth } from '../../http/staff-auth.ts';

const csvHeaders = (name: string, now: Date) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`,
  'x-content-type-options': 'nosniff',
});

export function moneyRoutes(deps: AppDeps) {
  const { db } = deps;
  const finance = staffAuth(deps, ROLES.finance);
  return new Hono<AppEnv>()
    .get('/payments', finance, async (c) => c.json(await listPayments(db, c.req.query())))
    .get('/payments/:paymentId', finance, async (c) => c.json(await getPaymentDetail(db, c.req.param('paymentId'))))
    .post('/payments/:paymentId/receipts', finance, async (c) => {
      const ctx = staffRequestContext(c, deps);
      const request = await readJson(c, RecordReceiptRequestSchema, { messages: 'schema' });
      const answer = await recordReceipt(db, c.req.param('paymentId'), request, ctx);
      deps.jobs.wake();
      return c.json(answer);
    })
    .post('/payments/:paymentId/refund', finance, async (c) => {
      const ctx = staffRequestContext(c, deps);
      const request = await readJson(c, RefundRequestSchema, { messages: 'schema' });
      const answer = await refundPayment({ db, card: deps.providers.card }, c.req.param('paymentId'), request, ctx);
      deps.jobs.wake();
      return c.json(answer);
    })
    .post('/investors/:userId/issuance', finance, async (c) => {
      const ctx = staffRequestContext(c, deps);
      const request = await readJson(c, IssuanceRequestSchema, { messages: 'schema' });
      const answer = await issueTokens(db, c.req.param('userId'), request, ctx);
      deps.jobs.wake();
      return c.json(answer);
    })
    .get('/issuances', finance, async (c) => {
      const cursor = c.req.query('cursor');
      return c.json(await listIssuances(db, cursor ? decodeCursor(cursor) : null, pageSize(c.req.query('limit'))));
    })
    .get('/exports/payments.csv', finance, (c) => c.body(paymentsCsv(db), 200, csvHeaders('payments', deps.clock.now())))
    .get('/exports/issuances.csv', finance, (c) => c.body(issuancesCsv(db), 200, csvHeaders('issuances', deps.clock.now())));
}
