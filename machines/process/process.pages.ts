/**
 * The process pages whose page is a chart of its own. The process chart loads a page's chart (its own chunk, see
 * `loadPageChart`) when the page is shown, runs it only while the page is shown (leaving stops it, and its timers)
 * and, for a step, marks the step complete when the chart finishes. Nothing here imports a chart: the first script
 * of every page (the login page's too) stays without them. A new page is one entry here, one in the app's chart
 * loaders (the process effects, which import the chart) and one in the page views' table.
 */
import type { ActorRefFrom } from 'xstate';
import type { agreementsMachine } from '../agreements/agreements.machine.ts';
import type { disclosureMachine } from '../disclosure/disclosure.machine.ts';
import type { downloadsMachine } from '../downloads/downloads.machine.ts';
import type { investmentStatusMachine } from '../investment-status/investment-status.machine.ts';
import type { kycMachine } from '../kyc/kyc.machine.ts';
import type { paymentMachine } from '../payment/payment.machine.ts';
import { pathOfStep } from '../../src/shared/process-steps.ts';
import { DOWNLOADS_PATH, type ProcessPageId } from './process.routes.ts';

/** Each page's chart, as a type only. */
export type PageCharts = {
  disclosure: typeof disclosureMachine;
  kyc: typeof kycMachine;
  agreements: typeof agreementsMachine;
  payment: typeof paymentMachine;
  // The last step's page, where the investment stands: its chart never finishes (nothing comes after it).
  complete: typeof investmentStatusMachine;
  // No step: its chart never finishes (it lists the signed documents for as long as the page shows).
  downloads: typeof downloadsMachine;
};

export const PAGE_STEPS = ['disclosure', 'kyc', 'agreements', 'payment', 'complete', 'downloads'] as const satisfies readonly ProcessPageId[];
export type PageStep = (typeof PAGE_STEPS)[number];
export const isPageStep = (step: string): step is PageStep => (PAGE_STEPS as readonly string[]).includes(step);

/** Where a page is shown. */
export const pathOfPage = (page: ProcessPageId): string => (page === 'downloads' ? DOWNLOADS_PATH : pathOfStep(page));

/** A page's chart while it runs (the process runs it with the page as its id). */
export type PageActorRef<S extends PageStep> = ActorRefFrom<PageCharts[S]>;

/** What loading a page's chart answers: the chart, ready to run (its effects provided). */
export type PageChartLoader = <S extends PageStep>(page: S) => Promise<PageCharts[S]>;
