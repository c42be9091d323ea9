/**
 * The stored case (table investment_cases, issue 27): after a state change wrote its rows, and in the same
 * transaction, the case is read again from the rows and stored with its version one higher. The rows stay the one
 * truth (a stored snapshot can never disagree with them for long: the next change re-reads them); the stored case
 * makes the counts per state, the lists of who is in one and the dashboard indexed reads.
 *
 * When the change was decided by the chart, the chart's own next states (`expected`) are compared with what the rows
 * now say: a difference means a route wrote what the chart did not decide, and it is kept on the case as an anomaly
 * for a person to look at (never hidden, never blocking the investor).
 */
import { inArray, sql } from 'drizzle-orm';
import { investmentCases } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { CaseTrace } from './case-decision.ts';
import { investmentMachine } from '../../../../machines/investment/investment.machine.ts';
import { initialCaseContext } from '../../../../machines/investment/investment.rules.ts';
import { activeStateIds, investorCases, leafStates, type InvestorCase } from './investor-cases.ts';

/** Kept per case at most: the latest differences between the chart and the rows. */
const MAX_MISMATCHES = 20;
const MISMATCH = 'The chart expected ';

const sameStates = (a: readonly string[], b: readonly string[]) => [...a].sort().join('\n') === [...b].sort().join('\n');

type CaseSnapshot = Pick<InvestorCase['snapshot'], 'value' | 'context'>;

/** The row of a case: its snapshot, its leaf states and every state id above them. */
function caseRow(userId: string, snapshot: CaseSnapshot, anomalies: string[], now: Date) {
  const states = leafStates(snapshot.value);
  return { userId, version: 1, value: snapshot.value, context: snapshot.context, states, stateIds: activeStateIds(states), anomalies, updatedAt: now };
}

/** The words kept when the rows after a decided change are not where the chart said they would be. */
export function mismatchNote(trace: CaseTrace, states: readonly string[]): string | null {
  if (!trace.to || sameStates(trace.to, states)) return null;
  return `${MISMATCH}${trace.event} to lead from ${trace.from.join(' + ')} to ${trace.to.join(' + ')}; the rows say ${states.join(' + ')}.`;
}

/**
 * Stores the cases of `userIds` as their rows stand now (one derivation and one statement for the batch). Serialised
 * per investor by a transaction-scoped advisory lock taken here, after every lock the caller holds, so two changes of
 * one case store in the order they commit and no lock order can cycle.
 */
export async function recordCases(tx: Db, userIds: readonly string[], expected: ReadonlyMap<string, CaseTrace> = new Map(), now = new Date()): Promise<Map<string, InvestorCase>> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return new Map();
  // One statement for the batch (the derivation at start may lock a thousand at once), in user id order.
  await tx.execute(sql`select pg_advisory_xact_lock(4242, hashtext(x)) from unnest(array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]) with ordinality as t(x, n) order by n`);
  const cases = await investorCases(tx, ids);
  if (cases.size === 0) return cases;
  const earlier = new Map(
    (await tx.select({ userId: investmentCases.userId, anomalies: investmentCases.anomalies }).from(investmentCases).where(inArray(investmentCases.userId, [...cases.keys()]))).map((r) => [
      r.userId,
      r.anomalies.filter((a) => a.startsWith(MISMATCH)),
    ]),
  );
  const rows = [...cases].map(([userId, c]) => {
    const trace = expected.get(userId);
    const note = trace ? mismatchNote(trace, c.states) : null;
    const mismatches = [...(earlier.get(userId) ?? []), ...(note ? [note] : [])].slice(-MAX_MISMATCHES);
    return caseRow(userId, c.snapshot, [...c.anomalies, ...mismatches], now);
  });
  await tx
    .insert(investmentCases)
    .values(rows)
    .onConflictDoUpdate({
      target: investmentCases.userId,
      set: {
        version: sql`${investmentCases.version} + 1`,
        value: sql`excluded.value`,
        context: sql`excluded.context`,
        states: sql`excluded.states`,
        stateIds: sql`excluded.state_ids`,
        anomalies: sql`excluded.anomalies`,
        updatedAt: sql`excluded.updated_at`,
      },
      // Unchanged (a step completed again, a change that did not move the case): the version stays.
      setWhere: sql`(${investmentCases.value}, ${investmentCases.context}, ${investmentCases.anomalies}) is distinct from (excluded.value, excluded.context, excluded.anomalies)`,
    });
  return cases;
}

/** `recordCases` for one investor; `expected`: the trace of the chart's decision that led here, if one did. */
export async function recordCase(tx: Db, userId: string, expected?: CaseTrace | null, now?: Date): Promise<InvestorCase | null> {
  const cases = await recordCases(tx, [userId], expected ? new Map([[userId, expected]]) : new Map(), now);
  return cases.get(userId) ?? null;
}

/**
 * A case that starts now, at registration: the chart's first state with nothing to read from other rows (so a
 * registration, of which hundreds may arrive at once, writes one row here and reads none).
 */
export async function recordNewCase(tx: Db, userId: string, amountCents: number, now: Date): Promise<void> {
  const snapshot = investmentMachine.resolveState({ value: 'disclosure', context: initialCaseContext({ amountCents }) });
  await tx.insert(investmentCases).values(caseRow(userId, snapshot, [], now));
}

