/**
 * The process steps whose page is a chart of its own, and that chart. The process chart runs a page's chart only
 * while that page is shown (leaving stops it, and its timers) and marks the step complete when the chart finishes.
 * A new step's page is one entry here; its view is one entry in src/client/views/process/process-page-views.ts.
 */
import type { ActorRefFrom } from 'xstate';
import type { ProcessStep } from '../../src/shared/process-steps.ts';
import { disclosureMachine } from '../disclosure/disclosure.machine.ts';
import { kycMachine } from '../kyc/kyc.machine.ts';

export const PAGE_CHARTS = {
  disclosure: disclosureMachine,
  kyc: kycMachine,
} satisfies Partial<Record<ProcessStep, unknown>>;

export type PageStep = keyof typeof PAGE_CHARTS;
export const PAGE_STEPS = Object.keys(PAGE_CHARTS) as PageStep[];
export const isPageStep = (step: string): step is PageStep => Object.hasOwn(PAGE_CHARTS, step);

/** A step's page chart while it runs (the process invokes it with the step as its id). */
export type PageActorRef<S extends PageStep> = ActorRefFrom<(typeof PAGE_CHARTS)[S]>;
