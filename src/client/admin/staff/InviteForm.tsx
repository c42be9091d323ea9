/** The invite form: its values and faults are the staff chart's, which empties it once the invitation is sent. */
import { useSelector } from '@xstate/react';
import type { StaffManagementActorRef } from '../../../../machines/admin/staff-management/staff-management.machine.ts';
import { selectBusy, selectInvite, selectInviteProblems, selectIsInviting } from '../../../../machines/admin/staff-management/staff-management.selectors.ts';
import { ChartForm, Field, TextInput } from '../../ui/form/index.ts';
import { RoleChecks } from './RoleChecks.tsx';

export function InviteForm({ actor }: { actor: StaffManagementActorRef }) {
  const invite = useSelector(actor, selectInvite);
  const problems = useSelector(actor, selectInviteProblems);
  const busy = useSelector(actor, selectBusy);
  const sending = useSelector(actor, selectIsInviting);
  return (
    <details className="staff__invite">
      <summary>Invite a staff member</summary>
      <ChartForm
        aria-label="Invite a staff member"
        onSubmit={() => actor.send({ type: 'staff.invite.send' })}
      >
        <Field id="invite-email" label="Work email address" required error={problems.email}>
          {(control) => (
            <TextInput {...control} type="email" autoComplete="off" value={invite.email} onChange={(e) => actor.send({ type: 'staff.invite.field', field: 'email', value: e.target.value })} />
          )}
        </Field>
        <Field id="invite-name" label="Name" required error={problems.displayName}>
          {(control) => (
            <TextInput {...control} autoComplete="off" maxLength={120} value={invite.displayName} onChange={(e) => actor.send({ type: 'staff.invite.field', field: 'displayName', value: e.target.value })} />
          )}
        </Field>
        <RoleChecks idPrefix="invite-role" legend="Roles" value={invite.roles} problem={problems.roles} onTick={(role, checked) => actor.send({ type: 'staff.invite.role', role, checked })} />
        <button type="submit" disabled={busy}>
          {sending ? 'Sending…' : 'Send the invitation'}
        </button>
      </ChartForm>
    </details>
  );
}
