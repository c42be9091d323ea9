/**
 * The payment list and view and the CSV exports (issue 15): filters (status, method, search), keyset pages that cover
 * every row once, a card payment COMPLETED shown settled; the view with receipts, refund and audit; the CSV as an
 * attachment with formula injection neutralised.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AdminPaymentDetailSchema, AdminPaymentPageSchema, IssuancePageSchema, type AdminPaymentDetail, type AdminPaymentPage } from '../../src/shared/admin/money.ts';
import { moneyMessages } from '../../src/shared/admin/money-messages.ts';
import { parse } from 'csv-parse/sync';
import { csvRecords } from '../../src/server/domain/csv/spreadsheet-csv.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase } from './harness.ts';
import { awaitingPayment, completedCardPayment, ethHash, issue, receipt, setKyc } from './support/money.ts';
import { createStaff } from './support/staff.ts';

forEachDatabase('finance: payment list, view and CSV', (t) => {
  const list = async (token: string, query: string) => {
    const res = await t.get(`/api/admin/payments${query}`, token);
    expect(res.status, query).toBe(200);
    // Every answer passes the schema the back-office checks it with (issue 29).
    return v.parse(AdminPaymentPageSchema, await res.json());
  };
  const view = async (token: string, paymentId: string): Promise<AdminPaymentDetail> => v.parse(AdminPaymentDetailSchema, await (await t.get(`/api/admin/payments/${paymentId}`, token)).json());

  it('lists with the investor, filters by status, method and search, and shows a completed card payment settled', async () => {
    const finance = await createStaff(t, ['finance']);
    const card = await completedCardPayment(t);
    const wire = await awaitingPayment(t, 'WIRE');
    await receipt(t, finance.token, wire.paymentId, { amount: 5 });
    const all = await list(finance.token, '?limit=100');
    const cardRow = all.payments.find((p) => p.id === card.paymentId);
    expect(cardRow).toMatchObject({ paymentMethod: 'CARD', paymentStatus: 'COMPLETED', settled: true, investorEmail: card.email, investorName: expect.any(String), totalAmount: card.total, receiptCount: 0 });
    expect(all.payments.find((p) => p.id === wire.paymentId)).toMatchObject({ paymentStatus: 'ON_HOLD', settled: false, receivedTotal: 5, receiptCount: 1, holdReason: expect.stringMatching(/^Underpaid/) });
    const held = await list(finance.token, '?status=ON_HOLD&limit=100');
    expect(held.payments.every((p) => p.paymentStatus === 'ON_HOLD')).toBe(true);
    expect(held.payments.map((p) => p.id)).toContain(wire.paymentId);
    const cards = await list(finance.token, '?method=CARD&limit=100');
    expect(cards.payments.every((p) => p.paymentMethod === 'CARD')).toBe(true);
    const found = await list(finance.token, `?q=${encodeURIComponent(card.email.toUpperCase())}`);
    expect(found.payments.map((p) => p.id)).toEqual([card.paymentId]);
    // Wildcards are taken literally.
    expect((await list(finance.token, '?q=%25')).payments).toEqual([]);
    for (const bad of ['?status=PAID', '?method=cash', '?limit=101', '?limit=0', '?cursor=abc', `?q=${'x'.repeat(101)}`]) {
      expect((await t.get(`/api/admin/payments${bad}`, finance.token)).status, bad).toBe(400);
    }
    const auditor = await createStaff(t, ['auditor']);
    expect((await t.get('/api/admin/payments', auditor.token)).status).toBe(200);
  });

  it('keyset pages cover every payment exactly once, newest first, even with equal created_at', async () => {
    const finance = await createStaff(t, ['finance']);
    for (let i = 0; i < 3; i++) await awaitingPayment(t, 'WIRE');
    // Same instant for several rows: the id breaks the tie.
    const same = new Date('2026-01-01T00:00:00.123456Z');
    await t.database.db.update(schema.payments).set({ createdAt: same });
    const everything = (await list(finance.token, '?limit=100')).payments.map((p) => p.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AdminPaymentPage = await list(finance.token, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.payments.length).toBeLessThanOrEqual(2);
      seen.push(...page.payments.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(everything);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('the view: receipts history, refund, issuance, audit (who acted, by name), and what finance may do now', async () => {
    const finance = await createStaff(t, ['finance'], { displayName: 'Ana Ruiz' });
    const p = await awaitingPayment(t, 'CRYPTO');
    const half = Math.round(p.totalCents / 2) / 100;
    await receipt(t, finance.token, p.paymentId, { amount: half, reference: ethHash() });
    let detail = await view(finance.token, p.paymentId);
    expect(detail.receipts).toMatchObject([{ staffId: finance.id, staffName: 'Ana Ruiz' }]);
    expect(detail.actions).toEqual({ recordReceipt: true, refund: true, issue: false });
    t.clock.advance(1000);
    await receipt(t, finance.token, p.paymentId, { amount: (p.totalCents - Math.round(half * 100)) / 100, reference: ethHash() });
    await setKyc(t, p.userId, 'APPROVED');
    detail = await view(finance.token, p.paymentId);
    expect(detail.payment.paymentStatus).toBe('COMPLETED');
    expect(detail.receipts.map((r) => r.amount)).toEqual([half, (p.totalCents - Math.round(half * 100)) / 100]);
    expect(detail.actions).toEqual({ recordReceipt: false, refund: false, issue: true });
    t.clock.advance(1000);
    await issue(t, finance.token, p.userId);
    detail = await view(finance.token, p.paymentId);
    expect(detail.issuance).toMatchObject({ userId: p.userId });
    expect(detail.audit.map((a) => [a.action, a.staffName])).toEqual([
      ['admin.money.issue', 'Ana Ruiz'],
      ['admin.money.receipt', 'Ana Ruiz'],
      ['admin.money.receipt', 'Ana Ruiz'],
    ]);
    expect(detail.actions.issue).toBe(false);
    const issued = await t.get('/api/admin/issuances', finance.token);
    expect(v.parse(IssuancePageSchema, await issued.json()).issuances.map((i) => i.userId)).toContain(p.userId);
    expect((await t.get(`/api/admin/payments/${randomUUID()}`, finance.token)).status).toBe(404);
    expect(await (await t.get('/api/admin/payments/zzz', finance.token)).json()).toEqual({ error: moneyMessages.paymentNotFound });
  });

  describe('CSV', () => {
    it('neutralises formula cells and quotes every field (RFC 4180)', () => {
      expect(csvRecords([['=HYPERLINK("http://x")']])).toBe(`"'=HYPERLINK(""http://x"")"\r\n`);
      for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(csvRecords([[`${lead}1`]])).toMatch(/^"'/);
      expect(csvRecords([['plain', 'a,b', null, 12.5]])).toBe('"plain","a,b","","12.5"\r\n');
    });

    it('exports payments and issuances as attachments, the investor\u2019s own text neutralised', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await completedCardPayment(t);
      await t.database.db.update(schema.userDetails).set({ fullName: '=cmd|\' /C calc\'!A0' }).where(eq(schema.userDetails.userId, p.userId));
      await setKyc(t, p.userId, 'APPROVED');
      const hash = ethHash();
      await issue(t, finance.token, p.userId, { transactionHash: hash });
      const res = await t.get('/api/admin/exports/payments.csv', finance.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
      const text = await res.text();
      const records = parse(text) as string[][];
      expect(records[0]!.join(',')).toBe('payment_id,created_at,investor_email,investor_name,method,status,amount_eur,fee_eur,total_eur,received_eur,crypto_currency,crypto_amount,payment_ref,transaction_id,refund_status,refund_eur,tokens_issued,completed_at');
      const row = records.find((r) => r[0] === p.paymentId)!;
      expect(row.slice(3, 6)).toEqual([`'=cmd|' /C calc'!A0`, 'CARD', 'COMPLETED']);
      expect(row[8]).toBe(p.total.toFixed(2));
      expect(row[16]).toBe('yes');
      expect(text).not.toMatch(/(^|[,"])=cmd/m);
      const issuancesCsv = parse(await (await t.get('/api/admin/exports/issuances.csv', finance.token)).text()) as string[][];
      expect(issuancesCsv.find((r) => r[8] === hash)!.slice(2, 6)).toEqual([p.userId, p.email, `'=cmd|' /C calc'!A0`, p.paymentId]);
      const auditor = await createStaff(t, ['auditor']);
      expect((await t.get('/api/admin/exports/payments.csv', auditor.token)).status).toBe(200);
      const compliance = await createStaff(t, ['compliance']);
      expect((await t.get('/api/admin/exports/payments.csv', compliance.token)).status).toBe(403);
    });

    it('streams more rows than one export page (every payment once)', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await awaitingPayment(t, 'WIRE');
      const { investmentId, userId } = p;
      const [template] = await t.database.db.select().from(schema.payments).where(eq(schema.payments.id, p.paymentId));
      const rows = Array.from({ length: 520 }, () => ({ ...template!, id: randomUUID(), paymentStatus: 'FAILED', userId, investmentId, createdAt: new Date(Date.now() - Math.floor(Math.random() * 1e9)) }));
      await t.database.db.insert(schema.payments).values(rows);
      const count = (await t.database.db.select({ id: schema.payments.id }).from(schema.payments)).length;
      const text = await (await t.get('/api/admin/exports/payments.csv', finance.token)).text();
      const body = (parse(text) as string[][]).slice(1);
      expect(body).toHaveLength(count);
      expect(new Set(body.map((r) => r[0])).size).toBe(count);
    });
  });
});
