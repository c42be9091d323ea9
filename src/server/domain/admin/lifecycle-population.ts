/**
 * GET /api/admin/lifecycle and /lifecycle/investors (issue 27): where every investor's case stands on the lifecycle
 * chart, read from the stored cases (table investment_cases, kept by every state change in its transaction): counts
 * per state id, compound states included, in one aggregate; the investors in one state, a page at a time in user id
 * order (the cursor is the last user id of the page before), through the index on the state ids.
 */
import { and, arrayContains, asc, eq, gt, sql } from 'drizzle-orm';
import type { AnyStateNode } from 'xstate';
import { investmentMachine } from '../../../../machines/investment/investment.machine.ts';
import { LIFECYCLE_PAGE_SIZE, lifecycleMessages, type LifecycleInvestor, type LifecycleInvestorsPage, type LifecyclePopulation } from '../../../shared/admin/lifecycle.ts';
import { investmentCases, investments, userDetails, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';

/** Every state id of the chart: what a request may ask for. */
const STATE_IDS: ReadonlySet<string> = (() => {
  const ids = new Set<string>();
  const walk = (node: AnyStateNode) => {
    ids.add(node.id);
    for (const child of Object.values(node.states as Record<string, AnyStateNode>)) walk(child);
  };
  walk(investmentMachine.root);
  return ids;
})();

export async function lifecyclePopulation(db: Db, now: Date): Promise<LifecyclePopulation> {
  const [perState, totals] = await Promise.all([
    db.select({ id: sql<string>`s.id`, n: sql<number>`count(*)::int` }).from(sql`${investmentCases}, unnest(${investmentCases.stateIds}) as s(id)`).groupBy(sql`s.id`),
    db
      .select({ investors: sql<number>`count(*)::int`, anomalies: sql<number>`(count(*) filter (where cardinality(${investmentCases.anomalies}) > 0))::int` })
      .from(investmentCases),
  ]);
  const counts: Record<string, number> = {};
  for (const row of perState) counts[row.id] = Number(row.n);
  return { counts, investors: Number(totals[0]?.investors ?? 0), anomalies: Number(totals[0]?.anomalies ?? 0), asOf: now.toISOString() };
}

export async function investorsInState(db: Db, state: string, cursor: string | null): Promise<LifecycleInvestorsPage> {
  if (!STATE_IDS.has(state)) throw new AppError('BAD_REQUEST', lifecycleMessages.unknownState);
  const found = await db
    .select({
      userId: investmentCases.userId,
      states: investmentCases.states,
      anomalies: investmentCases.anomalies,
      email: users.email,
      fullName: userDetails.fullName,
      entityName: userDetails.entityName,
      amount: investments.amount,
    })
    .from(investmentCases)
    .innerJoin(users, eq(users.id, investmentCases.userId))
    .innerJoin(investments, eq(investments.userId, investmentCases.userId))
    .leftJoin(userDetails, eq(userDetails.userId, investmentCases.userId))
    // The GIN index on state_ids answers the containment; the primary key gives the order and the cursor.
    .where(and(arrayContains(investmentCases.stateIds, [state]), cursor ? gt(investmentCases.userId, cursor) : undefined))
    .orderBy(asc(investmentCases.userId))
    .limit(LIFECYCLE_PAGE_SIZE + 1);
  const page = found.slice(0, LIFECYCLE_PAGE_SIZE);
  const listed: LifecycleInvestor[] = page.map((p) => ({
    userId: p.userId,
    name: p.entityName ?? p.fullName ?? '',
    email: p.email,
    amount: p.amount,
    states: p.states,
    anomalies: p.anomalies,
  }));
  return { state, investors: listed, nextCursor: found.length > LIFECYCLE_PAGE_SIZE ? page.at(-1)!.userId : null };
}
