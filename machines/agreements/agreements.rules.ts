/** Pure rules of the agreements page (spec sections 4 "Agreements", 5 "Wallet address" and "Agreements", 9). */
import { isApiError, serverMessageOf } from '../../src/shared/api-error.ts';
import {
  AGREEMENT_KEYS,
  AGREEMENT_NAMES,
  agreementsProgressPercent,
  type AgreementKey,
  type AgreementState,
  type AgreementStates,
  type AgreementSubmission,
  type AgreementName,
} from '../../src/shared/legal.ts';
import { messages } from '../../src/shared/messages.ts';
import { agreementWalletError, checkWalletAddress, WALLET_ADDRESS_LENGTH } from '../../src/shared/wallet.ts';
import type { ProceedError } from './agreements.types.ts';

export type AgreementMap = Record<AgreementKey, AgreementState>;

/** The answer's agreements (keyed by name) by key. */
export const byKey = (states: AgreementStates): AgreementMap =>
  Object.fromEntries(AGREEMENT_KEYS.map((key) => [key, states[AGREEMENT_NAMES[key]]])) as AgreementMap;

export const signedCount = (agreements: AgreementMap | null): number => (agreements ? AGREEMENT_KEYS.filter((key) => agreements[key].signed).length : 0);
export const allSigned = (agreements: AgreementMap | null): boolean => signedCount(agreements) === AGREEMENT_KEYS.length;
export const isWalletValid = (walletAddress: string): boolean => checkWalletAddress(walletAddress).valid;

/** Spec section 9: (signed agreements + 1 if the wallet is valid) / (agreements + 1), as a whole percent. */
export const progressPercent = (agreements: AgreementMap | null, walletAddress: string): number =>
  agreementsProgressPercent(signedCount(agreements), isWalletValid(walletAddress));

/** The field holds at most the spec's 42 characters, not counting spaces pasted around an address (they are trimmed). */
export const walletFieldValue = (value: string): string =>
  value.trim().length <= WALLET_ADDRESS_LENGTH ? value : value.trim().slice(0, WALLET_ADDRESS_LENGTH);

/** The first agreement still to sign after `after` (in page order, wrapping), else null: the accordion opens it next. */
export function nextUnsigned(agreements: AgreementMap, after: AgreementKey | null): AgreementKey | null {
  const start = after === null ? 0 : AGREEMENT_KEYS.indexOf(after) + 1;
  for (let i = 0; i < AGREEMENT_KEYS.length; i++) {
    const key = AGREEMENT_KEYS[(start + i) % AGREEMENT_KEYS.length]!;
    if (!agreements[key].signed) return key;
  }
  return null;
}

/** Proceed without everything: the spec's sentence for what is missing (agreements first, then the address). */
export function incompleteError(agreements: AgreementMap | null, walletAddress: string): ProceedError {
  if (!allSigned(agreements)) return { message: messages.legal.completeAllRequired, detail: null };
  return { message: agreementWalletError(walletAddress, 'proceed') ?? messages.legal.completeAllRequired, detail: null };
}

/** Spec section 8: a save error that mentions the wallet address gets the wallet sentence, anything else the general one. */
export function saveError(error: unknown): ProceedError {
  const said = serverMessageOf(error);
  const field = isApiError(error) && error.body && typeof error.body === 'object' ? (error.body as { field?: unknown }).field : undefined;
  if (field === 'walletAddress' || (said && /wallet/i.test(said))) return { message: messages.legal.walletSaveInvalid, detail: said };
  return { message: messages.legal.saveAgreementsFailed, detail: said };
}

/**
 * The agreements a save or completion carries beside the wallet: those not yet signed (none once all seven are).
 * A signature travels once, with the signing of its agreement: a signed agreement is never sent again (the server
 * refuses to change one, and seven PNGs would not fit a request body).
 */
export function unsignedSubmissions(agreements: AgreementMap): Partial<Record<AgreementName, AgreementSubmission>> {
  return Object.fromEntries(
    AGREEMENT_KEYS.filter((key) => !agreements[key].signed).map((key) => {
      const { accepted, signature, signed, checkboxes } = agreements[key];
      return [AGREEMENT_NAMES[key], { accepted, signature, signed, checkboxes }];
    }),
  );
}
