/**
 * The KYC queue's order, country filter, age and overdue mark (issue 29) on every database. Hostile first: an unknown
 * sort or country, a cursor made for another order or status (or forged, or of the old form), huge queries: 400,
 * never a 500. Then every order pages through all rows exactly once with a small page, ties included (equal amounts,
 * countries and submission times), in the order it promises; the default (oldest first) puts the overdue ones first.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { kycReviewMessages } from '../../src/shared/admin/kyc-messages.ts';
import { KYC_QUEUE_SORTS, type KycQueueRow, type KycQueueSort } from '../../src/shared/admin/kyc-review.ts';
import { DEFAULT_KYC_REVIEW_TARGET_HOURS } from '../../src/shared/admin/settings.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { completeSteps, passDisclosure } from './support/kyc.ts';
import { queue } from './support/kyc-review-helpers.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

const HOUR = 3_600_000;

async function submitted(t: ApiTest, marker: string, investmentAmount: number, primaryJurisdiction: string) {
  const { token, user } = await t.register({ investmentAmount, primaryJurisdiction, fullName: `${marker} ${randomUUID().slice(0, 6)}` });
  await passDisclosure(t, user.userId);
  await completeSteps(t, token);
  expect((await t.post('/api/kyc/complete', {}, token)).status).toBe(200);
  return user.userId;
}

/** Every row of the queue in `sort`, read `limit` at a time by the cursor. */
async function allPages(t: ApiTest, staff: TestStaff, query: string, limit: number): Promise<KycQueueRow[]> {
  const rows: KycQueueRow[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const page = await queue(t, staff, `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    rows.push(...page.rows);
    cursor = page.nextCursor;
    if (!cursor) return rows;
  }
  throw new Error('the cursor never ended');
}

/** The order each sort promises: its key, then submission, then investor. */
const byTail = (a: KycQueueRow, b: KycQueueRow) => a.submittedAt.localeCompare(b.submittedAt) || a.userId.localeCompare(b.userId);
const ORDER: Record<KycQueueSort, (a: KycQueueRow, b: KycQueueRow) => number> = {
  oldest: byTail,
  newest: (a, b) => -byTail(a, b),
  amount: (a, b) => b.investmentAmount - a.investmentAmount || byTail(a, b),
  country: (a, b) => a.country.localeCompare(b.country) || byTail(a, b),
};

forEachDatabase('admin kyc queue order', (t) => {
  afterEach(async () => {
    await t.database.db.delete(schema.settings).where(eq(schema.settings.key, 'kycReviewTargetHours'));
  });

  it('refuses an unknown sort or country, a cursor of another order or status, forged cursors and huge queries', async () => {
    const officer = await createStaff(t, ['compliance']);
    const marker = `Hostile${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 3; i++) await submitted(t, marker, 30_000 + i, 'uk');
    const refusal = async (query: string) => {
      const res = await t.get(`/api/admin/kyc/cases?${query}`, officer.token);
      return [res.status, ((await res.json()) as { error?: string }).error];
    };
    expect(await refusal('sort=bogus')).toEqual([400, kycReviewMessages.unknownSort]);
    expect(await refusal('sort=')).toEqual([400, kycReviewMessages.unknownSort]);
    expect(await refusal('country=atlantis')).toEqual([400, kycReviewMessages.unknownCountry]);
    expect(await refusal('country=UK')).toEqual([400, kycReviewMessages.unknownCountry]);

    const amountPage = await queue(t, officer, `q=${marker}&sort=amount&limit=1`);
    const cursor = encodeURIComponent(amountPage.nextCursor!);
    expect((await queue(t, officer, `q=${marker}&sort=amount&limit=1&cursor=${cursor}`)).rows).toHaveLength(1);
    for (const other of ['sort=country', 'sort=newest', 'sort=oldest', '', 'sort=amount&status=APPROVED']) {
      expect(await refusal(`q=${marker}&${other}&cursor=${cursor}`), other).toEqual([400, kycReviewMessages.badCursor]);
    }
    const forged = (body: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(body)).toString('base64url'));
    const t0 = new Date().toISOString();
    const u = randomUUID();
    for (const body of [
      { s: 'amount', st: 'UNDER_REVIEW', t: t0, u },
      { s: 'amount', st: 'UNDER_REVIEW', t: t0, u, a: -1 },
      { s: 'amount', st: 'UNDER_REVIEW', t: t0, u, a: '1; drop table users' },
      { s: 'country', st: 'UNDER_REVIEW', t: t0, u, c: "uk' or 1=1 --" },
      { s: 'oldest', st: 'UNDER_REVIEW', t: 'yesterday', u },
      { s: 'oldest', st: 'UNDER_REVIEW', t: t0, u: 'not-a-uuid' },
      { s: 'oldest', st: 'UNDER_REVIEW', t: t0, u, extra: 1 },
      [1, 2, 3],
      null,
    ]) {
      const sort = typeof body === 'object' && body && 's' in body ? body.s : 'oldest';
      expect(await refusal(`sort=${sort}&cursor=${forged(body)}`), JSON.stringify(body)).toEqual([400, kycReviewMessages.badCursor]);
    }
    // The cursor of the queue before issue 29 (time|user id) and bytes that are not JSON.
    expect(await refusal(`cursor=${Buffer.from(`${t0}|${u}`).toString('base64url')}`)).toEqual([400, kycReviewMessages.badCursor]);
    expect(await refusal('cursor=%00%ff')).toEqual([400, kycReviewMessages.badCursor]);
    // Huge: a long search, a long cursor, a long country, a long URL of repeated parameters.
    for (const query of [`q=${'x'.repeat(5000)}`, `cursor=${'A'.repeat(10_000)}`, `country=${'u'.repeat(5000)}`, `sort=${'a'.repeat(5000)}`]) {
      expect((await t.get(`/api/admin/kyc/cases?${query}`, officer.token)).status, query.slice(0, 20)).toBe(400);
    }
    const repeated = await t.get(`/api/admin/kyc/cases?${Array.from({ length: 2000 }, () => 'country=uk').join('&')}`, officer.token);
    expect(repeated.status).toBeLessThan(500);
  });

  it('pages through every row once in each order, ties included; age, country and overdue on each row', async () => {
    const marker = `Order${randomUUID().slice(0, 6)}`;
    // Two batches, each submitted at one instant (ties on time), with equal amounts and countries within and across.
    const early = [await submitted(t, marker, 25_000, 'uk'), await submitted(t, marker, 40_000, 'eu'), await submitted(t, marker, 25_000, 'uk')];
    t.clock.advance(1000);
    const late = [await submitted(t, marker, 40_000, 'uk'), await submitted(t, marker, 25_000, 'us'), await submitted(t, marker, 150_000, 'eu')];
    t.clock.advance(DEFAULT_KYC_REVIEW_TARGET_HOURS * HOUR);
    // Signed in now (a staff session does not last two days).
    const officer = await createStaff(t, ['compliance']);

    for (const sort of KYC_QUEUE_SORTS) {
      const whole = (await queue(t, officer, `q=${marker}&sort=${sort}`)).rows;
      expect(whole.map((r) => r.userId).sort()).toEqual([...early, ...late].sort());
      expect(whole, sort).toEqual([...whole].sort(ORDER[sort]));
      for (const limit of [1, 2, 4]) {
        const paged = await allPages(t, officer, `q=${marker}&sort=${sort}`, limit);
        expect(paged.map((r) => r.userId), `${sort} by ${limit}`).toEqual(whole.map((r) => r.userId));
      }
    }

    // The default: the oldest, thus the overdue, first. Past the target by a second: overdue; at it exactly: not yet.
    const page = await queue(t, officer, `q=${marker}`);
    expect(page.reviewTargetHours).toBe(DEFAULT_KYC_REVIEW_TARGET_HOURS);
    expect(page.asOf).toBe(t.clock.now().toISOString());
    expect(page.rows.map((r) => [r.overdue, r.ageHours])).toEqual([...early.map(() => [true, 48]), ...late.map(() => [false, 48])]);
    expect(page.rows.slice(0, 3).map((r) => r.userId).sort()).toEqual([...early].sort());

    // The country filter, with every order and the cursor.
    for (const sort of KYC_QUEUE_SORTS) {
      const uk = await allPages(t, officer, `q=${marker}&sort=${sort}&country=uk`, 1);
      expect(uk.map((r) => r.country)).toEqual(['uk', 'uk', 'uk']);
      expect(uk, sort).toEqual([...uk].sort(ORDER[sort]));
    }

    // A target from the settings: a shorter one makes them all overdue.
    await t.database.db.insert(schema.settings).values({ key: 'kycReviewTargetHours', value: 1 });
    const strict = await queue(t, officer, `q=${marker}`);
    expect([strict.reviewTargetHours, strict.rows.every((r) => r.overdue)]).toEqual([1, true]);
    // Only a case awaiting review can be overdue.
    expect((await queue(t, officer, `q=${marker}&status=APPROVED`)).rows).toEqual([]);
  });
});
