/**
 * The investment settings (token price and the investment limits, spec sections 3 and 5): GET
 * /api/settings/investment-limits, the settings that travel with a sign-in and a refused registration, and the rule
 * that accepts them. Its own file because both auth.ts (the sign-in answer) and registration.ts (the limits) need it.
 */
import * as v from 'valibot';
import { messages } from './messages.ts';

const positive = v.pipe(v.number(), v.finite(), v.gtValue(0));

export const InvestmentSettingsSchema = v.object({ tokenPrice: positive, minInvestment: positive, maxInvestment: positive });
export type InvestmentSettings = v.InferOutput<typeof InvestmentSettingsSchema>;

export type SettingsCheck = { ok: true; settings: InvestmentSettings } | { ok: false; error: string };

/**
 * Spec section 5: settings are accepted only if price and minimum are positive and max > min. This, not the schema,
 * checks the settings answer in the browser: the spec words an incomplete and an invalid configuration apart.
 */
export function checkSettings(raw: unknown): SettingsCheck {
  if (typeof raw !== 'object' || raw === null) return { ok: false, error: messages.settings.incomplete };
  const r = raw as Record<string, unknown>;
  const keys = ['tokenPrice', 'minInvestment', 'maxInvestment'] as const;
  if (keys.some((k) => r[k] === undefined || r[k] === null || r[k] === '')) {
    return { ok: false, error: messages.settings.incomplete };
  }
  const [tokenPrice, minInvestment, maxInvestment] = keys.map((k) => Number(r[k])) as [number, number, number];
  if (![tokenPrice, minInvestment, maxInvestment].every(Number.isFinite) || tokenPrice <= 0 || minInvestment <= 0 || maxInvestment <= minInvestment) {
    return { ok: false, error: messages.settings.invalid };
  }
  return { ok: true, settings: { tokenPrice, minInvestment, maxInvestment } };
}
