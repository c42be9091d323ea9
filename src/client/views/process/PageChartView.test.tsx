// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { processMachine } from '../../../../machines/process/process.machine.ts';
import type { PageCharts, PageStep } from '../../../../machines/process/process.pages.ts';
import type { StatusAnswers } from '../../../shared/process.ts';
import { PageChartView } from './ProcessPage.tsx';

/** Every render of a page's view: which view, and the id of the chart it was given. */
const renders: { view: string; chart: string }[] = [];
/** The views' imports, settled by the test. */
const viewImports: Partial<Record<PageStep, { resolve: () => void; reject: (e: Error) => void }>> = {};

vi.mock('./process-page-views.ts', async () => {
  const { pageView } = await import('./page-view.ts');
  const fakeView = (name: PageStep) =>
    pageView(
      () =>
        new Promise<(props: { actor: AnyActorRef }) => ReactNode>((resolve, reject) => {
          viewImports[name] = {
            resolve: () => resolve(({ actor }: { actor: AnyActorRef }) => (renders.push({ view: name, chart: actor.id }), <p>view {name}</p>)),
            reject,
          };
        }),
    );
  const words = (name: string) => ({ loadingDetail: `loading ${name}`, loadFailed: `failed ${name}`, retry: `retry ${name}` });
  return {
    PROCESS_PAGE_VIEWS: {
      disclosure: { heading: 'D', view: fakeView('disclosure'), ...words('disclosure') },
      kyc: { heading: 'K', view: fakeView('kyc'), ...words('kyc') },
      agreements: { heading: 'A', view: fakeView('agreements'), ...words('agreements') },
      payment: { heading: 'P', view: fakeView('payment'), ...words('payment') },
      downloads: { heading: 'S', view: fakeView('downloads'), ...words('downloads') },
    },
  };
});

const started: AnyActorRef[] = [];
afterEach(() => {
  cleanup();
  started.splice(0).forEach((actor) => actor.stop());
  renders.length = 0;
});

const kycOpen = {
  disclosure: { currentStep: 'kyc', disclosuresCompleted: true, disclosureProgress: {}, disclosureCompletedAt: null, isReadingMode: false },
  kyc: { status: 'IN_PROGRESS', completedAt: null },
  agreements: null,
  payment: null,
} as unknown as StatusAnswers;
const pageChart = createMachine({ initial: 'shown', states: { shown: {} } });

function startProcess(failFirst?: PageStep, requestedPath = '/process/disclosure') {
  const failed = new Set<PageStep>();
  const process = createActor(
    processMachine.provide({
      actors: {
        loadStepProgress: fromPromise<StatusAnswers, void>(async () => kycOpen),
        loadPageChart: fromPromise<PageCharts[PageStep], { page: PageStep }>(async ({ input }) => {
          if (input.page === failFirst && !failed.has(input.page)) {
            failed.add(input.page);
            throw new Error('chunk gone');
          }
          return pageChart as AnyActorLogic as PageCharts[PageStep];
        }),
      },
    }),
    { input: { requestedPath } },
  ).start();
  started.push(process);
  return process;
}
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function Shown({ process }: { process: ReturnType<typeof startProcess> }) {
  // As ProcessPage shows it, but without the key: the view must still never be another page's.
  const step = process.getSnapshot().context.path.split('/').pop() as PageStep;
  return <PageChartView step={step} process={process} />;
}

describe('a page shown by the process', () => {
  it("shows the page's loading words until both its chart and its view have loaded, then the view with that chart", async () => {
    const process = startProcess();
    await settle();
    const { rerender } = render(<Shown process={process} />);
    expect(screen.getByText('loading disclosure')).toBeTruthy();
    await settle();
    expect(screen.getByText('loading disclosure')).toBeTruthy();
    await act(async () => viewImports.disclosure!.resolve());
    expect(screen.getByText('view disclosure')).toBeTruthy();
    expect(renders.every((r) => r.view === 'disclosure' && r.chart === 'disclosure')).toBe(true);

    // On to KYC and back: a loaded view is never given the other page's chart.
    act(() => process.send({ type: 'process.route.request', path: '/process/kyc' }));
    rerender(<Shown process={process} />);
    expect(screen.getByText('loading kyc')).toBeTruthy();
    await act(async () => viewImports.kyc!.resolve());
    await settle();
    expect(screen.getByText('view kyc')).toBeTruthy();
    act(() => process.send({ type: 'process.route.request', path: '/process/disclosure' }));
    rerender(<Shown process={process} />);
    await settle();
    expect(screen.getByText('view disclosure')).toBeTruthy();
    // Both loaded: the chart may already run when the view first renders the page (its load answered before React rendered).
    act(() => process.send({ type: 'process.route.request', path: '/process/kyc' }));
    await settle();
    rerender(<Shown process={process} />);
    expect(screen.getByText('view kyc')).toBeTruthy();
    expect(renders.filter((r) => r.view !== r.chart)).toEqual([]);
  });

  it("shows the page's load-failed words when its chart did not load, and loads it again on retry", async () => {
    const process = startProcess('disclosure');
    await settle();
    render(<Shown process={process} />);
    await act(async () => viewImports.disclosure?.resolve());
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('failed disclosure');
    fireEvent.click(screen.getByRole('button', { name: 'retry disclosure' }));
    await settle();
    expect(screen.getByText('view disclosure')).toBeTruthy();
  });

  it("shows the page's load-failed words when its view did not load, and imports it again on retry", async () => {
    const process = startProcess(undefined, '/process/downloads');
    await settle();
    render(<Shown process={process} />);
    await settle();
    const first = viewImports.downloads;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => first!.reject(new Error('Failed to fetch dynamically imported module')));
    expect(screen.getByRole('alert').textContent).toContain('failed downloads');
    fireEvent.click(screen.getByRole('button', { name: 'retry downloads' }));
    await settle();
    expect(viewImports.downloads).not.toBe(first);
    await act(async () => viewImports.downloads!.resolve());
    expect(screen.getByText('view downloads')).toBeTruthy();
  });
});
