/** Legal progress answers for the agreement and agreements charts' tests: seven configurations and their states. */
import { AGREEMENT_KEYS, AGREEMENT_NAMES, SIGNATURE_DATA_URL_PREFIX, type AgreementConfiguration, type AgreementKey, type AgreementState, type LegalProgressResponse } from '../../src/shared/legal.ts';

export const SIGNATURE_PNG = `${SIGNATURE_DATA_URL_PREFIX}iVBORw0KGgoAAAANSUhEUg==`;
export const STORED_PNG = `${SIGNATURE_DATA_URL_PREFIX}c3RvcmVkLXNpZ25hdHVyZQ==`;
export const SIGNED_AT = '2026-11-23T10:00:00.000Z';
export const REGISTERED_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** One agreement's configuration: a required box, a required critical one, and an optional one. */
export function configurationOf(key: AgreementKey): AgreementConfiguration {
  return {
    key,
    title: `Agreement ${key}`,
    pdfPath: `/api/legal/pdf/${key}`,
    sha256: 'a'.repeat(64),
    checkboxes: [
      { id: 'read', text: 'I have read the agreement.', required: true, critical: false },
      { id: 'bound', text: 'I agree to be bound by it.', required: true, critical: true },
      { id: 'copy', text: 'Send me a copy by email.', required: false, critical: false },
    ],
    signature: { field: 'investor_signature', dateField: 'investor_signature_date' },
  };
}

export const UNSIGNED: AgreementState = { accepted: false, signature: '', signed: false, signedAt: null, checkboxes: {} };
/** Signed, as an older server stored it: the required boxes are not all in the stored map (the page restores them). */
export const SIGNED: AgreementState = { accepted: true, signature: STORED_PNG, signed: true, signedAt: SIGNED_AT, checkboxes: { read: true } };

export function progressAnswer(signed: readonly AgreementKey[], over: Partial<LegalProgressResponse> = {}): LegalProgressResponse {
  return {
    status: signed.length === 0 ? 'PENDING' : 'IN_PROGRESS',
    completedAt: null,
    walletAddress: REGISTERED_WALLET,
    configurations: Object.fromEntries(AGREEMENT_KEYS.map((key) => [key, configurationOf(key)])) as LegalProgressResponse['configurations'],
    agreements: Object.fromEntries(AGREEMENT_KEYS.map((key) => [AGREEMENT_NAMES[key], signed.includes(key) ? SIGNED : UNSIGNED])) as LegalProgressResponse['agreements'],
    ...over,
  };
}

/** The server's answer once `key` is signed with `signature` (and the boxes sent). */
export function signedAnswer(key: AgreementKey, signature: string, checkboxes: Record<string, boolean>, alreadySigned: readonly AgreementKey[] = []): LegalProgressResponse {
  const answer = progressAnswer([...alreadySigned]);
  answer.agreements[AGREEMENT_NAMES[key]] = { accepted: true, signature, signed: true, signedAt: SIGNED_AT, checkboxes };
  return answer;
}
