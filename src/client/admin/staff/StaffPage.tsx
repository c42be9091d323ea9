/** The staff page (issue 15, issuer admins): who has access, with which roles; invite, change roles, disable, reset. */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { selectBusy, selectError, selectList, selectLoadFailed, selectNotice, selectPending } from '../../../../machines/admin/staff-management/staff-management.selectors.ts';
import { staffMessages } from '../../../shared/admin/sign-in-messages.ts';
import { holdsExclusiveRoles, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../shared/admin/staff-roles.ts';
import type { StaffListItem } from '../../../shared/admin/staff.ts';
import type { StaffAction } from '../../../../machines/admin/staff-management/staff-management.types.ts';
import type { SignedInStaff } from '../../../shared/admin/sign-in.ts';
import type { AdminApi } from '../admin-api.ts';
import { provideStaffManagement } from './staff-effects.ts';
import './staff.css';

const shortRole = (role: StaffRole) => STAFF_ROLE_LABELS[role].split(' (')[0];
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');

/** The roles as checkboxes; a set one person may not hold (compliance with auditor) is named under them with the reason. */
function RoleChecks({ idPrefix, value, onChange, legend }: { idPrefix: string; value: StaffRole[]; onChange: (roles: StaffRole[]) => void; legend: string }) {
  const conflict = holdsExclusiveRoles(value);
  return (
    <fieldset className="staff__roles" aria-describedby={conflict ? `${idPrefix}-conflict` : undefined}>
      <legend>{legend}</legend>
      {STAFF_ROLES.map((role) => (
        <label key={role} htmlFor={`${idPrefix}-${role}`}>
          <input
            id={`${idPrefix}-${role}`}
            type="checkbox"
            checked={value.includes(role)}
            onChange={(e) => onChange(e.target.checked ? [...value, role] : value.filter((r) => r !== role))}
          />
          {STAFF_ROLE_LABELS[role]}
        </label>
      ))}
      {conflict && (
        <p id={`${idPrefix}-conflict`} className="staff__field-error" role="alert">
          {staffMessages.complianceWithAuditor}
        </p>
      )}
    </fieldset>
  );
}

function MemberRow({ member, self, busy, onAct }: { member: StaffListItem; self: boolean; busy: boolean; onAct: (action: StaffAction) => void }) {
  const [editing, setEditing] = useState(false);
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  return (
    <li className={`staff__member${member.disabledAt ? ' staff__member--disabled' : ''}`}>
      <div className="staff__who">
        <strong>{member.displayName}</strong>
        {self && <span className="staff__badge">You</span>}
        {member.disabledAt && <span className="staff__badge staff__badge--off">Disabled</span>}
        <span className="staff__email">{member.email}</span>
      </div>
      <dl className="staff__facts">
        <div><dt>Roles</dt><dd>{member.roles.map(shortRole).join(', ')}</dd></div>
        <div><dt>Passkeys</dt><dd>{member.passkeys}</dd></div>
        <div><dt>Last sign-in</dt><dd>{when(member.lastSignInAt)}</dd></div>
      </dl>
      {editing ? (
        <form
          className="staff__edit"
          onSubmit={(e) => {
            e.preventDefault();
            onAct({ kind: 'roles', id: member.id, roles });
            setEditing(false);
          }}
        >
          <RoleChecks idPrefix={`roles-${member.id}`} value={roles} onChange={setRoles} legend={`Roles of ${member.displayName}`} />
          <div className="staff__actions">
            <button type="submit" disabled={busy || roles.length === 0 || holdsExclusiveRoles(roles)}>Save roles</button>
            <button type="button" className="staff__secondary" onClick={() => setEditing(false)}>Cancel</button>
          </div>
        </form>
      ) : (
        <div className="staff__actions">
          {self ? (
            <p className="staff__self-note">Your roles are changed by another issuer admin.</p>
          ) : (
            <button type="button" className="staff__secondary" disabled={busy} onClick={() => setEditing(true)} aria-label={`Change roles of ${member.displayName}`}>Change roles</button>
          )}
          {!self && member.disabledAt === null && (
            <button type="button" className="staff__secondary" disabled={busy} onClick={() => onAct({ kind: 'reset', id: member.id })} aria-label={`Reset the passkey of ${member.displayName}`}>Reset passkey</button>
          )}
          {!self &&
            (member.disabledAt ? (
              <button type="button" className="staff__secondary" disabled={busy} onClick={() => onAct({ kind: 'enable', id: member.id })} aria-label={`Enable ${member.displayName}`}>Enable</button>
            ) : (
              <button type="button" className="staff__danger" disabled={busy} onClick={() => onAct({ kind: 'disable', id: member.id })} aria-label={`Disable ${member.displayName}`}>Disable</button>
            ))}
        </div>
      )}
    </li>
  );
}


/** Rendered by the shell with AdminPageProps (this page uses `api` and `staff`); it imports nothing of the registry. */
export default function StaffPage({ api, staff }: { api: AdminApi; staff: SignedInStaff }) {
  const machine = useMemo(() => provideStaffManagement(api), [api]);
  const actor = useActorRef(machine);
  const list = useSelector(actor, selectList);
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  const busy = useSelector(actor, selectBusy);
  const failed = useSelector(actor, selectLoadFailed);
  const pending = useSelector(actor, selectPending);
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const invite = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'staff.invite', payload: { email, displayName, roles } });
  };
  const invited = notice !== null && pending === null && error === null;
  return (
    <section className="staff" aria-labelledby="staff-title">
      <h1 id="staff-title">Staff</h1>
      <p className="staff__lead">Who can use the back-office, and in which roles. Every change is recorded in the audit trail.</p>
      {notice && <p className="staff__notice" role="status">{notice}</p>}
      {error && <p className="staff__error" role="alert">{error}</p>}
      {failed && (
        <button type="button" onClick={() => actor.send({ type: 'staff.retry' })}>Try again</button>
      )}
      <details className="staff__invite" open={!invited && (email !== '' || displayName !== '') ? true : undefined}>
        <summary>Invite a staff member</summary>
        <form onSubmit={invite}>
          <label htmlFor="invite-email">Work email address</label>
          <input id="invite-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} required />
          <label htmlFor="invite-name">Name</label>
          <input id="invite-name" autoComplete="off" value={displayName} onChange={(e) => setDisplayName(e.target.value)} required maxLength={120} />
          <RoleChecks idPrefix="invite-role" value={roles} onChange={setRoles} legend="Roles" />
          <button type="submit" disabled={busy || holdsExclusiveRoles(roles)}>Send the invitation</button>
        </form>
      </details>
      {list && (
        <>
          <h2 className="staff__count">{list.total === 1 ? '1 staff member' : `${list.total} staff members`}</h2>
          <ul className="staff__list">
            {list.items.map((member) => (
              <MemberRow key={`${member.id}:${member.roles.join()}`} member={member} self={member.id === staff.id} busy={busy} onAct={(action) => actor.send({ type: 'staff.act', action })} />
            ))}
          </ul>
          {list.total > list.limit && (
            <div className="staff__pages">
              <button type="button" className="staff__secondary" disabled={busy || list.offset === 0} onClick={() => actor.send({ type: 'staff.page', offset: list.offset - list.limit })}>Previous</button>
              <span>{list.offset + 1}–{Math.min(list.offset + list.limit, list.total)} of {list.total}</span>
              <button type="button" className="staff__secondary" disabled={busy || list.offset + list.limit >= list.total} onClick={() => actor.send({ type: 'staff.page', offset: list.offset + list.limit })}>Next</button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
