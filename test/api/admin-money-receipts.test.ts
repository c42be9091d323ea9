/**
 * Funds receipts (issue 15): finance records what arrived for a crypto or wire payment. The exact total completes the
 * payment (investor emailed, investment paid, audited with the staff member and role); less or more holds it (never
 * completed silently) and the sum of further receipts decides again. Refused: card, completed and open payments; a
 * malformed amount, date or reference (tx hash per chain); a hash recorded twice. A double click or a parallel
 * repeat with the same requestId records once.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ReceiptOutcomeSchema } from '../../src/shared/admin/money.ts';
import { moneyMessages } from '../../src/shared/admin/money-messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase } from './harness.ts';
import { awaitingPayment, btcHash, completedCardPayment, ethHash, mailsTo, paymentRow, receipt, receiptRows, staffAudit, today } from './support/money.ts';
import { investmentRow } from './support/payment.ts';
import { rowCounts } from './support/row-counts.ts';
import { createStaff } from './support/staff.ts';
import { expectStatusPageLink } from './support/status-page-mail.ts';

forEachDatabase('finance: funds receipts', (t) => {
  describe('the sum of receipts decides', () => {
    it('an exact wire receipt completes the payment, pays the investment, emails the investor and audits the staff member', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await awaitingPayment(t, 'WIRE');
      const res = await receipt(t, finance.token, p.paymentId, { amount: p.total, receivedOn: today(t), reference: 'SEPA 2026-11-24 G2G/ABC' });
      expect(res.status).toBe(200);
      // The answer passes the schema the back-office checks it with (issue 29).
      expect(v.parse(ReceiptOutcomeSchema, await res.json())).toMatchObject({ paymentId: p.paymentId, paymentStatus: 'COMPLETED', receivedTotal: p.total, totalAmount: p.total, replayed: false });
      const row = await paymentRow(t, p.paymentId);
      expect(row).toMatchObject({ paymentStatus: 'COMPLETED', failureReason: null });
      expect(row.completedAt).toBeInstanceOf(Date);
      expect(await investmentRow(t, p.userId)).toMatchObject({ paymentCompleted: true, completedAt: expect.any(Date) });
      const [stored] = await receiptRows(t, p.paymentId);
      expect(stored).toMatchObject({ amountCents: p.totalCents, reference: 'SEPA 2026-11-24 G2G/ABC', referenceKind: 'bank-reference', staffId: finance.id });
      const mails = mailsTo(t, p.email, 'G2G: payment received');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('your payment is complete');
      expectStatusPageLink(mails[0]);
      const audit = await staffAudit(t, p.userId);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'admin.money.receipt', staffId: finance.id, detail: { role: 'finance', paymentId: p.paymentId, from: 'AWAITING_FUNDS', to: 'COMPLETED', amountCents: p.totalCents } });
      // Completed: no further receipt.
      const again = await receipt(t, finance.token, p.paymentId, { amount: 1 });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: moneyMessages.receiptNotAwaiting });
    });

    it('an under-payment holds the payment (not completed), tells the investor; a second receipt making the sum exact completes it', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await awaitingPayment(t, 'CRYPTO', 'ETH');
      const part = Math.round(p.totalCents * 0.4) / 100;
      const first = await receipt(t, finance.token, p.paymentId, { amount: part, reference: ethHash() });
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ paymentStatus: 'ON_HOLD', receivedTotal: part });
      const held = await paymentRow(t, p.paymentId);
      expect(held.paymentStatus).toBe('ON_HOLD');
      expect(held.completedAt).toBeNull();
      expect(held.failureReason).toMatch(/^Underpaid: received EUR/);
      expect(mailsTo(t, p.email, 'G2G: payment received')).toHaveLength(0);
      expect(mailsTo(t, p.email, 'G2G: your payment is on hold')).toHaveLength(1);
      expectStatusPageLink(mailsTo(t, p.email, 'G2G: your payment is on hold')[0]);
      expect((await staffAudit(t, p.userId))[0]?.detail).toMatchObject({ held: 'UNDERPAID', differenceCents: Math.round(part * 100) - p.totalCents });

      const rest = (p.totalCents - Math.round(part * 100)) / 100;
      const second = await receipt(t, finance.token, p.paymentId, { amount: rest, reference: ethHash() });
      expect(second.status).toBe(200);
      expect(await second.json()).toMatchObject({ paymentStatus: 'COMPLETED', receivedTotal: p.total });
      expect((await paymentRow(t, p.paymentId)).failureReason).toBeNull();
      expect(await receiptRows(t, p.paymentId)).toHaveLength(2);
      expect(mailsTo(t, p.email, 'G2G: payment received')).toHaveLength(1);
    });

    it('an over-payment holds the payment, and a further receipt keeps it held (the sum is still not the total)', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await awaitingPayment(t, 'WIRE');
      const res = await receipt(t, finance.token, p.paymentId, { amount: p.total + 10 });
      expect(await res.json()).toMatchObject({ paymentStatus: 'ON_HOLD' });
      expect((await paymentRow(t, p.paymentId)).failureReason).toMatch(/^Overpaid: .*EUR 10\.00 too much/);
      const more = await receipt(t, finance.token, p.paymentId, { amount: 0.01, reference: 'second' });
      expect(await more.json()).toMatchObject({ paymentStatus: 'ON_HOLD' });
      expect((await staffAudit(t, p.userId)).map((e) => e.detail.held)).toEqual(['OVERPAID', 'OVERPAID']);
    });
  });

  describe('refusals', () => {
    it('refuses a card payment and a completed one (409) and writes nothing', async () => {
      const finance = await createStaff(t, ['finance']);
      const card = await completedCardPayment(t);
      const before = await rowCounts(t.database.db);
      const res = await receipt(t, finance.token, card.paymentId, { amount: card.total });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: moneyMessages.receiptNotCryptoOrWire });
      expect(await rowCounts(t.database.db)).toEqual(before);
    });

    it('refuses a payment still open (the investor has not sent it)', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await awaitingPayment(t, 'WIRE');
      await t.database.db.update(schema.payments).set({ paymentStatus: 'PENDING' }).where(eq(schema.payments.id, p.paymentId));
      expect((await receipt(t, finance.token, p.paymentId, { amount: p.total })).status).toBe(409);
      expect(await receiptRows(t, p.paymentId)).toHaveLength(0);
    });

    it('checks the transaction hash per chain, stores it lower case, and records a hash once', async () => {
      const finance = await createStaff(t, ['finance']);
      const eth = await awaitingPayment(t, 'CRYPTO', 'USDC');
      for (const bad of [btcHash(), `0x${'a'.repeat(63)}`, `0x${'g'.repeat(64)}`, `${ethHash()} x`]) {
        const res = await receipt(t, finance.token, eth.paymentId, { amount: eth.total, reference: bad });
        expect(res.status, bad).toBe(400);
        expect(await res.json()).toEqual({ error: moneyMessages.txHashInvalid('ethereum') });
      }
      const btc = await awaitingPayment(t, 'CRYPTO', 'BTC');
      const res = await receipt(t, finance.token, btc.paymentId, { amount: btc.total, reference: ethHash() });
      expect(await res.json()).toEqual({ error: moneyMessages.txHashInvalid('bitcoin') });
      const hash = ethHash().toUpperCase().replace('0X', '0x');
      expect((await receipt(t, finance.token, eth.paymentId, { amount: 1, reference: hash })).status).toBe(200);
      expect((await receiptRows(t, eth.paymentId))[0]).toMatchObject({ reference: hash.toLowerCase(), referenceKind: 'tx-hash' });
      const other = await awaitingPayment(t, 'CRYPTO', 'ETH');
      const reused = await receipt(t, finance.token, other.paymentId, { amount: other.total, reference: hash.toLowerCase() });
      expect(reused.status).toBe(409);
      expect(await reused.json()).toEqual({ error: moneyMessages.txHashUsed });
      expect(await receiptRows(t, other.paymentId)).toHaveLength(0);
      expect(await receiptRows(t, btc.paymentId)).toHaveLength(0);
    });

    it('refuses malformed amounts, dates, references and ids (400/404), writing nothing', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await awaitingPayment(t, 'WIRE');
      const before = await rowCounts(t.database.db);
      const cases: [Record<string, unknown>, string][] = [
        [{ amount: 0 }, moneyMessages.amountInvalid],
        [{ amount: -5 }, moneyMessages.amountInvalid],
        [{ amount: 10.005 }, moneyMessages.amountInvalid],
        [{ amount: '100' }, moneyMessages.amountInvalid],
        [{ amount: 1e12 }, moneyMessages.amountInvalid],
        [{ receivedOn: '2026-02-30' }, moneyMessages.receivedOnInvalid],
        [{ receivedOn: '24/11/2026' }, moneyMessages.receivedOnInvalid],
        [{ receivedOn: '2999-01-01' }, moneyMessages.receivedOnFuture],
        [{ reference: '' }, moneyMessages.referenceRequired],
        [{ reference: 'x'.repeat(141) }, moneyMessages.wireReferenceInvalid],
        [{ reference: 'REF\u0007BELL' }, moneyMessages.wireReferenceInvalid],
        [{ reference: 'REF\u202eLTR' }, moneyMessages.wireReferenceInvalid],
        [{ reference: ' padded ' }, moneyMessages.wireReferenceInvalid],
        [{ requestId: 'not-a-uuid' }, moneyMessages.requestIdInvalid],
      ];
      for (const [body, error] of cases) {
        const res = await receipt(t, finance.token, p.paymentId, { amount: p.total, ...body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(await res.json(), JSON.stringify(body)).toEqual({ error });
      }
      // Printable Unicode is a fine bank reference.
      expect(await rowCounts(t.database.db)).toEqual(before);
      for (const id of ['nope', randomUUID()]) {
        const res = await receipt(t, finance.token, id, { amount: 1 });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ error: moneyMessages.paymentNotFound });
      }
      const huge = await t.request(`/api/admin/payments/${p.paymentId}/receipts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${finance.token}` },
        body: JSON.stringify({ requestId: randomUUID(), amount: 1, receivedOn: today(t), reference: 'x'.repeat(2_000_000) }),
      });
      expect(huge.status).toBe(413);
      expect(await rowCounts(t.database.db)).toEqual(before);
      const ok = await receipt(t, finance.token, p.paymentId, { amount: 1, reference: 'Überweisung Müller 番号' });
      expect(ok.status).toBe(200);
    });
  });

  describe('double clicks', () => {
    it('the same requestId twice records once and answers the payment as it stands', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await awaitingPayment(t, 'WIRE');
      const requestId = randomUUID();
      const first = await receipt(t, finance.token, p.paymentId, { requestId, amount: p.total });
      const second = await receipt(t, finance.token, p.paymentId, { requestId, amount: p.total });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(await second.json()).toMatchObject({ paymentStatus: 'COMPLETED', receivedTotal: p.total, replayed: true });
      expect(await receiptRows(t, p.paymentId)).toHaveLength(1);
      expect(await staffAudit(t, p.userId)).toHaveLength(1);
      expect(mailsTo(t, p.email, 'G2G: payment received')).toHaveLength(1);
      // The id used for another payment is a conflict, never that payment's receipt.
      const other = await awaitingPayment(t, 'WIRE');
      expect((await receipt(t, finance.token, other.paymentId, { requestId, amount: other.total })).status).toBe(409);
      expect(await receiptRows(t, other.paymentId)).toHaveLength(0);
    });

    it('two identical submissions at once record one receipt', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await awaitingPayment(t, 'WIRE');
      const requestId = randomUUID();
      const half = Math.round(p.totalCents / 2) / 100;
      const answers = await Promise.all([0, 1].map(() => receipt(t, finance.token, p.paymentId, { requestId, amount: half })));
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(await receiptRows(t, p.paymentId)).toHaveLength(1);
      expect((await paymentRow(t, p.paymentId)).paymentStatus).toBe('ON_HOLD');
      expect(await staffAudit(t, p.userId)).toHaveLength(1);
    });
  });
});
