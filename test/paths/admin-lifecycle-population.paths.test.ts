/**
 * Paths of the lifecycle population beside the lifecycle chart (issue 27): counted once opened, a state clicked
 * listed (also one clicked while the counts load), more pages, a click on nothing, a count again, each call failing
 * and retried. Replayed on a running actor: busy exactly while a call runs; a list only for the state clicked; a
 * failure in words.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import { lifecyclePopulationMachine } from '../../machines/admin/lifecycle-population/lifecycle-population.machine.ts';
import { selectBadges, selectIsBusy } from '../../machines/admin/lifecycle-population/lifecycle-population.selectors.ts';
import type { LoadInvestorsInput } from '../../machines/admin/lifecycle-population/lifecycle-population.types.ts';
import type { LifecycleInvestorsPage, LifecyclePopulation } from '../../src/shared/admin/lifecycle.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

const POPULATION: LifecyclePopulation = { counts: { investment: 3, 'investment.disclosure': 1, 'investment.case': 2 }, investors: 3, anomalies: 0, asOf: '2026-11-28T10:00:00.000Z' };
const investor = (userId: string) => ({ userId, name: 'Ada Lovelace', email: `${userId}@example.com`, amount: 25_000, states: ['disclosure'], anomalies: [] });
const PAGE_ONE: LifecycleInvestorsPage = { state: 'investment.disclosure', investors: [investor('a')], nextCursor: 'a' };
const LAST_PAGE: LifecycleInvestorsPage = { state: 'investment.disclosure', investors: [investor('b')], nextCursor: null };

const events: EventObject[] = [
  { type: 'population.open' },
  { type: 'xstate.done.actor.loadPopulation', output: POPULATION } as EventObject,
  { type: 'xstate.error.actor.loadPopulation', error: new Error('HTTP 503') } as EventObject,
  { type: 'population.retry' },
  { type: 'population.refresh' },
  { type: 'population.state.choose', state: 'investment.disclosure' } as EventObject,
  { type: 'population.state.choose', state: null } as EventObject,
  { type: 'xstate.done.actor.loadInvestors', output: PAGE_ONE } as EventObject,
  { type: 'xstate.done.actor.loadInvestors', output: LAST_PAGE } as EventObject,
  { type: 'xstate.error.actor.loadInvestors', error: new Error('There is no such state in the investment lifecycle.') } as EventObject,
  { type: 'population.more' },
  { type: 'xstate.done.actor.loadMoreInvestors', output: LAST_PAGE } as EventObject,
  { type: 'xstate.error.actor.loadMoreInvestors', error: new Error('HTTP 500') } as EventObject,
];

describe('lifecycle population statechart paths', () => {
  const result = coverMachine(lifecyclePopulationMachine, {
    name: 'admin lifecycle-population',
    events,
    // The list grows by a page per 'more': two pages are enough to reach every part.
    stopWhen: (s) => s.context.investors.length > 2,
  });

  it('reaches every state and every transition', () => {
    expectFullCoverage(result);
  });

  it('replays the paths on a running actor: busy exactly while a call runs, a list only for the state clicked', async () => {
    const never = () => new Promise<never>(() => {});
    await replayPaths(result.paths, {
      setup: () => ({
        machine: lifecyclePopulationMachine.provide({
          actors: {
            loadPopulation: fromPromise<LifecyclePopulation, void>(never),
            loadInvestors: fromPromise<LifecycleInvestorsPage, LoadInvestorsInput>(never),
          },
        }),
      }),
      checkStep: ({ snapshot: s, event }) => {
        expect(selectIsBusy(s)).toBe(s.matches('counting') || s.matches({ counted: 'listing' }) || s.matches({ counted: 'loadingMore' }));
        if (s.context.state === null) expect(s.context.investors).toEqual([]);
        if (s.matches('countFailed') || s.matches({ counted: 'listFailed' })) expect(s.context.error).toBeTruthy();
        if (event.type === 'xstate.done.actor.loadPopulation') expect(selectBadges(s).get('investment.disclosure')).toBe('1 investor');
      },
    });
  });
});
