/**
 * The tokens go to the wallet the investor signed for (issue 26, fault 2). An investor who changes the wallet on the
 * agreements page gets sealed PDFs naming the new wallet; issuance must use that one (recorded with the signed
 * agreements, legal_agreements.wallet_address once the step is complete), never the registration wallet
 * (user_details). The payment and KYC case answers carry both, labelled, so the back-office can show both when they
 * differ; before the agreements are complete there is no signed wallet, and issuance is refused.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { expect, it } from 'vitest';
import type { KycCase } from '../../src/shared/admin/kyc-review.ts';
import type { AdminPaymentDetail, IssuanceView } from '../../src/shared/admin/money.ts';
import { moneyMessages } from '../../src/shared/admin/money-messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { havePdfTools, pdfText } from '../unit/support/pdf-tools.ts';
import { forEachDatabase, randomWallet, type ApiTest } from './harness.ts';
import { issue, mailsTo, setKyc } from './support/money.ts';
import { completeAgreements, legalInvestor } from './support/legal.ts';
import { initiate } from './support/payment.ts';
import { createStaff } from './support/staff.ts';

const tools = havePdfTools();

/** The investor's card payment through the local test provider: COMPLETED. */
async function payByCard(t: ApiTest, investor: { token: string; userId: string }) {
  const [investment] = await t.database.db.select().from(schema.investments).where(eq(schema.investments.userId, investor.userId));
  const started = await initiate(t, { ...investor, email: '', amount: investment!.amount, investmentId: investment!.id }, 'CARD');
  const res = await t.post('/api/payment/test-card/confirm', { paymentIntentId: started.stripe.paymentIntentId, clientSecret: started.stripe.clientSecret, paymentMethod: 'pm_card_visa' }, investor.token);
  expect(res.status).toBe(200);
  return started.paymentId;
}

const registrationWallet = async (t: ApiTest, userId: string) =>
  (await t.database.db.select({ wallet: schema.userDetails.walletAddress }).from(schema.userDetails).where(eq(schema.userDetails.userId, userId)))[0]!.wallet;

forEachDatabase('finance: tokens go to the wallet signed for', (t) => {
  it('a wallet changed on the agreements page: sealed PDFs, issuance, its mail and audit name the signed wallet; the case answers carry both', { timeout: 60_000 }, async () => {
    await t.startSealing();
    const finance = await createStaff(t, ['finance']);
    const compliance = await createStaff(t, ['compliance']);
    const investor = await legalInvestor(t);
    const registered = await registrationWallet(t, investor.userId);
    const signedWallet = randomWallet();
    expect(signedWallet).not.toBe(registered);
    expect((await completeAgreements(t, investor.token, signedWallet)).walletAddress).toBe(signedWallet);

    // The sealed agreements name the signed wallet, not the registration one.
    expect(await t.runDueJobs()).toBeGreaterThanOrEqual(0);
    const documents = await t.database.db
      .select({ file: schema.storedFiles })
      .from(schema.signedDocuments)
      .innerJoin(schema.storedFiles, eq(schema.storedFiles.id, schema.signedDocuments.storedFileId))
      .where(eq(schema.signedDocuments.userId, investor.userId));
    expect(documents).toHaveLength(7);
    if (tools) {
      const pdf = new Uint8Array(await readFile(join(t.storage.dir, documents[0]!.file.storedName)));
      const pages = (await PDFDocument.load(pdf)).getPageCount();
      const text = await pdfText(pdf, 1, pages);
      expect(text).toContain(signedWallet);
      expect(text).not.toContain(registered);
    }

    const paymentId = await payByCard(t, investor);
    await setKyc(t, investor.userId, 'APPROVED');

    const res = await issue(t, finance.token, investor.userId);
    expect(res.status).toBe(200);
    const issued = (await res.json()) as IssuanceView;
    expect(issued.walletAddress).toBe(signedWallet);
    const [row] = await t.database.db.select().from(schema.tokenIssuances).where(eq(schema.tokenIssuances.userId, investor.userId));
    expect(row!.walletAddress).toBe(signedWallet);
    const mail = mailsTo(t, investor.email, 'G2G: your tokens have been issued');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`Wallet: ${signedWallet}`);
    expect(mail[0]!.text).not.toContain(registered);
    const [event] = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, 'admin.money.issue')).then((rows) => rows.filter((e) => e.userId === investor.userId));
    expect(event!.detail).toMatchObject({ walletAddress: signedWallet, registrationWallet: registered });

    // Both wallets in the case answers, labelled by where they come from.
    const detail = (await (await t.get(`/api/admin/payments/${paymentId}`, finance.token)).json()) as AdminPaymentDetail;
    expect(detail.wallets).toEqual({ signed: signedWallet, registration: registered });
    const kase = (await (await t.get(`/api/admin/kyc/cases/${investor.userId}`, compliance.token)).json()) as KycCase;
    expect(kase.wallets).toEqual({ signed: signedWallet, registration: registered });

    // The issuances CSV too (it copies the row).
    const csv = await (await t.get('/api/admin/exports/issuances.csv', finance.token)).text();
    expect(csv).toContain(signedWallet);
  });

  it('the same wallet kept: the answers carry it once for both; before the agreements are complete there is no signed wallet', async () => {
    const compliance = await createStaff(t, ['compliance']);
    const investor = await legalInvestor(t);
    const registered = await registrationWallet(t, investor.userId);
    const before = (await (await t.get(`/api/admin/kyc/cases/${investor.userId}`, compliance.token)).json()) as KycCase;
    expect(before.wallets).toEqual({ signed: null, registration: registered });
    await completeAgreements(t, investor.token, registered);
    const after = (await (await t.get(`/api/admin/kyc/cases/${investor.userId}`, compliance.token)).json()) as KycCase;
    expect(after.wallets).toEqual({ signed: registered, registration: registered });
  });

  it('refuses issuance while no signed wallet is on record (agreements not complete), writing nothing', async () => {
    const finance = await createStaff(t, ['finance']);
    const investor = await legalInvestor(t);
    await completeAgreements(t, investor.token);
    const paymentId = await payByCard(t, investor);
    await setKyc(t, investor.userId, 'APPROVED');
    // An inconsistent row (the step reopened by hand in the database): no signed wallet, no tokens.
    await t.database.db.update(schema.legalAgreements).set({ status: 'IN_PROGRESS', completedAt: null }).where(eq(schema.legalAgreements.userId, investor.userId));
    const res = await issue(t, finance.token, investor.userId);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: moneyMessages.issuanceNoSignedWallet });
    expect(await t.database.db.select().from(schema.tokenIssuances).where(eq(schema.tokenIssuances.userId, investor.userId))).toHaveLength(0);
    const detail = (await (await t.get(`/api/admin/payments/${paymentId}`, finance.token)).json()) as AdminPaymentDetail;
    expect(detail.actions.issue).toBe(false);
  });
});
