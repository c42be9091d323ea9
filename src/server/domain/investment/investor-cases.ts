/**
 * Investors' cases on the lifecycle chart, read from today's rows: the chart's own snapshot of each (XState's
 * resolveState, so the chart itself checks the state exists), and the leaf states it is in ("case.review.approved",
 * "case.investing.settled.paid"): what the counts per state and the comparisons with the API use.
 */
import type { SnapshotFrom, StateValue } from 'xstate';
import { investmentMachine } from '../../../../machines/investment/investment.machine.ts';
import type { Db } from '../../db/types.ts';
import { caseFromRows, type DerivedCase } from './case-from-rows.ts';
import { loadCaseRows } from './load-case-rows.ts';

export type InvestorCase = DerivedCase & { snapshot: SnapshotFrom<typeof investmentMachine>; states: string[] };

/** The leaf states of a state value, as dotted paths below the root: 'disclosure', 'case.review.underReview'. */
export function leafStates(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [`${prefix}${key}`] : leafStates(child as StateValue, `${prefix}${key}.`)));
}

/** Every state a case is in, from the root ('investment') down to each leaf, as the explorer names them. */
export function activeStateIds(leaves: readonly string[], root = 'investment'): string[] {
  const ids = new Set([root]);
  for (const leaf of leaves) {
    const parts = leaf.split('.');
    for (let i = 1; i <= parts.length; i++) ids.add(`${root}.${parts.slice(0, i).join('.')}`);
  }
  return [...ids];
}

export async function investorCases(db: Db, userIds: readonly string[]): Promise<Map<string, InvestorCase>> {
  const rows = await loadCaseRows(db, userIds);
  const out = new Map<string, InvestorCase>();
  for (const [userId, row] of rows) {
    const derived = caseFromRows(row);
    const snapshot = investmentMachine.resolveState({ value: derived.value, context: derived.context });
    out.set(userId, { ...derived, snapshot, states: leafStates(snapshot.value) });
  }
  return out;
}

export async function investorCase(db: Db, userId: string): Promise<InvestorCase | null> {
  return (await investorCases(db, [userId])).get(userId) ?? null;
}
