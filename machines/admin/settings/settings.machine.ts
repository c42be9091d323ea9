/**
 * The settings page (issue 15): loads the settings into the form (the draft, held here); Save checks the form's values
 * by the server's rules (a problem is shown in words, nothing sent) and sends them with the updatedAt they were read at. Accepted: the answer (values and history) is shown with 'Saved.'. A 409 (someone changed them meanwhile, or a
 * value pinned by the environment) shows the server's words and loads the settings now in force, so the form never
 * sits on stale values (the form is filled again with them); any other refusal keeps the form as it is with the
 * server's words.
 * Effects (`loadSettings`, `saveSettings`) provided by the page (src/client/admin/settings/settings-effects.ts).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { failureStatus, failureText } from '../admin-failure.ts';
import { ADMIN_SETTING_KEYS, draftOf, settingsProblem, valuesOf } from '../../../src/shared/admin/settings.ts';
import type { SaveSettingsInput, SettingsContext, SettingsEvent, SettingsOutput } from './settings.types.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';

export const SAVED_NOTICE = 'Saved.';

export const settingsMachine = setup({
  types: {} as { context: SettingsContext; events: SettingsEvent; tags: 'busy' },
  actors: {
    loadSettings: fromPromise<SettingsOutput, void>(async () => {
      throw new Error('loadSettings is provided by the page');
    }),
    saveSettings: fromPromise<SettingsOutput, SaveSettingsInput>(async () => {
      throw new Error('saveSettings is provided by the page');
    }),
  },
  guards: {
    isConflict: (_, params: { error: unknown }) => failureStatus(params.error) === 409,
    isDraftValid: ({ context }) => context.draft !== null && settingsProblem(valuesOf(context.draft)) === null,
  },
  actions: {
    keepSettings: assign((_, params: { settings: SettingsOutput; notice: string | null }) => ({ settings: params.settings, draft: draftOf(params.settings.values), notice: params.notice })),
    setField: assign(({ context, event }) =>
      event.type === 'settings.field' && context.draft && (ADMIN_SETTING_KEYS as readonly string[]).includes(event.key) ? { draft: { ...context.draft, [event.key]: event.value.slice(0, 40) } } : {},
    ),
    clearMessages: assign({ error: null, notice: null }),
    noteFailed: assign((_, params: { error: unknown }) => ({ error: failureText(params.error), notice: null })),
    noteDraftProblem: assign(({ context }) => ({ error: context.draft ? settingsProblem(valuesOf(context.draft)) : null, notice: null })),
  },
}).createMachine({
  id: 'settings',
  description: "The back-office settings page: the issuer's settings, saved against the version they were read at.",
  meta: {
    descriptions: {
      guards: {
        isConflict: 'The server refused the save with 409: someone changed the settings meanwhile, or a value is pinned by the environment.',
        isDraftValid: "The form's values pass the server's rules (checked before anything is sent).",
      },
      actions: {
        keepSettings: 'Shows the settings and their history as the server has them, the form filled with them (with Saved. after a save).',
        setField: 'Takes a value typed in the form.',
        clearMessages: 'Clears the error and the notice shown.',
        noteFailed: "Shows the refusal in the server's words.",
        noteDraftProblem: "Shows what is wrong in the form's values; nothing is sent.",
      },
      actors: {
        loadSettings: 'Fetches the settings in force and their history.',
        saveSettings: "Saves the form's values, with the time the settings were read at.",
      },
    },
  } satisfies MachineMeta,
  context: { settings: null, draft: null, error: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the settings.',
      tags: ['busy'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'editing', actions: [{ type: 'clearMessages' }, { type: 'keepSettings', params: ({ event }) => ({ settings: event.output, notice: null }) }] },
        onError: { target: 'failed', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { description: 'The settings could not be loaded: the failure is shown with Try again.', on: { 'settings.retry': 'loading' } },
    editing: {
      description: 'The settings are in the form; Save sends them.',
      on: {
        'settings.field': { actions: 'setField' },
        'settings.save': [{ guard: 'isDraftValid', target: 'saving', actions: 'clearMessages' }, { actions: 'noteDraftProblem' }],
      },
    },
    saving: {
      description: "Saving the form's values; any refusal but a conflict keeps the form as it is.",
      tags: ['busy'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({ ...valuesOf(context.draft!), expectedUpdatedAt: context.settings!.updatedAt }),
        onDone: { target: 'editing', actions: { type: 'keepSettings', params: ({ event }) => ({ settings: event.output, notice: SAVED_NOTICE }) } },
        onError: [
          { guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) }, target: 'reloading', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
          { target: 'editing', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** After a 409: the settings now in force, the refusal's words kept on screen. */
    reloading: {
      description: "After a 409: the settings now in force, the refusal's words kept on screen.",
      tags: ['busy'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'editing', actions: { type: 'keepSettings', params: ({ event }) => ({ settings: event.output, notice: null }) } },
        onError: { target: 'editing', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type SettingsActorRef = ActorRefFrom<typeof settingsMachine>;
