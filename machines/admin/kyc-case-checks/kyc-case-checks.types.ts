import type { EddItem, EddItemUpdate, KycChecks, ScreeningHitDecision, ScreeningHitDecisionInput } from '../../../src/shared/admin/kyc-checks.ts';

export type KycCaseChecksInput = {
  userId: string;
  /** Compliance gives its word on a hit; an auditor reads. */
  canDecide: boolean;
  /** The checks as the case answered them. */
  checks: KycChecks;
};

/** One hit's form as typed: true match or false positive ('' before a choice), and the reason. */
export type HitDraft = { hitId: string; decision: ScreeningHitDecision | ''; reason: string };

/** A decision on a hit as the server's schema took it (the reason trimmed), ready to send. */
export type HitDecisionToSend = { hitId: string; payload: ScreeningHitDecisionInput };

/** A tick or untick of an EDD item, for the round the reviewer sees (the server refuses it if the round moved on). */
export type EddItemToSend = { item: EddItem; payload: EddItemUpdate };

export type KycCaseChecksContext = KycCaseChecksInput & {
  /** The open hit's form (null: none open). */
  form: HitDraft | null;
  /** Why the form was not sent, or the server's refusal (its words). */
  formError: string | null;
  /** The decision while it is being sent. */
  sending: HitDecisionToSend | null;
  /** Why the checks could not be read again (the waiting goes on). */
  refreshError: string | null;
  /** A call (a decision on a hit, an EDD item) was answered since the current read of the checks began: that read's answer is older, and dropped. */
  answeredSinceLoad: boolean;
  /** The EDD item change while it is being sent. */
  eddSending: EddItemToSend | null;
  /** Why the last EDD item change was not saved (the server's words). */
  eddError: string | null;
};

export type KycCaseChecksEvent =
  | { type: 'checks.hit.open'; hitId: string }
  | { type: 'checks.hit.choose'; decision: ScreeningHitDecision }
  | { type: 'checks.hit.reason'; value: string }
  | { type: 'checks.hit.send' }
  | { type: 'checks.hit.cancel' }
  | { type: 'checks.edd.toggle'; item: EddItem; done: boolean };

export type LoadChecksInput = { userId: string };
export type DecideHitInput = HitDecisionToSend & { userId: string };
export type SetEddItemInput = EddItemToSend & { userId: string };
export type { EddItem, KycChecks, ScreeningHitDecision };
