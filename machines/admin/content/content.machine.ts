/**
 * The issuer content page (issue 15): the disclosure sections and the seven agreements. One form open at a time
 * (a section, a new section, an agreement), its values held here: an agreement's checkboxes are rows (text, required,
 * critical) added, removed and moved one by one. Save checks the form by the server's rules first (the faults shown
 * at their fields, following each keystroke after that); a change is sent, then the list is loaded again so counts,
 * versions and history are the server's. A refusal keeps the form open with the server's words.
 * A document preview (beside the form: one may read the agreement while editing its checkboxes) names the document
 * (its API path) for the shared document viewer, which fetches it with the staff token, until closed or another is
 * chosen. Effects (`loadContent`, `submitChange`) provided by the page (src/client/admin/content/content-effects.ts).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { failureText } from '../admin-failure.ts';
import { changeOf, draftFor, isDraftValid, withBoxAdded, withBoxFlag, withBoxMoved, withBoxRemoved, withBoxText, withField } from './content.rules.ts';
import type { ContentChangeRequest, ContentContext, ContentDraft, ContentEvent, LoadContentOutput, SubmitChangeOutput } from './content.types.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';

export function changeNotice(change: ContentChangeRequest, output: SubmitChangeOutput): string {
  if (!output.changed) return 'Nothing changed: the content was already like this.';
  if (change.kind === 'retire') return 'The section was removed. Its reading record is kept.';
  if (output.resetInvestors === 0) return 'Saved.';
  const who = output.resetInvestors === 1 ? '1 investor' : `${output.resetInvestors} investors`;
  return change.kind === 'agreement' ? `Saved as a new version. ${who} will confirm it again.` : `Saved. ${who} will read the new document again.`;
}

const failed = { type: 'noteFailed' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) };
const keep = { type: 'keepContent' as const, params: ({ event }: { event: { output: LoadContentOutput } }) => ({ content: event.output }) };

/** An edit of the open form's values (events of other kinds leave them as they are). */
function edited(draft: ContentDraft, event: ContentEvent): ContentDraft {
  switch (event.type) {
    case 'content.field':
      return withField(draft, event.field, event.value);
    case 'content.file':
      return { ...draft, file: event.file };
    case 'content.box.text':
      return withBoxText(draft, event.index, event.value);
    case 'content.box.flag':
      return withBoxFlag(draft, event.index, event.flag, event.value);
    case 'content.box.add':
      return withBoxAdded(draft);
    case 'content.box.remove':
      return withBoxRemoved(draft, event.index);
    case 'content.box.move':
      return withBoxMoved(draft, event.index, event.by);
    default:
      return draft;
  }
}

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
  guards: {
    canOpen: ({ context, event }) => event.type === 'content.edit' && draftFor(event.target, context.content) !== null,
    isDraftValid: ({ context }) => isDraftValid(context.draft),
    hasDraft: ({ context }) => context.draft !== null,
  },
  actions: {
    keepContent: assign((_, params: { content: LoadContentOutput }) => ({ content: params.content })),
    noteFailed: assign((_, params: { error: unknown }) => ({ error: failureText(params.error), notice: null })),
    clearMessages: assign({ error: null, notice: null }),
    openDraft: assign(({ context, event }) => (event.type === 'content.edit' ? { draft: draftFor(event.target, context.content), checked: false, error: null, notice: null } : {})),
    closeDraft: assign({ draft: null, checked: false, error: null, notice: null }),
    editDraft: assign(({ context, event }) => (context.draft ? { draft: edited(context.draft, event) } : {})),
    showProblems: assign({ checked: true }),
    pendDraft: assign(({ context }) => ({ pending: context.draft ? changeOf(context.draft) : null, error: null, notice: null })),
    pendRetire: assign(({ event }) => (event.type === 'content.retire' ? { pending: { kind: 'retire' as const, id: event.id }, error: null, notice: null } : {})),
    noteSaved: assign(({ context }, params: { output: SubmitChangeOutput }) => ({
      draft: null,
      checked: false,
      pending: null,
      notice: context.pending ? changeNotice(context.pending, params.output) : null,
    })),
    dropPending: assign({ pending: null }),
    showPreview: assign(({ event }) => (event.type === 'content.preview' ? { preview: event.request } : {})),
    hidePreview: assign({ preview: null }),
  },
}).createMachine({
  id: 'content',
  description: 'The issuer content page: the disclosure sections and the seven agreements, edited one form at a time, with a document preview beside it.',
  meta: {
    descriptions: {
      guards: {
        canOpen: 'The section or agreement to edit is on the page (a removed section has no form).',
        isDraftValid: "The form passes the server's rules (title, order, reading time, short name; 1 to 32 checkboxes, one required, each with its statement).",
        hasDraft: 'A form is open.',
      },
      actions: {
        keepContent: 'Shows the sections and agreements as the server has them (counts, versions, history).',
        noteFailed: "Shows the server's refusal or the failure in words.",
        clearMessages: 'Clears the error and the notice shown.',
        openDraft: 'Opens the form with the values the server has (closing any other).',
        closeDraft: 'Closes the form; what was typed is dropped.',
        editDraft: 'Takes a value typed or a file chosen, or adds, removes, moves or changes a checkbox row.',
        showProblems: "Shows the form's faults at their fields (and keeps them current as the staff member types).",
        pendDraft: 'Makes the change from the form (an agreement: its title and checkbox rows in order).',
        pendRetire: 'Makes the removal of a section.',
        noteSaved: 'Closes the form and says what the change did to investors.',
        dropPending: 'Forgets the refused change (the form keeps its values).',
        showPreview: 'Shows the chosen document in the viewer.',
        hidePreview: 'Closes the viewer.',
      },
      actors: {
        loadContent: 'Fetches the disclosure sections and agreements with their counts, versions and history.',
        submitChange: 'Sends one change (a section edited, added or removed, or an agreement saved as a new version) to the server.',
      },
    },
  } satisfies MachineMeta,
  context: { content: null, draft: null, checked: false, pending: null, error: null, notice: null, preview: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the sections and agreements.',
      tags: ['busy'],
      invoke: {
        id: 'loadContent',
        src: 'loadContent',
        onDone: { target: 'ready', actions: ['clearMessages', keep] },
        onError: { target: 'failed', actions: failed },
      },
    },
    failed: { description: 'The content could not be loaded: the failure is shown with Try again.', on: { 'content.retry': 'loading' } },
    ready: {
      description: 'The sections and agreements are on screen: at most one form open, and a document preview beside it.',
      type: 'parallel',
      states: {
        work: {
          description: 'Reading the content, editing one item, or sending a change.',
          initial: 'browsing',
          states: {
            browsing: {
              description: 'The staff member reads the content; no form is open.',
              on: {
                'content.edit': { guard: 'canOpen', target: 'editing', actions: 'openDraft' },
                'content.retire': { target: 'submitting', actions: 'pendRetire' },
              },
            },
            editing: {
              description: 'One form is open (a section, a new section or an agreement with its checkbox rows).',
              on: {
                'content.edit': { guard: 'canOpen', actions: 'openDraft' },
                'content.cancel': { target: 'browsing', actions: 'closeDraft' },
                'content.field': { actions: 'editDraft' },
                'content.file': { actions: 'editDraft' },
                'content.box.text': { actions: 'editDraft' },
                'content.box.flag': { actions: 'editDraft' },
                'content.box.add': { actions: 'editDraft' },
                'content.box.remove': { actions: 'editDraft' },
                'content.box.move': { actions: 'editDraft' },
                'content.save': [{ guard: 'isDraftValid', target: 'submitting', actions: 'pendDraft' }, { actions: 'showProblems' }],
                'content.retire': { target: 'submitting', actions: 'pendRetire' },
              },
            },
            submitting: {
              description: "Sending the change; a refusal keeps the form open with the server's words.",
              tags: ['busy'],
              invoke: {
                id: 'submitChange',
                src: 'submitChange',
                input: ({ context }) => context.pending!,
                onDone: { target: 'refreshing', actions: { type: 'noteSaved', params: ({ event }) => ({ output: event.output }) } },
                onError: [
                  { guard: 'hasDraft', target: 'editing', actions: [failed, 'dropPending'] },
                  { target: 'browsing', actions: [failed, 'dropPending'] },
                ],
              },
            },
            refreshing: {
              description: 'The list again after a change: counts, versions and history as the server has them.',
              tags: ['busy'],
              invoke: {
                id: 'loadContent',
                src: 'loadContent',
                onDone: { target: 'browsing', actions: keep },
                onError: { target: 'browsing', actions: failed },
              },
            },
          },
        },
        preview: {
          description: 'The document viewer, beside whatever form is open.',
          initial: 'hidden',
          states: {
            hidden: { description: 'No document is shown.', on: { 'content.preview': { target: 'shown', actions: 'showPreview' } } },
            shown: {
              description: 'A document is shown in the document viewer until closed or another is chosen.',
              on: {
                'content.preview': { actions: 'showPreview' },
                'content.closePreview': { target: 'hidden', actions: 'hidePreview' },
              },
            },
          },
        },
      },
    },
  },
});

export type ContentActorRef = ActorRefFrom<typeof contentMachine>;
