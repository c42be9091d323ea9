/**
 * The back-office dashboard (issue 15), on both databases, against a known set of investors added to whatever the
 * file's database holds: the funnel by current step, committed / paid / refunded sums, KYC decisions per day from the
 * audit trail (approvals, rejections, resubmission requests only; the last 30 days only), and every role may read it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { DashboardResponse } from '../../src/shared/admin/dashboard.ts';
import { PROCESS_STEPS } from '../../src/shared/process-steps.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { NO_CLIENT } from '../../src/server/domain/request-context.ts';
import { recordAuditEvent } from '../../src/server/domain/record-audit-event.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { passDisclosure } from './support/kyc.ts';
import { insertCryptoPayment, paymentInvestor } from './support/payment.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

async function figures(t: ApiTest, token: string): Promise<DashboardResponse> {
  const res = await t.get('/api/admin/dashboard', token);
  expect(res.status).toBe(200);
  return (await res.json()) as DashboardResponse;
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

    // Two still reading, one at KYC, one paying (its crypto payment COMPLETED), one whose payment failed.
    await t.register({ investmentAmount: 25_000 });
    await t.register({ investmentAmount: 30_000 });
    const atKyc = await t.register({ investmentAmount: 40_000 });
    await passDisclosure(t, atKyc.user.userId);
    const paid = await paymentInvestor(t, { investmentAmount: 50_000 });
    const payment = await insertCryptoPayment(t, paid);
    await t.database.db.update(schema.payments).set({ paymentStatus: 'COMPLETED' }).where(eq(schema.payments.id, payment.id));
    const failed = await paymentInvestor(t, { investmentAmount: 60_000 });
    const failedPayment = await insertCryptoPayment(t, failed);
    await t.database.db.update(schema.payments).set({ paymentStatus: 'FAILED' }).where(eq(schema.payments.id, failedPayment.id));

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
    // A refund that went back (the failed payment stands in for a returned one) and one still under way.
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

    const after = await figures(t, compliance!.token);
    const delta = (step: string) => after.funnel.find((f) => f.step === step)!.investors - before.funnel.find((f) => f.step === step)!.investors;
    expect(PROCESS_STEPS.map(delta)).toEqual([2, 1, 0, 2, 0]);
    expect(after.investors - before.investors).toBe(5);
    expect(after.money.committedEur - before.money.committedEur).toBe(25_000 + 30_000 + 40_000 + 50_000 + 60_000);
    expect(after.money.paidEur - before.money.paidEur).toBe(payment.amountCents / 100);
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

  it('every staff role reads the same figures; nothing is written', async () => {
    const answers = await Promise.all(staff.map((s) => figures(t, s.token)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });
});
