/**
 * Fixtures that write an investor's rows directly (a step marked done without its route) store the case as the
 * route would have: read again from the rows (src/server/domain/investment/record-case.ts).
 */
import { recordCase } from '../../../src/server/domain/investment/record-case.ts';
import type { ApiTest } from '../harness.ts';

export const storeCase = async (t: ApiTest, userId: string): Promise<void> => {
  await recordCase(t.database.db, userId, null, t.clock.now());
};
