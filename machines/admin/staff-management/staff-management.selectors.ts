import type { SnapshotFrom } from 'xstate';
import { staffInviteProblems, staffRolesProblem, type StaffInviteProblems } from '../../../src/shared/admin/staff.ts';
import type { staffManagementMachine } from './staff-management.machine.ts';

type S = SnapshotFrom<typeof staffManagementMachine>;

const NONE: StaffInviteProblems = {};

export const selectList = (s: S) => s.context.list;
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectLoadFailed = (s: S) => s.matches('loadFailed');
export const selectPending = (s: S) => s.context.pending;
export const selectInvite = (s: S) => s.context.invite;
export const selectIsInviting = (s: S) => s.matches('inviting');
/**
 * The invite form's faults once Send was pressed (a form is not scolded while it is filled in); roles one person may
 * not hold together are named as soon as both are ticked.
 */
export function selectInviteProblems(s: S): StaffInviteProblems {
  const { invite, inviteChecked } = s.context;
  if (inviteChecked) return staffInviteProblems(invite);
  const roles = invite.roles.length > 0 ? staffRolesProblem(invite.roles) : null;
  return roles ? { roles } : NONE;
}
export const selectRolesDraft = (s: S) => s.context.rolesDraft;
/** The open roles form's fault (none ticked; compliance with auditor), shown as soon as it arises. */
export const selectRolesProblem = (s: S) => (s.context.rolesDraft ? staffRolesProblem(s.context.rolesDraft.roles) : null);
