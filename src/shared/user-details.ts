/** GET /api/user-details/status: the registration as displayed (spec section 3 "User details (as displayed)"). */
import * as v from 'valibot';
import { PROCESS_STEPS } from './process-steps.ts';

/** The investor type as stored and answered (the payload's INVESTOR_TYPES, upper-case). */
export const STORED_INVESTOR_TYPES = ['INDIVIDUAL', 'ENTITY'] as const;
export type StoredInvestorType = (typeof STORED_INVESTOR_TYPES)[number];

/** The foundation's review of a registration, as stored (user_details.status). */
export const USER_STATUSES = ['UNDER_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const nullableText = v.nullable(v.string());

export const UserDetailsSchema = v.object({
  investmentAmount: v.number(),
  tokenQuantity: v.number(),
  investorType: v.picklist(STORED_INVESTOR_TYPES),
  status: v.picklist(USER_STATUSES),
  fullName: nullableText,
  dateOfBirth: nullableText,
  nationality: nullableText,
  entityName: nullableText,
  jurisdiction: nullableText,
  authorizedSignatory: nullableText,
  email: v.string(),
  walletAddress: nullableText,
  primaryJurisdiction: nullableText,
  createdAt: v.string(),
  submittedAt: nullableText,
  reviewedAt: nullableText,
  currentStep: v.picklist(PROCESS_STEPS),
  rejectionReason: nullableText,
});
export type UserDetails = v.InferOutput<typeof UserDetailsSchema>;
