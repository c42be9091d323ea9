/**
 * One download button (spec section 4 "Download button"): idle -> downloading -> downloaded | failed, each outcome
 * shown for a while (success 2 s, error 3 s) before the button is idle again. Pressing it again meanwhile starts a
 * new download. A button without a file says 'File not available for download' without asking the server.
 * Effect (`downloadFile`: fetch with the bearer token, save the bytes) provided by the app.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { TIMINGS } from '../../src/shared/constants.ts';
import { messages } from '../../src/shared/messages.ts';
import { DEFAULT_DOWNLOAD_NAME, downloadErrorText } from './download.rules.ts';
import type { DownloadContext, DownloadEvent, DownloadFileInput, DownloadFileOutput, DownloadInput, DownloadTag } from './download.types.ts';

export const downloadMachine = setup({
  types: {} as { context: DownloadContext; events: DownloadEvent; input: DownloadInput; tags: DownloadTag },
  actors: {
    downloadFile: fromPromise<DownloadFileOutput, DownloadFileInput>(async () => {
      throw new Error('downloadFile is provided by the app');
    }),
  },
  guards: {
    hasFile: ({ context }) => !!context.path,
  },
  actions: {
    clearOutcome: assign({ savedAs: null, error: null }),
    noteSaved: assign((_, params: { fileName: string }) => ({ savedAs: params.fileName })),
    noteFailed: assign((_, params: { error: string }) => ({ error: params.error })),
  },
  delays: { SUCCESS_RESET: TIMINGS.downloadSuccessResetMs, ERROR_RESET: TIMINGS.downloadErrorResetMs },
}).createMachine({
  id: 'download',
  context: ({ input }) => ({ path: input.path, fileName: input.fileName || DEFAULT_DOWNLOAD_NAME, words: input.words ?? 'kyc', savedAs: null, error: null }),
  initial: 'idle',
  on: {
    'download.start': [
      { guard: 'hasFile', target: '.downloading', actions: 'clearOutcome' },
      { target: '.failed', actions: ['clearOutcome', { type: 'noteFailed', params: { error: messages.download.fileNotAvailable } }] },
    ],
  },
  states: {
    idle: {},
    downloading: {
      tags: ['downloading'],
      // Pressed again while busy: the running download goes on.
      on: { 'download.start': {} },
      invoke: {
        id: 'downloadFile',
        src: 'downloadFile',
        input: ({ context }) => ({ path: context.path!, fileName: context.fileName }),
        onDone: { target: 'downloaded', actions: { type: 'noteSaved', params: ({ event }) => ({ fileName: event.output.fileName }) } },
        onError: { target: 'failed', actions: { type: 'noteFailed', params: ({ context, event }) => ({ error: downloadErrorText(event.error, context.words) }) } },
      },
    },
    downloaded: {
      after: { SUCCESS_RESET: { target: 'idle', actions: 'clearOutcome' } },
    },
    failed: {
      after: { ERROR_RESET: { target: 'idle', actions: 'clearOutcome' } },
    },
  },
});

/** A running download chart, as views and parent charts hold it. */
export type DownloadActorRef = ActorRefFrom<typeof downloadMachine>;
