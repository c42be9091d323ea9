/**
 * The stored case (table investment_cases, issue 27) in API tests. Fixtures that write an investor's rows directly
 * (a step marked done without its route) store the case as the route would have: read again from the rows
 * (src/server/domain/investment/record-case.ts). `expectStoredCase` is the invariant every state change keeps: the
 * stored case is the chart's reading of the rows as they stand, with nothing for a person to look at.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/server/db/schema/index.ts';
import { investorCase } from '../../../src/server/domain/investment/investor-cases.ts';
import { recordCase } from '../../../src/server/domain/investment/record-case.ts';
import type { ApiTest } from '../harness.ts';

export const storeCase = async (t: ApiTest, userId: string): Promise<void> => {
  await recordCase(t.database.db, userId, null, t.clock.now());
};

export async function storedCase(t: ApiTest, userId: string) {
  const [row] = await t.database.db.select().from(schema.investmentCases).where(eq(schema.investmentCases.userId, userId));
  if (!row) throw new Error(`no stored case for ${userId}`);
  return row;
}

/** The stored case equals the rows' reading and has no anomaly; with `states`, it is in exactly those (any order). */
export async function expectStoredCase(t: ApiTest, userId: string, states?: readonly string[]) {
  const stored = await storedCase(t, userId);
  const derived = await investorCase(t.database.db, userId);
  expect(stored.anomalies, 'anomalies').toEqual([]);
  expect([...stored.states].sort(), 'stored states against the rows').toEqual([...derived!.states].sort());
  expect(stored.context, 'stored context against the rows').toEqual(derived!.snapshot.context);
  if (states) expect([...stored.states].sort()).toEqual([...states].sort());
  return stored;
}
