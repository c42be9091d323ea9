import { describe, expect, it } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import { agreementsMachine } from '../../machines/agreements/agreements.machine.ts';
import { disclosureMachine } from '../../machines/disclosure/disclosure.machine.ts';
import { downloadsMachine } from '../../machines/downloads/downloads.machine.ts';
import type { DocumentsResponse } from '../../src/shared/documents.ts';
import type { LegalProgressResponse } from '../../src/shared/legal.ts';
import type { DisclosureData } from '../../machines/disclosure/disclosure.types.ts';
import { kycMachine } from '../../machines/kyc/kyc.machine.ts';
import { processMachine } from '../../machines/process/process.machine.ts';
import { PAGE_STEPS, pathOfPage } from '../../machines/process/process.pages.ts';
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

const events: EventObject[] = [
  { type: 'xstate.done.actor.loadStepProgress', output: fresh } as EventObject,
  { type: 'xstate.error.actor.loadStepProgress', error: new Error('boom') } as EventObject,
  { type: 'process.route.request', path: '/process/kyc' } as EventObject,
  { type: 'process.step.complete', step: 'disclosure' } as EventObject,
  { type: 'process.step.complete', step: 'kyc' } as EventObject,
  { type: 'process.route.request', path: '/process/agreements' } as EventObject,
  { type: 'process.route.request', path: '/process/downloads' } as EventObject,
  { type: 'process.refresh' },
];

describe('process statechart paths', () => {
  const result = coverMachine(processMachine, { name: 'process', events, input: { requestedPath: '/' } });

  it('reaches every state and every transition', () => {
    expectFullCoverage(result);
  });

  it('runs a page chart exactly while its page is shown, on every path replayed on a real actor', async () => {
    await replayPaths(result.paths, {
      input: { requestedPath: '/' },
      setup: () => ({
        machine: processMachine.provide({
          actors: {
            // Nothing answers by itself: the path's events are the answers (a page chart's finish included).
            loadStepProgress: fromPromise<StatusAnswers, void>(() => new Promise(() => {})),
            disclosure: disclosureMachine.provide({ actors: { loadDisclosure: fromPromise<DisclosureData, void>(() => new Promise(() => {})) } }),
            kyc: kycMachine.provide({ actors: { loadKycStatus: fromPromise<KycStatusResponse, void>(() => new Promise(() => {})) } }),
            agreements: agreementsMachine.provide({ actors: { loadLegalProgress: fromPromise<LegalProgressResponse, void>(() => new Promise(() => {})) } }),
            downloads: downloadsMachine.provide({ actors: { loadDocuments: fromPromise<DocumentsResponse, void>(() => new Promise(() => {})) } }),
          },
        }),
      }),
      checkStep: ({ snapshot: s }) => {
        const running = PAGE_STEPS.filter((step) => s.children[step] !== undefined);
        const shown = PAGE_STEPS.filter((step) => s.matches({ ready: `${step}Page` }));
        expect(running).toEqual(shown);
        for (const step of shown) expect(s.context.path).toBe(pathOfPage(step));
      },
    });
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
