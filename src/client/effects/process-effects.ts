/**
 * The process chart's effects: the status calls of step progress, and the loading of each page's chart. A page chart
 * and its effects are imported when its page is first shown (a chunk of their own), so the first script of the
 * login page and of every other page carries none of them.
 */
import { fromPromise } from 'xstate';
import { processMachine } from '../../../machines/process/process.machine.ts';
import type { PageChartLoader, PageCharts, PageStep } from '../../../machines/process/process.pages.ts';
import type { ApiClient, Log } from './api-client.ts';
import { loadStepProgress } from './status-calls.ts';

export type ProcessEffectOptions = {
  /** The stored token, for the calls that bypass the API client (uploads with progress). */
  getToken: () => string | null;
  /** A 401 outside the API client: the session's 401 path. */
  onUnauthorized: () => void;
  /** Where an answer refused by its schema is reported (the upload's; the API client has its own). */
  log: Log;
};

/** One entry per page chart (machines/process/process.pages.ts): its chunk (the chart and its effects). */
const PAGE_CHART_CHUNKS = {
  disclosure: () => import('./disclosure-effects.ts'),
  kyc: () => import('./kyc-effects.ts'),
  agreements: () => import('./legal-effects.ts'),
  payment: () => import('./payment-effects.ts'),
  complete: () => import('./investment-status-effects.ts'),
  downloads: () => import('./downloads-effects.ts'),
} satisfies { [S in PageStep]: () => Promise<unknown> };

/** The chart provided with its effects, from its chunk. */
function pageChartImports(api: ApiClient, { getToken, onUnauthorized, log }: ProcessEffectOptions): { [S in PageStep]: () => Promise<PageCharts[S]> } {
  return {
    disclosure: () => PAGE_CHART_CHUNKS.disclosure().then((m) => m.provideDisclosure(api)),
    kyc: () => PAGE_CHART_CHUNKS.kyc().then((m) => m.provideKyc(api, getToken, { onUnauthorized, log })),
    agreements: () => PAGE_CHART_CHUNKS.agreements().then((m) => m.provideAgreements(api)),
    payment: () => PAGE_CHART_CHUNKS.payment().then((m) => m.providePayment(api)),
    complete: () => PAGE_CHART_CHUNKS.complete().then((m) => m.provideInvestmentStatus(api)),
    downloads: () => PAGE_CHART_CHUNKS.downloads().then((m) => m.provideDownloads(api)),
  };
}

/**
 * Downloads a page's chart chunk ahead of its page (the next step's, in idle time): the load when the page is shown
 * then finds it in the browser's module map. A failure is only early: that load tries again and reports.
 */
export function prefetchPageChart(page: PageStep): void {
  PAGE_CHART_CHUNKS[page]().catch(() => undefined);
}

/** Loads each chart once; a failed load (a lost connection, a chunk gone after a deploy) is tried again next time. */
export function createPageChartLoader(imports: { [S in PageStep]: () => Promise<PageCharts[S]> }): PageChartLoader {
  const loaded = new Map<PageStep, Promise<PageCharts[PageStep]>>();
  return <S extends PageStep>(page: S) => {
    let chart = loaded.get(page);
    if (!chart) {
      chart = imports[page]();
      loaded.set(page, chart);
      chart.catch(() => loaded.delete(page));
    }
    return chart as Promise<PageCharts[S]>;
  };
}

export function provideProcess(api: ApiClient, options: ProcessEffectOptions) {
  const loadPageChart = createPageChartLoader(pageChartImports(api, options));
  return processMachine.provide({
    actors: {
      loadStepProgress: fromPromise(() => loadStepProgress(api)),
      loadPageChart: fromPromise(({ input }) => loadPageChart(input.page)),
    },
  });
}
