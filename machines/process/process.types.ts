import type { StepProgress, StatusAnswers } from '../../src/shared/process.ts';
import type { ProcessStep } from '../../src/shared/process-steps.ts';

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
  | { type: 'process.refresh' };

export type ProcessInput = { requestedPath: string };
