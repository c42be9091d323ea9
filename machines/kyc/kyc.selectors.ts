/** Named reads of the KYC page snapshot for the views (useSelector) and tests. The steps' own charts have their own. */
import type { SnapshotFrom } from 'xstate';
import { KYC_RESUBMIT_STEP_LABELS, KYC_STATUS_LABELS, KYC_STEPS, type KycFile, type KycStatus, type KycStepName, type KycStepNumber, type KycAmlSummary } from '../../src/shared/kyc.ts';
import { messages } from '../../src/shared/messages.ts';
import type { kycMachine } from './kyc.machine.ts';
import { filesByStep, stepNumberOf } from './kyc.rules.ts';

type S = SnapshotFrom<typeof kycMachine>;

export type KycPhase = 'loading' | 'failed' | 'authRequired' | 'summary' | 'wizard' | 'done';

export const selectPhase = (s: S): KycPhase => {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('authRequired')) return 'authRequired';
  if (s.matches('summary')) return 'summary';
  if (s.matches('done')) return 'done';
  return 'wizard';
};

export const selectIsReadOnly = (s: S): boolean => s.hasTag('readOnly');

/** The step the investor is on (the wizard's state), null outside the wizard. */
export const selectActiveStepName = (s: S): KycStepName | null => KYC_STEPS.find((name) => s.matches({ wizard: name })) ?? null;
export const selectActiveStep = (s: S): KycStepNumber | null => {
  const name = selectActiveStepName(s);
  return name ? stepNumberOf(name) : null;
};

/** The step the page shows: an earlier one the investor is looking at, else the active one. */
export const selectDisplayedStep = (s: S): KycStepNumber | null => s.context.viewedStep ?? selectActiveStep(s);
/** True while an earlier step is shown: "You're currently on a different step" with 'Return to Current Step'. */
export const selectIsViewingOtherStep = (s: S): boolean => s.context.viewedStep !== null;

export type KycStepItem = {
  step: KycStepNumber;
  name: KycStepName;
  title: string;
  /** The server has this step saved. */
  completed: boolean;
  active: boolean;
  displayed: boolean;
  /** It can be looked at (an earlier step) or returned to (the active one). */
  selectable: boolean;
  documentName: string | null;
};

/** The five sub-steps for the step list: titles, what is saved, which is active and which is shown. */
export const selectSteps = (s: S): KycStepItem[] => {
  const active = selectActiveStep(s);
  const displayed = selectDisplayedStep(s);
  return KYC_STEPS.map((name, i) => {
    const step = (i + 1) as KycStepNumber;
    const saved = s.context.status?.steps[String(step) as '1'];
    return {
      step,
      name,
      title: messages.kyc.stepTitles[i]!,
      completed: saved?.completed === true,
      active: step === active,
      displayed: step === displayed,
      selectable: active !== null && step <= active,
      documentName: saved?.documentName ?? null,
    };
  });
};

export const selectStatus = (s: S) => s.context.status;
/** The stored files per step (latest of each document type), for an earlier step's view and the summary. */
export const selectFilesByStep = (s: S): Record<KycStepNumber, KycFile[]> => filesByStep(s.context.status?.files ?? []);

export const selectNotice = (s: S): string | null => s.context.notice;
/** Step 4 saved, the one-second pause before the review. */
export const selectIsAdvancing = (s: S): boolean => s.hasTag('advancing');
export const selectIsCompleting = (s: S): boolean => s.hasTag('completing');
export const selectCompletionError = (s: S): string | null => s.context.error;

/** The running step charts (undefined unless their step is active): the step views read and talk to them. */
export const selectIdentityRef = (s: S) => s.children.kycIdentity;
export const selectCameraRef = (s: S) => s.children.camera;
export const selectAddressRef = (s: S) => s.children.kycAddress;
export const selectAmlRef = (s: S) => s.children.kycAml;

export type KycSummary = {
  status: KycStatus;
  statusLabel: string;
  completedAt: string | null;
  /** One card per step: its title and files (step 4 has the AML answers instead, step 5 nothing). */
  cards: { step: KycStepNumber; title: string; files: KycFile[] }[];
  aml: KycAmlSummary | null;
};

/** The read-only summary ('Review Your Completed KYC Verification'), null outside it. */
export const selectSummary = (s: S): KycSummary | null => {
  const status = s.context.status;
  if (!s.hasTag('readOnly') || !status) return null;
  const files = filesByStep(status.files);
  return {
    status: status.status,
    statusLabel: KYC_STATUS_LABELS[status.status],
    completedAt: status.completedAt,
    cards: KYC_STEPS.map((_, i) => ({ step: (i + 1) as KycStepNumber, title: messages.kyc.stepTitles[i]!, files: files[(i + 1) as KycStepNumber] })),
    aml: status.aml,
  };
};

/** The reviewer's request while the investor redoes steps (issue 15): the steps' names and the message; null otherwise. */
export const selectResubmission = (s: S): { steps: string[]; message: string } | null => {
  const r = s.context.status?.status === 'RESUBMISSION_REQUESTED' ? s.context.status.resubmission : null;
  return r ? { steps: r.steps.map((step) => KYC_RESUBMIT_STEP_LABELS[step]), message: r.message } : null;
};
