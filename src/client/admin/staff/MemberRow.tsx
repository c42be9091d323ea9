/** One staff member: who, roles, passkeys, last sign-in; the changes an issuer admin may make (never to themself). */
import { useSelector } from '@xstate/react';
import type { StaffManagementActorRef } from '../../../../machines/admin/staff-management/staff-management.machine.ts';
import { selectBusy, selectRolesDraft, selectRolesProblem } from '../../../../machines/admin/staff-management/staff-management.selectors.ts';
import { STAFF_ROLE_LABELS, type StaffRole } from '../../../shared/admin/staff-roles.ts';
import type { StaffListItem } from '../../../shared/admin/staff.ts';
import { When } from '../ui/When.tsx';
import { RoleChecks } from './RoleChecks.tsx';
import { ChartForm } from '../../ui/form/index.ts';

const shortRole = (role: StaffRole) => STAFF_ROLE_LABELS[role].split(' (')[0];

export function MemberRow({ actor, member, self }: { actor: StaffManagementActorRef; member: StaffListItem; self: boolean }) {
  const busy = useSelector(actor, selectBusy);
  const draft = useSelector(actor, selectRolesDraft);
  const problem = useSelector(actor, selectRolesProblem);
  const editing = draft?.id === member.id;
  const name = member.displayName;
  return (
    <li className={`staff__member${member.disabledAt ? ' staff__member--disabled' : ''}`}>
      <div className="staff__who">
        <strong>{name}</strong>
        {self && <span className="staff__badge">You</span>}
        {member.disabledAt && <span className="staff__badge staff__badge--off">Disabled</span>}
        <span className="staff__email">{member.email}</span>
      </div>
      <dl className="staff__facts">
        <div>
          <dt>Roles</dt>
          <dd>{member.roles.map(shortRole).join(', ')}</dd>
        </div>
        <div>
          <dt>Passkeys</dt>
          <dd>{member.passkeys}</dd>
        </div>
        <div>
          <dt>Last sign-in</dt>
          <dd>
            <When iso={member.lastSignInAt} fallback="Never" />
          </dd>
        </div>
      </dl>
      {editing ? (
        <ChartForm
          className="staff__edit"
          aria-label={`Roles of ${name}`}
          onSubmit={() => actor.send({ type: 'staff.roles.save' })}
        >
          <RoleChecks idPrefix={`roles-${member.id}`} legend={`Roles of ${name}`} value={draft.roles} problem={problem} onTick={(role, checked) => actor.send({ type: 'staff.roles.role', role, checked })} />
          <div className="staff__actions">
            <button type="submit" disabled={busy || problem !== null}>
              Save roles
            </button>
            <button type="button" className="staff__secondary" onClick={() => actor.send({ type: 'staff.roles.cancel' })}>
              Cancel
            </button>
          </div>
        </ChartForm>
      ) : (
        <div className="staff__actions">
          {self ? (
            <p className="staff__self-note">Your roles are changed by another issuer admin.</p>
          ) : (
            <button type="button" className="staff__secondary" disabled={busy} onClick={() => actor.send({ type: 'staff.roles.edit', id: member.id })} aria-label={`Change roles of ${name}`}>
              Change roles
            </button>
          )}
          {!self && member.disabledAt === null && (
            <button type="button" className="staff__secondary" disabled={busy} onClick={() => actor.send({ type: 'staff.act', action: { kind: 'reset', id: member.id } })} aria-label={`Reset the passkey of ${name}`}>
              Reset passkey
            </button>
          )}
          {!self &&
            (member.disabledAt ? (
              <button type="button" className="staff__secondary" disabled={busy} onClick={() => actor.send({ type: 'staff.act', action: { kind: 'enable', id: member.id } })} aria-label={`Enable ${name}`}>
                Enable
              </button>
            ) : (
              <button type="button" className="staff__danger" disabled={busy} onClick={() => actor.send({ type: 'staff.act', action: { kind: 'disable', id: member.id } })} aria-label={`Disable ${name}`}>
                Disable
              </button>
            ))}
        </div>
      )}
    </li>
  );
}
