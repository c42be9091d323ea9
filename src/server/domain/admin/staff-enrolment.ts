/**
 * Enrolment links (issue 15): a random secret mailed to a staff member as /admin/enrol#<secret> (a fragment, so it
 * never reaches a server log); only its SHA-256 is stored. Valid for 72 h, once; a newer link for the same member
 * supersedes every older unused one. Used by staff:invite, by an admin's invitation and by a passkey reset.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { signInMessages } from '../../../shared/admin/sign-in-messages.ts';
import { STAFF_ROLE_LABELS, type StaffRole } from '../../../shared/admin/staff-roles.ts';
import { enrolLink } from '../../config/webauthn-env.ts';
import { staffEnrolments, staffMembers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';

export const ENROLMENT_TTL_MS = 72 * 3600 * 1000;

export const hashEnrolSecret = (secret: string) => new Uint8Array(createHash('sha256').update(secret, 'utf8').digest());

/** Serialises changes to one member's links, roles and state (and to the set of issuer admins: see staff-manage). */
export const lockStaffMember = (tx: Db, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`staff:${key}`}, 0))`);

export type IssuedEnrolment = { enrolmentId: string; secret: string; link: string; mail: MailMessage };

function enrolmentMail(to: string, displayName: string, roles: readonly StaffRole[], link: string, purpose: 'invite' | 'passkey-reset'): MailMessage {
  const intro =
    purpose === 'invite'
      ? `Hello ${displayName},\n\nYou have been given access to the G2G back-office as: ${roles.map((r) => STAFF_ROLE_LABELS[r]).join('; ')}.`
      : `Hello ${displayName},\n\nAn issuer admin reset your back-office passkey. Your old passkey no longer works.`;
  return {
    to,
    subject: signInMessages.enrolSubject,
    text: [
      intro,
      `Open this link on the device you will sign in with, and register a passkey (the link works once, for 72 hours):\n${link}`,
      'If you did not expect this email, do not open the link and tell the foundation.',
    ].join('\n\n'),
  };
}

/** Writes a new link for the member (superseding older ones) and renders its mail; the caller sends or enqueues it. */
export async function issueEnrolment(
  tx: Db,
  member: { id: string; email: string; displayName: string; roles: readonly StaffRole[] },
  { purpose, issuedBy, now, linkBase }: { purpose: 'invite' | 'passkey-reset'; issuedBy: string | null; now: Date; linkBase: string },
): Promise<IssuedEnrolment> {
  await tx
    .update(staffEnrolments)
    .set({ supersededAt: now })
    .where(and(eq(staffEnrolments.staffId, member.id), isNull(staffEnrolments.usedAt), isNull(staffEnrolments.supersededAt)));
  const secret = randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(staffEnrolments)
    .values({ staffId: member.id, purpose, tokenHash: hashEnrolSecret(secret), issuedBy, createdAt: now, expiresAt: new Date(now.getTime() + ENROLMENT_TTL_MS) })
    .returning({ id: staffEnrolments.id });
  const link = enrolLink(linkBase, secret);
  return { enrolmentId: row!.id, secret, link, mail: enrolmentMail(member.email, member.displayName, member.roles, link, purpose) };
}

export type StaffMemberRow = typeof staffMembers.$inferSelect;
