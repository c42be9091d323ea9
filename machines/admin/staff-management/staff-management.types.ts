import type { StaffRole } from '../../../src/shared/admin/staff-roles.ts';
import type { StaffChangeResponse, StaffInviteDraft, StaffInvitePayload, StaffList } from '../../../src/shared/admin/staff.ts';

export type StaffAction =
  | { kind: 'roles'; id: string; roles: StaffRole[] }
  | { kind: 'disable'; id: string }
  | { kind: 'enable'; id: string }
  | { kind: 'reset'; id: string };

/** The roles being changed of one member (the boxes ticked), while their form is open. */
export type RolesDraft = { id: string; roles: StaffRole[] };

export type StaffManagementContext = {
  list: StaffList | null;
  offset: number;
  error: string | null;
  notice: string | null;
  /** What is being sent (for the view's busy row), or null. */
  pending: StaffAction | { kind: 'invite'; payload: StaffInvitePayload } | null;
  /** The invite form as typed; emptied once the invitation is sent. */
  invite: StaffInviteDraft;
  /** Send was pressed: the invite form's faults are shown (and follow each keystroke) until it is sent. */
  inviteChecked: boolean;
  rolesDraft: RolesDraft | null;
};

export type StaffManagementEvent =
  | { type: 'staff.retry' }
  | { type: 'staff.page'; offset: number }
  | { type: 'staff.invite.field'; field: 'email' | 'displayName'; value: string }
  | { type: 'staff.invite.role'; role: StaffRole; checked: boolean }
  | { type: 'staff.invite.send' }
  | { type: 'staff.roles.edit'; id: string }
  | { type: 'staff.roles.role'; role: StaffRole; checked: boolean }
  | { type: 'staff.roles.cancel' }
  | { type: 'staff.roles.save' }
  | { type: 'staff.act'; action: Exclude<StaffAction, { kind: 'roles' }> }
  | { type: 'staff.dismiss' };

export type { StaffChangeResponse };
