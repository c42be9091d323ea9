/**
 * Finance (issue 15) test helpers: investors with a payment in a given state, the finance calls, and the rows to count.
 *   const p = await awaitingPayment(t, 'WIRE');            // AWAITING_FUNDS, as the investor's process step leaves it
 *   const c = await completedCardPayment(t);               // paid by the local test card (pm_card_visa), COMPLETED
 *   await setKyc(t, p.userId, 'REJECTED');
 *   await receipt(t, finance.token, p.paymentId, { amount: p.total });
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentAmounts, wireReference, type CryptoCurrency } from '../../../src/shared/payment.ts';
import type { KycStatus } from '../../../src/shared/kyc.ts';
import * as schema from '../../../src/server/db/schema/index.ts';
import type { ApiTest } from '../harness.ts';
import { initiate, insertCryptoPayment, paymentInvestor, type PaymentInvestor } from './payment.ts';
import { storeCase } from './stored-case.ts';

export type MoneyCase = PaymentInvestor & { paymentId: string; totalCents: number; total: number; intentId?: string };

export const ethHash = () => `0x${randomBytes(32).toString('hex')}`;
export const btcHash = () => randomBytes(32).toString('hex');
export const today = (t: ApiTest) => t.clock.now().toISOString().slice(0, 10);

/** A crypto or wire payment AWAITING_FUNDS (what POST /api/payment/process leaves; its own rules have their own tests). */
export async function awaitingPayment(t: ApiTest, method: 'WIRE' | 'CRYPTO', currency: CryptoCurrency = 'ETH'): Promise<MoneyCase> {
  const investor = await paymentInvestor(t);
  const { db } = t.database;
  let paymentId: string;
  if (method === 'CRYPTO') {
    const row = await insertCryptoPayment(t, investor, currency);
    paymentId = row.id;
    await db
      .update(schema.payments)
      .set({ paymentStatus: 'AWAITING_FUNDS', transactionId: currency === 'BTC' ? btcHash() : ethHash(), confirmedAt: t.clock.now() })
      .where(eq(schema.payments.id, row.id));
  } else {
    const [row] = await db
      .insert(schema.payments)
      .values({
        userId: investor.userId,
        investmentId: investor.investmentId,
        paymentMethod: 'WIRE',
        ...paymentAmounts(investor.amount, 'WIRE'),
        paymentStatus: 'AWAITING_FUNDS',
        paymentRef: wireReference(investor.userId),
        transactionId: wireReference(investor.userId),
        confirmedAt: t.clock.now(),
      })
      .returning();
    paymentId = row!.id;
  }
  await db.update(schema.investments).set({ paymentCompleted: true, completedAt: t.clock.now() }).where(eq(schema.investments.id, investor.investmentId));
  await storeCase(t, investor.userId);
  const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.id, paymentId));
  return { ...investor, paymentId, totalCents: payment!.totalCents, total: payment!.totalCents / 100 };
}

/** A card payment paid with the local provider's test Visa: COMPLETED by the server itself. */
export async function completedCardPayment(t: ApiTest): Promise<MoneyCase> {
  const investor = await paymentInvestor(t);
  const started = await initiate(t, investor, 'CARD');
  const intentId = started.stripe.paymentIntentId;
  const res = await t.post('/api/payment/test-card/confirm', { paymentIntentId: intentId, clientSecret: started.stripe.clientSecret, paymentMethod: 'pm_card_visa' }, investor.token);
  expect(res.status).toBe(200);
  const [payment] = await t.database.db.select().from(schema.payments).where(eq(schema.payments.id, started.paymentId));
  expect(payment?.paymentStatus).toBe('COMPLETED');
  return { ...investor, paymentId: started.paymentId, totalCents: payment!.totalCents, total: payment!.totalCents / 100, intentId };
}

export async function setKyc(t: ApiTest, userId: string, status: KycStatus): Promise<void> {
  await t.database.db.update(schema.kycVerifications).set({ status }).where(eq(schema.kycVerifications.userId, userId));
  await storeCase(t, userId);
}

export const receiptBody = (overrides: Record<string, unknown> = {}) => ({ requestId: randomUUID(), amount: 1, receivedOn: new Date().toISOString().slice(0, 10), reference: 'BANK-REF-1', ...overrides });

export const receipt = (t: ApiTest, token: string, paymentId: string, overrides: Record<string, unknown> = {}) =>
  t.post(`/api/admin/payments/${paymentId}/receipts`, receiptBody(overrides), token);

export const refundBody = (overrides: Record<string, unknown> = {}) => ({ requestId: randomUUID(), reason: 'KYC rejected', ...overrides });

export const refund = (t: ApiTest, token: string, paymentId: string, overrides: Record<string, unknown> = {}) =>
  t.post(`/api/admin/payments/${paymentId}/refund`, refundBody(overrides), token);

export const issue = (t: ApiTest, token: string, userId: string, overrides: Record<string, unknown> = {}) =>
  t.post(`/api/admin/investors/${userId}/issuance`, { requestId: randomUUID(), transactionHash: ethHash(), ...overrides }, token);

export const paymentRow = async (t: ApiTest, paymentId: string) => (await t.database.db.select().from(schema.payments).where(eq(schema.payments.id, paymentId)))[0]!;

export const receiptRows = (t: ApiTest, paymentId: string) => t.database.db.select().from(schema.fundsReceipts).where(eq(schema.fundsReceipts.paymentId, paymentId));
export const refundRows = (t: ApiTest, paymentId: string) => t.database.db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, paymentId));

export const staffAudit = async (t: ApiTest, userId: string) =>
  (await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.userId, userId))).filter((e) => e.action.startsWith('admin.money.'));

export const mailsTo = (t: ApiTest, email: string, subject: string) => t.mailer.sent.filter((m) => m.to === email && m.subject === subject);
