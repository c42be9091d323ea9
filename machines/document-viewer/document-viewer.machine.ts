/**
 * Document viewer statechart (spec section 2 "Document viewer", section 4, section 8 "PDF").
 * loading -> displayed | error; displayed -> renderError on a failed page render. At a document's first layout a page
 * wider than the desk is zoomed to fit its width (100% stays where it fits).
 * Pure: the app provides `loadDocument` (fetch + pdf.js) and `notifyReachedEnd`.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { messages } from '../../src/shared/messages.ts';
import {
  ZOOM,
  canGoNext,
  canGoPrevious,
  canZoomIn,
  canZoomOut,
  fitZoom,
  isAbortError,
  isPageInRange,
} from './document-viewer.rules.ts';
import type {
  DocumentViewerContext,
  DocumentViewerEvent,
  DocumentViewerInput,
  DocumentViewerTag,
  LoadDocumentInput,
  LoadDocumentOutput,
} from './document-viewer.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

export const documentViewerMachine = setup({
  types: {} as {
    context: DocumentViewerContext;
    events: DocumentViewerEvent;
    input: DocumentViewerInput;
    tags: DocumentViewerTag;
  },
  actors: {
    /** Placeholder: the app provides the pdf.js loader. Unprovided, the viewer cannot start. */
    loadDocument: fromPromise<LoadDocumentOutput, LoadDocumentInput>(async () => {
      throw new Error(messages.pdf.initFailed);
    }),
  },
  actions: {
    /** Placeholder: the app calls its onReachedEnd callback here (at most once per document). */
    notifyReachedEnd: () => {},
  },
  guards: {
    canGoNext: ({ context }) => canGoNext(context),
    canGoPrevious: ({ context }) => canGoPrevious(context),
    canZoomIn: ({ context }) => canZoomIn(context),
    canZoomOut: ({ context }) => canZoomOut(context),
    isOtherPageInRange: ({ context, event }) =>
      event.type === 'documentViewer.page.visible' && event.page !== context.page && isPageInRange(event.page, context.pageCount),
    isFirstTimeAtEnd: ({ context }) => !context.reachedEnd,
    followsDesk: ({ context }) => !context.readerZoomed,
    isAbortError: ({ event }) => 'error' in event && isAbortError(event.error),
  },
}).createMachine({
  id: 'documentViewer',
  description: 'The document viewer: loads a PDF and shows it page by page with zoom; notes when the investor reaches the end.',
  meta: {
    descriptions: {
      guards: {
        canGoNext: 'There is a page after the one shown.',
        canGoPrevious: 'There is a page before the one shown.',
        canZoomIn: 'The zoom is below its maximum.',
        canZoomOut: 'The zoom is above its minimum.',
        isOtherPageInRange: 'Another page of the document scrolled into view.',
        isFirstTimeAtEnd: 'The investor reaches the end of the document for the first time.',
        followsDesk: "The reader has not zoomed this document: the zoom follows the desk's width (a page wider than the desk fits it, up to the starting zoom).",
        isAbortError: 'The load was aborted (the viewer was stopped), which is silent.',
      },
      actions: {
        notifyReachedEnd: 'Tells the page the investor reached the end of the document (once per document).',
      },
      actors: {
        loadDocument: 'Fetches the PDF and opens it with pdf.js.',
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({
    url: input.url,
    token: input.token,
    reviewMode: input.reviewMode ?? false,
    pageCount: 0,
    page: 1,
    zoom: ZOOM.start,
    readerZoomed: false,
    reachedEnd: false,
    errorMessage: null,
  }),
  initial: 'loading',
  on: {
    'documentViewer.source.change': {
      description: 'Another document: the running load is stopped (aborted) and the new one loaded from page 1.',
      target: '.loading',
      // Re-entering restarts the invoked load; the running one is stopped, which aborts its signal.
      reenter: true,
      actions: assign(({ event }) => ({
        url: event.url,
        token: event.token,
        pageCount: 0,
        page: 1,
        readerZoomed: false,
        reachedEnd: false,
        errorMessage: null,
      })),
    },
  },
  states: {
    loading: {
      description: 'Fetching and opening the PDF.',
      tags: ['loading'],
      invoke: {
        id: 'loadDocument',
        src: 'loadDocument',
        input: ({ context }) => ({ url: context.url, token: context.token }),
        onDone: {
          target: 'displayed',
          actions: assign(({ event }) => ({ pageCount: event.output.pageCount, page: 1, errorMessage: null })),
        },
        onError: [
          // Aborted loads are silent (spec section 4): never the error state. The loader only aborts
          // when its actor was stopped; if the viewer is still alive (React StrictMode revives a
          // stopped actor and hands it the aborted load's rejection), it simply loads again.
          { description: 'An aborted load is silent: never the error state; a viewer still alive loads again.', guard: 'isAbortError', target: 'loading', reenter: true },
          {
            target: 'error',
            actions: assign(({ event }) => ({
              errorMessage: event.error instanceof Error && event.error.message ? event.error.message : messages.pdf.initFailed,
            })),
          },
        ],
      },
    },
    error: {
      description: 'The PDF could not be loaded: the error is shown with a retry.',
      on: { 'documentViewer.retry': { target: 'loading', actions: assign({ errorMessage: null }) } },
    },
    displayed: {
      description: 'The PDF is shown: page by page, with zoom.',
      on: {
        'documentViewer.page.next': { guard: 'canGoNext', actions: assign({ page: ({ context }) => context.page + 1 }) },
        'documentViewer.page.previous': { guard: 'canGoPrevious', actions: assign({ page: ({ context }) => context.page - 1 }) },
        'documentViewer.page.visible': { guard: 'isOtherPageInRange', actions: assign({ page: ({ event }) => event.page }) },
        'documentViewer.zoom.in': { guard: 'canZoomIn', actions: assign({ zoom: ({ context }) => context.zoom + ZOOM.step, readerZoomed: true }) },
        'documentViewer.zoom.out': { guard: 'canZoomOut', actions: assign({ zoom: ({ context }) => context.zoom - ZOOM.step, readerZoomed: true }) },
        'documentViewer.end.visible': { guard: 'isFirstTimeAtEnd', actions: [assign({ reachedEnd: true }), 'notifyReachedEnd'] },
        'documentViewer.layout': {
          // Every layout (the first display, a narrowed or widened window, a rotated phone) until the reader zooms.
          guard: 'followsDesk',
          actions: assign(({ event }) => ({ zoom: fitZoom(ZOOM.start, event.available, event.pageWidth) })),
        },
        'documentViewer.render.error': { target: 'renderError' },
      },
    },
    /** 'Error rendering PDF pages' with 'Reload Page': reloads the document, keeping the zoom. */
    renderError: {
      description: "'Error rendering PDF pages' with 'Reload Page': reloads the document, keeping the zoom.",
      on: { 'documentViewer.reload': { target: 'loading' } },
    },
  },
});

/** A running documentViewer chart, as views and parent charts hold it. */
export type DocumentViewerActorRef = ActorRefFrom<typeof documentViewerMachine>;
