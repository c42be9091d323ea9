/** Pure rules shared by browser and server: formats, limits, token expiry, step order. */
import { FEE_RATES, PROCESS_STEPS, type ProcessStep } from './constants.ts';
import { messages } from './messages.ts';
import { EMAIL_PATTERN, WALLET_PATTERN, type InvestmentSettings } from './schemas.ts';
import { STATUS_STEPS, isStatusStep, isStepComplete, type StatusAnswers, type StatusStep } from './step-status.ts';

const eurFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const plainFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** "€25,000": en-GB, no decimals (spec section 9). */
export const formatEur = (amount: number): string => eurFormat.format(amount);
/** "25,000" for the amount messages, which put the € sign themselves. */
export const formatAmountPlain = (amount: number): string => plainFormat.format(amount);
export const formatTokensInput = (tokens: number): string => tokens.toFixed(2);
export const formatTokensSummary = (tokens: number): string =>
  new Intl.NumberFormat('en-GB', { maximumFractionDigits: 6 }).format(tokens);
export const formatTokenPrice = (price: number): string => price.toFixed(2);

export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email.trim());
export const isValidWallet = (address: string): boolean => WALLET_PATTERN.test(address.trim());

/** Tokens = amount / tokenPrice, kept to 6 decimals so client and server agree to the digit. */
export const tokensFor = (amount: number, tokenPrice: number): number =>
  Math.round((amount / tokenPrice) * 1e6) / 1e6;

/** EUR amounts have at most cents (the database keeps two decimals and would round anything finer). */
export const hasAtMostCents = (amount: number): boolean => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;

export function amountError(amount: number | null, settings: InvestmentSettings): string | null {
  const min = formatAmountPlain(settings.minInvestment);
  const max = formatAmountPlain(settings.maxInvestment);
  if (amount === null || !Number.isFinite(amount)) return messages.registration.amountBetween(min, max);
  if (amount < settings.minInvestment) return messages.registration.amountMin(min);
  if (amount > settings.maxInvestment) return messages.registration.amountMax(max);
  if (!hasAtMostCents(amount)) return messages.registration.amountCents;
  return null;
}

export type SettingsCheck = { ok: true; settings: InvestmentSettings } | { ok: false; error: string };

/** Spec section 5: settings are accepted only if price and minimum are positive and max > min. */
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

export const processingFee = (amount: number, method: keyof typeof FEE_RATES): number =>
  Math.round(amount * FEE_RATES[method] * 100) / 100;

/** The JSON claims in the middle part of a three-part token, or null when it cannot be read. */
export function readTokenPayload(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))) as unknown;
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `exp` (seconds) of a token, or null when it cannot be read. */
export function readTokenExp(token: string | null | undefined): number | null {
  const exp = readTokenPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/** Spec section 5: expired if missing, undecodable, or exp earlier than now. */
export const isTokenExpired = (token: string | null | undefined, nowMs: number): boolean => {
  const exp = readTokenExp(token);
  return exp === null || exp * 1000 < nowMs;
};

/** Spec section 2: a path containing kyc, agreements, payment or complete selects that step, otherwise disclosure. */
export function stepFromPath(path: string): ProcessStep {
  for (const step of ['kyc', 'agreements', 'payment', 'complete'] as const) if (path.includes(step)) return step;
  return 'disclosure';
}

export const pathOfStep = (step: ProcessStep): string => `/process/${step}`;

export type StepState = { completed: boolean; accessible: boolean; current: boolean; data: unknown };
export type StepProgress = Record<ProcessStep, StepState>;

/** Completion rules of spec section 4 "Process" (PROCESS_STEP_STATUS), applied to the status answers (any may be missing). */
function completedSteps(answers: StatusAnswers): Record<StatusStep, boolean> {
  return Object.fromEntries(STATUS_STEPS.map((step) => [step, isStepComplete(step, answers[step])])) as Record<StatusStep, boolean>;
}

/** Step order: disclosure always accessible, each later one needs its predecessor complete. */
export function deriveStepProgress(answers: StatusAnswers, serverStep: ProcessStep | null | undefined): StepProgress {
  const done = completedSteps(answers);
  // 'complete' has no status of its own: it is never "completed", only reached once payment is.
  const isDone = (step: ProcessStep | undefined) => step !== undefined && isStatusStep(step) && done[step];
  const current = serverStep ?? 'disclosure';
  const progress = {} as StepProgress;
  PROCESS_STEPS.forEach((step, i) => {
    progress[step] = {
      completed: isDone(step),
      accessible: i === 0 || isDone(PROCESS_STEPS[i - 1]),
      current: step === current,
      data: isStatusStep(step) ? answers[step] : null,
    };
  });
  return progress;
}

/** Rounded percentage of the steps with a status (disclosure, kyc, agreements, payment) that are complete. */
export const overallProgress = (p: StepProgress): number =>
  Math.round((STATUS_STEPS.filter((step) => p[step].completed).length / STATUS_STEPS.length) * 100);
