/**
 * The back office's payment list (issue 15, finance and auditors): loads the first page for the filters; 'Load more'
 * appends the next page (keyset cursor) while the list stays on screen; new filters start again from the first page
 * (a page still loading for the old filters is dropped); a CSV export runs through the API client while the list
 * stays. The filter form's draft is held here until Apply (issue 29). A failed first load is the failed page (Try again); a failed further page or export is shown beside the
 * list. Effects (`loadPayments`, `exportCsv`) are provided by the page's effects module.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { adminFailureText } from '../admin-failure.ts';
import type { ExportCsvInput, LoadPaymentsInput, LoadPaymentsOutput, PaymentFilters, PaymentsContext, PaymentsEvent } from './payments.types.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';

export const NO_FILTERS: PaymentFilters = { status: '', method: '', q: '' };

export const paymentsMachine = setup({
  types: {} as { context: PaymentsContext; events: PaymentsEvent; tags: 'loading' | 'busy' },
  actors: {
    loadPayments: fromPromise<LoadPaymentsOutput, LoadPaymentsInput>(async () => {
      throw new Error('loadPayments is provided by the page');
    }),
    exportCsv: fromPromise<void, ExportCsvInput>(async () => {
      throw new Error('exportCsv is provided by the page');
    }),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
  },
  actions: {
    setDraft: assign(({ context, event }) => (event.type === 'payments.draft' ? { draft: { ...context.draft, [event.field]: event.value } } : {})),
    applyDraft: assign(({ context }) => {
      const filters: PaymentFilters = { ...context.draft, q: context.draft.q.trim() };
      return { filters, draft: filters, payments: [], nextCursor: null, error: null };
    }),
    keepFirstPage: assign((_, params: { page: LoadPaymentsOutput }) => ({ payments: params.page.payments, nextCursor: params.page.nextCursor, error: null })),
    appendPage: assign(({ context }, params: { page: LoadPaymentsOutput }) => ({
      payments: [...context.payments, ...params.page.payments],
      nextCursor: params.page.nextCursor,
      error: null,
    })),
    noteFailed: assign((_, params: { error: unknown }) => ({ error: adminFailureText(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'payments',
  description: 'The back-office payment list (finance and auditors): filtered, a page at a time, exportable as CSV.',
  meta: {
    descriptions: {
      guards: {
        hasMore: 'The server has more payments after the ones shown.',
      },
      actions: {
        setDraft: 'Takes a filter changed in the form, not applied yet.',
        applyDraft: "Takes the form's filters and empties the list: it starts again from the first page.",
        keepFirstPage: 'Shows the first page of payments.',
        appendPage: 'Adds the next page of payments below the ones shown.',
        noteFailed: "Shows the failure in the server's words.",
        clearError: 'Clears the error shown.',
      },
      actors: {
        loadPayments: 'Fetches one page of payments for the filters.',
        exportCsv: 'Downloads the payments (or another export) as a CSV file.',
      },
    },
  } satisfies MachineMeta,
  context: { filters: NO_FILTERS, draft: NO_FILTERS, payments: [], nextCursor: null, error: null },
  initial: 'loading',
  on: {
    'payments.draft': { actions: 'setDraft' },
    'payments.apply': { description: "The form's filters start again from the first page; a page still loading for the old filters is dropped.", target: '.loading', reenter: true, actions: 'applyDraft' },
  },
  states: {
    loading: {
      description: 'Fetching the first page for the filters.',
      tags: ['loading'],
      invoke: {
        id: 'loadPayments',
        src: 'loadPayments',
        input: ({ context }) => ({ filters: context.filters, cursor: null }),
        onDone: { target: 'listed', actions: { type: 'keepFirstPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The payments could not be loaded: the failure is shown with Try again.',
      on: { 'payments.retry': { target: 'loading', actions: 'clearError' } },
    },
    listed: {
      description: 'The payments are on screen.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The list is shown; Load more and Export are offered.',
          on: {
            'payments.more': { guard: 'hasMore', target: 'loadingMore', actions: 'clearError' },
            'payments.export': { target: 'exporting', actions: 'clearError' },
          },
        },
        loadingMore: {
          description: 'Fetching the next page; the list stays on screen.',
          tags: ['busy'],
          invoke: {
            id: 'loadPayments',
            src: 'loadPayments',
            input: ({ context }) => ({ filters: context.filters, cursor: context.nextCursor }),
            onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'idle', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        exporting: {
          description: 'Preparing the CSV export; the list stays on screen.',
          tags: ['busy'],
          invoke: {
            id: 'exportCsv',
            src: 'exportCsv',
            input: ({ event }) => ({ kind: event.type === 'payments.export' ? event.kind : 'payments' }),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type PaymentsActorRef = ActorRefFrom<typeof paymentsMachine>;
