/**
 * Registration, second half: once the emailed code is verified, the checks run again (settings may have changed
 * since the code was sent) and the user, their details, one state row per process step, the investment, the
 * session and the audit event are written in the caller's ONE transaction: either all exist or none.
 */
import type { SessionUser } from '../../shared/auth.ts';
import type { InvestmentSettings } from '../../shared/investment-settings.ts';
import type { RegistrationPayload } from '../../shared/registration.ts';
import type { TokenService } from '../auth/token-service.ts';
import type { Db } from '../db/types.ts';
import { disclosureProgress, investments, kycVerifications, legalAgreements, userDetails, users } from '../db/schema/index.ts';
import { checkRegistrationFields, isEmailTaken } from './check-registration.ts';
import { recordAuditEvent } from './record-audit-event.ts';
import type { AnonymousRequestContext } from './request-context.ts';
import { recordNewCase } from './investment/record-case.ts';
import { startSession } from './start-session.ts';

export type RegistrationResult = { response: { token: string; user: SessionUser; settings: InvestmentSettings }; jti: string };

/**
 * Writes the account inside the caller's transaction `tx`; the answer and the new session's id. The caller holds the
 * address's lock and has seen it free (verify-email-code.ts), so a taken address here is a broken invariant.
 */
export async function createInvestorAccount(tx: Db, tokens: TokenService, payload: RegistrationPayload, context: AnonymousRequestContext): Promise<RegistrationResult> {
  const { now, meta } = context;
  const { limits, tokenQuantity } = await checkRegistrationFields(tx, payload, now);
  const individual = payload.investorType === 'individual' ? payload : null;
  const entity = payload.investorType === 'entity' ? payload : null;
  if (await isEmailTaken(tx, payload.email)) throw new Error('createInvestorAccount: the address has an account');

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
  // The case starts on the lifecycle chart at the disclosure step.
  await recordNewCase(tx, user.id, Math.round(payload.investmentAmount * 100), now);
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
    response: {
      token: session.token,
      user: { userId: user.id, userDetailsId: details.id, email: payload.email, investmentAmount: payload.investmentAmount },
      settings: limits,
    },
    jti: session.jti,
  };
}

