import type { StaffRole } from '../../../src/shared/admin/staff-roles.ts';
import type { StaffInvitePayload, StaffList } from '../../../src/shared/admin/staff.ts';

export type StaffAction =
  | { kind: 'roles'; id: string; roles: StaffRole[] }
  | { kind: 'disable'; id: string }
  | { kind: 'enable'; id: string }
  | { kind: 'reset'; id: string };

export type StaffManagementContext = {
  list: StaffList | null;
  offset: number;
  error: string | null;
  notice: string | null;
  /** What is being sent (for the view's busy row), or null. */
  pending: StaffAction | { kind: 'invite'; payload: StaffInvitePayload } | null;
};

export type StaffManagementEvent =
  | { type: 'staff.retry' }
  | { type: 'staff.page'; offset: number }
  | { type: 'staff.invite'; payload: StaffInvitePayload }
  | { type: 'staff.act'; action: StaffAction }
  | { type: 'staff.dismiss' };
