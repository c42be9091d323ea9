/**
 * Payment test helpers:
 *   const investor = await paymentInvestor(t);                 // agreements complete, on the payment step
 *   await initiate(t, investor.token, 'CARD')                   // the server's own amounts for the method
 *   initiateBody(investor, 'WIRE', { totalAmount: 1 })          // a body to tamper with
 *   await paymentRows(t, investor.userId)
 *
 * Getting past the agreements: `passAgreements` sets the legal row COMPLETED and the current step in the database
 * directly (as passKyc does for KYC); the agreements' own rules have their own tests, the payment only reads that they
 * are complete.
 */
import { asc, eq } from 'drizzle-orm';
import { fromCents, paymentAmounts, wireReference, type ChoosableMethod, type CryptoCurrency, type InitiatePaymentResponse } from '../../../src/shared/payment.ts';
import * as schema from '../../../src/server/db/schema/index.ts';
import { randomWallet, type ApiTest } from '../harness.ts';
import { legalInvestor } from './legal.ts';
import { storeCase } from './stored-case.ts';

export type PaymentInvestor = { token: string; userId: string; email: string; amount: number; investmentId: string };

export async function passAgreements(t: ApiTest, userId: string): Promise<void> {
  const { db } = t.database;
  await db.update(schema.legalAgreements).set({ status: 'COMPLETED', completedAt: t.clock.now(), walletAddress: randomWallet() }).where(eq(schema.legalAgreements.userId, userId));
  await db.update(schema.userDetails).set({ currentStep: 'payment' }).where(eq(schema.userDetails.userId, userId));
  await storeCase(t, userId);
}

/** A new investor whose disclosure, KYC and agreements are complete (`agreements: false`: still on the agreements step). */
export async function paymentInvestor(t: ApiTest, { agreements = true, investmentAmount }: { agreements?: boolean; investmentAmount?: number } = {}): Promise<PaymentInvestor> {
  const investor = await legalInvestor(t, investmentAmount === undefined ? {} : { investmentAmount });
  if (agreements) await passAgreements(t, investor.userId);
  const [investment] = await t.database.db.select().from(schema.investments).where(eq(schema.investments.userId, investor.userId));
  if (!investment) throw new Error('no investment row');
  return { ...investor, amount: investment.amount, investmentId: investment.id };
}

export function initiateBody(investor: { amount: number; userId: string }, method: ChoosableMethod, overrides: Record<string, unknown> = {}, cryptoCurrency: CryptoCurrency = 'ETH') {
  const { amountCents, feeCents, totalCents } = paymentAmounts(investor.amount, method);
  return {
    paymentMethod: method,
    amount: fromCents(amountCents),
    processingFee: fromCents(feeCents),
    totalAmount: fromCents(totalCents),
    ...(method === 'CRYPTO' ? { cryptoCurrency } : {}),
    ...(method === 'WIRE' ? { wireReference: wireReference(investor.userId) } : {}),
    ...overrides,
  };
}

export async function initiate<M extends ChoosableMethod>(t: ApiTest, investor: PaymentInvestor, method: M, overrides: Record<string, unknown> = {}) {
  const res = await t.post('/api/payment/initiate', initiateBody(investor, method, overrides), investor.token);
  if (res.status !== 200) throw new Error(`initiate ${method}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Extract<InitiatePaymentResponse, { paymentMethod: M }>;
}

export const paymentRows = (t: ApiTest, userId: string) => t.database.db.select().from(schema.payments).where(eq(schema.payments.userId, userId));

export async function investmentRow(t: ApiTest, userId: string) {
  const [row] = await t.database.db.select().from(schema.investments).where(eq(schema.investments.userId, userId));
  if (!row) throw new Error('no investment row');
  return row;
}

export async function currentStep(t: ApiTest, userId: string): Promise<string | undefined> {
  const [row] = await t.database.db.select({ currentStep: schema.userDetails.currentStep }).from(schema.userDetails).where(eq(schema.userDetails.userId, userId));
  return row?.currentStep;
}

export const auditActions = async (t: ApiTest, userId: string) =>
  (await t.database.db.select({ action: schema.auditEvents.action }).from(schema.auditEvents).where(eq(schema.auditEvents.userId, userId)).orderBy(asc(schema.auditEvents.seq))).map((r) => r.action).filter((a) => a.startsWith('payment.'));

/** A crypto payment as initiate stores it, quoted at `quotedAt` (the quote's own rules have their own tests). */
export async function insertCryptoPayment(t: ApiTest, investor: PaymentInvestor, currency: CryptoCurrency = 'ETH', quotedAt = t.clock.now()) {
  const amounts = paymentAmounts(investor.amount, 'CRYPTO');
  const [row] = await t.database.db
    .insert(schema.payments)
    .values({
      userId: investor.userId,
      investmentId: investor.investmentId,
      paymentMethod: 'CRYPTO',
      ...amounts,
      cryptoCurrency: currency,
      cryptoRate: 2500,
      cryptoRateAsOf: quotedAt,
      cryptoRateSource: 'test',
      cryptoRateStatus: 'fresh',
      cryptoAmount: '10.100000',
      cryptoWallet: '0x0000000000000000000000000000000000000001',
      quotedAt,
      paymentRef: 'G2G-PAY-TEST',
      createdAt: quotedAt,
    })
    .returning();
  if (!row) throw new Error('no crypto row');
  await storeCase(t, investor.userId);
  return row;
}
