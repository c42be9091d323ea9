/** The legal agreements step (spec section 4 "Agreements"): its status as stored and GET /api/legal/progress. */
import * as v from 'valibot';

/** legal_agreements.status, and the status the progress answer carries. */
export const AGREEMENT_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** GET /api/legal/progress: also carries the agreements status (status, completedAt). */
export const LegalProgressResponseSchema = v.object({
  status: v.picklist(AGREEMENT_STATUSES),
  completedAt: v.nullable(v.string()),
  walletAddress: v.nullable(v.string()),
  configurations: v.record(v.string(), v.unknown()),
  agreements: v.record(v.string(), v.unknown()),
});
export type LegalProgressResponse = v.InferOutput<typeof LegalProgressResponseSchema>;
