/**
 * Token issuance (issue 15): only to an investor whose KYC is APPROVED and whose payment is COMPLETED (not refunded);
 * the quantity from the investment, the wallet the one signed for with the agreements (issue 26: never the
 * registration one; admin-money-signed-wallet.test.ts), the transaction hash 0x + 64 hex (unique); one per
 * investor (409 on a second, the same requestId answers the first); the investor emailed; audited; listed.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { IssuanceViewSchema } from '../../src/shared/admin/money.ts';
import type { IssuancePage } from '../../src/shared/admin/money.ts';
import { moneyMessages } from '../../src/shared/admin/money-messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase } from './harness.ts';
import { awaitingPayment, completedCardPayment, ethHash, issue, mailsTo, receipt, refund, setKyc, staffAudit } from './support/money.ts';
import { investmentRow } from './support/payment.ts';
import { rowCounts } from './support/row-counts.ts';
import { createStaff } from './support/staff.ts';
import { expectStatusPageLink } from './support/status-page-mail.ts';

const issuances = (t: Parameters<Parameters<typeof forEachDatabase>[1]>[0], userId: string) =>
  t.database.db.select().from(schema.tokenIssuances).where(eq(schema.tokenIssuances.userId, userId));

forEachDatabase('finance: token issuance', (t) => {
  it('issues to an approved investor with a completed payment: quantity, wallet, hash recorded; emailed; audited; listed', async () => {
    const finance = await createStaff(t, ['finance']);
    const p = await completedCardPayment(t);
    await setKyc(t, p.userId, 'APPROVED');
    const hash = ethHash();
    const res = await issue(t, finance.token, p.userId, { transactionHash: hash.toUpperCase().replace('0X', '0x') });
    expect(res.status).toBe(200);
    const [legal] = await t.database.db.select().from(schema.legalAgreements).where(eq(schema.legalAgreements.userId, p.userId));
    const investment = await investmentRow(t, p.userId);
    // The answer passes the schema the back-office checks it with (issue 29).
    expect(v.parse(IssuanceViewSchema, await res.json())).toMatchObject({ userId: p.userId, paymentId: p.paymentId, tokenQuantity: investment.tokenQuantity, walletAddress: legal!.walletAddress, transactionHash: hash, staffId: finance.id });
    expect(await issuances(t, p.userId)).toHaveLength(1);
    const mails = mailsTo(t, p.email, 'G2G: your tokens have been issued');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(hash);
    expectStatusPageLink(mails[0]);
    expect(await staffAudit(t, p.userId)).toMatchObject([{ action: 'admin.money.issue', staffId: finance.id, detail: { role: 'finance', transactionHash: hash } }]);
    const auditor = await createStaff(t, ['auditor']);
    const list = (await (await t.get('/api/admin/issuances?limit=100', auditor.token)).json()) as IssuancePage;
    expect(list.issuances.find((i) => i.userId === p.userId)).toMatchObject({ investorEmail: p.email, transactionHash: hash });
    // Refund after issuance: refused even if KYC is later rejected.
    await setKyc(t, p.userId, 'REJECTED');
    const refused = await refund(t, finance.token, p.paymentId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: moneyMessages.refundAfterIssuance });
  });

  describe('refusals', () => {
    it('before KYC approval (409), writing nothing', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await completedCardPayment(t);
      for (const kyc of ['UNDER_REVIEW', 'REJECTED', 'IN_PROGRESS'] as const) {
        await setKyc(t, p.userId, kyc);
        const before = await rowCounts(t.database.db);
        const res = await issue(t, finance.token, p.userId);
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ error: moneyMessages.issuanceKycNotApproved });
        expect(await rowCounts(t.database.db)).toEqual(before);
      }
    });

    it('before the funds are confirmed (awaiting, on hold) and after a refund (409)', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await awaitingPayment(t, 'WIRE');
      await setKyc(t, p.userId, 'APPROVED');
      const awaiting = await issue(t, finance.token, p.userId);
      expect(awaiting.status).toBe(409);
      expect(await awaiting.json()).toEqual({ error: moneyMessages.issuanceNoFunds });
      await receipt(t, finance.token, p.paymentId, { amount: 1 });
      expect((await issue(t, finance.token, p.userId)).status).toBe(409);
      await refund(t, finance.token, p.paymentId, { outgoingReference: 'RET-1', reason: 'underpaid' });
      expect((await issue(t, finance.token, p.userId)).status).toBe(409);
      expect(await issuances(t, p.userId)).toHaveLength(0);
    });

    it('a second issuance is 409; the same requestId answers the first; parallel clicks issue once', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await completedCardPayment(t);
      await setKyc(t, p.userId, 'APPROVED');
      const requestId = randomUUID();
      const hash = ethHash();
      const answers = await Promise.all([0, 1].map(() => issue(t, finance.token, p.userId, { requestId, transactionHash: hash })));
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const other = await Promise.all([0, 1].map(() => issue(t, finance.token, p.userId)));
      expect(other.map((r) => r.status)).toEqual([409, 409]);
      expect(await other[0]!.json()).toEqual({ error: moneyMessages.alreadyIssued });
      expect(await issuances(t, p.userId)).toHaveLength(1);
      expect(mailsTo(t, p.email, 'G2G: your tokens have been issued')).toHaveLength(1);
      // The same hash for another investor: 409.
      const q = await completedCardPayment(t);
      await setKyc(t, q.userId, 'APPROVED');
      const reused = await issue(t, finance.token, q.userId, { transactionHash: hash });
      expect(reused.status).toBe(409);
      expect(await reused.json()).toEqual({ error: moneyMessages.issuanceHashUsed });
    });

    it('a malformed hash (400), an unknown or malformed investor id (404), another role (403)', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await completedCardPayment(t);
      await setKyc(t, p.userId, 'APPROVED');
      for (const transactionHash of ['', `0x${'a'.repeat(63)}`, 'a'.repeat(64), `0x${'z'.repeat(64)}`, 12]) {
        const res = await issue(t, finance.token, p.userId, { transactionHash });
        expect(res.status, String(transactionHash)).toBe(400);
      }
      expect((await issue(t, finance.token, randomUUID())).status).toBe(404);
      expect((await issue(t, finance.token, 'x')).status).toBe(404);
      // A staff member's id names no investor.
      expect((await issue(t, finance.token, finance.id)).status).toBe(404);
      for (const role of ['compliance', 'issuer-admin', 'auditor'] as const) {
        const staff = await createStaff(t, [role]);
        expect((await issue(t, staff.token, p.userId)).status).toBe(403);
      }
      expect(await issuances(t, p.userId)).toHaveLength(0);
    });
  });
});
