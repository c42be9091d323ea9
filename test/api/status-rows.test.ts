/**
 * The status reads are prepared statements that decode PostgreSQL's text output themselves: every column must
 * come back as drizzle would have returned it (numbers with their decimals, timestamps to the millisecond,
 * jsonb as objects, NULLs as null), and the payment status must pick the latest attempt.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { UserDetails } from '../../src/shared/user-details.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase } from './harness.ts';

forEachDatabase('status reads from filled rows', (t) => {
  it('answers every KYC, legal and disclosure column as stored', async () => {
    const { token, user } = await t.register();
    const { db } = t.database;
    const at = new Date('2025-06-07T08:09:10.123Z');
    await db
      .update(schema.kycVerifications)
      .set({
        status: 'APPROVED',
        currentStep: 5,
        identityDocumentUploaded: true,
        identityDocumentName: 'passport "1".pdf',
        biometricCompleted: true,
        selfieDocumentName: 'selfie.jpg',
        addressDocumentUploaded: true,
        addressDocumentName: 'bill.pdf',
        amlScreeningCompleted: true,
        finalReviewCompleted: true,
        identityVerified: true,
        biometricVerified: false,
        addressVerified: true,
        amlScreeningPassed: true,
        completedAt: at,
      })
      .where(eq(schema.kycVerifications.userId, user.userId));
    const agreements = { nda: { signed: true, at: at.toISOString(), parties: ['a', 'b'] }, 'ünïcode': 'ok' };
    await db
      .update(schema.legalAgreements)
      .set({ status: 'COMPLETED', completedAt: at, walletAddress: null, agreements })
      .where(eq(schema.legalAgreements.userId, user.userId));
    await db.update(schema.userDetails).set({ currentStep: 'payment' }).where(eq(schema.userDetails.userId, user.userId));

    expect(await (await t.get('/api/kyc/status', token)).json()).toEqual({
      status: 'APPROVED',
      currentStep: 5,
      completedAt: at.toISOString(),
      steps: {
        '1': { completed: true, documentName: 'passport "1".pdf' },
        '2': { completed: true, documentName: 'selfie.jpg' },
        '3': { completed: true, documentName: 'bill.pdf' },
        '4': { completed: true, documentName: null },
        '5': { completed: true, documentName: null },
      },
      identityDocumentUploaded: true,
      biometricCompleted: true,
      addressDocumentUploaded: true,
      amlScreeningCompleted: true,
      finalReviewCompleted: true,
      identityVerified: true,
      biometricVerified: false,
      addressVerified: true,
      amlScreeningPassed: true,
      files: [],
      aml: null,
      resubmission: null,
    });
    // A draft column of another shape is not echoed: the agreements are read as the agreements step defines them.
    const legal = (await (await t.get('/api/legal/progress', token)).json()) as { agreements: Record<string, { signed: boolean }> };
    expect(legal).toMatchObject({ status: 'COMPLETED', completedAt: at.toISOString(), walletAddress: null });
    expect(Object.values(legal.agreements).map((a) => a.signed)).toEqual(Array(7).fill(false));
    expect(await (await t.get('/api/disclosure/progress', token)).json()).toMatchObject({ currentStep: 'payment', disclosureProgress: {} });
  });

  it('answers amounts with their decimals and the review fields of the details', async () => {
    const { token, user } = await t.register();
    const reviewedAt = new Date('2025-01-02T03:04:05.678Z');
    await t.database.db
      .update(schema.userDetails)
      .set({ investmentAmount: 12_345.67, tokenQuantity: 14_524.317647, status: 'REJECTED', reviewedAt, rejectionReason: 'Ünclear' })
      .where(eq(schema.userDetails.userId, user.userId));
    const details = (await (await t.get('/api/user-details/status', token)).json()) as UserDetails;
    expect(details).toMatchObject({
      investmentAmount: 12_345.67,
      tokenQuantity: 14_524.317647,
      status: 'REJECTED',
      reviewedAt: reviewedAt.toISOString(),
      rejectionReason: 'Ünclear',
    });
  });

  it('answers the latest payment attempt with the investment', async () => {
    const { token, user } = await t.register();
    const { db } = t.database;
    const [investment] = await db.select().from(schema.investments).where(eq(schema.investments.userId, user.userId));
    if (!investment) throw new Error('registration made no investment row');
    const attempt = { userId: user.userId, investmentId: investment.id, amountCents: Math.round(investment.amount * 100), feeCents: 1250, totalCents: Math.round(investment.amount * 100) + 1250 };
    const completedAt = new Date('2025-05-05T05:05:05.505Z');
    const [, wire] = await db
      .insert(schema.payments)
      .values([
        { ...attempt, paymentMethod: 'CARD', paymentStatus: 'FAILED', createdAt: new Date('2025-05-05T05:00:00Z') },
        { ...attempt, paymentMethod: 'WIRE', paymentStatus: 'COMPLETED', createdAt: new Date('2025-05-05T05:01:00Z'), completedAt },
        // A later card attempt left open must not hide the completed wire.
        { ...attempt, paymentMethod: 'CARD', paymentStatus: 'PENDING', createdAt: new Date('2025-05-05T05:02:00Z') },
      ])
      .returning();
    if (!wire) throw new Error('no wire row');
    await db.update(schema.investments).set({ paymentCompleted: true, completedAt }).where(eq(schema.investments.id, investment.id));
    expect(await (await t.get('/api/payment/status', token)).json()).toEqual({
      paymentStatus: 'COMPLETED',
      paymentMethod: 'WIRE',
      completedAt: completedAt.toISOString(),
      investment: { amount: investment.amount, tokenQuantity: investment.tokenQuantity, paymentCompleted: true, completedAt: completedAt.toISOString(), status: 'PAID' },
      latestPayment: {
        id: wire.id,
        paymentMethod: 'WIRE',
        paymentStatus: 'COMPLETED',
        amount: investment.amount,
        processingFee: 12.5,
        totalAmount: investment.amount + 12.5,
        transactionId: null,
        paymentRef: null,
        cryptoCurrency: null,
        cryptoAmount: null,
        createdAt: '2025-05-05T05:01:00.000Z',
        confirmedAt: null,
        completedAt: completedAt.toISOString(),
      },
    });
  });
});
