/**
 * The process pages whose page is a chart of its own, and that chart. The process chart runs a page's chart only
 * while that page is shown (leaving stops it, and its timers) and, for a step, marks the step complete when the
 * chart finishes. A new page is one entry here; its view is one entry in src/client/views/process/process-page-views.ts.
 */
import type { ActorRefFrom } from 'xstate';
import { pathOfStep } from '../../src/shared/process-steps.ts';
import { agreementsMachine } from '../agreements/agreements.machine.ts';
import { disclosureMachine } from '../disclosure/disclosure.machine.ts';
import { downloadsMachine } from '../downloads/downloads.machine.ts';
import { kycMachine } from '../kyc/kyc.machine.ts';
import { DOWNLOADS_PATH, type ProcessPageId } from './process.routes.ts';

export const PAGE_CHARTS = {
  disclosure: disclosureMachine,
  kyc: kycMachine,
  agreements: agreementsMachine,
  // No step: its chart never finishes (it lists the signed documents for as long as the page shows).
  downloads: downloadsMachine,
} satisfies Partial<Record<ProcessPageId, unknown>>;

export type PageStep = keyof typeof PAGE_CHARTS;
export const PAGE_STEPS = Object.keys(PAGE_CHARTS) as PageStep[];
export const isPageStep = (step: string): step is PageStep => Object.hasOwn(PAGE_CHARTS, step);

/** Where a page is shown. */
export const pathOfPage = (page: ProcessPageId): string => (page === 'downloads' ? DOWNLOADS_PATH : pathOfStep(page));

/** A step's page chart while it runs (the process invokes it with the step as its id). */
export type PageActorRef<S extends PageStep> = ActorRefFrom<(typeof PAGE_CHARTS)[S]>;
