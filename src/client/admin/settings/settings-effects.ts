/** The settings page's effects: its chart's calls, built on the back-office API client, each answer checked against its schema. */
import { fromPromise } from 'xstate';
import type { SaveSettingsInput, SettingsOutput } from '../../../../machines/admin/settings/settings.types.ts';
import { AdminSettingsResponseSchema } from '../../../shared/admin/settings.ts';
import type { AdminApi } from '../admin-api.ts';

export const SETTINGS_PATH = '/api/admin/settings';

export function settingsEffects(api: AdminApi) {
  return {
    loadSettings: fromPromise<SettingsOutput, void>(({ signal }) => api.get(SETTINGS_PATH, { schema: AdminSettingsResponseSchema, signal })),
    saveSettings: fromPromise<SettingsOutput, SaveSettingsInput>(({ input, signal }) => api.put(SETTINGS_PATH, input, { schema: AdminSettingsResponseSchema, signal })),
  };
}
