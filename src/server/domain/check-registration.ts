/**
 * The registration rules the server re-checks when an investor submits (before a code is mailed) and again when
 * the code is verified (createInvestorAccount): the shared schema, a date of birth by the server's clock, the amount
 * within the limits in force, the token count at the current price. A refusal names the payload field its message is
 * about (`{ error, field }`, RegistrationRejectionSchema), so the form can show it there. Whether the address has an
 * account is never a refusal: issue-email-challenge.ts answers both alike.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { InvestmentSettings } from '../../shared/investment-settings.ts';
import { messages } from '../../shared/messages.ts';
import {
  REGISTRATION_FIELDS,
  RegistrationPayloadSchema,
  amountError,
  dateOfBirthError,
  tokensFor,
  type RegistrationField,
  type RegistrationPayload,
} from '../../shared/registration.ts';
import { checkWalletAddress } from '../../shared/wallet.ts';
import type { Db } from '../db/types.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { getInvestmentSettings } from './get-investment-settings.ts';

/** Client and server compute the same 6-decimal token count; anything further apart means another price. */
const TOKEN_TOLERANCE = 1e-6;

const isField = (key: unknown): key is RegistrationField => typeof key === 'string' && (REGISTRATION_FIELDS as readonly string[]).includes(key);

/**
 * The schema's verdict on a submitted body. Its own words reach the client for a format problem (email, wallet,
 * date of birth: a regex) and for the date of birth's rules (not a real day, in the future, under 18); anything else
 * (missing, empty, wrong type, unknown choice) is 'Please fill in all required fields correctly.'. Either way the
 * field is named when the body is an object and the issue is about one of the payload's fields.
 */
export function parseRegistration(body: unknown): RegistrationPayload {
  const result = v.safeParse(RegistrationPayloadSchema, body);
  if (result.success) return result.output;
  const [issue] = result.issues;
  const key = issue?.path?.[0]?.key;
  const field = body !== null && typeof body === 'object' && !Array.isArray(body) && isField(key) ? key : undefined;
  const ownWords = issue?.kind === 'validation' && (issue.type === 'regex' || (field === 'dateOfBirth' && issue.type === 'raw_check'));
  throw new AppError('BAD_REQUEST', ownWords && issue ? issue.message : messages.registration.fillRequired, field ? { field } : {});
}

function checkAmount(payload: RegistrationPayload, limits: InvestmentSettings): number {
  const outOfLimits = amountError(payload.investmentAmount, limits);
  if (outOfLimits) throw new AppError('UNPROCESSABLE', outOfLimits, { limits, field: 'investmentAmount' });
  const tokenQuantity = tokensFor(payload.investmentAmount, limits.tokenPrice);
  // A different count means the browser priced with settings that have since changed: send the current ones.
  if (Math.abs(payload.tokenQuantity - tokenQuantity) > TOKEN_TOLERANCE) {
    throw new AppError('UNPROCESSABLE', messages.registration.checkAmount, { limits, field: 'investmentAmount' });
  }
  return tokenQuantity;
}

export type CheckedRegistration = { limits: InvestmentSettings; tokenQuantity: number };

export const isEmailTaken = async (db: Db, email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length > 0;

/** Date of birth by the server's clock and amount against the settings in force now (they may have changed since the code was sent). */
export async function checkRegistrationFields(db: Db, payload: RegistrationPayload, now: Date): Promise<CheckedRegistration> {
  if (payload.investorType === 'individual') {
    const problem = dateOfBirthError(payload.dateOfBirth, now);
    if (problem) throw new AppError('BAD_REQUEST', problem, { field: 'dateOfBirth' });
  }
  // The agreements step refuses a mixed-case address whose EIP-55 checksum fails: refuse it here already, so an
  // investor never arrives there with a pre-filled address that is refused (the form checks the format only).
  const wallet = checkWalletAddress(payload.walletAddress);
  if (!wallet.valid && wallet.problem === 'checksum') throw new AppError('BAD_REQUEST', messages.legal.walletChecksum, { field: 'walletAddress' });
  const limits = await getInvestmentSettings(db);
  return { limits, tokenQuantity: checkAmount(payload, limits) };
}
