/**
 * The legal agreements step (spec sections 2 "Agreements page", 3 "Legal agreements", 4 "Agreements", 5, 7): the
 * seven agreements and their names, each agreement's configuration (title, PDF, checkboxes, signature fields), the
 * investor's state of each, the progress answer, and the save and complete payloads. The server keeps what the
 * browser sends only after checking it again (required boxes, the signature's PNG, the wallet's checksum).
 */
import * as v from 'valibot';

/** legal_agreements.status, and the status the progress answer carries. */
export const AGREEMENT_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** The server keys of the seven agreements, in the order they are shown and signed. */
export const AGREEMENT_KEYS = ['ppm', 'investment', 'token_purchase', 'terms', 'qualified_investor', 'privacy', 'risk'] as const;
export type AgreementKey = (typeof AGREEMENT_KEYS)[number];

/** Spec: the browser's seven slots legA1..legA7, mapped from the server keys in order. */
export const AGREEMENT_SLOTS = {
  ppm: 'legA1',
  investment: 'legA2',
  token_purchase: 'legA3',
  terms: 'legA4',
  qualified_investor: 'legA5',
  privacy: 'legA6',
  risk: 'legA7',
} as const satisfies Record<AgreementKey, string>;
export type AgreementSlot = (typeof AGREEMENT_SLOTS)[AgreementKey];

/** Spec: the agreement names in the status answer and in the save payloads. */
export const AGREEMENT_NAMES = {
  ppm: 'ppmAgreement',
  investment: 'investmentAgreement',
  token_purchase: 'tokenPurchaseAgreement',
  terms: 'termsConditions',
  qualified_investor: 'qualifiedInvestorAgreement',
  privacy: 'privacyPolicy',
  risk: 'riskAcknowledgment',
} as const satisfies Record<AgreementKey, string>;
export type AgreementName = (typeof AGREEMENT_NAMES)[AgreementKey];
export const AGREEMENT_NAME_LIST = AGREEMENT_KEYS.map((key) => AGREEMENT_NAMES[key]);
export const agreementKeyOfName = (name: string): AgreementKey | undefined => AGREEMENT_KEYS.find((key) => AGREEMENT_NAMES[key] === name);

/** The signature pad's size in CSS pixels (spec section 9); the PNG may be an exact 2x or 3x of it for dense screens. */
export const SIGNATURE_PAD = { width: 500, height: 120, scales: [1, 2, 3], maxBytes: 200 * 1024 } as const;
/** A PNG as a data URL, the way the signature travels in the payloads. */
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';
/** Base64 of the largest PNG accepted, plus the prefix: a longer string is refused before decoding. */
export const SIGNATURE_DATA_URL_MAX_LENGTH = SIGNATURE_DATA_URL_PREFIX.length + Math.ceil(SIGNATURE_PAD.maxBytes / 3) * 4;

const id = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,63}$/));

/** Spec "Server configuration per agreement": checkboxes list (id, text, required, critical). */
export const AgreementCheckboxSchema = v.object({ id, text: v.string(), required: v.boolean(), critical: v.boolean() });
export type AgreementCheckbox = v.InferOutput<typeof AgreementCheckboxSchema>;

/** Spec "Server configuration per agreement": title, pdfPath, checkboxes, signature (field, dateField). */
export const AgreementConfigurationSchema = v.object({
  key: v.picklist(AGREEMENT_KEYS),
  title: v.string(),
  /** GET with the investor's token: the agreement's PDF as presented to this investor. */
  pdfPath: v.string(),
  /** SHA-256 (hex) of that PDF: the exact version a signature is bound to. */
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  checkboxes: v.array(AgreementCheckboxSchema),
  signature: v.object({ field: v.string(), dateField: v.string() }),
});
export type AgreementConfiguration = v.InferOutput<typeof AgreementConfigurationSchema>;

/** GET /api/legal/configurations, and `configurations` in the progress answer: one per key. */
export const AgreementConfigurationsSchema = v.object(
  Object.fromEntries(AGREEMENT_KEYS.map((key) => [key, AgreementConfigurationSchema])) as Record<AgreementKey, typeof AgreementConfigurationSchema>,
);
export type AgreementConfigurations = v.InferOutput<typeof AgreementConfigurationsSchema>;

/** Spec "Each slot": accepted, signature (PNG data, or empty), signed, signedAt, checkboxes (id -> ticked). */
export const AgreementStateSchema = v.object({
  accepted: v.boolean(),
  signature: v.string(),
  signed: v.boolean(),
  signedAt: v.nullable(v.string()),
  checkboxes: v.record(id, v.boolean()),
});
export type AgreementState = v.InferOutput<typeof AgreementStateSchema>;

/** The investor's seven agreements by name (spec "Agreement names in the status response"). */
export const AgreementStatesSchema = v.object(
  Object.fromEntries(AGREEMENT_NAME_LIST.map((name) => [name, AgreementStateSchema])) as Record<AgreementName, typeof AgreementStateSchema>,
);
export type AgreementStates = v.InferOutput<typeof AgreementStatesSchema>;

/**
 * Spec "Agreements status: status, completedAt, walletAddress": what the process reads of GET /api/legal/progress to
 * decide whether the step is complete (the page reads the whole answer).
 */
export const AgreementsStatusSchema = v.object({
  status: v.picklist(AGREEMENT_STATUSES),
  completedAt: v.nullable(v.string()),
  walletAddress: v.nullable(v.string()),
});
export type AgreementsStatus = v.InferOutput<typeof AgreementsStatusSchema>;

/** GET /api/legal/progress (and the answer of save-progress): the agreements status with everything the page shows. */
export const LegalProgressResponseSchema = v.object({
  ...AgreementsStatusSchema.entries,
  configurations: AgreementConfigurationsSchema,
  agreements: AgreementStatesSchema,
});
export type LegalProgressResponse = v.InferOutput<typeof LegalProgressResponseSchema>;

/**
 * What the browser sends for one agreement. `signature` is '' or a PNG data URL (SIGNATURE_DATA_URL_PREFIX);
 * `signedAt` is never taken from the browser (the server's clock decides). Signing is `signed: true` with every
 * required box ticked and a signature; the server refuses an agreement already signed from changing (409).
 */
export const AgreementSubmissionSchema = v.object({
  /**
   * Optional: the `sha256` of the configuration the page showed. When sent and no longer the agreement's current
   * version (the issuer replaced it meanwhile), a signing is refused (409) rather than bound to a document the
   * investor never saw. Ignored for an agreement already signed (the signed version stays).
   */
  sha256: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))),
  accepted: v.boolean(),
  signature: v.pipe(v.string(), v.maxLength(SIGNATURE_DATA_URL_MAX_LENGTH)),
  signed: v.boolean(),
  signedAt: v.optional(v.nullable(v.string())),
  checkboxes: v.pipe(
    v.record(id, v.boolean()),
    v.check((boxes) => Object.keys(boxes).length <= 32),
  ),
});
export type AgreementSubmission = v.InferOutput<typeof AgreementSubmissionSchema>;

const submissions = v.pipe(
  v.record(v.picklist(AGREEMENT_NAME_LIST), AgreementSubmissionSchema),
  v.check((map) => Object.keys(map).length <= AGREEMENT_KEYS.length),
);

/** POST /api/legal/save-progress: {agreements}, and {agreements, walletAddress} for the final save. */
export const SaveLegalProgressSchema = v.object({
  agreements: submissions,
  walletAddress: v.optional(v.pipe(v.string(), v.maxLength(64))),
});
export type SaveLegalProgressPayload = v.InferOutput<typeof SaveLegalProgressSchema>;

/** POST /api/legal/complete: {agreements} (what the page holds; the server completes from what it has stored). */
export const CompleteLegalSchema = v.object({ agreements: v.optional(submissions, {}) });

/** Where an agreement version's PDF is served (bearer): a configuration's pdfPath. */
export const agreementPdfPath = (versionId: string): string => `/api/legal/pdf/${versionId}`;

/** The answer of POST /api/legal/complete. */
export const LegalCompleteResponseSchema = v.object({
  status: v.literal('COMPLETED'),
  completedAt: v.string(),
  walletAddress: v.string(),
  nextStep: v.literal('payment'),
});
export type LegalCompleteResponse = v.InferOutput<typeof LegalCompleteResponseSchema>;

/** Spec section 9: the agreements' share of the step's progress bar, with the wallet as the eighth part. */
export function agreementsProgressPercent(signed: number, walletValid: boolean): number {
  return Math.round(((signed + (walletValid ? 1 : 0)) / (AGREEMENT_KEYS.length + 1)) * 100);
}
