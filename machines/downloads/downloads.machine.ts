/**
 * The downloads page (spec section 2 "Downloads page", section 8 "Downloads"): the investor's signed documents.
 * Loads the list; none at all is 'No Documents Available' (Refresh); while the server still seals signed agreements
 * (`pending` > 0) it is 'Documents Not Generated Yet' (Check Again), and the page asks again by itself every few
 * seconds until they are ready; otherwise the list. A refresh keeps the last list on screen; a failed one shows the
 * failure beside it (and the waiting goes on). Each document's Download button is a download chart of its own.
 * Effect (`loadDocuments`) provided by the app.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { loadFailureText } from './downloads.rules.ts';
import type { DownloadsContext, DownloadsEvent, LoadDocumentsOutput } from './downloads.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

/** How long the page waits before asking again while documents are being sealed. */
export const DOCUMENTS_POLL_MS = 3_000;

/** Asking the server for the list: its answer is shown (`doneTarget`), a failure noted (`errorTarget`). */
const load = (doneTarget: string, errorTarget: string) => ({
  id: 'loadDocuments',
  src: 'loadDocuments' as const,
  onDone: { target: doneTarget, actions: { type: 'keepList' as const, params: ({ event }: { event: { output: LoadDocumentsOutput } }) => ({ list: event.output }) } },
  onError: { target: errorTarget, actions: { type: 'noteFailed' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
});

export const downloadsMachine = setup({
  types: {} as { context: DownloadsContext; events: DownloadsEvent; tags: 'loading' | 'refreshing' },
  actors: {
    loadDocuments: fromPromise<LoadDocumentsOutput, void>(async () => {
      throw new Error('loadDocuments is provided by the app');
    }),
  },
  guards: {
    isSealing: ({ context }) => (context.list?.pending ?? 0) > 0,
    hasNoDocuments: ({ context }) => (context.list?.documents.length ?? 0) === 0,
  },
  actions: {
    keepList: assign((_, params: { list: LoadDocumentsOutput }) => ({ list: params.list, error: null })),
    noteFailed: assign((_, params: { error: unknown }) => ({ error: loadFailureText(params.error) })),
  },
  delays: { DOCUMENTS_POLL: DOCUMENTS_POLL_MS },
}).createMachine({
  id: 'downloads',
  description: "The downloads page: the investor's signed documents, asked for again while the server still seals them.",
  meta: {
    descriptions: {
      guards: {
        isSealing: 'The server is still sealing signed documents.',
        hasNoDocuments: 'The investor has no documents.',
      },
      actions: {
        keepList: 'Shows the documents the server answered.',
        noteFailed: "Shows why the documents could not be loaded ('Failed to load documents' or the server's words).",
      },
      actors: {
        loadDocuments: "Fetches the investor's signed documents and how many are still being sealed.",
      },
      delays: {
        DOCUMENTS_POLL: 'How long the page waits before asking again while documents are being sealed (3 s).',
      },
    },
  } satisfies MachineMeta,
  context: { list: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the documents.',
      tags: ['loading'],
      invoke: load('shown', 'failed'),
    },
    /** Nothing to show: 'Failed to load documents' (or the server's words) and Try Again. */
    failed: {
      description: "Nothing to show: 'Failed to load documents' (or the server's words) and Try Again.",
      on: { 'downloads.refresh': 'loading' },
    },
    shown: {
      description: 'The server answered: the list, no documents, or documents still being generated.',
      initial: 'deciding',
      states: {
        deciding: {
          description: 'The answer decides: still sealing, none, or the list.',
          always: [{ guard: 'isSealing', target: 'generating' }, { guard: 'hasNoDocuments', target: 'empty' }, { target: 'listed' }],
        },
        /** 'Documents Not Generated Yet': asks again by itself until the sealing is done. */
        generating: {
          description: "'Documents Not Generated Yet': asks again by itself until the sealing is done.",
          after: { DOCUMENTS_POLL: 'refreshing' },
          on: { 'downloads.refresh': 'refreshing' },
        },
        /** 'No Documents Available'. */
        empty: {
          description: "'No Documents Available'.",
          on: { 'downloads.refresh': 'refreshing' },
        },
        listed: {
          description: 'The documents, each with its own Download button.',
          on: { 'downloads.refresh': 'refreshing' },
        },
        refreshing: {
          description: 'Asking again; the last list stays on screen and a failure is shown beside it.',
          tags: ['refreshing'],
          invoke: load('deciding', 'deciding'),
        },
      },
    },
  },
});

/** A running downloads chart, as views and the process chart hold it. */
export type DownloadsActorRef = ActorRefFrom<typeof downloadsMachine>;
