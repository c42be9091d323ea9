/**
 * Registration in two halves. `checkRegistration` re-checks what the browser checked (amount within the limits
 * in force, token count at the current price, a real date of birth, the address still free) when the investor
 * submits, before a code is mailed. `createInvestorAccount` runs once the emailed code is verified: it checks
 * again and writes the user, their details, one state row per process step, the investment, the session and
 * the audit event in the caller's ONE transaction: either all exist or none.
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import { amountError, tokensFor } from '../../shared/rules.ts';
import type { InvestmentSettings, RegistrationPayload, SessionUser } from '../../shared/schemas.ts';
import type { TokenService } from '../auth/token-service.ts';
import type { Db } from '../db/types.ts';
import { disclosureProgress, investments, kycVerifications, legalAgreements, userDetails, users } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { getInvestmentSettings } from './get-investment-settings.ts';
import { recordAuditEvent } from './record-audit-event.ts';
import { startSession } from './start-session.ts';

/** Client and server compute the same 6-decimal token count; anything further apart means another price. */
const TOKEN_TOLERANCE = 1e-6;

export type RegistrationResult = { token: string; user: SessionUser; settings: InvestmentSettings };
type Context = { now: Date; meta: RequestMeta };

/** A calendar date that exists, after 1900 and not in the future (the schema only checks YYYY-MM-DD). */
export function isPlausibleBirthDate(value: string, now: Date): boolean {
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
export async function checkRegistration(db: Db, payload: RegistrationPayload, context: Context): Promise<CheckedRegistration> {
  const { now, meta } = context;
  const checked = await checkRegistrationFields(db, payload, now);
  if (await isEmailTaken(db, payload.email)) await refuseDuplicate(db, payload.email, meta, now);
  return checked;
}

const isEmailTaken = async (db: Db, email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length > 0;

/** A taken address is worth a trace (someone probing which investors exist), then the same 409 for all. */
export async function refuseDuplicate(db: Db, email: string, meta: RequestMeta, now: Date): Promise<never> {
  await recordAuditEvent(db, { userId: null, action: 'auth.register.duplicate', detail: { email }, meta, at: now });
  throw new AppError('CONFLICT', messages.registration.emailTaken);
}

/**
 * Writes the account inside the caller's transaction `tx`. A taken address throws the CONFLICT AppError (also
 * when a racing registration wins the unique index: the caller maps that violation the same way).
 */
export async function createInvestorAccount(tx: Db, tokens: TokenService, payload: RegistrationPayload, context: Context): Promise<RegistrationResult> {
  const { now, meta } = context;
  const { limits, tokenQuantity } = await checkRegistrationFields(tx, payload, now);
  const individual = payload.investorType === 'individual' ? payload : null;
  const entity = payload.investorType === 'entity' ? payload : null;
  if (await isEmailTaken(tx, payload.email)) throw new AppError('CONFLICT', messages.registration.emailTaken);

  const [user] = await tx.insert(users).values({ email: payload.email, createdAt: now }).returning({ id: users.id });
  if (!user) throw new Error('users insert returned no row');
  const [details] = await tx
    .insert(userDetails)
    .values({
      userId: user.id,
      investmentAmount: payload.investmentAmount,
      tokenQuantity,
      investorType: individual ? 'INDIVIDUAL' : 'ENTITY',
      fullName: individual?.fullName ?? null,
      dateOfBirth: individual?.dateOfBirth ?? null,
      nationality: individual?.nationality ?? null,
      entityName: entity?.entityName ?? null,
      jurisdiction: entity?.jurisdiction ?? null,
      authorizedSignatory: entity?.authorizedSignatory ?? null,
      walletAddress: payload.walletAddress,
      primaryJurisdiction: payload.primaryJurisdiction,
      status: 'UNDER_REVIEW',
      currentStep: 'disclosure',
      submittedAt: now,
      createdAt: now,
    })
    .returning({ id: userDetails.id });
  if (!details) throw new Error('user_details insert returned no row');

  await tx.insert(disclosureProgress).values({ userId: user.id, updatedAt: now });
  await tx.insert(kycVerifications).values({ userId: user.id, updatedAt: now });
  await tx.insert(legalAgreements).values({ userId: user.id, walletAddress: payload.walletAddress, updatedAt: now });
  await tx.insert(investments).values({
    userId: user.id,
    amount: payload.investmentAmount,
    tokenQuantity,
    tokenPrice: limits.tokenPrice,
    createdAt: now,
  });
  const session = await startSession(tx, tokens, user.id, now);
  await recordAuditEvent(tx, {
    userId: user.id,
    action: 'auth.register',
    detail: {
      investorType: payload.investorType,
      investmentAmount: payload.investmentAmount,
      tokenQuantity,
      tokenPrice: limits.tokenPrice,
      primaryJurisdiction: payload.primaryJurisdiction,
      jti: session.jti,
    },
    meta,
    at: now,
  });
  return {
    token: session.token,
    user: { userId: user.id, userDetailsId: details.id, email: payload.email, investmentAmount: payload.investmentAmount },
    settings: limits,
  };
}

/** Date of birth and amount against the settings in force now (they may have changed since the code was sent). */
async function checkRegistrationFields(db: Db, payload: RegistrationPayload, now: Date): Promise<CheckedRegistration> {
  if (payload.investorType === 'individual' && !isPlausibleBirthDate(payload.dateOfBirth, now)) {
    throw new AppError('BAD_REQUEST', messages.registration.fillRequired);
  }
  const limits = await getInvestmentSettings(db);
  return { limits, tokenQuantity: checkAmount(payload, limits) };
}
