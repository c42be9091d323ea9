import type { SnapshotFrom } from 'xstate';
import { PROCESS_STEPS, stepFromPath, type ProcessStep } from '../../src/shared/process-steps.ts';
import type { processMachine } from './process.machine.ts';
import type { PageActorRef, PageStep } from './process.pages.ts';
import { currentStepOf, DOWNLOADS_PATH, type ProcessPageId } from './process.routes.ts';

type S = SnapshotFrom<typeof processMachine>;

export const selectIsLoading = (s: S) => s.hasTag('loading');
export const selectPath = (s: S) => (s.hasTag('loading') ? null : s.context.path);
export const selectProgress = (s: S) => s.context.progress;
export const selectViewedStep = (s: S): ProcessPageId =>
  s.context.path === DOWNLOADS_PATH ? 'downloads' : stepFromPath(s.context.path);
export const selectCurrentStep = (s: S): ProcessStep =>
  s.context.progress ? currentStepOf(s.context.progress, s.context.serverStep) : 'disclosure';

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

/** The agreements are signed, so signed documents exist (or are being sealed): the downloads page has something. */
export const selectHasSignedDocuments = (s: S) => !!s.context.progress?.agreements.completed;

/** Where the shown page's chart is: loading (its chunk), failed to load (a retry loads it again), or running. */
export type PageChartPhase = 'loading' | 'failed' | 'running';
export const selectPageChartPhase = (s: S): PageChartPhase =>
  s.hasTag('pageLoadFailed') ? 'failed' : s.hasTag('pageLoading') ? 'loading' : 'running';

/** A page's chart while the user is on its page and it runs (the process runs it with the page as its id). */
export const selectPageActor = <P extends PageStep>(s: S, step: P) => s.children[step] as PageActorRef<P> | undefined;
