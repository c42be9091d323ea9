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

/** One entry per page chart (machines/process/process.pages.ts): its chunk, and the chart provided with its effects. */
function pageChartImports(api: ApiClient, { getToken, onUnauthorized, log }: ProcessEffectOptions): { [S in PageStep]: () => Promise<PageCharts[S]> } {
  return {
    disclosure: () => import('./disclosure-effects.ts').then((m) => m.provideDisclosure(api)),
    kyc: () => import('./kyc-effects.ts').then((m) => m.provideKyc(api, getToken, { onUnauthorized, log })),
    agreements: () => import('./legal-effects.ts').then((m) => m.provideAgreements(api)),
    payment: () => import('./payment-effects.ts').then((m) => m.providePayment(api)),
    downloads: () => import('./downloads-effects.ts').then((m) => m.provideDownloads(api)),
  };
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
