/**
 * The foundation's staff and what each role may do (issue 15). Staff are not investors: their own accounts, their own
 * sign-in (emailed code AND a passkey), their own tokens (another audience, a shorter lifetime). A person may hold
 * several roles; the server reads them from the database on every call, so a role taken away takes effect at once.
 *
 * Nothing here is imported by the investor pages (the login chunk must not grow): the back-office has its own tree.
 */
export const STAFF_ROLES = ['compliance', 'finance', 'issuer-admin', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  compliance: 'Compliance (KYC review)',
  finance: 'Finance (reconciliation, refunds, token issuance)',
  'issuer-admin': 'Issuer admin (content, settings, staff)',
  auditor: 'Auditor (read-only)',
};

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/**
 * Roles one person may not hold together (issue 26): the auditor checks the compliance reviews, so the reviewer
 * cannot be their own auditor. The staff page, the API and the staff:invite command refuse such a set with the reason.
 */
export const EXCLUSIVE_ROLES: readonly (readonly [StaffRole, StaffRole])[] = [['compliance', 'auditor']];
export const holdsExclusiveRoles = (roles: readonly string[]): boolean => EXCLUSIVE_ROLES.some(([a, b]) => roles.includes(a) && roles.includes(b));

/**
 * Who may call what. A route names the roles that may use it; the auditor (read-only everywhere) may also call every
 * GET, and nothing else (staffAuth applies that rule, so no route lists the auditor). The server's staffAuth takes
 * one of these lists.
 */
export const ROLES = {
  compliance: ['compliance'],
  finance: ['finance'],
  issuerAdmin: ['issuer-admin'],
  /** Any signed-in staff member (their own profile, signing out). */
  anyStaff: STAFF_ROLES,
} as const satisfies Record<string, readonly StaffRole[]>;
