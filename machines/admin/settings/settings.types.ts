import type { AdminSettingsResponse, AdminSettingValues } from '../../../src/shared/admin/settings.ts';

export type SettingsContext = {
  settings: AdminSettingsResponse | null;
  /** The last refusal or failure, in the server's words. */
  error: string | null;
  /** 'Saved.' after a change the server accepted. */
  notice: string | null;
};

export type SettingsEvent =
  /** Save: the form's values, sent with the updatedAt of the settings the form shows. */
  | { type: 'settings.save'; values: AdminSettingValues }
  /** Try again after a failed load. */
  | { type: 'settings.retry' };

export type SaveSettingsInput = AdminSettingValues & { expectedUpdatedAt: string };
export type SettingsOutput = AdminSettingsResponse;
