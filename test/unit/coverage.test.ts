import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { coverMachine, expectFullCoverage, listStateNodes, listTransitions } from '../paths/coverage.ts';

/** A small wizard with every kind of transition the helper must see: on, guard, invoke, after, always. */
const sample = setup({
  types: {
    context: {} as { amount: number; attempts: number },
    events: {} as { type: 'sample.amount.set'; amount: number } | { type: 'sample.submit' } | { type: 'sample.retry' } | { type: 'sample.reset' },
  },
  guards: {
    isAmountValid: ({ context }) => context.amount >= 100,
    canRetry: ({ context }) => context.attempts < 3,
  },
  actors: { saveAmount: fromPromise<{ id: string }, { amount: number }>(async () => ({ id: 'x' })) },
  delays: { RESULT_TIMEOUT: 5_000 },
}).createMachine({
  id: 'sample',
  initial: 'editing',
  context: { amount: 0, attempts: 0 },
  states: {
    editing: {
      on: {
        'sample.amount.set': { actions: assign({ amount: ({ event }) => event.amount }) },
        'sample.submit': [{ guard: 'isAmountValid', target: 'saving' }, { target: '.invalid' }],
      },
      initial: 'clean',
      states: { clean: {}, invalid: {} },
    },
    saving: {
      entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
      invoke: {
        id: 'save',
        src: 'saveAmount',
        input: ({ context }) => ({ amount: context.amount }),
        onDone: 'saved',
        onError: 'failed',
      },
      after: { RESULT_TIMEOUT: 'failed' },
    },
    failed: {
      always: { guard: ({ context }) => context.attempts >= 3, target: 'gaveUp' },
      on: { 'sample.retry': { guard: 'canRetry', target: 'saving' } },
    },
    saved: { type: 'final' },
    gaveUp: { type: 'final' },
  },
});

const sampleEvents = [
  { type: 'sample.amount.set', amount: 50 },
  { type: 'sample.amount.set', amount: 500 },
  { type: 'sample.submit' },
  { type: 'sample.retry' },
  { type: 'xstate.done.actor.save', output: { id: 'x' } },
  { type: 'xstate.error.actor.save', error: new Error('network') },
  { type: 'xstate.after.RESULT_TIMEOUT.sample.saving' },
] as const;

describe('coverMachine', () => {
  it('lists every declared state node and transition', () => {
    expect(listStateNodes(sample).map((n) => n.id)).toEqual([
      'sample.editing',
      'sample.editing.clean',
      'sample.editing.invalid',
      'sample.saving',
      'sample.failed',
      'sample.saved',
      'sample.gaveUp',
    ]);
    expect([...listTransitions(sample).values()].sort()).toEqual([
      '#sample.editing on sample.amount.set[0] -> (self)',
      '#sample.editing on sample.submit[0] [isAmountValid] -> #sample.saving',
      '#sample.editing on sample.submit[1] -> #sample.editing.invalid',
      '#sample.failed on always[0] [inline] -> #sample.gaveUp',
      '#sample.failed on sample.retry[0] [canRetry] -> #sample.saving',
      '#sample.saving on xstate.after.RESULT_TIMEOUT.sample.saving[0] -> #sample.failed',
      '#sample.saving on xstate.done.actor.save[0] -> #sample.saved',
      '#sample.saving on xstate.error.actor.save[0] -> #sample.failed',
    ]);
  });

  it('reaches every state and transition through synthetic actor results and delays, without running them', () => {
    const result = coverMachine(sample, { name: 'sample', events: [...sampleEvents] });
    expect(result.unreachedStates).toEqual([]);
    expect(result.unreachedTransitions).toEqual([]);
    expect(result.states).toBe(7);
    expect(result.transitions).toBe(8);
    expectFullCoverage(result);
    // The guarded always transition needs three failed saves: some path must carry them.
    const toGaveUp = result.paths.find((p) => p.state.value === 'gaveUp');
    expect(toGaveUp?.steps.filter((s) => s.event.type === 'sample.retry').length).toBe(2);
  });

  it('generated paths run through createTestModel-style test()', async () => {
    const result = coverMachine(sample, { name: 'sample', events: [...sampleEvents] });
    const visited = new Set<string>();
    for (const path of result.paths) {
      await path.test({ states: { '*': (s) => void visited.add(JSON.stringify(s.value)) } });
    }
    expect(visited).toContain('"saved"');
    expect(visited).toContain('"gaveUp"');
  });

  it('accepts events as a function of the snapshot', () => {
    const result = coverMachine(sample, {
      name: 'sample-fn',
      events: (snap) => (snap.matches('editing') ? sampleEvents.slice(0, 3) : sampleEvents.slice(3)),
    });
    expect(() => expectFullCoverage(result)).not.toThrow();
  });

  it('fails, naming the state and transitions, when a state is unreachable', () => {
    const island = setup({ types: { events: {} as { type: 'go' } } }).createMachine({
      id: 'island',
      initial: 'a',
      states: { a: { on: { go: 'b' } }, b: {}, orphan: { on: { go: 'a' } } },
    });
    const result = coverMachine(island, { name: 'island', events: [{ type: 'go' }] });
    expect(result.unreachedStates).toEqual(['island.orphan']);
    expect(result.unreachedTransitions).toEqual(['#island.orphan on go[0] -> #island.a']);
    expect(() => expectFullCoverage(result)).toThrow(/state #island\.orphan[\s\S]*transition #island\.orphan on go/);
  });

  it('fails when no listed event satisfies a guard', () => {
    // xstate/graph stands in { type } for any accepted event not listed, so `sample.submit` is still sent,
    // but with amount 50 the isAmountValid guard never passes and nothing beyond editing is reached.
    const result = coverMachine(sample, { name: 'sample-small', events: [{ type: 'sample.amount.set', amount: 50 }] });
    expect(result.unreachedStates).toEqual(['sample.failed', 'sample.gaveUp', 'sample.saved', 'sample.saving']);
    expect(result.unreachedTransitions).toContain('#sample.editing on sample.submit[0] [isAmountValid] -> #sample.saving');
    expect(() => expectFullCoverage(result)).toThrow(/not reached/);
  });

  it('adds a path for a transition that leads back to an already-known snapshot', () => {
    // `ping` changes nothing, so no shortest path to any state takes it; coverage must still test it.
    const pinger = setup({ types: { events: {} as { type: 'ping' } | { type: 'next' } }, actions: { log: () => {} } }).createMachine({
      id: 'pinger',
      initial: 'a',
      states: { a: { on: { ping: { actions: 'log' }, next: 'b' } }, b: { type: 'final' } },
    });
    const result = coverMachine(pinger, { name: 'pinger', events: [] });
    expectFullCoverage(result);
    expect(result.paths.some((p) => p.steps.at(-1)?.event.type === 'ping')).toBe(true);
  });

  it('supports simple paths', () => {
    const result = coverMachine(sample, { name: 'sample-simple', events: [...sampleEvents], pathKind: 'simple' });
    expectFullCoverage(result);
    const shortest = coverMachine(sample, { name: 'sample', events: [...sampleEvents] });
    expect(result.paths.length).toBeGreaterThan(shortest.paths.length);
  });
});
