/** The settings page's effects: its chart's calls, built on the back-office API client. */
import { fromPromise } from 'xstate';
import type { SaveSettingsInput, SettingsOutput } from '../../../../machines/admin/settings/settings.types.ts';
import type { AdminApi } from '../admin-api.ts';

export const SETTINGS_PATH = '/api/admin/settings';

export function settingsEffects(api: AdminApi) {
  return {
    loadSettings: fromPromise<SettingsOutput, void>(({ signal }) => api.get<SettingsOutput>(SETTINGS_PATH, { signal })),
    saveSettings: fromPromise<SettingsOutput, SaveSettingsInput>(({ input, signal }) => api.put<SettingsOutput>(SETTINGS_PATH, input, { signal })),
  };
}
