/**
 * The contract between browser and server: one valibot schema per payload and response.
 * The client validates its forms with these, the server re-validates every request with the same ones.
 */
import * as v from 'valibot';
import { PRIMARY_JURISDICTIONS, PROCESS_STEPS } from './constants.ts';
import type { KycAmlSummary, KycFile, KycStatus } from './kyc.ts';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const WALLET_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1, 'This field is required.'), v.maxLength(max));

export const EmailSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.regex(EMAIL_PATTERN, 'Please enter a valid email address.'));
export const WalletSchema = v.pipe(v.string(), v.trim(), v.regex(WALLET_PATTERN, 'Please enter a valid Ethereum address starting with 0x'));
export const PositiveAmountSchema = v.pipe(v.number(), v.finite(), v.minValue(0.01));

export const InvestmentSettingsSchema = v.object({
  tokenPrice: v.pipe(v.number(), v.finite(), v.gtValue(0)),
  minInvestment: v.pipe(v.number(), v.finite(), v.gtValue(0)),
  maxInvestment: v.pipe(v.number(), v.finite(), v.gtValue(0)),
});
export type InvestmentSettings = v.InferOutput<typeof InvestmentSettingsSchema>;

const registrationCommon = {
  email: EmailSchema,
  investmentAmount: PositiveAmountSchema,
  tokenQuantity: v.pipe(v.number(), v.finite(), v.gtValue(0)),
  walletAddress: WalletSchema,
  primaryJurisdiction: v.picklist(PRIMARY_JURISDICTIONS),
};

export const IndividualRegistrationSchema = v.object({
  ...registrationCommon,
  investorType: v.literal('individual'),
  fullName: text(200),
  dateOfBirth: v.pipe(v.string(), v.regex(ISO_DATE_PATTERN, 'Please enter a valid date of birth.')),
  nationality: text(100),
});

export const EntityRegistrationSchema = v.object({
  ...registrationCommon,
  investorType: v.literal('entity'),
  entityName: text(200),
  jurisdiction: text(100),
  authorizedSignatory: text(200),
});

export const RegistrationPayloadSchema = v.variant('investorType', [IndividualRegistrationSchema, EntityRegistrationSchema]);
export type RegistrationPayload = v.InferOutput<typeof RegistrationPayloadSchema>;
export type RegistrationInput = v.InferInput<typeof RegistrationPayloadSchema>;

export const LoginPayloadSchema = v.object({ email: EmailSchema, password: v.pipe(v.string(), v.maxLength(200)) });
/** POST /api/auth/login asks for a one-time code; a `password` a client still sends is ignored. */
export const LoginCodeRequestSchema = v.object({ email: EmailSchema, password: v.optional(v.unknown()) });
export const CODE_PATTERN = /^\d{6}$/;
export const ChallengeIdSchema = v.pipe(v.string(), v.uuid('The request is not valid.'));
export const VerifyCodePayloadSchema = v.object({
  challengeId: ChallengeIdSchema,
  code: v.pipe(v.string(), v.trim(), v.regex(CODE_PATTERN, 'Please enter the 6-digit code from the email.')),
});
export type VerifyCodePayload = v.InferOutput<typeof VerifyCodePayloadSchema>;
export const ResendCodePayloadSchema = v.object({ challengeId: ChallengeIdSchema });
/** 202 answer of login, register and resend: which challenge to answer, and the masked address it went to. */
export type CodeChallenge = { challengeId: string; sentTo: string };
export type LoginPayload = v.InferOutput<typeof LoginPayloadSchema>;

export const SessionUserSchema = v.object({
  userId: v.string(),
  userDetailsId: v.string(),
  email: v.string(),
  investmentAmount: v.number(),
});
export type SessionUser = v.InferOutput<typeof SessionUserSchema>;

export type AuthResponse = { token: string; user: SessionUser; settings?: InvestmentSettings };
/** Body of a registration refused for its amount: the limits in force travel with the error. */
export type RegistrationRejection = { error: string; limits?: InvestmentSettings };

export type UserStatus = 'APPROVED' | 'REJECTED' | 'UNDER_REVIEW' | (string & {});

/** GET /api/user-details/status: the fields of spec section 3 "User details (as displayed)". */
export type UserDetails = {
  investmentAmount: number;
  tokenQuantity: number;
  investorType: 'INDIVIDUAL' | 'ENTITY';
  status: UserStatus;
  fullName: string | null;
  dateOfBirth: string | null;
  nationality: string | null;
  entityName: string | null;
  jurisdiction: string | null;
  authorizedSignatory: string | null;
  email: string;
  walletAddress: string | null;
  primaryJurisdiction: string | null;
  createdAt: string;
  submittedAt: string | null;
  reviewedAt: string | null;
  currentStep: (typeof PROCESS_STEPS)[number];
  rejectionReason: string | null;
};

/** GET /api/disclosure/sections: one offering document (spec "Disclosure": id, title, minReadingTime, hasPDF). */
export type DisclosureSection = { id: string; title: string; order: number; minReadingTime: number; hasPDF: boolean };

/** One section's reading, as saved by the browser and as the server credits it (timeSpent in seconds). */
export const SectionProgressSchema = v.object({
  unlocked: v.optional(v.boolean(), false),
  opened: v.optional(v.boolean(), false),
  timeSpent: v.optional(v.pipe(v.number(), v.integer('Reading time must be whole seconds.'), v.minValue(0), v.maxValue(31_536_000)), 0),
  scrolled: v.optional(v.boolean(), false),
  completed: v.optional(v.boolean(), false),
});
export type SectionProgress = v.InferOutput<typeof SectionProgressSchema>;

/** sectionProgress: the map keyed by section id (POST save-progress and complete). */
export const SaveDisclosureProgressSchema = v.object({
  sectionProgress: v.pipe(
    v.record(v.pipe(v.string(), v.uuid('Unknown disclosure section.')), SectionProgressSchema),
    v.check((map) => Object.keys(map).length <= 200, 'Too many sections.'),
  ),
});
export type SaveDisclosureProgressPayload = v.InferOutput<typeof SaveDisclosureProgressSchema>;

export type DisclosureProgressResponse = {
  currentStep: (typeof PROCESS_STEPS)[number];
  disclosuresCompleted: boolean;
  disclosureProgress: Record<string, SectionProgress>;
  disclosureCompletedAt: string | null;
  isReadingMode: boolean;
};

export type KycStatusResponse = {
  status: KycStatus;
  currentStep: number;
  completedAt: string | null;
  steps: Record<'1' | '2' | '3' | '4' | '5', { completed: boolean; documentName: string | null }>;
  identityDocumentUploaded: boolean;
  biometricCompleted: boolean;
  addressDocumentUploaded: boolean;
  amlScreeningCompleted: boolean;
  finalReviewCompleted: boolean;
  identityVerified: boolean;
  biometricVerified: boolean;
  addressVerified: boolean;
  amlScreeningPassed: boolean;
  /** The investor's stored files, oldest first. */
  files: KycFile[];
  /** The AML answers once step 4 is saved. */
  aml: KycAmlSummary | null;
};

/** GET /api/legal/progress: also carries the agreements status (status, completedAt). */
export type LegalProgressResponse = {
  status: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED';
  completedAt: string | null;
  walletAddress: string | null;
  configurations: Record<string, unknown>;
  agreements: Record<string, unknown>;
};

export type PaymentStatusResponse = {
  paymentStatus: 'NOT_STARTED' | 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
  paymentMethod: 'CARD' | 'CRYPTO' | 'WIRE' | 'BANK_TRANSFER' | null;
  completedAt: string | null;
  investment: { amount: number; tokenQuantity: number; paymentCompleted: boolean; completedAt: string | null };
};
