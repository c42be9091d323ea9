import type { AdminSettingKey, AdminSettingsResponse, AdminSettingValues } from '../../../src/shared/admin/settings.ts';

/** The form as typed: each setting's text. */
export type SettingsDraft = Record<AdminSettingKey, string>;

export type SettingsContext = {
  settings: AdminSettingsResponse | null;
  /** The form, filled from the settings each time the server answers with them. */
  draft: SettingsDraft | null;
  /** The last refusal or failure, in the server's words. */
  error: string | null;
  /** 'Saved.' after a change the server accepted. */
  notice: string | null;
};

export type SettingsEvent =
  /** A field typed. */
  | { type: 'settings.field'; key: AdminSettingKey; value: string }
  /** Save: the form's values, sent with the updatedAt of the settings the form shows. */
  | { type: 'settings.save' }
  /** Try again after a failed load. */
  | { type: 'settings.retry' };

export type SaveSettingsInput = AdminSettingValues & { expectedUpdatedAt: string };
export type SettingsOutput = AdminSettingsResponse;
