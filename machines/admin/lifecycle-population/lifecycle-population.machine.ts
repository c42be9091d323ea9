/**
 * Who is where on the investment's lifecycle chart (issue 27), beside the chart in the statechart explorer: the
 * number of investors in each state now (drawn on the chart), and, for the state the auditor clicks, the investors
 * in it, a page at a time. Closed until the page opens it for the lifecycle chart. Effects (`loadPopulation`,
 * `loadInvestors`) provided by the page (src/client/admin/statecharts/lifecycle-population-effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';
import type {
  LifecycleInvestorsPage,
  LifecyclePopulation,
  LifecyclePopulationContext,
  LifecyclePopulationEvent,
  LoadInvestorsInput,
} from './lifecycle-population.types.ts';

const failureWords = (error: unknown) => (error instanceof Error && error.message ? error.message : 'The investors could not be loaded. Please try again.');

export const lifecyclePopulationMachine = setup({
  types: {} as { context: LifecyclePopulationContext; events: LifecyclePopulationEvent; tags: 'busy' },
  actors: {
    loadPopulation: fromPromise<LifecyclePopulation, void>(async () => {
      throw new Error('loadPopulation is provided by the page');
    }),
    loadInvestors: fromPromise<LifecycleInvestorsPage, LoadInvestorsInput>(async () => {
      throw new Error('loadInvestors is provided by the page');
    }),
  },
  actions: {
    keepPopulation: assign((_, params: { population: LifecyclePopulation }) => ({ population: params.population, error: null })),
    chooseState: assign((_, params: { state: string | null }) => ({ state: params.state, investors: [], nextCursor: null })),
    keepPage: assign((_, params: { page: LifecycleInvestorsPage }) => ({ investors: params.page.investors, nextCursor: params.page.nextCursor, error: null })),
    addPage: assign(({ context }, params: { page: LifecycleInvestorsPage }) => ({
      investors: [...context.investors, ...params.page.investors],
      nextCursor: params.page.nextCursor,
      error: null,
    })),
    noteFailed: assign((_, params: { error: unknown }) => ({ error: failureWords(params.error) })),
  },
  guards: {
    hasChosenState: ({ context }) => context.state !== null,
    choosesAState: (_, params: { state: string | null }) => params.state !== null,
    hasNextPage: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'lifecyclePopulation',
  description: "Who is where on the investment's lifecycle chart: the investors in each state now, and the list of those in the state clicked.",
  meta: {
    descriptions: {
      actors: {
        loadPopulation: 'Counts the investors in each state of the lifecycle (GET /api/admin/lifecycle).',
        loadInvestors: 'Lists the investors in one state, a page of 50 (GET /api/admin/lifecycle/investors).',
      },
      actions: {
        keepPopulation: 'Keeps the counts per state.',
        chooseState: 'Remembers the state clicked and forgets the list of the previous one.',
        keepPage: 'Shows the first page of investors in the state.',
        addPage: 'Adds the next page of investors to the list.',
        noteFailed: 'Keeps the words of a failed load.',
      },
      guards: {
        hasChosenState: 'A state was clicked: its investors are listed.',
        choosesAState: 'A state was clicked (not a transition, not nothing).',
        hasNextPage: 'More investors are in the state than listed.',
      },
    },
  } satisfies MachineMeta,
  context: { population: null, state: null, investors: [], nextCursor: null, error: null },
  initial: 'closed',
  on: {
    // Remembered whatever the counts are doing: the list follows once they are there.
    'population.state.choose': { actions: { type: 'chooseState', params: ({ event }) => ({ state: event.state }) } },
  },
  states: {
    closed: {
      description: 'Another chart is shown: nothing is counted.',
      on: { 'population.open': 'counting' },
    },
    counting: {
      description: 'Counting the investors in each state.',
      tags: ['busy'],
      invoke: {
        id: 'loadPopulation',
        src: 'loadPopulation',
        onDone: [
          { guard: 'hasChosenState', target: 'counted.listing', actions: { type: 'keepPopulation', params: ({ event }) => ({ population: event.output }) } },
          { target: 'counted', actions: { type: 'keepPopulation', params: ({ event }) => ({ population: event.output }) } },
        ],
        onError: { target: 'countFailed', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    countFailed: {
      description: 'The counts could not be loaded: their words and a retry.',
      on: { 'population.retry': 'counting' },
    },
    counted: {
      description: 'The counts are drawn on the chart; a state clicked lists its investors.',
      initial: 'idle',
      on: {
        'population.state.choose': [
          {
            guard: { type: 'choosesAState', params: ({ event }) => ({ state: event.state }) },
            target: '.listing',
            actions: { type: 'chooseState', params: ({ event }) => ({ state: event.state }) },
          },
          { target: '.idle', actions: { type: 'chooseState', params: { state: null } } },
        ],
        'population.refresh': 'counting',
        // The chart shown again after another one: counted afresh, not as it was then.
        'population.open': 'counting',
      },
      states: {
        idle: { description: 'No state clicked: the counts only.' },
        listing: {
          description: 'Loading the first page of investors in the state clicked.',
          tags: ['busy'],
          invoke: {
            id: 'loadInvestors',
            src: 'loadInvestors',
            input: ({ context }) => ({ state: context.state!, cursor: null }),
            onDone: { target: 'listed', actions: { type: 'keepPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'listFailed', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        listed: {
          description: 'The investors in the state clicked, with a way to the next page when there are more.',
          on: { 'population.more': { guard: 'hasNextPage', target: 'loadingMore' } },
        },
        loadingMore: {
          description: 'Loading the next page of investors.',
          tags: ['busy'],
          invoke: {
            id: 'loadMoreInvestors',
            src: 'loadInvestors',
            input: ({ context }) => ({ state: context.state!, cursor: context.nextCursor }),
            onDone: { target: 'listed', actions: { type: 'addPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'listFailed', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        listFailed: {
          description: 'The list could not be loaded: its words and a retry.',
          on: { 'population.retry': 'listing' },
        },
      },
    },
  },
});
