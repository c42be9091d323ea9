/**
 * Registering a passkey through an enrolment link (issue 15). The link's secret names a staff_enrolments row by its
 * SHA-256; a link works while it is unused, not superseded by a newer one, not past its 72 h, and its member is not
 * disabled. Options first (their challenge stored on the link's row), then the authenticator's answer, checked for
 * that challenge, the origin, the rpID and user verification. Success stores the passkey, uses the link up and
 * starts a staff session, in one transaction with the audit event. A refused answer clears the challenge: the next
 * try asks for fresh options (nothing is replayed).
 */
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { and, eq, isNull } from 'drizzle-orm';
import { signInMessages } from '../../../shared/admin/sign-in-messages.ts';
import type { EnrolOptionsAnswer, RegistrationResponse, StaffAuthAnswer, WebAuthnOptionsJSON } from '../../../shared/admin/sign-in.ts';
import type { TokenService } from '../../auth/token-service.ts';
import type { WebAuthnParty } from '../../config/webauthn-env.ts';
import { staffEnrolments, staffMembers, staffPasskeys } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { AnonymousRequestContext } from '../request-context.ts';
import { hashEnrolSecret } from './staff-enrolment.ts';
import { startStaffSession } from './staff-session.ts';

type Transport = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';
const invalidLink = () => new AppError('GONE', signInMessages.linkInvalid);

/** The live link for `secret` and its member, locked for the rest of the transaction; null when not usable. */
async function liveLink(tx: Db, secret: string, now: Date) {
  const [row] = await tx
    .select({ enrolment: staffEnrolments, member: staffMembers })
    .from(staffEnrolments)
    .innerJoin(staffMembers, eq(staffMembers.id, staffEnrolments.staffId))
    .where(eq(staffEnrolments.tokenHash, hashEnrolSecret(secret)))
    .for('update', { of: staffEnrolments });
  if (!row) return { row: null, reason: 'unknown' } as const;
  const { enrolment, member } = row;
  const reason = enrolment.usedAt ? 'used' : enrolment.supersededAt ? 'superseded' : enrolment.expiresAt.getTime() <= now.getTime() ? 'expired' : member.disabledAt ? 'disabled' : null;
  return reason ? ({ row: null, reason, staffId: member.id } as const) : ({ row, reason: null } as const);
}

/** POST /api/admin/auth/enrol/options. */
export async function enrolOptions(db: Db, party: WebAuthnParty, secret: string, { now, meta }: AnonymousRequestContext): Promise<EnrolOptionsAnswer> {
  const outcome = await db.transaction(async (tx) => {
    const link = await liveLink(tx, secret, now);
    if (!link.row) {
      // A real link used again is worth a trace; an unknown secret names nobody, and auditing it would let anyone
      // write rows at will (the secret is 256 bits: guessing is not the threat).
      if (link.staffId) await recordAuditEvent(tx, { userId: null, staffId: link.staffId, action: 'admin.enrol.refused', detail: { reason: link.reason, step: 'options' }, meta, at: now });
      return null;
    }
    const { enrolment, member } = link.row;
    const existing = await tx
      .select({ id: staffPasskeys.credentialId, transports: staffPasskeys.transports })
      .from(staffPasskeys)
      .where(and(eq(staffPasskeys.staffId, member.id), isNull(staffPasskeys.revokedAt)));
    const options = await generateRegistrationOptions({
      rpName: party.rpName,
      rpID: party.rpID,
      userName: member.email,
      userDisplayName: member.displayName,
      userID: new Uint8Array(Buffer.from(member.id.replaceAll('-', ''), 'hex')),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as Transport[] })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      timeout: 120_000,
    });
    await tx.update(staffEnrolments).set({ webauthnChallenge: options.challenge }).where(eq(staffEnrolments.id, enrolment.id));
    return { options: options as unknown as WebAuthnOptionsJSON, staff: { email: member.email, displayName: member.displayName } };
  });
  if (!outcome) throw invalidLink();
  return outcome;
}

/** POST /api/admin/auth/enrol. */
export async function completeEnrolment(
  db: Db,
  staffTokens: TokenService,
  party: WebAuthnParty,
  { secret, response }: { secret: string; response: RegistrationResponse },
  { now, meta }: AnonymousRequestContext,
): Promise<StaffAuthAnswer> {
  const outcome = await db.transaction(async (tx): Promise<StaffAuthAnswer | AppError> => {
    const audit = (staffId: string | null, action: string, detail: Record<string, unknown>) => recordAuditEvent(tx, { userId: null, staffId, action, detail, meta, at: now });
    const link = await liveLink(tx, secret, now);
    if (!link.row) {
      if (link.staffId) await audit(link.staffId, 'admin.enrol.refused', { reason: link.reason, step: 'register' });
      return invalidLink();
    }
    const { enrolment, member } = link.row;
    if (!enrolment.webauthnChallenge) {
      await audit(member.id, 'admin.enrol.refused', { reason: 'no_options', enrolmentId: enrolment.id });
      return new AppError('BAD_REQUEST', signInMessages.passkeyRefused);
    }
    // Single use of the challenge, whatever happens next.
    await tx.update(staffEnrolments).set({ webauthnChallenge: null }).where(eq(staffEnrolments.id, enrolment.id));
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
        expectedChallenge: enrolment.webauthnChallenge,
        expectedOrigin: party.origin,
        expectedRPID: party.rpID,
        requireUserVerification: true,
      });
    } catch (error) {
      await audit(member.id, 'admin.enrol.refused', { reason: 'not_verified', enrolmentId: enrolment.id, detail: String((error as Error)?.message ?? error).slice(0, 200) });
      return new AppError('BAD_REQUEST', signInMessages.passkeyRefused);
    }
    if (!verified.verified || !verified.registrationInfo) {
      await audit(member.id, 'admin.enrol.refused', { reason: 'not_verified', enrolmentId: enrolment.id });
      return new AppError('BAD_REQUEST', signInMessages.passkeyRefused);
    }
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    const [taken] = await tx.select({ id: staffPasskeys.credentialId }).from(staffPasskeys).where(eq(staffPasskeys.credentialId, credential.id));
    if (taken) {
      await audit(member.id, 'admin.enrol.refused', { reason: 'passkey_taken', enrolmentId: enrolment.id });
      return new AppError('CONFLICT', signInMessages.passkeyTaken);
    }
    await tx.insert(staffPasskeys).values({
      credentialId: credential.id,
      staffId: member.id,
      publicKey: new Uint8Array(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).slice(0, 10),
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      createdAt: now,
    });
    await tx.update(staffEnrolments).set({ usedAt: now }).where(eq(staffEnrolments.id, enrolment.id));
    const session = await startStaffSession(tx, staffTokens, member.id, now);
    await audit(member.id, 'admin.enrol.completed', { enrolmentId: enrolment.id, purpose: enrolment.purpose, credentialId: credential.id, jti: session.jti });
    return { token: session.token, staff: session.staff };
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}
