/** Staff management (issue 15, issuer admins): the list, an invitation, a change of roles. */
import * as v from 'valibot';
import { EmailSchema } from '../auth.ts';
import { staffMessages } from './sign-in-messages.ts';
import { holdsExclusiveRoles, STAFF_ROLES, type StaffRole } from './staff-roles.ts';

export const StaffRolesSchema = v.pipe(
  v.array(v.picklist(STAFF_ROLES, staffMessages.invalidRoles), staffMessages.invalidRoles),
  v.minLength(1, staffMessages.invalidRoles),
  v.maxLength(STAFF_ROLES.length, staffMessages.invalidRoles),
  v.transform((roles) => [...new Set(roles)].sort() as StaffRole[]),
  v.check((roles) => !holdsExclusiveRoles(roles), staffMessages.complianceWithAuditor),
);
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
export const DisplayNameSchema = v.pipe(
  v.string(staffMessages.invalidName),
  v.normalize('NFC'),
  v.trim(),
  v.minLength(1, staffMessages.invalidName),
  v.maxLength(120, staffMessages.invalidName),
  v.check((name) => !INVISIBLE.test(name), staffMessages.invalidName),
);
export const StaffInviteSchema = v.object({ email: EmailSchema, displayName: DisplayNameSchema, roles: StaffRolesSchema });
export const StaffRolesUpdateSchema = v.object({ roles: StaffRolesSchema });
export type StaffInvitePayload = v.InferOutput<typeof StaffInviteSchema>;

export type StaffListItem = {
  id: string;
  email: string;
  displayName: string;
  roles: StaffRole[];
  passkeys: number;
  lastSignInAt: string | null;
  disabledAt: string | null;
  createdAt: string;
};
export type StaffList = { items: StaffListItem[]; total: number; limit: number; offset: number };
export const STAFF_PAGE_SIZE = 50;
