/**
 * Each process step the browser asks the server about: the status call and when its answer means the step is
 * complete (spec section 4 "Process"). Step progress makes every call of this table in parallel, each allowed to
 * fail, and derives completion, access and the overall percentage from it (rules.ts). A new step with a status of
 * its own is one entry here.
 */
import type { ProcessStep } from './constants.ts';
import type { DisclosureProgressResponse, KycStatusResponse, LegalProgressResponse, PaymentStatusResponse } from './schemas.ts';

type StepStatus<TAnswer> = {
  /** GET, with the investor's token. */
  path: string;
  isComplete: (answer: TAnswer) => boolean;
};

/** An entry typed by the answer its call returns. */
const stepStatus = <TAnswer>(entry: StepStatus<TAnswer>): StepStatus<TAnswer> => entry;

export const PROCESS_STEP_STATUS = {
  disclosure: stepStatus<DisclosureProgressResponse>({
    path: '/api/disclosure/progress',
    isComplete: (answer) => answer.disclosuresCompleted === true,
  }),
  kyc: stepStatus<KycStatusResponse>({
    path: '/api/kyc/status',
    isComplete: (answer) => (answer.status === 'UNDER_REVIEW' || answer.status === 'APPROVED') && !!answer.completedAt,
  }),
  agreements: stepStatus<LegalProgressResponse>({
    path: '/api/legal/progress',
    isComplete: (answer) => answer.status === 'COMPLETED' && !!answer.completedAt,
  }),
  payment: stepStatus<PaymentStatusResponse>({
    path: '/api/payment/status',
    isComplete: (answer) => answer.paymentStatus === 'COMPLETED' || answer.investment?.paymentCompleted === true,
  }),
} satisfies Partial<Record<ProcessStep, StepStatus<never>>>;

/** The steps with a status call, in process order ('complete' has none: it follows from payment). */
export type StatusStep = keyof typeof PROCESS_STEP_STATUS;
export const STATUS_STEPS = Object.keys(PROCESS_STEP_STATUS) as StatusStep[];
export const isStatusStep = (step: string): step is StatusStep => Object.hasOwn(PROCESS_STEP_STATUS, step);

export type StatusAnswerOf<S extends StatusStep> = Parameters<(typeof PROCESS_STEP_STATUS)[S]['isComplete']>[0];
/** Every status call's answer, null where the call failed. */
export type StatusAnswers = { [S in StatusStep]: StatusAnswerOf<S> | null };

/** Nothing known (the load itself broke): every step incomplete. */
export const NO_STATUS_ANSWERS = Object.fromEntries(STATUS_STEPS.map((step) => [step, null])) as StatusAnswers;

/** A step's completion rule applied to its answer; a missing answer is not complete. */
export function isStepComplete<S extends StatusStep>(step: S, answer: StatusAnswerOf<S> | null): boolean {
  // The table pairs each rule with its own answer type; TypeScript cannot follow that pairing through a generic key.
  const isComplete = PROCESS_STEP_STATUS[step].isComplete as (answer: StatusAnswerOf<S>) => boolean;
  return answer !== null && isComplete(answer);
}
