/** advanceCurrentStep: forward only, in PROCESS_STEPS order, skipping allowed; an unknown investor is an error. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { ProcessStep } from '../../src/shared/process-steps.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { advanceCurrentStep } from '../../src/server/domain/advance-current-step.ts';
import { forEachDatabase } from './harness.ts';

forEachDatabase('advancing the current step', (t) => {
  const advance = (userId: string, to: ProcessStep) => t.database.db.transaction((tx) => advanceCurrentStep(tx, userId, to));
  const stepOf = async (userId: string) =>
    (await t.database.db.select({ step: schema.userDetails.currentStep }).from(schema.userDetails).where(eq(schema.userDetails.userId, userId)))[0]?.step;

  it('moves forward, also past a step, and never back', async () => {
    const { user } = await t.register();
    expect(await stepOf(user.userId)).toBe('disclosure');
    expect(await advance(user.userId, 'kyc')).toBe(true);
    expect(await stepOf(user.userId)).toBe('kyc');
    expect(await advance(user.userId, 'kyc')).toBe(false);
    expect(await advance(user.userId, 'disclosure')).toBe(false);
    expect(await stepOf(user.userId)).toBe('kyc');
    expect(await advance(user.userId, 'payment')).toBe(true);
    expect(await advance(user.userId, 'agreements')).toBe(false);
    expect(await stepOf(user.userId)).toBe('payment');
    expect(await advance(user.userId, 'complete')).toBe(true);
    expect(await stepOf(user.userId)).toBe('complete');
  });

  it('moves only the given investor', async () => {
    const first = await t.register();
    const second = await t.register();
    await advance(first.user.userId, 'agreements');
    expect([await stepOf(first.user.userId), await stepOf(second.user.userId)]).toEqual(['agreements', 'disclosure']);
  });

  it('refuses an unknown investor, whatever the step', async () => {
    for (const to of ['disclosure', 'kyc'] as const) await expect(advance(randomUUID(), to)).rejects.toThrow(/no investor/);
  });

  it('is rolled back with the transaction it ran in', async () => {
    const { user } = await t.register();
    const rollBack = new Error('roll back');
    await expect(
      t.database.db.transaction(async (tx) => {
        await advanceCurrentStep(tx, user.userId, 'kyc');
        throw rollBack;
      }),
    ).rejects.toBe(rollBack);
    expect(await stepOf(user.userId)).toBe('disclosure');
  });
});
