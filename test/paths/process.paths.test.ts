import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, type AnyActorLogic, type EventObject } from 'xstate';
import { agreementsMachine } from '../../machines/agreements/agreements.machine.ts';
import { disclosureMachine } from '../../machines/disclosure/disclosure.machine.ts';
import { downloadsMachine } from '../../machines/downloads/downloads.machine.ts';
import { investmentStatusMachine } from '../../machines/investment-status/investment-status.machine.ts';
import type { LoadStatusOutput } from '../../machines/investment-status/investment-status.types.ts';
import type { DocumentsResponse } from '../../src/shared/documents.ts';
import type { LegalProgressResponse } from '../../src/shared/legal.ts';
import type { DisclosureData } from '../../machines/disclosure/disclosure.types.ts';
import { kycMachine } from '../../machines/kyc/kyc.machine.ts';
import { paymentMachine } from '../../machines/payment/payment.machine.ts';
import type { PaymentStart } from '../../machines/payment/payment.types.ts';
import { processMachine } from '../../machines/process/process.machine.ts';
import { PAGE_STEPS, pathOfPage, type PageCharts, type PageStep } from '../../machines/process/process.pages.ts';
import { selectPageActor, selectPageChartPhase } from '../../machines/process/process.selectors.ts';
import { createPageChartLoader } from '../../src/client/effects/process-effects.ts';
import { resolveProcessPath } from '../../machines/process/process.routes.ts';
import type { KycStatusResponse } from '../../src/shared/kyc.ts';
import { deriveStepProgress, type StatusAnswers } from '../../src/shared/process.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

const fresh: StatusAnswers = {
  disclosure: { currentStep: 'disclosure', disclosuresCompleted: false, disclosureProgress: {}, disclosureCompletedAt: null, isReadingMode: false },
  kyc: null,
  agreements: null,
  payment: null,
};

/** Each page's chart as its load answers it, with effects that never answer by themselves (nothing in a path waits on them). */
const fakeCharts: PageCharts = {
  disclosure: disclosureMachine.provide({ actors: { loadDisclosure: fromPromise<DisclosureData, void>(() => new Promise(() => {})) } }),
  kyc: kycMachine.provide({ actors: { loadKycStatus: fromPromise<KycStatusResponse, void>(() => new Promise(() => {})) } }),
  agreements: agreementsMachine.provide({ actors: { loadLegalProgress: fromPromise<LegalProgressResponse, void>(() => new Promise(() => {})) } }),
  payment: paymentMachine.provide({ actors: { loadPaymentStart: fromPromise<PaymentStart, void>(() => new Promise(() => {})) } }),
  complete: investmentStatusMachine.provide({ actors: { loadStatus: fromPromise<LoadStatusOutput, void>(() => new Promise(() => {})) } }),
  downloads: downloadsMachine.provide({ actors: { loadDocuments: fromPromise<DocumentsResponse, void>(() => new Promise(() => {})) } }),
};

const events: EventObject[] = [
  // A page's chart loaded (chartLoadIdOf): the path's event is the load's answer, the chart the process then runs.
  ...PAGE_STEPS.map((step) => ({ type: `xstate.done.actor.${step}Chart`, output: fakeCharts[step] }) as EventObject),
  ...PAGE_STEPS.map((step) => ({ type: `xstate.error.actor.${step}Chart`, error: new Error('chunk gone') }) as EventObject),
  { type: 'xstate.done.actor.loadStepProgress', output: fresh } as EventObject,
  { type: 'xstate.error.actor.loadStepProgress', error: new Error('boom') } as EventObject,
  { type: 'process.route.request', path: '/process/kyc' } as EventObject,
  { type: 'process.step.complete', step: 'disclosure' } as EventObject,
  { type: 'process.step.complete', step: 'kyc' } as EventObject,
  { type: 'process.route.request', path: '/process/agreements' } as EventObject,
  { type: 'process.step.complete', step: 'agreements' } as EventObject,
  { type: 'process.route.request', path: '/process/payment' } as EventObject,
  { type: 'process.step.complete', step: 'payment' } as EventObject,
  { type: 'process.route.request', path: '/process/downloads' } as EventObject,
  { type: 'process.refresh' },
];

describe('process statechart paths', () => {
  const result = coverMachine(processMachine, { name: 'process', events, input: { requestedPath: '/' } });

  it('reaches every state and every transition', () => {
    expectFullCoverage(result);
  });

  // CPU-bound (about 7,200 paths on real actors, 10-18 s alone on these machines): room for a run that shares the cores
  // with another test file (vitest.config.ts: two at a time).
  it('runs a page chart exactly while its page is shown, on every path replayed on a real actor', { timeout: 90_000 }, async () => {
    await replayPaths(result.paths, {
      input: { requestedPath: '/' },
      setup: () => ({
        machine: processMachine.provide({
          actors: {
            // Nothing answers by itself: the path's events are the answers (a chart's load and its finish included).
            loadStepProgress: fromPromise<StatusAnswers, void>(() => new Promise(() => {})),
            loadPageChart: fromPromise<PageCharts[PageStep], { page: PageStep }>(() => new Promise(() => {})),
          },
        }),
      }),
      checkStep: ({ snapshot: s }) => {
        const running = PAGE_STEPS.filter((step) => s.children[step] !== undefined);
        const loaded = PAGE_STEPS.filter((step) => s.matches({ ready: { [`${step}Page`]: 'running' } }));
        expect(running).toEqual(loaded);
        // ...and it is the chart the load answered.
        for (const step of running) expect((s.children[step] as unknown as { logic: AnyActorLogic }).logic).toBe(fakeCharts[step]);
        // The chart's load runs exactly while its page is shown and its chart is not loaded yet.
        const loading = PAGE_STEPS.filter((step) => s.children[`${step}Chart`] !== undefined);
        expect(loading).toEqual(PAGE_STEPS.filter((step) => s.matches({ ready: { [`${step}Page`]: 'loadingChart' } })));
        for (const step of PAGE_STEPS) if (s.matches({ ready: `${step}Page` })) expect(s.context.path).toBe(pathOfPage(step));
      },
    });
  });
});

describe('page charts loaded when their page is shown', () => {
  type Load = { page: PageStep; resolve: (chart: AnyActorLogic) => void; reject: (error: Error) => void };
  const kycOpen: StatusAnswers = { ...fresh, disclosure: { ...fresh.disclosure!, disclosuresCompleted: true, currentStep: 'kyc' }, kyc: { status: 'IN_PROGRESS', completedAt: null } as never };
  /** A page chart of its own that finishes on 'finish' (a step's page done). */
  const finishing = createMachine({ initial: 'shown', states: { shown: { on: { finish: 'finished' } }, finished: { type: 'final' } } });

  function start(requestedPath: string, answers: StatusAnswers = fresh) {
    const loads: Load[] = [];
    const actor = createActor(
      processMachine.provide({
        actors: {
          loadStepProgress: fromPromise<StatusAnswers, void>(async () => answers),
          loadPageChart: fromPromise<PageCharts[PageStep], { page: PageStep }>(
            ({ input }) => new Promise((resolve, reject) => loads.push({ page: input.page, resolve: resolve as Load['resolve'], reject })),
          ),
        },
      }),
      { input: { requestedPath } },
    ).start();
    return { actor, loads };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('loads the shown page chart, runs it where the views look for it, and completes the step when it finishes', async () => {
    const { actor, loads } = start('/process/disclosure');
    await settle();
    expect(loads.map((l) => l.page)).toEqual(['disclosure']);
    expect(selectPageChartPhase(actor.getSnapshot())).toBe('loading');
    expect(selectPageActor(actor.getSnapshot(), 'disclosure')).toBeUndefined();
    loads[0]!.resolve(finishing);
    await settle();
    expect(selectPageChartPhase(actor.getSnapshot())).toBe('running');
    const chart = selectPageActor(actor.getSnapshot(), 'disclosure');
    expect(chart?.getSnapshot().value).toBe('shown');
    chart!.send({ type: 'finish' } as never);
    const s = actor.getSnapshot();
    expect(s.context.progress?.disclosure.completed).toBe(true);
    expect(s.context.path).toBe('/process/kyc');
    // Leaving the page stopped its chart; the next page's chart is being loaded.
    expect(s.children.disclosure).toBeUndefined();
    expect(chart!.getSnapshot().status).toBe('done');
    expect(loads.map((l) => l.page)).toEqual(['disclosure', 'kyc']);
    actor.stop();
  });

  it('stops the chart when its page is left, and a load answered after the page was left starts nothing', async () => {
    const { actor, loads } = start('/process/kyc', kycOpen);
    await settle();
    loads[0]!.resolve(finishing);
    await settle();
    const chart = selectPageActor(actor.getSnapshot(), 'kyc');
    expect(chart).toBeDefined();
    actor.send({ type: 'process.route.request', path: '/process/disclosure' });
    expect(actor.getSnapshot().children.kyc).toBeUndefined();
    expect(chart!.getSnapshot().status).toBe('stopped');
    // The disclosure page is left while its chart loads; its answer then arrives.
    actor.send({ type: 'process.route.request', path: '/process/kyc' });
    loads[1]!.resolve(finishing);
    await settle();
    expect(loads.map((l) => l.page)).toEqual(['kyc', 'disclosure', 'kyc']);
    expect(actor.getSnapshot().children.disclosure).toBeUndefined();
    expect(actor.getSnapshot().matches({ ready: { kycPage: 'loadingChart' } })).toBe(true);
    actor.stop();
  });

  it('shows a failed load until a retry loads the chart again', async () => {
    const { actor, loads } = start('/process/disclosure');
    await settle();
    loads[0]!.reject(new Error('Failed to fetch dynamically imported module'));
    await settle();
    expect(selectPageChartPhase(actor.getSnapshot())).toBe('failed');
    expect(selectPageActor(actor.getSnapshot(), 'disclosure')).toBeUndefined();
    actor.send({ type: 'process.page.retry' });
    expect(selectPageChartPhase(actor.getSnapshot())).toBe('loading');
    loads[1]!.resolve(finishing);
    await settle();
    expect(loads.map((l) => l.page)).toEqual(['disclosure', 'disclosure']);
    expect(selectPageActor(actor.getSnapshot(), 'disclosure')).toBeDefined();
    actor.stop();
  });

  it("imports each page's chart once, and again after a failed import", async () => {
    const imported: PageStep[] = [];
    let failNext = true;
    const importOf = <S extends PageStep>(page: S) => async () => {
      imported.push(page);
      if (page === 'kyc' && failNext) {
        failNext = false;
        throw new Error('Failed to fetch dynamically imported module');
      }
      return fakeCharts[page];
    };
    const load = createPageChartLoader({ disclosure: importOf('disclosure'), kyc: importOf('kyc'), agreements: importOf('agreements'), payment: importOf('payment'), complete: importOf('complete'), downloads: importOf('downloads') });
    expect(await load('disclosure')).toBe(fakeCharts.disclosure);
    expect(await load('disclosure')).toBe(fakeCharts.disclosure);
    await expect(load('kyc')).rejects.toThrow('dynamically imported');
    expect(await load('kyc')).toBe(fakeCharts.kyc);
    expect(imported).toEqual(['disclosure', 'kyc', 'kyc']);
  });
});

describe('step rules (spec section 4 "Process")', () => {
  const done = (upTo: number): StatusAnswers => ({
    disclosure: { ...fresh.disclosure!, disclosuresCompleted: upTo >= 1, currentStep: (['disclosure', 'kyc', 'agreements', 'payment', 'complete'] as const)[upTo] ?? 'complete' },
    kyc: upTo >= 2 ? ({ status: 'UNDER_REVIEW', completedAt: '2026-01-01T00:00:00Z' } as never) : ({ status: 'IN_PROGRESS', completedAt: null } as never),
    agreements: upTo >= 3 ? ({ status: 'COMPLETED', completedAt: '2026-01-01T00:00:00Z' } as never) : null,
    payment: upTo >= 4 ? ({ paymentStatus: 'COMPLETED', investment: { paymentCompleted: true } } as never) : null,
  });

  it('opens each step only after the one before is complete', () => {
    const p = deriveStepProgress(done(1), 'kyc');
    expect([p.disclosure.accessible, p.kyc.accessible, p.agreements.accessible, p.payment.accessible, p.complete.accessible]).toEqual([true, true, false, false, false]);
    expect(resolveProcessPath('/process/agreements', p, 'kyc')).toBe('/process/kyc');
    expect(resolveProcessPath('/process/disclosure', p, 'kyc')).toBe('/process/disclosure');
    expect(resolveProcessPath('/', p, 'kyc')).toBe('/process/kyc');
    expect(resolveProcessPath('/process/', p, 'kyc')).toBe('/process/kyc');
    expect(resolveProcessPath('/elsewhere', p, 'kyc')).toBe('/process/kyc');
    expect(resolveProcessPath('/process/downloads', p, 'kyc')).toBe('/process/downloads');
  });

  it('keeps the last page (the investment status) open once the payment went back to the investor', () => {
    const refunded = { ...done(3), disclosure: { ...done(3).disclosure!, currentStep: 'complete' as const }, kyc: { status: 'REJECTED', completedAt: '2026-01-01T00:00:00Z' } as never, payment: { paymentStatus: 'REFUNDED', latestPayment: { paymentStatus: 'REFUNDED' }, investment: { paymentCompleted: false } } as never };
    const p = deriveStepProgress(refunded, 'complete');
    expect([p.agreements.accessible, p.payment.completed, p.complete.accessible]).toEqual([false, false, true]);
    expect(resolveProcessPath('/', p, 'complete')).toBe('/process/complete');
    expect(resolveProcessPath('/process/agreements', p, 'complete')).toBe('/process/complete');
    // Without a refund, a rejected investor is not sent there.
    const rejected = deriveStepProgress({ ...refunded, payment: null }, 'complete');
    expect(rejected.complete.accessible).toBe(false);
  });

  it('reaches complete only after payment', () => {
    const p = deriveStepProgress(done(4), 'complete');
    expect(p.complete.accessible).toBe(true);
    expect(resolveProcessPath('/process/complete', p, 'complete')).toBe('/process/complete');
  });

  it('ignores a server step the user may not be on yet', () => {
    const p = deriveStepProgress(done(0), 'payment');
    expect(resolveProcessPath('/', p, 'payment')).toBe('/process/disclosure');
  });
});
