import { checkSettings, type InvestmentSettings } from '../../shared/investment-settings.ts';
import type { Db } from '../db/types.ts';
import { settings, settingsHistory } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import type { AnonymousRequestContext } from './request-context.ts';
import { getInvestmentSettings } from './get-investment-settings.ts';
import { recordAuditEvent } from './record-audit-event.ts';

/**
 * Changes some of the investment limits (at start from TOKEN_PRICE / MIN_INVESTMENT / MAX_INVESTMENT). The result
 * must pass checkSettings; nothing is written when nothing changes. Returns the settings now in force.
 */
export async function updateInvestmentSettings(
  db: Db,
  changes: Partial<InvestmentSettings>,
  context: Pick<AnonymousRequestContext, 'now' | 'meta'> & { reason: string },
): Promise<InvestmentSettings> {
  return db.transaction(async (tx) => {
    const current = await getInvestmentSettings(tx);
    const next = { ...current, ...changes };
    const checked = checkSettings(next);
    if (!checked.ok) throw new AppError('BAD_REQUEST', checked.error);
    const changed = (Object.keys(changes) as (keyof InvestmentSettings)[]).filter((k) => current[k] !== next[k]);
    if (changed.length === 0) return current;
    for (const key of changed) {
      await tx
        .insert(settings)
        .values({ key, value: next[key], updatedAt: context.now })
        .onConflictDoUpdate({ target: settings.key, set: { value: next[key], updatedAt: context.now } });
    }
    // The back-office's history shows these too (issue 15): the server changed them, from the environment.
    await tx.insert(settingsHistory).values(changed.map((key) => ({ key, oldValue: current[key], newValue: next[key], staffId: null, source: 'environment', at: context.now })));
    await recordAuditEvent(tx, {
      userId: null,
      action: 'settings.update',
      detail: { reason: context.reason, before: current, after: next },
      meta: context.meta,
      at: context.now,
    });
    return checked.settings;
  });
}
