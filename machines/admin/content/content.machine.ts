/**
 * The issuer content page (issue 15): the disclosure sections and the seven agreements. One form open at a time
 * (a section, a new section, an agreement); a change is sent, then the list is loaded again so counts, versions and
 * history are the server's. A refusal keeps the form open with the server's words. A document preview names the
 * document (its API path) for the shared document viewer, which fetches it with the staff token (pdf.js: the
 * back-office's CSP frames nothing), until closed or another is chosen.
 * Effects (`loadContent`, `submitChange`) provided by the page (src/client/admin/content/content-effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '../admin-failure.ts';
import type { ContentChangeRequest, ContentContext, ContentEvent, LoadContentOutput, SubmitChangeOutput } from './content.types.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';

export function changeNotice(change: ContentChangeRequest, output: SubmitChangeOutput): string {
  if (!output.changed) return 'Nothing changed: the content was already like this.';
  if (change.kind === 'retire') return 'The section was removed. Its reading record is kept.';
  if (output.resetInvestors === 0) return 'Saved.';
  const who = output.resetInvestors === 1 ? '1 investor' : `${output.resetInvestors} investors`;
  return change.kind === 'agreement' ? `Saved as a new version. ${who} will confirm it again.` : `Saved. ${who} will read the new document again.`;
}

const failed = { type: 'noteFailed' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) };

export const contentMachine = setup({
  types: {} as { context: ContentContext; events: ContentEvent; tags: 'busy' },
  actors: {
    loadContent: fromPromise<LoadContentOutput, void>(async () => {
      throw new Error('loadContent is provided by the page');
    }),
    submitChange: fromPromise<SubmitChangeOutput, ContentChangeRequest>(async () => {
      throw new Error('submitChange is provided by the page');
    }),
  },
  actions: {
    keepContent: assign((_, params: { content: LoadContentOutput }) => ({ content: params.content })),
    noteFailed: assign((_, params: { error: unknown }) => ({ error: failureText(params.error), notice: null })),
    clearMessages: assign({ error: null, notice: null }),
  },
}).createMachine({
  id: 'content',
  description: 'The issuer content page: the disclosure sections and the seven agreements, edited one form at a time, with a document preview.',
  meta: {
    descriptions: {
      actions: {
        keepContent: 'Shows the sections and agreements as the server has them (counts, versions, history).',
        noteFailed: "Shows the server's refusal or the failure in words.",
        clearMessages: 'Clears the error and the notice shown.',
      },
      actors: {
        loadContent: 'Fetches the disclosure sections and agreements with their counts, versions and history.',
        submitChange: 'Sends one change (a section edited, added or removed, or an agreement saved as a new version) to the server.',
      },
    },
  } satisfies MachineMeta,
  context: { content: null, editing: null, pending: null, error: null, notice: null, preview: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the sections and agreements.',
      tags: ['busy'],
      invoke: {
        id: 'loadContent',
        src: 'loadContent',
        onDone: { target: 'ready', actions: [{ type: 'clearMessages' }, { type: 'keepContent', params: ({ event }) => ({ content: event.output }) }] },
        onError: { target: 'failed', actions: failed },
      },
    },
    failed: { description: 'The content could not be loaded: the failure is shown with Try again.', on: { 'content.retry': 'loading' } },
    ready: {
      description: 'The sections and agreements are on screen; at most one form is open.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The staff member reads the content, or edits one section or agreement in its form.',
          on: {
            'content.edit': { description: 'Opens the form of one section, a new section or an agreement (closing any other).', actions: [{ type: 'clearMessages' }, assign({ editing: ({ event }) => event.target })] },
            'content.cancel': { actions: assign({ editing: null }) },
            'content.submit': { target: 'submitting', actions: ['clearMessages', assign({ pending: ({ event }) => event.change })] },
            'content.preview': { target: 'previewShown', actions: ['clearMessages', assign({ preview: ({ event }) => event.request })] },
          },
        },
        submitting: {
          description: "Sending the change; a refusal keeps the form open with the server's words.",
          tags: ['busy'],
          invoke: {
            id: 'submitChange',
        src: 'submitChange',
            input: ({ context }) => context.pending!,
            onDone: {
              target: 'refreshing',
              actions: assign({ editing: null, pending: null, notice: ({ context, event }) => changeNotice(context.pending!, event.output) }),
            },
            onError: { target: 'idle', actions: [failed, assign({ pending: null })] },
          },
        },
        /** The list again after a change: counts, versions and history as the server has them. */
        refreshing: {
          description: 'The list again after a change: counts, versions and history as the server has them.',
          tags: ['busy'],
          invoke: {
            id: 'loadContent',
        src: 'loadContent',
            onDone: { target: 'idle', actions: { type: 'keepContent', params: ({ event }) => ({ content: event.output }) } },
            onError: { target: 'idle', actions: failed },
          },
        },
        previewShown: {
          description: 'A document is shown in the document viewer until closed or another is chosen.',
          on: {
            'content.closePreview': { target: 'idle', actions: assign({ preview: null }) },
            'content.preview': { actions: ['clearMessages', assign({ preview: ({ event }) => event.request })] },
          },
        },
      },
    },
  },
});
