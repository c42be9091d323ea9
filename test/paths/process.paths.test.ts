import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { processMachine } from '../../machines/process/process.machine.ts';
import { resolveProcessPath } from '../../machines/process/process.routes.ts';
import { deriveStepProgress } from '../../src/shared/rules.ts';
import type { StatusAnswers } from '../../src/shared/step-status.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';

const fresh: StatusAnswers = {
  disclosure: { currentStep: 'disclosure', disclosuresCompleted: false, disclosureProgress: {}, disclosureCompletedAt: null, isReadingMode: false },
  kyc: null,
  agreements: null,
  payment: null,
};

const events: EventObject[] = [
  { type: 'xstate.done.actor.loadStepProgress', output: fresh } as EventObject,
  { type: 'xstate.error.actor.loadStepProgress', error: new Error('boom') } as EventObject,
  { type: 'process.route.requested', path: '/process/kyc' } as EventObject,
  { type: 'process.step.completed', step: 'disclosure' } as EventObject,
  { type: 'process.refresh' },
];

describe('process statechart paths', () => {
  it('reaches every state and every transition', () => {
    expectFullCoverage(coverMachine(processMachine, { name: 'process', events, input: { requestedPath: '/' } }));
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
