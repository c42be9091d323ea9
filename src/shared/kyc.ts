/**
 * The KYC/AML contract between browser and server (spec sections 3 "KYC", 4 "KYC wizard", 5 "Uploads" and "AML"):
 * document types, statuses, the AML enumerations and schema, the step payloads and the answers. Server and client
 * validate the payloads with the same schemas, and the client checks each answer with its schema; the words shown are
 * in messages.kyc.
 */
import * as v from 'valibot';
import { UPLOAD_MAX_BYTES } from './constants.ts';
import { PROCESS_STEPS } from './process-steps.ts';

/** What an upload is for; `step` of the upload is the KYC step it belongs to. */
export const KYC_DOCUMENT_TYPES = ['identity', 'selfie', 'address_utility', 'address_bank'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];
export const KYC_DOCUMENT_STEP: Record<KycDocumentType, 1 | 2 | 3> = { identity: 1, selfie: 2, address_utility: 3, address_bank: 3 };

/** The five sub-steps, in order (spec: Identity Document, Biometric Check, Address Proof, AML Screening, Final Review). */
export const KYC_STEPS = ['identity', 'biometric', 'address', 'aml', 'review'] as const;
export type KycStepName = (typeof KYC_STEPS)[number];
export type KycStepNumber = 1 | 2 | 3 | 4 | 5;

/** Types decided by the file's bytes (never by its name or declared type). */
export const KYC_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type KycFileType = (typeof KYC_FILE_TYPES)[number];
export const KYC_MAX_BYTES = UPLOAD_MAX_BYTES;

export const FUNDS_SOURCES = ['salary', 'business', 'investment', 'inheritance', 'gift', 'sale', 'other'] as const;
export type FundsSource = (typeof FUNDS_SOURCES)[number];
export const FUNDS_SOURCE_LABELS: Record<FundsSource, string> = {
  salary: 'Salary / Employment income',
  business: 'Business income',
  investment: 'Investment returns',
  inheritance: 'Inheritance',
  gift: 'Gift',
  sale: 'Sale of property or assets',
  other: 'Other',
};

export const ANNUAL_VOLUMES = ['0-25k', '25k-50k', '50k-100k', '100k-250k', '250k-500k', '500k+'] as const;
export type AnnualVolume = (typeof ANNUAL_VOLUMES)[number];
export const ANNUAL_VOLUME_LABELS: Record<AnnualVolume, string> = {
  '0-25k': '€0 - €25,000',
  '25k-50k': '€25,000 - €50,000',
  '50k-100k': '€50,000 - €100,000',
  '100k-250k': '€100,000 - €250,000',
  '250k-500k': '€250,000 - €500,000',
  '500k+': '€500,000+',
};

export const AML_DECLARATIONS = ['pep', 'sanctions', 'criminal', 'funds'] as const;
export type AmlDeclaration = (typeof AML_DECLARATIONS)[number];

const DECLARATIONS_MESSAGE = 'Please complete all required declarations.';
const declared = v.literal(true, DECLARATIONS_MESSAGE);

/** Step 4: source, volume and occupation required; all four declarations must be true. */
export const AmlDataSchema = v.object({
  fundsSource: v.picklist(FUNDS_SOURCES, 'Please select the source of funds.'),
  annualVolume: v.picklist(ANNUAL_VOLUMES, 'Please select the expected annual volume.'),
  occupation: v.pipe(v.string(), v.trim(), v.minLength(1, 'Please enter your occupation.'), v.maxLength(200)),
  additionalInfo: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000)), ''),
  // The object's own message covers a declaration left out of the body (a missing key is the object's issue).
  declarations: v.object({ pep: declared, sanctions: declared, criminal: declared, funds: declared }, DECLARATIONS_MESSAGE),
});
export type AmlData = v.InferOutput<typeof AmlDataSchema>;
export type AmlDraft = v.InferInput<typeof AmlDataSchema>;

/**
 * A file named back to the server (the upload's answer gave it): bounded here; whether it is a name the server
 * generated, and one of this investor's files of that step, only the server can tell (and does).
 */
const storedFileName = v.pipe(v.string(), v.minLength(1, 'Unknown file.'), v.maxLength(64, 'Unknown file.'));

/** Steps 1 and 2: the upload's answer, as the spec's step data (fileName, fileType, fileSize, filePath). */
export const FileStepDataSchema = v.object({
  fileName: storedFileName,
  fileType: v.optional(v.string()),
  fileSize: v.optional(v.number()),
  filePath: v.optional(v.string()),
});

const BOTH_ADDRESS_DOCUMENTS_MESSAGE = 'Please select both utility bill and bank statement before continuing.';

/** Step 3: both address documents (spec "Address step data"); a document left out gets the same message. */
export const AddressStepDataSchema = v.object(
  {
    utilityBillUploaded: v.literal(true, BOTH_ADDRESS_DOCUMENTS_MESSAGE),
    utilityBillFileName: storedFileName,
    bankStatementUploaded: v.literal(true, BOTH_ADDRESS_DOCUMENTS_MESSAGE),
    bankStatementFileName: storedFileName,
    addressVerificationComplete: v.optional(v.boolean(), true),
    addressDocumentName: v.optional(v.string()),
  },
  BOTH_ADDRESS_DOCUMENTS_MESSAGE,
);

/** POST /api/kyc/save-step: { step, stepData } for steps 1 to 4 (step 5 is POST /api/kyc/complete). */
export const SaveKycStepSchema = v.variant('step', [
  v.object({ step: v.literal(1), stepData: FileStepDataSchema }),
  v.object({ step: v.literal(2), stepData: FileStepDataSchema }),
  v.object({ step: v.literal(3), stepData: AddressStepDataSchema }),
  v.object({ step: v.literal(4), stepData: AmlDataSchema }),
]);
export type SaveKycStepPayload = v.InferOutput<typeof SaveKycStepSchema>;
export type SaveKycStepInput = v.InferInput<typeof SaveKycStepSchema>;

/** Multipart fields of POST /api/kyc/upload-document besides `file`. */
export const UploadFieldsSchema = v.object({
  type: v.picklist(KYC_DOCUMENT_TYPES, 'Unknown document type.'),
  step: v.optional(v.pipe(v.string(), v.regex(/^[1-5]$/))),
});

/** Upload answer (spec "Upload response"). filePath is the download path of the file, never a disk path. */
export const KycUploadResponseSchema = v.object({
  fileName: v.string(),
  originalName: v.string(),
  filePath: v.string(),
  fileType: v.picklist(KYC_FILE_TYPES),
  fileSize: v.number(),
});
export type KycUploadResponse = v.InferOutput<typeof KycUploadResponseSchema>;

/** A stored KYC file as listed in the status (spec "Files": name, type, size, path, uploaded-at). */
export const KycFileSchema = v.object({
  fileName: v.string(),
  originalName: v.string(),
  documentType: v.picklist(KYC_DOCUMENT_TYPES),
  fileType: v.picklist(KYC_FILE_TYPES),
  fileSize: v.number(),
  filePath: v.string(),
  uploadedAt: v.string(),
});
export type KycFile = v.InferOutput<typeof KycFileSchema>;

/** kyc_verifications.status, and the status every KYC answer carries. */
export const KYC_STATUSES = ['PENDING', 'IN_PROGRESS', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'RESUBMISSION_REQUESTED'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** Where the KYC review stands, in the words of the investment's lifecycle chart (machines/investment). */
export type KycStanding = 'collecting' | 'underReview' | 'resubmissionRequested' | 'approved' | 'rejected';

/**
 * The one rule for the steps after KYC (agreements, starting a payment): they are open while the review is under way
 * or approved. A rejection, or a resubmission the reviewer asked for, closes them again. The lifecycle chart's guard
 * (`kycAllowsProgress`), the server's refusals and the browser's routing all read this list.
 */
export const KYC_STANDINGS_ALLOWING_PROGRESS: readonly KycStanding[] = ['underReview', 'approved'];

/** The standing a verification row is in (a status without its submission time is still being collected). */
export function kycStandingOf(status: string, completedAt: unknown): KycStanding {
  if (status === 'REJECTED') return 'rejected';
  if (status === 'RESUBMISSION_REQUESTED') return 'resubmissionRequested';
  if (!completedAt) return 'collecting';
  return status === 'APPROVED' ? 'approved' : status === 'UNDER_REVIEW' ? 'underReview' : 'collecting';
}

/** KYC done for the steps after it (agreements, payment); the server re-checks this on every call of them. */
export const isKycDone = (status: string, completedAt: unknown): boolean => KYC_STANDINGS_ALLOWING_PROGRESS.includes(kycStandingOf(status, completedAt));

/** Spec "KYC status labels". */
export const KYC_STATUS_LABELS: Record<KycStatus, string> = {
  PENDING: 'Verification Pending',
  IN_PROGRESS: 'Under Review',
  UNDER_REVIEW: 'Under Review',
  APPROVED: 'Verification Approved',
  REJECTED: 'Verification Rejected',
  RESUBMISSION_REQUESTED: 'Resubmission Requested',
};

/**
 * The steps a reviewer may ask an investor to redo (issue 15), each with the KYC step number it reopens and the
 * document types it takes.
 */
export const KYC_RESUBMIT_STEPS = ['identity', 'biometric', 'address', 'aml'] as const;
export type KycResubmitStep = (typeof KYC_RESUBMIT_STEPS)[number];
export const KYC_RESUBMIT_STEP_NUMBER: Record<KycResubmitStep, 1 | 2 | 3 | 4> = { identity: 1, biometric: 2, address: 3, aml: 4 };
export const KYC_RESUBMIT_STEP_LABELS: Record<KycResubmitStep, string> = {
  identity: 'Identity document',
  biometric: 'Biometric check (selfie)',
  address: 'Proof of address',
  aml: 'AML questionnaire',
};
/** The resubmission step a document type belongs to. */
export const resubmitStepOfDocument = (type: KycDocumentType): KycResubmitStep =>
  type === 'identity' ? 'identity' : type === 'selfie' ? 'biometric' : 'address';

/** The KYC page's words for a resubmission (the investor catalogue in messages.ts is not this area's to grow). */
export const KYC_RESUBMISSION_TEXT = {
  title: 'Please update your verification',
  intro: 'Our compliance team reviewed your submission and asks you to redo:',
  messageLabel: 'Message from the reviewer',
  rest: 'Everything else stays as you submitted it. Once the steps above are done, submit your verification again.',
  saveAndContinue: 'Save and continue',
} as const;

/** What the reviewer asked for, as GET /api/kyc/status carries it while the status is RESUBMISSION_REQUESTED. */
export const KycResubmissionSchema = v.object({
  steps: v.array(v.picklist(KYC_RESUBMIT_STEPS)),
  message: v.string(),
  requestedAt: v.string(),
});
export type KycResubmission = v.InferOutput<typeof KycResubmissionSchema>;

/** The AML answers as the summary shows them (declarations are all true once saved). */
export const KycAmlSummarySchema = v.object({
  fundsSource: v.picklist(FUNDS_SOURCES),
  annualVolume: v.picklist(ANNUAL_VOLUMES),
  occupation: v.string(),
  additionalInfo: v.string(),
  declarationsConfirmed: v.boolean(),
});
export type KycAmlSummary = v.InferOutput<typeof KycAmlSummarySchema>;

const KycStepStateSchema = v.object({ completed: v.boolean(), documentName: v.nullable(v.string()) });

/** GET /api/kyc/status, and the answer of POST save-step. */
export const KycStatusResponseSchema = v.object({
  status: v.picklist(KYC_STATUSES),
  currentStep: v.number(),
  completedAt: v.nullable(v.string()),
  steps: v.object({ '1': KycStepStateSchema, '2': KycStepStateSchema, '3': KycStepStateSchema, '4': KycStepStateSchema, '5': KycStepStateSchema }),
  identityDocumentUploaded: v.boolean(),
  biometricCompleted: v.boolean(),
  addressDocumentUploaded: v.boolean(),
  amlScreeningCompleted: v.boolean(),
  finalReviewCompleted: v.boolean(),
  identityVerified: v.boolean(),
  biometricVerified: v.boolean(),
  addressVerified: v.boolean(),
  amlScreeningPassed: v.boolean(),
  /** The investor's stored files, oldest first. */
  files: v.array(KycFileSchema),
  /** The AML answers once step 4 is saved. */
  aml: v.nullable(KycAmlSummarySchema),
  /** The reviewer's request while the status is RESUBMISSION_REQUESTED, else null. */
  resubmission: v.nullable(KycResubmissionSchema),
});
export type KycStatusResponse = v.InferOutput<typeof KycStatusResponseSchema>;

/** POST /api/kyc/complete answer. */
export const KycCompleteResponseSchema = v.object({
  nextStep: v.picklist(PROCESS_STEPS),
  status: v.picklist(KYC_STATUSES),
  completedAt: v.string(),
});
export type KycCompleteResponse = v.InferOutput<typeof KycCompleteResponseSchema>;

/** Spec "KYC wizard": the start step from completed backend steps (5 or 4 completed gives 5, then 4, 3, 2, else 1). */
export function kycStartStep(completed: Record<'1' | '2' | '3' | '4' | '5', boolean>): KycStepNumber {
  if (completed['5'] || completed['4']) return 5;
  if (completed['3']) return 4;
  if (completed['2']) return 3;
  if (completed['1']) return 2;
  return 1;
}

/** The download path of a stored file (what filePath carries). */
export const kycDownloadPath = (fileName: string) => `/api/kyc/download/${fileName}`;
