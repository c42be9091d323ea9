/**
 * GET /api/admin/lifecycle and /lifecycle/investors (issue 27): where every investor's case stands on the lifecycle
 * chart, read from today's rows (domain/investment), a thousand investors at a time so memory stays flat whatever
 * their number. Counts per state id, compound states included; the investors in one state, a page at a time in user
 * id order (the cursor is the last user id of the page before).
 */
import { asc, eq, gt, inArray } from 'drizzle-orm';
import type { AnyStateNode } from 'xstate';
import { investmentMachine } from '../../../../machines/investment/investment.machine.ts';
import { LIFECYCLE_PAGE_SIZE, lifecycleMessages, type LifecycleInvestor, type LifecycleInvestorsPage, type LifecyclePopulation } from '../../../shared/admin/lifecycle.ts';
import { investments, userDetails, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { activeStateIds, investorCases, type InvestorCase } from '../investment/investor-cases.ts';

const BATCH = 1000;

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

/** Each batch of investors' cases in user id order, from after `cursor`. */
async function* casesInOrder(db: Db, cursor: string | null = null): AsyncGenerator<[string, InvestorCase][]> {
  let after = cursor;
  for (;;) {
    const rows = await db
      .select({ userId: investments.userId })
      .from(investments)
      .where(after ? gt(investments.userId, after) : undefined)
      .orderBy(asc(investments.userId))
      .limit(BATCH);
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.userId);
    const cases = await investorCases(db, ids);
    yield ids.flatMap((id) => (cases.has(id) ? [[id, cases.get(id)!] as [string, InvestorCase]] : []));
    if (rows.length < BATCH) return;
    after = ids.at(-1)!;
  }
}

export async function lifecyclePopulation(db: Db, now: Date): Promise<LifecyclePopulation> {
  const counts: Record<string, number> = {};
  let investors = 0;
  let anomalies = 0;
  for await (const batch of casesInOrder(db)) {
    for (const [, c] of batch) {
      investors++;
      if (c.anomalies.length > 0) anomalies++;
      for (const id of activeStateIds(c.states)) counts[id] = (counts[id] ?? 0) + 1;
    }
  }
  return { counts, investors, anomalies, asOf: now.toISOString() };
}

export async function investorsInState(db: Db, state: string, cursor: string | null): Promise<LifecycleInvestorsPage> {
  if (!STATE_IDS.has(state)) throw new AppError('BAD_REQUEST', lifecycleMessages.unknownState);
  const found: [string, InvestorCase][] = [];
  for await (const batch of casesInOrder(db, cursor)) {
    for (const entry of batch) if (activeStateIds(entry[1].states).includes(state)) found.push(entry);
    if (found.length > LIFECYCLE_PAGE_SIZE) break;
  }
  const page = found.slice(0, LIFECYCLE_PAGE_SIZE);
  const people = page.length
    ? await db
        .select({ userId: users.id, email: users.email, fullName: userDetails.fullName, entityName: userDetails.entityName, amount: investments.amount })
        .from(users)
        .innerJoin(investments, eq(investments.userId, users.id))
        .leftJoin(userDetails, eq(userDetails.userId, users.id))
        .where(inArray(users.id, page.map(([id]) => id)))
    : [];
  const byId = new Map(people.map((p) => [p.userId, p]));
  const listed: LifecycleInvestor[] = page.map(([userId, c]) => {
    const p = byId.get(userId);
    return { userId, name: p?.entityName ?? p?.fullName ?? '', email: p?.email ?? '', amount: p?.amount ?? 0, states: c.states, anomalies: c.anomalies };
  });
  return { state, investors: listed, nextCursor: found.length > LIFECYCLE_PAGE_SIZE ? page.at(-1)![0] : null };
}
