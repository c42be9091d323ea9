/**
 * The back-office dashboard (issue 15), on both databases, against a known set of investors added to whatever the
 * file's database holds: the funnel by step, committed / paid / refunded sums, KYC decisions per day from the
 * audit trail (approvals, rejections, resubmission requests only; the last 30 days only), and every role may read it.
 * Issue 26: rejected, refunded and withdrawn investors have bars of their own (each investor in one bar), and Paid and
 * Refunded share one definition (fees included). Issue 27: both read from where each case stands on the lifecycle
 * chart; fixtures that write rows directly store the case as a route would (support/stored-case.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import * as v from 'valibot';
import { DashboardResponseSchema, FUNNEL_OUTCOMES, type DashboardResponse } from '../../src/shared/admin/dashboard.ts';
import { PROCESS_STEPS } from '../../src/shared/process-steps.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { NO_CLIENT } from '../../src/server/domain/request-context.ts';
import { recordAuditEvent } from '../../src/server/domain/record-audit-event.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { passDisclosure } from './support/kyc.ts';
import { completedCardPayment, refund, setKyc } from './support/money.ts';
import { currentStep, insertCryptoPayment, paymentInvestor } from './support/payment.ts';
import { createStaff, type TestStaff } from './support/staff.ts';
import { storeCase } from './support/stored-case.ts';

async function figures(t: ApiTest, token: string): Promise<DashboardResponse> {
  const res = await t.get('/api/admin/dashboard', token);
  expect(res.status).toBe(200);
  // Every answer passes the schema the back-office checks it with (issue 29).
  return v.parse(DashboardResponseSchema, await res.json());
}

const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

forEachDatabase('back-office dashboard', (t) => {
  let staff: TestStaff[];
  beforeAll(async () => {
    staff = [await createStaff(t, ['compliance']), await createStaff(t, ['finance']), await createStaff(t, ['issuer-admin']), await createStaff(t, ['auditor'])];
  });

  it('counts a known set of investors, money and KYC decisions', async () => {
    const [compliance] = staff;
    const before = await figures(t, compliance!.token);
    expect(before.funnel.map((f) => f.step)).toEqual([...PROCESS_STEPS]);
    expect(before.money.refundedEur).toBe(0);
    expect(before.kycDecisions).toHaveLength(30);

    // Two still reading, one at KYC, one paid (its crypto payment COMPLETED), one whose payment was refunded.
    await t.register({ investmentAmount: 25_000 });
    await t.register({ investmentAmount: 30_000 });
    const atKyc = await t.register({ investmentAmount: 40_000 });
    await passDisclosure(t, atKyc.user.userId);
    const paid = await paymentInvestor(t, { investmentAmount: 50_000 });
    const payment = await insertCryptoPayment(t, paid);
    await t.database.db.update(schema.payments).set({ paymentStatus: 'COMPLETED' }).where(eq(schema.payments.id, payment.id));
    const failed = await paymentInvestor(t, { investmentAmount: 60_000 });
    const failedPayment = await insertCryptoPayment(t, failed);
    await t.database.db.update(schema.payments).set({ paymentStatus: 'REFUNDED' }).where(eq(schema.payments.id, failedPayment.id));

    // KYC decisions in the audit trail: two approvals today, a rejection two days ago, a resubmission request, two
    // events that are no decision (a document viewed, the first approval of two), and an approval 40 days ago.
    const now = t.clock.now();
    const event = (action: string, at: Date, detail: Record<string, unknown> = {}) =>
      recordAuditEvent(t.database.db, { userId: null, staffId: compliance!.id, action, detail: { role: 'compliance', ...detail }, meta: NO_CLIENT, at });
    await event('admin.kyc.approved', now);
    await event('admin.kyc.approved', new Date(now.getTime() - 1000));
    await event('admin.kyc.rejected', new Date(now.getTime() - 2 * DAY));
    await event('admin.kyc.resubmission-requested', now, { steps: ['identity'] });
    await event('admin.kyc.document-viewed', now);
    await event('admin.kyc.first-approval', now);
    await event('admin.kyc.approved', new Date(now.getTime() - 40 * DAY));
    // The refund that went back, and one still under way (the paid investor's).
    const refund = (amountCents: number, status: 'SUCCEEDED' | 'PENDING') => ({
      paymentId: status === 'SUCCEEDED' ? failedPayment.id : payment.id,
      userId: status === 'SUCCEEDED' ? failed.userId : paid.userId,
      requestId: randomUUID(),
      amountCents,
      status,
      reason: 'returned',
      outgoingReference: 'RF-1',
      ...(status === 'SUCCEEDED' ? { completedAt: now } : {}),
    });
    await t.database.db.insert(schema.refunds).values([refund(123_45, 'SUCCEEDED'), refund(999_00, 'PENDING')]);
    for (const investor of [paid, failed]) await storeCase(t, investor.userId);

    const after = await figures(t, compliance!.token);
    const delta = (step: string) => after.funnel.find((f) => f.step === step)!.investors - before.funnel.find((f) => f.step === step)!.investors;
    // Paid with a refund under way: still complete until the money is back. Refunded: in the Refunded bar, not at Payment.
    expect(PROCESS_STEPS.map(delta)).toEqual([2, 1, 0, 0, 1]);
    const outcome = (f: DashboardResponse, name: string) => f.outcomes.find((o) => o.outcome === name)!.investors;
    expect(outcome(after, 'refunded') - outcome(before, 'refunded')).toBe(1);
    expect(after.investors - before.investors).toBe(5);
    expect(after.money.committedEur - before.money.committedEur).toBe(25_000 + 30_000 + 40_000 + 50_000 + 60_000);
    // Paid and Refunded on one definition (issue 26): what moved, fees included.
    expect(after.money.paidEur - before.money.paidEur).toBe(payment.totalCents / 100);
    expect(after.money.refundedEur - before.money.refundedEur).toBe(123.45);

    const byDay = new Map(after.kycDecisions.map((d) => [d.day, d]));
    const beforeByDay = new Map(before.kycDecisions.map((d) => [d.day, d]));
    const today = byDay.get(dayOf(now))!;
    const todayBefore = beforeByDay.get(dayOf(now)) ?? { approved: 0, rejected: 0, other: 0 };
    // Two approvals today (the second a second earlier, which may be yesterday just after midnight UTC).
    const approvedToday = today.approved - todayBefore.approved + (dayOf(new Date(now.getTime() - 1000)) === dayOf(now) ? 0 : 1);
    expect(approvedToday).toBe(2);
    expect(today.other - todayBefore.other).toBe(1);
    const twoDaysAgo = dayOf(new Date(now.getTime() - 2 * DAY));
    expect(byDay.get(twoDaysAgo)!.rejected - (beforeByDay.get(twoDaysAgo)?.rejected ?? 0)).toBe(1);
    expect(after.kycDecisions.at(-1)!.day).toBe(dayOf(now));
    expect(after.kycDecisions[0]!.day).toBe(dayOf(new Date(now.getTime() - 29 * DAY)));
    const total = (f: DashboardResponse) => f.kycDecisions.reduce((n, d) => n + d.approved + d.rejected + d.other, 0);
    expect(total(after) - total(before)).toBe(4);
    expect(Object.values(after.kycNow).reduce((a, b) => a + b, 0) - Object.values(before.kycNow).reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('rejected, refunded and withdrawn investors have their own bars: each investor counted once, never at a step they cannot finish', async () => {
    const [, finance] = staff;
    const { db } = t.database;
    const before = await figures(t, finance!.token);
    const bar = (f: DashboardResponse, name: string) => (f.funnel.find((x) => x.step === name) ?? f.outcomes?.find((x) => x.outcome === name))?.investors ?? Number.NaN;

    // A: paid by card, KYC approved: Complete.
    const approved = await completedCardPayment(t);
    await setKyc(t, approved.userId, 'APPROVED');
    // B: paid by card, then KYC rejected, refund not made yet: Rejected (not Complete).
    const rejectedPaid = await completedCardPayment(t);
    await setKyc(t, rejectedPaid.userId, 'REJECTED');
    // C: paid, rejected, refunded by finance: Refunded.
    const refunded = await completedCardPayment(t);
    await setKyc(t, refunded.userId, 'REJECTED');
    expect((await refund(t, finance!.token, refunded.paymentId)).status).toBe(200);
    // D: rejected while on the agreements step: Rejected (not Agreements).
    const rejectedEarly = await paymentInvestor(t, { agreements: false });
    await setKyc(t, rejectedEarly.userId, 'REJECTED');
    // E: a payment held and refunded, then paid again: back at its step (Complete).
    const again = await completedCardPayment(t);
    await setKyc(t, again.userId, 'APPROVED');
    await db.update(schema.payments).set({ paymentStatus: 'ON_HOLD' }).where(eq(schema.payments.id, again.paymentId));
    expect((await refund(t, finance!.token, again.paymentId)).status).toBe(200);
    const [second] = await db
      .insert(schema.payments)
      .values({ userId: again.userId, investmentId: again.investmentId, paymentMethod: 'WIRE', paymentStatus: 'COMPLETED', amountCents: again.amount * 100, feeCents: 0, totalCents: again.amount * 100, completedAt: t.clock.now() })
      .returning();
    await db.update(schema.investments).set({ paymentCompleted: true, completedAt: t.clock.now() }).where(eq(schema.investments.id, again.investmentId));
    await storeCase(t, again.userId);

    for (const p of [approved, rejectedPaid, refunded, again]) expect(await currentStep(t, p.userId)).toBe('complete');
    expect(await currentStep(t, rejectedEarly.userId)).toBe('agreements');

    const after = await figures(t, finance!.token);
    const delta = (name: string) => bar(after, name) - bar(before, name);
    expect(Object.fromEntries([...PROCESS_STEPS, 'rejected', 'refunded', 'withdrawn'].map((name) => [name, delta(name)]))).toEqual({
      disclosure: 0,
      kyc: 0,
      agreements: 0,
      payment: 0,
      complete: 2,
      rejected: 2,
      refunded: 1,
      withdrawn: 0,
    });
    expect(after.outcomes.map((o) => o.outcome)).toEqual([...FUNNEL_OUTCOMES]);
    // Every investor is in exactly one bar.
    const sum = (f: DashboardResponse) => [...f.funnel, ...f.outcomes].reduce((n, x) => n + x.investors, 0);
    expect(sum(after)).toBe(after.investors);
    expect(sum(before)).toBe(before.investors);
    expect(after.withdrawalsRecorded).toBe(false);

    // Paid: the completed payments, fees included; Refunded: what went back, fees included (a card refund is the
    // captured total). A refunded payment leaves Paid by exactly what enters Refunded.
    expect(after.money.paidEur - before.money.paidEur).toBeCloseTo((approved.totalCents + rejectedPaid.totalCents + second!.totalCents) / 100, 2);
    expect(after.money.refundedEur - before.money.refundedEur).toBeCloseTo((refunded.totalCents + again.totalCents) / 100, 2);
  });

  it('every staff role reads the same figures; nothing is written', async () => {
    const answers = await Promise.all(staff.map((s) => figures(t, s.token)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });
});
