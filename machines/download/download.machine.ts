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
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

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
  description: 'One download button: downloads its file, shows the outcome for a while, then is ready again.',
  meta: {
    descriptions: {
      guards: {
        hasFile: 'The button has a file to download.',
      },
      actions: {
        clearOutcome: 'Clears the outcome shown.',
        noteSaved: 'Shows the file was saved, with its name.',
        noteFailed: "Shows why the download failed ('File not available for download' when there is no file).",
      },
      actors: {
        downloadFile: "Fetches the file with the investor's token and saves it.",
      },
      delays: {
        SUCCESS_RESET: 'How long a success is shown (2 s).',
        ERROR_RESET: 'How long an error is shown (3 s).',
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({ path: input.path, fileName: input.fileName || DEFAULT_DOWNLOAD_NAME, words: input.words ?? 'kyc', savedAs: null, error: null }),
  initial: 'idle',
  on: {
    'download.start': [
      { guard: 'hasFile', target: '.downloading', actions: 'clearOutcome' },
      { description: "A button without a file says 'File not available for download' without asking the server.", target: '.failed', actions: ['clearOutcome', { type: 'noteFailed', params: { error: messages.download.fileNotAvailable } }] },
    ],
  },
  states: {
    idle: { description: 'The button is ready.' },
    downloading: {
      description: 'Downloading the file; pressing again changes nothing.',
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
      description: 'The file was saved: shown for 2 s.',
      after: { SUCCESS_RESET: { target: 'idle', actions: 'clearOutcome' } },
    },
    failed: {
      description: 'The download failed: the error is shown for 3 s.',
      after: { ERROR_RESET: { target: 'idle', actions: 'clearOutcome' } },
    },
  },
});

/** A running download chart, as views and parent charts hold it. */
export type DownloadActorRef = ActorRefFrom<typeof downloadMachine>;
