/** Named reads of the settings page for its view. */
import type { SnapshotFrom } from 'xstate';
import type { settingsMachine } from './settings.machine.ts';

type S = SnapshotFrom<typeof settingsMachine>;

export const selectPhase = (s: S): 'loading' | 'failed' | 'editing' => (s.matches('failed') ? 'failed' : s.context.settings ? 'editing' : 'loading');
export const selectSettings = (s: S) => s.context.settings;
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;
/** The form as typed. */
export const selectDraft = (s: S) => s.context.draft;
