import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { disclosureMachine } from '../disclosure/disclosure.machine.ts';
import type { kycMachine } from '../kyc/kyc.machine.ts';
import { PROCESS_STEPS, type ProcessStep } from '../../src/shared/constants.ts';
import { overallProgress, stepFromPath } from '../../src/shared/rules.ts';
import type { processMachine } from './process.machine.ts';
import { currentStepOf, DOWNLOADS_PATH } from './process.routes.ts';

type S = SnapshotFrom<typeof processMachine>;

export const selectIsLoading = (s: S) => s.hasTag('loading');
export const selectPath = (s: S) => (s.hasTag('loading') ? null : s.context.path);
export const selectProgress = (s: S) => s.context.progress;
export const selectViewedStep = (s: S): ProcessStep | 'downloads' =>
  s.context.path === DOWNLOADS_PATH ? 'downloads' : stepFromPath(s.context.path);
export const selectCurrentStep = (s: S): ProcessStep =>
  s.context.progress ? currentStepOf(s.context.progress, s.context.serverStep) : 'disclosure';
export const selectOverallProgress = (s: S) => (s.context.progress ? overallProgress(s.context.progress) : 0);

export type StepIndicatorItem = { step: ProcessStep; status: 'completed' | 'current' | 'accessible' | 'pending'; viewing: boolean };

/** Spec "Step indicator": completed and current/accessible steps are clickable, pending ones are not. */
export const selectStepIndicator = (s: S): StepIndicatorItem[] => {
  const progress = s.context.progress;
  const current = selectCurrentStep(s);
  const viewed = selectViewedStep(s);
  return PROCESS_STEPS.map((step) => {
    const p = progress?.[step];
    const status = p?.completed ? 'completed' : step === current ? 'current' : p?.accessible ? 'accessible' : 'pending';
    return { step, status, viewing: step === viewed };
  });
};

/** A completed step that is not the current one is read-only. */
export const selectIsReadOnly = (s: S, step: ProcessStep) =>
  !!s.context.progress?.[step].completed && selectCurrentStep(s) !== step;

/** The disclosure page's machine while the user is on it. */
export const selectDisclosureActor = (s: S) => s.children.disclosure as ActorRefFrom<typeof disclosureMachine> | undefined;
/** The KYC page's machine while the user is on it. */
export const selectKycActor = (s: S) => s.children.kyc as ActorRefFrom<typeof kycMachine> | undefined;
