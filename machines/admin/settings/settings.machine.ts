/**
 * The settings page (issue 15): loads the settings; Save sends the form's values with the updatedAt they were read
 * at. Accepted: the answer (values and history) is shown with 'Saved.'. A 409 (someone changed them meanwhile, or a
 * value pinned by the environment) shows the server's words and loads the settings now in force, so the form never
 * sits on stale values; any other refusal keeps the form as it is with the server's words.
 * Effects (`loadSettings`, `saveSettings`) provided by the page (src/client/admin/settings/settings-effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureStatus, failureText } from '../admin-failure.ts';
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
  },
  actions: {
    keepSettings: assign((_, params: { settings: SettingsOutput; notice: string | null }) => ({ settings: params.settings, notice: params.notice })),
    clearMessages: assign({ error: null, notice: null }),
    noteFailed: assign((_, params: { error: unknown }) => ({ error: failureText(params.error), notice: null })),
  },
}).createMachine({
  id: 'settings',
  description: "The back-office settings page: the issuer's settings, saved against the version they were read at.",
  meta: {
    descriptions: {
      guards: {
        isConflict: 'The server refused the save with 409: someone changed the settings meanwhile, or a value is pinned by the environment.',
      },
      actions: {
        keepSettings: 'Shows the settings and their history as the server has them (with Saved. after a save).',
        clearMessages: 'Clears the error and the notice shown.',
        noteFailed: "Shows the refusal in the server's words.",
      },
      actors: {
        loadSettings: 'Fetches the settings in force and their history.',
        saveSettings: "Saves the form's values, with the time the settings were read at.",
      },
    },
  } satisfies MachineMeta,
  context: { settings: null, error: null, notice: null },
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
      on: { 'settings.save': { target: 'saving', actions: 'clearMessages' } },
    },
    saving: {
      description: "Saving the form's values; any refusal but a conflict keeps the form as it is.",
      tags: ['busy'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context, event }) => {
          const values = (event as Extract<SettingsEvent, { type: 'settings.save' }>).values;
          return { ...values, expectedUpdatedAt: context.settings!.updatedAt };
        },
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
