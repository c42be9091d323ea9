import type { DisclosureProgressResponse, DisclosureSection, SectionProgress } from '../../src/shared/disclosure.ts';
import type { ProcessStep } from '../../src/shared/process-steps.ts';
import type { ReadingTickEvent } from '../reading-timer/reading-timer.types.ts';

export type ProgressMap = Record<string, SectionProgress>;

/** What loadDisclosure answers: the sections and the progress the server credits. */
export type DisclosureData = { sections: DisclosureSection[]; progress: DisclosureProgressResponse };

export type SaveProgressInput = { sectionProgress: ProgressMap };

export type CompletionError = { message: string; detail: string | null };

export type DisclosureContext = {
  sections: DisclosureSection[];
  /** The reading as this browser knows it (the server's credit plus what accrued since the last save). */
  progress: ProgressMap;
  /** The claims of the save in flight, to tell what accrued after they were sent. */
  sent: ProgressMap | null;
  /** Something changed since the last save was sent. */
  unsaved: boolean;
  /** A save was asked for while one was in flight: send another when it ends. */
  saveAgain: boolean;
  /** Expanded sections, in the order they were opened. */
  openIds: string[];
  /** Sections whose reading timer runs (open, not completed, reading mode). */
  timerIds: string[];
  hidden: boolean;
  serverStep: ProcessStep;
  completedAt: string | null;
  saveFailed: boolean;
  completionError: CompletionError | null;
};

export type DisclosureEvent =
  | { type: 'disclosure.retry' }
  | { type: 'disclosure.section.toggle'; sectionId: string }
  | { type: 'disclosure.section.end.visible'; sectionId: string }
  | { type: 'disclosure.visibility.change'; hidden: boolean }
  | { type: 'disclosure.save' }
  | { type: 'disclosure.proceed' }
  | { type: 'disclosure.returnToCurrentStep' }
  | ReadingTickEvent;

export type DisclosureInput = { hidden?: boolean };

/** Sent to the process machine: the disclosure page asks to be somewhere else (it only asks). */
export type DisclosureParentEvent = { type: 'process.route.request'; path: string };
