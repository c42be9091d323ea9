import type { StepProgress, StatusAnswers } from '../../src/shared/process.ts';
import type { ProcessStep } from '../../src/shared/process-steps.ts';
import type { PageStep } from './process.pages.ts';

export type ProcessContext = {
  /** The path the user asked for most recently (URL typed, link, back button). */
  requestedPath: string;
  /** Where the user is: always a path the step rules allow. */
  path: string;
  answers: StatusAnswers | null;
  progress: StepProgress | null;
  serverStep: ProcessStep;
};

export type ProcessEvent =
  | { type: 'process.route.request'; path: string }
  | { type: 'process.step.complete'; step: ProcessStep }
  | { type: 'process.refresh' }
  /** Load the shown page's chart again after its load failed. */
  | { type: 'process.page.retry' };

/**
 * A page chart finished: XState sends it when the chart the process runs as `<page>` reaches its final state. Listed
 * so the chart may handle it (a spawned child's completion is not typed the way an invoke's onDone is); no view sends it.
 */
export type PageChartDoneEvent = { type: `xstate.done.actor.${PageStep}`; output?: unknown };

export type ProcessInput = { requestedPath: string };
