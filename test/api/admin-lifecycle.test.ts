/**
 * GET /api/admin/lifecycle and /lifecycle/investors (issue 27): how many investors each state of the lifecycle chart
 * holds, and who. Every staff role reads it (a member always has one), investors and strangers do not; a state the chart does not have, a
 * malformed cursor and odd input are refused in words; a page stops at 50 and its cursor continues in user id order.
 * Both databases.
 */
import { expect, it } from 'vitest';
import * as v from 'valibot';
import { LIFECYCLE_PAGE_SIZE, LifecycleInvestorsPageSchema, LifecyclePopulationSchema, lifecycleMessages } from '../../src/shared/admin/lifecycle.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { passDisclosure } from './support/kyc.ts';
import { awaitingPayment, setKyc } from './support/money.ts';
import { paymentInvestor } from './support/payment.ts';
import { createStaff } from './support/staff.ts';

const population = async (t: ApiTest, token: string) => {
  const res = await t.get('/api/admin/lifecycle', token);
  expect(res.status).toBe(200);
  // Every answer passes the schema the back-office checks it with (issue 29).
  return v.parse(LifecyclePopulationSchema, await res.json());
};
const inState = async (t: ApiTest, token: string, state: string, cursor?: string) => {
  const res = await t.get(`/api/admin/lifecycle/investors?state=${encodeURIComponent(state)}${cursor ? `&cursor=${cursor}` : ''}`, token);
  expect(res.status).toBe(200);
  return v.parse(LifecycleInvestorsPageSchema, await res.json());
};

forEachDatabase('the lifecycle population', (t) => {
  it('counts the investors per state, compound states included, and lists who is in one', async () => {
    const auditor = await createStaff(t, ['auditor']);
    const before = await population(t, auditor.token);
    const reading = await t.register();
    const collecting = await t.register();
    await passDisclosure(t, collecting.user.userId);
    const choosing = await paymentInvestor(t);
    const waiting = await awaitingPayment(t, 'WIRE');
    await setKyc(t, waiting.userId, 'APPROVED');

    const after = await population(t, auditor.token);
    const added = (id: string) => (after.counts[id] ?? 0) - (before.counts[id] ?? 0);
    expect(after.investors - before.investors).toBe(4);
    expect(added('investment')).toBe(4);
    expect(added('investment.disclosure')).toBe(1);
    expect(added('investment.kycCollecting')).toBe(1);
    expect(added('investment.case')).toBe(2);
    expect(added('investment.case.review.underReview')).toBe(1);
    expect(added('investment.case.review.approved')).toBe(1);
    expect(added('investment.case.investing.payment')).toBe(2);
    expect(added('investment.case.investing.payment.choosing')).toBe(1);
    expect(added('investment.case.investing.payment.awaitingFunds')).toBe(1);

    const listed = await inState(t, auditor.token, 'investment.case.investing.payment.awaitingFunds');
    const mine = listed.investors.find((i) => i.userId === waiting.userId)!;
    expect(mine).toMatchObject({ email: waiting.email, amount: waiting.amount, states: ['case.review.approved', 'case.investing.payment.awaitingFunds'], anomalies: [] });
    expect(listed.investors.some((i) => i.userId === choosing.userId)).toBe(false);
    const readers = await inState(t, auditor.token, 'investment.disclosure');
    expect(readers.investors.map((i) => i.userId)).toContain(reading.user.userId);
  });

  it('pages 50 at a time in user id order; the cursor continues without repeats', async () => {
    const finance = await createStaff(t, ['finance']);
    for (let i = 0; i < LIFECYCLE_PAGE_SIZE + 3; i++) await t.register();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const page = await inState(t, finance.token, 'investment.disclosure', cursor);
      expect(page.investors.length).toBeLessThanOrEqual(LIFECYCLE_PAGE_SIZE);
      seen.push(...page.investors.map((i) => i.userId));
      if (!page.nextCursor) break;
      expect(page.investors).toHaveLength(LIFECYCLE_PAGE_SIZE);
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(seen);
    expect(seen.length).toBeGreaterThanOrEqual(LIFECYCLE_PAGE_SIZE + 3);
  });

  it('every staff role reads it; neither an investor nor a request without a token', async () => {
    for (const role of ['compliance', 'finance', 'issuer-admin', 'auditor'] as const) {
      const member = await createStaff(t, [role]);
      expect((await t.get('/api/admin/lifecycle', member.token)).status).toBe(200);
    }
    const investor = await t.register();
    expect((await t.get('/api/admin/lifecycle', investor.token)).status).toBe(401);
    expect((await t.get('/api/admin/lifecycle')).status).toBe(401);
  });

  it('refuses a state the chart does not have, a malformed cursor and odd input, in words', async () => {
    const auditor = await createStaff(t, ['auditor']);
    const refused = async (query: string, words: string) => {
      const res = await t.get(`/api/admin/lifecycle/investors?${query}`, auditor.token);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ error: words });
    };
    await refused('', lifecycleMessages.unknownState);
    await refused('state=investment.nowhere', lifecycleMessages.unknownState);
    await refused('state=investment.case.__proto__', lifecycleMessages.unknownState);
    await refused(`state=${encodeURIComponent('investment.disclosure\u202e')}`, lifecycleMessages.unknownState);
    await refused(`state=${'investment.a'.repeat(1000)}`, lifecycleMessages.unknownState);
    await refused('state=investment&cursor=1%27%20or%201=1', lifecycleMessages.badCursor);
    await refused('state=investment&state=investment.disclosure&cursor=x', lifecycleMessages.badCursor);
  });
});
