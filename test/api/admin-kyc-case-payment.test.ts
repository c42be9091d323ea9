/**
 * The investor's payment state in the KYC case answer (issue 29), on every database: null before any payment; the
 * latest payment's method, stage and amounts with what has been received (the sum of its receipts), as the
 * back-office's schema reads it.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase } from './harness.ts';
import { kycInvestor } from './support/kyc.ts';
import { getCase } from './support/kyc-review-helpers.ts';
import { awaitingPayment, today } from './support/money.ts';
import { createStaff } from './support/staff.ts';

forEachDatabase('admin kyc case payment', (t) => {
  it('is null before a payment, then the latest payment with what has been received', async () => {
    const officer = await createStaff(t, ['compliance']);
    const { userId: unpaid } = await kycInvestor(t);
    expect((await getCase(t, officer, unpaid)).payment).toBeNull();

    const wire = await awaitingPayment(t, 'WIRE');
    await t.database.db.insert(schema.fundsReceipts).values([
      { paymentId: wire.paymentId, requestId: randomUUID(), amountCents: 100_00, receivedOn: today(t), reference: 'BANK-1', referenceKind: 'bank-reference' },
      { paymentId: wire.paymentId, requestId: randomUUID(), amountCents: 250_50, receivedOn: today(t), reference: 'BANK-2', referenceKind: 'bank-reference' },
    ]);
    const kase = await getCase(t, officer, wire.userId);
    expect(kase.payment).toEqual({
      paymentId: wire.paymentId,
      method: 'WIRE',
      status: 'AWAITING_FUNDS',
      amount: wire.amount,
      totalAmount: wire.total,
      received: 350.5,
      createdAt: expect.any(String),
      completedAt: null,
    });
  });
});
