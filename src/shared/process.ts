/**
 * Step progress (spec section 4 "Process"). Each process step the browser asks the server about is one entry of
 * PROCESS_STEP_STATUS: the status call, the schema its answer must pass, and when that answer means the step is
 * complete. Step progress makes every call of the table in parallel, each allowed to fail (an answer that fails its
 * schema counts as failed), and derives completion, access and the overall percentage from it. A new step with a
 * status of its own is one entry here.
 */
import type * as v from 'valibot';
import { DisclosureProgressResponseSchema } from './disclosure.ts';
import { KycStatusResponseSchema, isKycDone } from './kyc.ts';
import { AgreementsStatusSchema } from './legal.ts';
import { PaymentStatusResponseSchema } from './payment-status.ts';
import { PROCESS_STEPS, type ProcessStep } from './process-steps.ts';

type StepStatus<TSchema extends v.GenericSchema> = {
  /** GET, with the investor's token. */
  path: string;
  /** What the answer must look like for the browser to read it. */
  schema: TSchema;
  isComplete: (answer: v.InferOutput<TSchema>) => boolean;
};

/** Any entry, whatever its answer (what the table as a whole must be). */
type AnyStepStatus = { path: string; schema: v.GenericSchema; isComplete: (answer: never) => boolean };

/** An entry typed by the schema of the answer its call returns. */
const stepStatus = <TSchema extends v.GenericSchema>(entry: StepStatus<TSchema>): StepStatus<TSchema> => entry;

export const PROCESS_STEP_STATUS = {
  disclosure: stepStatus({
    path: '/api/disclosure/progress',
    schema: DisclosureProgressResponseSchema,
    isComplete: (answer) => answer.disclosuresCompleted === true,
  }),
  kyc: stepStatus({
    path: '/api/kyc/status',
    schema: KycStatusResponseSchema,
    isComplete: (answer) => isKycDone(answer.status, answer.completedAt),
  }),
  agreements: stepStatus({
    path: '/api/legal/progress',
    schema: AgreementsStatusSchema,
    isComplete: (answer) => answer.status === 'COMPLETED' && !!answer.completedAt,
  }),
  payment: stepStatus({
    path: '/api/payment/status',
    schema: PaymentStatusResponseSchema,
    isComplete: (answer) => answer.paymentStatus === 'COMPLETED' || answer.investment?.paymentCompleted === true,
  }),
} satisfies Partial<Record<ProcessStep, AnyStepStatus>>;

/** The steps with a status call, in process order ('complete' has none: it follows from payment). */
export type StatusStep = keyof typeof PROCESS_STEP_STATUS;
export const STATUS_STEPS = Object.keys(PROCESS_STEP_STATUS) as StatusStep[];
export const isStatusStep = (step: string): step is StatusStep => Object.hasOwn(PROCESS_STEP_STATUS, step);

export type StatusAnswerOf<S extends StatusStep> = v.InferOutput<(typeof PROCESS_STEP_STATUS)[S]['schema']>;
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

export type StepState = { completed: boolean; accessible: boolean; current: boolean; data: unknown };
export type StepProgress = Record<ProcessStep, StepState>;

/** Completion rules of spec section 4 "Process" (PROCESS_STEP_STATUS), applied to the status answers (any may be missing). */
function completedSteps(answers: StatusAnswers): Record<StatusStep, boolean> {
  return Object.fromEntries(STATUS_STEPS.map((step) => [step, isStepComplete(step, answers[step])])) as Record<StatusStep, boolean>;
}

/**
 * The last page is also the investment's status page: an investor whose payment went back to them (a refund after a
 * rejected verification, say) is no longer "paid", but that page is where they see the refund, so it stays open.
 */
const wasRefunded = (payment: StatusAnswerOf<'payment'> | null): boolean => payment?.latestPayment?.paymentStatus === 'REFUNDED';

/** Step order: disclosure always accessible, each later one needs its predecessor complete. */
export function deriveStepProgress(answers: StatusAnswers, serverStep: ProcessStep | null | undefined): StepProgress {
  const done = completedSteps(answers);
  // 'complete' has no status of its own: it is never "completed", only reached once payment is.
  const isDone = (step: ProcessStep | undefined) => step !== undefined && isStatusStep(step) && done[step];
  const current = serverStep ?? 'disclosure';
  const progress = {} as StepProgress;
  PROCESS_STEPS.forEach((step, i) => {
    progress[step] = {
      completed: isDone(step),
      accessible: i === 0 || isDone(PROCESS_STEPS[i - 1]) || (step === 'complete' && wasRefunded(answers.payment)),
      current: step === current,
      data: isStatusStep(step) ? answers[step] : null,
    };
  });
  return progress;
}

/** Rounded percentage of the steps with a status (disclosure, kyc, agreements, payment) that are complete. */
export const overallProgress = (p: StepProgress): number =>
  Math.round((STATUS_STEPS.filter((step) => p[step].completed).length / STATUS_STEPS.length) * 100);
