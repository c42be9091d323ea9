/**
 * The issuer's settings (issue 15): token price, investment limits, the KYC four-eyes threshold and the KYC review
 * target (hours; past it a case is overdue in the queue), with their history. The issuer-admin edits; an auditor sees the same read-only. A value pinned by the server's environment is
 * shown read-only with the variable that sets it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { settingsMachine, type SettingsActorRef } from '../../../../machines/admin/settings/settings.machine.ts';
import { selectDraft, selectError, selectIsBusy, selectNotice, selectPhase, selectSettings } from '../../../../machines/admin/settings/settings.selectors.ts';
import type { SettingsDraft } from '../../../../machines/admin/settings/settings.types.ts';
import { ADMIN_SETTING_KEYS, SETTING_LABELS, type AdminSettingKey, type AdminSettingsResponse } from '../../../shared/admin/settings.ts';
import type { AdminApi } from '../admin-api.ts';
import type { StaffRole } from '../../../shared/admin/staff-roles.ts';
import { When } from '../ui/When.tsx';
import { settingsEffects } from './settings-effects.ts';
import './settings.css';

const formatValue = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('en-GB', { maximumFractionDigits: 6 }) : value === null || value === undefined ? '—' : String(value));

function SettingsForm({ actor, settings, draft, canEdit, busy }: { actor: SettingsActorRef; settings: AdminSettingsResponse; draft: SettingsDraft; canEdit: boolean; busy: boolean }) {
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'settings.save' });
  };
  return (
    <form className="settings-form" onSubmit={submit} aria-label="Investment settings">
      {ADMIN_SETTING_KEYS.map((key) => {
        const pinnedBy = settings.pinned[key];
        const readOnly = !canEdit || pinnedBy !== undefined;
        return (
          <div className="settings-field" key={key}>
            <label htmlFor={`${id}-${key}`}>{SETTING_LABELS[key]}</label>
            <input
              id={`${id}-${key}`}
              name={key}
              inputMode={key === 'kycReviewTargetHours' ? 'numeric' : 'decimal'}
              autoComplete="off"
              value={draft[key]}
              readOnly={readOnly}
              aria-describedby={pinnedBy ? `${id}-${key}-pinned` : undefined}
              onChange={(e) => actor.send({ type: 'settings.field', key, value: e.target.value })}
            />
            {pinnedBy && (
              <p className="settings-pinned" id={`${id}-${key}-pinned`}>
                Set by {pinnedBy} in the server's environment; change it there.
              </p>
            )}
          </div>
        );
      })}
      {canEdit && (
        <button type="submit" className="admin-button" disabled={busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </button>
      )}
    </form>
  );
}

/** The part of AdminPageProps this page uses (admin-pages.ts loads the page: importing it back would be a circle). */
export type SettingsPageProps = { api: AdminApi; staff: { roles: readonly StaffRole[] } };

export default function SettingsPage({ api, staff }: SettingsPageProps) {
  const actor = useActorRef(settingsMachine.provide({ actors: settingsEffects(api) }));
  const phase = useSelector(actor, selectPhase);
  const settings = useSelector(actor, selectSettings);
  const busy = useSelector(actor, selectIsBusy);
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  const draft = useSelector(actor, selectDraft);
  const canEdit = staff.roles.includes('issuer-admin');

  return (
    <section className="settings-page" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      {phase === 'loading' && <p role="status">Loading the settings…</p>}
      {phase === 'failed' && (
        <div role="alert" className="admin-error">
          <p>{error}</p>
          <button type="button" className="admin-button" onClick={() => actor.send({ type: 'settings.retry' })}>
            Try again
          </button>
        </div>
      )}
      {settings && (
        <>
          {!canEdit && <p className="settings-readonly">Read-only: only an issuer admin changes the settings.</p>}
          <div aria-live="polite">
            {notice && <p className="admin-notice">{notice}</p>}
            {error && phase === 'editing' && <p className="admin-error" role="alert">{error}</p>}
          </div>
          {draft && <SettingsForm actor={actor} settings={settings} draft={draft} canEdit={canEdit} busy={busy} />}
          <h2>History</h2>
          {settings.history.length === 0 ? (
            <p>No changes yet.</p>
          ) : (
            <div className="admin-table-scroll" tabIndex={0} role="region" aria-label="Settings history">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Setting</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                    <th scope="col">By</th>
                  </tr>
                </thead>
                <tbody>
                  {settings.history.map((h) => (
                    <tr key={h.id}>
                      <td>
                        <When iso={h.at} />
                      </td>
                      <td>{SETTING_LABELS[h.key as AdminSettingKey] ?? h.key}</td>
                      <td>{formatValue(h.oldValue)}</td>
                      <td>{formatValue(h.newValue)}</td>
                      <td>{h.source === 'environment' ? 'Environment (at start)' : (h.staffName ?? 'A former staff member')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
