/** Staff management (issue 15, issuer admins): the list, an invitation, a change of roles. */
import * as v from 'valibot';
import { EmailSchema } from '../auth.ts';
import { signInMessages, staffMessages } from './sign-in-messages.ts';
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

export const StaffListItemSchema = v.object({
  id: v.string(),
  email: v.string(),
  displayName: v.string(),
  roles: v.array(v.picklist(STAFF_ROLES)),
  passkeys: v.number(),
  lastSignInAt: v.nullable(v.string()),
  disabledAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type StaffListItem = v.InferOutput<typeof StaffListItemSchema>;
/** GET /api/admin/staff?limit&offset. */
export const StaffListSchema = v.object({ items: v.array(StaffListItemSchema), total: v.number(), limit: v.number(), offset: v.number() });
export type StaffList = v.InferOutput<typeof StaffListSchema>;

/** POST /api/admin/staff (201): the new member's id. */
export const StaffInviteResponseSchema = v.object({ id: v.string() });
/** PUT /api/admin/staff/:id/roles. */
export const StaffRolesResponseSchema = v.object({ id: v.string(), roles: v.array(v.picklist(STAFF_ROLES)), changed: v.boolean() });
/** POST /api/admin/staff/:id/disable and /enable. */
export const StaffDisabledResponseSchema = v.object({ id: v.string(), disabled: v.boolean(), changed: v.boolean() });
/** POST /api/admin/staff/:id/reset-passkey (changed false: a reset within the last minute, nothing mailed again). */
export const StaffResetResponseSchema = v.object({ id: v.string(), changed: v.boolean() });
/** What any change of a member answers that the page reads: whether something changed (the list is read again). */
export type StaffChangeResponse = { id: string; changed: boolean };

export const STAFF_PAGE_SIZE = 50;

/** The invite form as typed, before the schema reads it. */
export type StaffInviteDraft = { email: string; displayName: string; roles: StaffRole[] };
export type StaffInviteProblems = Partial<Record<keyof StaffInviteDraft, string>>;

const problemOf = (schema: v.GenericSchema, value: unknown, fallback: string): string | undefined => {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : (result.issues[0]?.message ?? fallback);
};

/** Each field's fault, in the words the server answers with (the same schemas). */
export function staffInviteProblems(draft: StaffInviteDraft): StaffInviteProblems {
  const problems: StaffInviteProblems = {};
  const email = problemOf(EmailSchema, draft.email, signInMessages.invalidEmail);
  const displayName = problemOf(DisplayNameSchema, draft.displayName, staffMessages.invalidName);
  const roles = problemOf(StaffRolesSchema, draft.roles, staffMessages.invalidRoles);
  if (email) problems.email = email;
  if (displayName) problems.displayName = displayName;
  if (roles) problems.roles = roles;
  return problems;
}

/** The invitation as the server will read it (trimmed, lower-case email, roles sorted), or null when it would refuse it. */
export function staffInvitePayload(draft: StaffInviteDraft): StaffInvitePayload | null {
  const result = v.safeParse(StaffInviteSchema, draft);
  return result.success ? result.output : null;
}

/** A set of roles' fault (none, or compliance with auditor), or null. */
export const staffRolesProblem = (roles: readonly StaffRole[]): string | null => problemOf(StaffRolesSchema, roles, staffMessages.invalidRoles) ?? null;
