/**
 * The registration rules the server re-checks when an investor submits (before a code is mailed) and again when
 * the code is verified (createInvestorAccount): amount within the limits in force, token count at the current
 * price, a real date of birth, the address still free.
 */
import { eq } from 'drizzle-orm';
import type { InvestmentSettings } from '../../shared/investment-settings.ts';
import { messages } from '../../shared/messages.ts';
import { amountError, tokensFor, type RegistrationPayload } from '../../shared/registration.ts';
import type { Db } from '../db/types.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { getInvestmentSettings } from './get-investment-settings.ts';
import { recordAuditEvent } from './record-audit-event.ts';
import type { AnonymousRequestContext, RequestMeta } from './request-context.ts';

/** Client and server compute the same 6-decimal token count; anything further apart means another price. */
const TOKEN_TOLERANCE = 1e-6;

/** A calendar date that exists, after 1900 and not in the future (the schema only checks YYYY-MM-DD). */
function isPlausibleBirthDate(value: string, now: Date): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01' && date.getTime() <= now.getTime();
}

function checkAmount(payload: RegistrationPayload, limits: InvestmentSettings): number {
  const outOfLimits = amountError(payload.investmentAmount, limits);
  if (outOfLimits) throw new AppError('UNPROCESSABLE', outOfLimits, { limits });
  const tokenQuantity = tokensFor(payload.investmentAmount, limits.tokenPrice);
  // A different count means the browser priced with settings that have since changed: send the current ones.
  if (Math.abs(payload.tokenQuantity - tokenQuantity) > TOKEN_TOLERANCE) {
    throw new AppError('UNPROCESSABLE', messages.registration.checkAmount, { limits });
  }
  return tokenQuantity;
}

export type CheckedRegistration = { limits: InvestmentSettings; tokenQuantity: number };

/** The validation errors of a registration (400, 422 with the limits, 409 for a taken address). */
export async function checkRegistration(db: Db, payload: RegistrationPayload, context: AnonymousRequestContext): Promise<CheckedRegistration> {
  const { now, meta } = context;
  const checked = await checkRegistrationFields(db, payload, now);
  if (await isEmailTaken(db, payload.email)) await refuseDuplicate(db, payload.email, meta, now);
  return checked;
}

export const isEmailTaken = async (db: Db, email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length > 0;

/**
 * A taken address is worth a trace (someone probing which investors exist), then the same 409 for all. A refusal
 * that changes nothing: its audit event is a statement of its own (from verify, after its transaction rolled back).
 */
export async function refuseDuplicate(db: Db, email: string, meta: RequestMeta, now: Date): Promise<never> {
  await recordAuditEvent(db, { userId: null, action: 'auth.register.duplicate', detail: { email }, meta, at: now });
  throw new AppError('CONFLICT', messages.registration.emailTaken);
}

/** Date of birth and amount against the settings in force now (they may have changed since the code was sent). */
export async function checkRegistrationFields(db: Db, payload: RegistrationPayload, now: Date): Promise<CheckedRegistration> {
  if (payload.investorType === 'individual' && !isPlausibleBirthDate(payload.dateOfBirth, now)) {
    throw new AppError('BAD_REQUEST', messages.registration.fillRequired);
  }
  const limits = await getInvestmentSettings(db);
  return { limits, tokenQuantity: checkAmount(payload, limits) };
}
