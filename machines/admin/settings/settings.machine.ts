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
  context: { settings: null, error: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'editing', actions: [{ type: 'clearMessages' }, { type: 'keepSettings', params: ({ event }) => ({ settings: event.output, notice: null }) }] },
        onError: { target: 'failed', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'settings.retry': 'loading' } },
    editing: {
      on: { 'settings.save': { target: 'saving', actions: 'clearMessages' } },
    },
    saving: {
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
