/**
 * The KYC review queue (issue 15, back-office): loads the first page with the applied filters and order (the oldest,
 * thus the overdue, first by default; or newest, amount, country: issue 29), shows it, loads the
 * next page on "more" (appended, by the server's keyset cursor) and starts again on new filters or a refresh. A failed
 * first load is the failed page (retry); a failed "more" keeps the rows and shows the server's words beside them.
 * Effects: `loadQueue` (provided by src/client/admin/kyc/kyc-review-effects.ts).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { KYC_QUEUE_SORTS, KYC_QUEUE_STATUSES } from '../../../src/shared/admin/kyc-review.ts';
import { PRIMARY_JURISDICTIONS } from '../../../src/shared/registration.ts';
import { errorText } from '../../../src/shared/error-text.ts';
import { DEFAULT_QUEUE_FILTERS, type KycQueueContext, type KycQueueEvent, type KycQueueFilters, type KycQueueResponse, type LoadQueueInput } from './kyc-queue.types.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';

const queueErrorText = (error: unknown) => errorText(error, 'The queue could not be loaded.');
const oneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** The filters with one field changed; a value the server would refuse (an unknown status, sort, country) is ignored. */
function changed(filters: KycQueueFilters, field: keyof KycQueueFilters, value: string): KycQueueFilters {
  if (field === 'status') return oneOf(KYC_QUEUE_STATUSES, value) ? { ...filters, status: value } : filters;
  if (field === 'sort') return oneOf(KYC_QUEUE_SORTS, value) ? { ...filters, sort: value } : filters;
  if (field === 'country') return value === '' || oneOf(PRIMARY_JURISDICTIONS, value) ? { ...filters, country: value } : filters;
  if (field === 'investorType') return value === '' || value === 'INDIVIDUAL' || value === 'ENTITY' ? { ...filters, investorType: value } : filters;
  if (field === 'assignee') return value === '' || value === 'me' || value === 'none' ? { ...filters, assignee: value } : filters;
  return { ...filters, [field]: value.slice(0, 200) };
}

export const kycQueueMachine = setup({
  types: {} as { context: KycQueueContext; events: KycQueueEvent; tags: 'loading' },
  actors: {
    loadQueue: fromPromise<KycQueueResponse, LoadQueueInput>(async () => {
      throw new Error('loadQueue is provided by the back-office');
    }),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
  },
  actions: {
    changeFilter: assign(({ context, event }) => (event.type === 'queue.filter.change' ? { filters: changed(context.filters, event.field, event.value) } : {})),
    applyFilters: assign(({ context }) => ({ applied: context.filters })),
    keepPage: assign((_, params: { page: KycQueueResponse }) => ({
      rows: params.page.rows,
      nextCursor: params.page.nextCursor,
      fourEyesAboveEur: params.page.fourEyesAboveEur,
      reviewTargetHours: params.page.reviewTargetHours,
      error: null,
    })),
    appendPage: assign(({ context }, params: { page: KycQueueResponse }) => ({
      rows: [...context.rows, ...params.page.rows.filter((r) => !context.rows.some((known) => known.userId === r.userId))],
      nextCursor: params.page.nextCursor,
      error: null,
    })),
    noteError: assign((_, params: { error: unknown }) => ({ error: queueErrorText(params.error) })),
  },
}).createMachine({
  id: 'kycQueue',
  description: 'The KYC review queue: the cases waiting for a decision, filtered, a page at a time.',
  meta: {
    descriptions: {
      guards: {
        hasMore: 'The server has more cases after the ones shown.',
      },
      actions: {
        changeFilter: 'Takes a filter or order typed or chosen (not applied until asked).',
        applyFilters: 'Applies the filters as typed: the queue starts again from the first page.',
        keepPage: 'Shows the first page of cases.',
        appendPage: 'Adds the next page of cases below the ones shown.',
        noteError: "Shows why the queue could not be loaded (the server's words).",
      },
      actors: {
        loadQueue: 'Fetches one page of the KYC queue with the applied filters.',
      },
    },
  } satisfies MachineMeta,
  context: { filters: DEFAULT_QUEUE_FILTERS, applied: DEFAULT_QUEUE_FILTERS, rows: [], nextCursor: null, fourEyesAboveEur: null, reviewTargetHours: null, error: null },
  initial: 'loading',
  on: { 'queue.filter.change': { actions: 'changeFilter' } },
  states: {
    loading: {
      description: 'Fetching the first page with the applied filters.',
      tags: ['loading'],
      invoke: {
        id: 'loadQueue',
        src: 'loadQueue',
        input: ({ context }) => ({ filters: context.applied, cursor: null }),
        onDone: { target: 'shown', actions: { type: 'keepPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'noteError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The queue could not be loaded: the failure is shown with Try again.',
      on: { 'queue.retry': 'loading', 'queue.filter.apply': { target: 'loading', actions: 'applyFilters' } },
    },
    shown: {
      description: 'The cases are on screen.',
      on: {
        'queue.filter.apply': { target: 'loading', actions: 'applyFilters' },
        'queue.refresh': 'loading',
        'queue.more': { guard: 'hasMore', target: 'loadingMore' },
      },
    },
    loadingMore: {
      description: 'Fetching the next page; the cases shown stay, a failure is shown beside them.',
      tags: ['loading'],
      invoke: {
        id: 'loadMore',
        src: 'loadQueue',
        input: ({ context }) => ({ filters: context.applied, cursor: context.nextCursor }),
        onDone: { target: 'shown', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'shown', actions: { type: 'noteError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type KycQueueActorRef = ActorRefFrom<typeof kycQueueMachine>;
