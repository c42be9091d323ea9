/**
 * Migration 0015 on a database made before it (issue 27): every existing investor's case is derived from the rows as
 * they stand and stored, once; that it ran is recorded, and a second start only reads that record. Rows today's rules
 * could not produce (two settled payments, from before issue 26) are stored with their anomaly named. A start of the
 * server (openDatabase) runs it after the SQL migrations.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/server/db/open-database.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import type { Db } from '../../src/server/db/types.ts';
import { DERIVE_CASES_MIGRATION, deriveInvestmentCases } from '../../src/server/domain/investment/derive-investment-cases.ts';
import { describeMigration } from './support/migration-before.ts';

const MIGRATION = '0015_investment_cases';
const at = new Date('2026-03-01T10:00:00.000Z');
const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

/** An investor as the portal stored them before 0015: the registration's rows, then `steps` written like the routes did. */
async function investor(db: Db, email: string, steps: { disclosure?: boolean; kyc?: string; agreements?: boolean } = {}) {
  const [user] = await db.insert(schema.users).values({ email, createdAt: at }).returning({ id: schema.users.id });
  const userId = user!.id;
  await db.insert(schema.userDetails).values({
    userId,
    investmentAmount: 25_000,
    tokenQuantity: 25_000,
    investorType: 'INDIVIDUAL',
    fullName: email,
    walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    primaryJurisdiction: 'eu',
    status: 'UNDER_REVIEW',
    currentStep: 'disclosure',
    submittedAt: at,
    createdAt: at,
  });
  await db.insert(schema.disclosureProgress).values({ userId, updatedAt: at, completed: steps.disclosure ?? false, completedAt: steps.disclosure ? at : null });
  await db.insert(schema.kycVerifications).values({ userId, updatedAt: at, status: steps.kyc ?? 'PENDING', completedAt: steps.kyc ? later(1) : null });
  await db.insert(schema.legalAgreements).values({
    userId,
    walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    updatedAt: at,
    status: steps.agreements ? 'COMPLETED' : 'PENDING',
    completedAt: steps.agreements ? later(2) : null,
  });
  const [investment] = await db.insert(schema.investments).values({ userId, amount: 25_000, tokenQuantity: 25_000, tokenPrice: 1, createdAt: at }).returning({ id: schema.investments.id });
  return { userId, investmentId: investment!.id };
}

const payment = (who: { userId: string; investmentId: string }, method: 'CARD' | 'WIRE', status: string, minutes: number) => ({
  userId: who.userId,
  investmentId: who.investmentId,
  paymentMethod: method,
  paymentStatus: status,
  amountCents: 2_500_000,
  feeCents: 0,
  totalCents: 2_500_000,
  createdAt: later(minutes),
  completedAt: status === 'COMPLETED' ? later(minutes + 1) : null,
});

describeMigration(MIGRATION, (before) => {
  it('derives and stores every existing case once, names the anomalies, and records that it ran', async () => {
    const { database, dir } = before();
    const { db } = database;
    await before().migrateToBefore();
    const reading = await investor(db, 'reading@example.com');
    const waiting = await investor(db, 'waiting@example.com', { disclosure: true, kyc: 'UNDER_REVIEW', agreements: true });
    await db.insert(schema.payments).values(payment(waiting, 'WIRE', 'AWAITING_FUNDS', 3));
    const paid = await investor(db, 'paid@example.com', { disclosure: true, kyc: 'APPROVED', agreements: true });
    await db.insert(schema.payments).values(payment(paid, 'CARD', 'COMPLETED', 3));
    // Two settled payments: a race before issue 26 allowed it.
    const twice = await investor(db, 'twice@example.com', { disclosure: true, kyc: 'APPROVED', agreements: true });
    const [first] = await db.insert(schema.payments).values(payment(twice, 'CARD', 'COMPLETED', 3)).returning({ id: schema.payments.id });
    const [second] = await db.insert(schema.payments).values(payment(twice, 'WIRE', 'COMPLETED', 5)).returning({ id: schema.payments.id });

    await database.migrate(MIGRATIONS_FOLDER);
    expect(await deriveInvestmentCases(db, later(60))).toEqual({ ran: true, cases: 4, anomalies: 1 });

    const cases = new Map((await db.select().from(schema.investmentCases).orderBy(asc(schema.investmentCases.userId))).map((c) => [c.userId, c]));
    expect(cases.size).toBe(4);
    expect(cases.get(reading.userId)).toMatchObject({ version: 1, states: ['disclosure'], stateIds: ['investment', 'investment.disclosure'], anomalies: [] });
    expect(cases.get(waiting.userId)).toMatchObject({ version: 1, states: ['case.review.underReview', 'case.investing.payment.awaitingFunds'], anomalies: [] });
    expect(cases.get(paid.userId)).toMatchObject({ states: ['case.review.approved', 'case.investing.settled.paid'], anomalies: [] });
    expect(cases.get(paid.userId)!.stateIds).toEqual(
      expect.arrayContaining(['investment.case.investing.settled', 'investment.case.investing.settled.paid', 'investment.case.review.approved']),
    );
    const held = cases.get(twice.userId)!;
    expect(held.states).toEqual(['case.review.approved', 'case.investing.settled.paid']);
    expect(held.context).toMatchObject({ payment: { id: first!.id }, heldTwice: [second!.id] });
    expect(held.anomalies).toEqual([`payment ${second!.id} is a second settled payment: held as paid twice`]);

    const [record] = await db.select().from(schema.dataMigrations).where(eq(schema.dataMigrations.name, DERIVE_CASES_MIGRATION));
    expect(record).toMatchObject({ ranAt: later(60), detail: { cases: 4, anomalies: 1 } });
    // Once: a second start reads the record and changes nothing.
    expect(await deriveInvestmentCases(db, later(120))).toEqual({ ran: false });
    expect((await db.select().from(schema.investmentCases)).every((c) => c.version === 1)).toBe(true);
  });
});

describe('a start of the server', () => {
  it('runs the derivation after the SQL migrations and records it', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const [record] = await database.db.select().from(schema.dataMigrations).where(eq(schema.dataMigrations.name, DERIVE_CASES_MIGRATION));
      expect(record?.detail).toEqual({ cases: 0, anomalies: 0 });
    } finally {
      await database.close();
    }
  });
});
