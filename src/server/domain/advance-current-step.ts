/**
 * Moves an investor's current step forward to `to` (order: PROCESS_STEPS), never back: an investor already at or past
 * `to` keeps their step, so completing a step again, or an earlier one late, changes nothing. Skipping forward is
 * allowed (a step's completion moves an investor still on an earlier one straight on). Inside the caller's transaction.
 *
 * An unknown user is an error, not a no-op: every caller has just locked that investor's step row, so a missing
 * user_details row is a broken invariant that must not pass silently. Returns whether the step moved.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { PROCESS_STEPS, type ProcessStep } from '../../shared/process-steps.ts';
import { userDetails } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';

export async function advanceCurrentStep(tx: Db, userId: string, to: ProcessStep): Promise<boolean> {
  const earlier = PROCESS_STEPS.slice(0, PROCESS_STEPS.indexOf(to));
  if (earlier.length > 0) {
    const moved = await tx
      .update(userDetails)
      .set({ currentStep: to })
      .where(and(eq(userDetails.userId, userId), inArray(userDetails.currentStep, earlier)))
      .returning({ id: userDetails.id });
    if (moved.length > 0) return true;
  }
  const [investor] = await tx.select({ id: userDetails.id }).from(userDetails).where(eq(userDetails.userId, userId)).limit(1);
  if (!investor) throw new Error(`advanceCurrentStep: no investor ${userId}`);
  return false;
}
