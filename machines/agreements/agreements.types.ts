import type {
  AgreementConfigurations,
  AgreementKey,
  AgreementState,
  AgreementName,
  AgreementStatus,
  AgreementSubmission,
  LegalCompleteResponse,
  LegalProgressResponse,
  SaveLegalProgressPayload,
} from '../../src/shared/legal.ts';
import type { AgreementParentEvent } from '../agreement/agreement.types.ts';

export type ProceedError = { message: string; detail: string | null };

export type AgreementsContext = {
  status: AgreementStatus;
  completedAt: string | null;
  configurations: AgreementConfigurations | null;
  /** Each agreement as the page knows it: the load's answer, then each signing its agreement reports. */
  agreements: Record<AgreementKey, AgreementState> | null;
  /** The wallet address field as typed (the registration's address at first). */
  walletAddress: string;
  /** The agreement whose panel is open in the accordion. */
  openKey: AgreementKey | null;
  /** Why Proceed did not move on. */
  error: ProceedError | null;
  /** Why the page loaded the server's account again (an agreement's signing met a 409), until the next action. */
  notice: string | null;
};

export type AgreementsEvent =
  | { type: 'agreements.retry' }
  | { type: 'agreements.agreement.toggle'; key: AgreementKey }
  | { type: 'agreements.wallet.change'; value: string }
  /** 'Proceed to Payment'. */
  | { type: 'agreements.proceed' }
  /** Review mode: 'RETURN TO CURRENT STEP'. */
  | { type: 'agreements.returnToCurrentStep' }
  | AgreementParentEvent;

export type LoadLegalProgressOutput = LegalProgressResponse;
export type SaveAgreementsInput = SaveLegalProgressPayload;
/** POST /api/legal/complete {agreements}. */
export type CompleteLegalInput = { agreements: Partial<Record<AgreementName, AgreementSubmission>> };
export type CompleteLegalOutput = LegalCompleteResponse;

/** The chart finishes once the server has completed the step: the process then moves on to payment. */
export type AgreementsOutput = { completed: true; completedAt: string; walletAddress: string };

/** Sent to the process machine: the page asks to be somewhere else (it only asks). */
export type AgreementsParentEvent = { type: 'process.route.request'; path: string };
