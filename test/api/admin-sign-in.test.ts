/**
 * Staff sign-in (issue 15): POST /api/admin/auth/code, /code/verify, /passkey. Hostile cases first: unknown and
 * disabled addresses answer alike and mail nothing, wrong codes close the challenge, another member's challenge,
 * a replayed or re-used assertion, a wrong origin, a revoked passkey, a double click.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { signInMessages } from '../../src/shared/admin/sign-in-messages.ts';
import { SignedInStaffSchema, StaffAuthAnswerSchema, StaffCodeAnswerSchema, StaffCodeVerifyAnswerSchema } from '../../src/shared/admin/sign-in.ts';
import { auditEvents, staffChallenges, staffMembers, staffPasskeys, staffSessions } from '../../src/server/db/schema/index.ts';
import { verifyAuditChain } from '../../src/server/domain/audit/verify-audit-chain.ts';
import { forEachDatabase } from './harness.ts';
import { SoftAuthenticator } from './support/admin-sign-in-authenticator.ts';
import { ORIGIN, RP_ID, callerFor, codeVerified, enrolledStaff } from './support/admin-sign-in-flow.ts';
import { uniqueStaffEmail } from './support/staff.ts';

forEachDatabase('admin sign-in', (t) => {
  const caller = callerFor(t);
  const challengeRows = async (email: string) => (await t.database.db.select({ n: count() }).from(staffChallenges).where(eq(staffChallenges.email, email)))[0]!.n;
  const sessionsOf = async (staffId: string) => (await t.database.db.select({ n: count() }).from(staffSessions).where(eq(staffSessions.staffId, staffId)))[0]!.n;

  describe('POST /api/admin/auth/code', () => {
    it('answers an unknown address exactly like a member, writes a row, mails nothing', async () => {
      const member = await enrolledStaff(t, caller, ['compliance']);
      const unknown = uniqueStaffEmail('nobody');
      const a = await caller.post('/api/admin/auth/code', { email: member.email });
      const b = await caller.post('/api/admin/auth/code', { email: unknown });
      expect(a.status).toBe(202);
      expect(b.status).toBe(202);
      expect(Object.keys(await a.json())).toEqual(['challengeId']);
      expect(Object.keys(await b.json())).toEqual(['challengeId']);
      expect(t.mailer.countTo(member.email)).toBe(1); // the code (the command's enrolment mail is sent by the command)
      expect(t.mailer.countTo(unknown)).toBe(0);
      expect(await challengeRows(unknown)).toBe(1);
    });

    it('mails nothing to a disabled member, and no code on their challenge can succeed', async () => {
      const member = await enrolledStaff(t, caller, ['finance']);
      await t.database.db.update(staffMembers).set({ disabledAt: t.clock.now() }).where(eq(staffMembers.id, member.id));
      const before = t.mailer.countTo(member.email);
      const res = await caller.post('/api/admin/auth/code', { email: member.email });
      expect(res.status).toBe(202);
      expect(t.mailer.countTo(member.email)).toBe(before);
      const { challengeId } = await res.json();
      const [row] = await t.database.db.select().from(staffChallenges).where(eq(staffChallenges.id, challengeId));
      expect(row!.staffId).toBeNull();
    });

    it('sends at most one mail a minute per address: a repeat gets its own challenge sharing the code, used up with it', async () => {
      const member = await enrolledStaff(t, caller, ['compliance']);
      const mails = t.mailer.countTo(member.email);
      const [a, b] = await Promise.all([caller.post('/api/admin/auth/code', { email: member.email }), caller.post('/api/admin/auth/code', { email: member.email })]);
      const [ja, jb] = [await a.json(), await b.json()];
      expect(ja.challengeId).not.toBe(jb.challengeId);
      expect(t.mailer.countTo(member.email)).toBe(mails + 1);
      const code = t.mailer.latestCode(member.email);
      expect((await caller.post('/api/admin/auth/code/verify', { challengeId: jb.challengeId, code })).status).toBe(200);
      // Single use: the sibling sharing the code is used up, and a request now does not get that code again.
      expect((await caller.post('/api/admin/auth/code/verify', { challengeId: ja.challengeId, code })).status).toBe(410);
      const c = await caller.post('/api/admin/auth/code', { email: member.email });
      expect(t.mailer.countTo(member.email)).toBe(mails + 2);
      expect(t.mailer.latestCode(member.email)).toMatch(/^\d{6}$/);
      expect((await c.json()).challengeId).not.toBe(ja.challengeId);
    });

    it("an attacker's wrong codes on a copy of a member's challenge do not close the member's own", async () => {
      const member = await enrolledStaff(t, caller, ['compliance']);
      const mine = (await (await caller.post('/api/admin/auth/code', { email: member.email }, { ip: '198.51.100.40' })).json()).challengeId;
      const code = t.mailer.latestCode(member.email);
      const theirs = (await (await caller.post('/api/admin/auth/code', { email: member.email }, { ip: '192.0.2.66' })).json()).challengeId;
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) await caller.post('/api/admin/auth/code/verify', { challengeId: theirs, code: wrong }, { ip: '192.0.2.66' });
      expect((await caller.post('/api/admin/auth/code/verify', { challengeId: theirs, code }, { ip: '192.0.2.66' })).status).toBe(429);
      expect((await caller.post('/api/admin/auth/code/verify', { challengeId: mine, code }, { ip: '198.51.100.40' })).status).toBe(200);
    });

    it('refuses malformed, odd and huge bodies without writing a row', async () => {
      const rowsBefore = (await t.database.db.select({ n: count() }).from(staffChallenges))[0]!.n;
      for (const body of [{}, { email: 'not-an-address' }, { email: 'a\u202e@example.com' }, { email: `${'a'.repeat(300)}@example.com` }, { email: ['x@example.com'] }, 'not json', `{"email":"${'x'.repeat(200_000)}"}`]) {
        const res = await caller.post('/api/admin/auth/code', body);
        expect([400, 413], JSON.stringify(body).slice(0, 40)).toContain(res.status);
      }
      expect((await t.database.db.select({ n: count() }).from(staffChallenges))[0]!.n).toBe(rowsBefore);
    });
  });

  describe('POST /api/admin/auth/code/verify', () => {
    it('counts wrong codes; the 5th closes the challenge, even the right code is refused after', async () => {
      const member = await enrolledStaff(t, caller, ['compliance']);
      const { challengeId } = await (await caller.post('/api/admin/auth/code', { email: member.email }, { ip: '198.51.100.20' })).json();
      const right = t.mailer.latestCode(member.email);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 4; i++) {
        const res = await caller.post('/api/admin/auth/code/verify', { challengeId, code: wrong }, { ip: '198.51.100.20' });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error: signInMessages.codeWrong });
      }
      const fifth = await caller.post('/api/admin/auth/code/verify', { challengeId, code: wrong }, { ip: '198.51.100.20' });
      expect(fifth.status).toBe(429);
      const after = await caller.post('/api/admin/auth/code/verify', { challengeId, code: right }, { ip: '198.51.100.20' });
      expect(after.status).toBe(429);
      const [row] = await t.database.db.select().from(staffChallenges).where(eq(staffChallenges.id, challengeId));
      expect(row!.attempts).toBe(5);
      expect(row!.webauthnChallenge).toBeNull();
    });

    it('an unknown address never passes the code step, whatever the code', async () => {
      const email = uniqueStaffEmail('ghost');
      const { challengeId } = await (await caller.post('/api/admin/auth/code', { email }, { ip: '198.51.100.21' })).json();
      const res = await caller.post('/api/admin/auth/code/verify', { challengeId, code: '123456' }, { ip: '198.51.100.21' });
      expect(res.status).toBe(400);
    });

    it('gives WebAuthn options for the member\'s own non-revoked passkeys only, once', async () => {
      const member = await enrolledStaff(t, caller, ['compliance']);
      const other = await enrolledStaff(t, caller, ['compliance']);
      const revoked = new SoftAuthenticator(ORIGIN, RP_ID);
      await t.database.db.insert(staffPasskeys).values({ credentialId: revoked.id, staffId: member.id, publicKey: new Uint8Array([1]), revokedAt: t.clock.now() });
      const { challengeId, options } = await codeVerified(t, caller, member.email);
      expect(v.is(StaffCodeVerifyAnswerSchema, { options })).toBe(true);
      expect(options.rpId).toBe(RP_ID);
      expect(options.userVerification).toBe('required');
      expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([member.passkey.id]);
      expect(options.allowCredentials.map((c: { id: string }) => c.id)).not.toContain(other.passkey.id);
      const [row] = await t.database.db.select().from(staffChallenges).where(eq(staffChallenges.id, challengeId));
      expect(row!.webauthnChallenge).toBe(options.challenge);
      const again = await caller.post('/api/admin/auth/code/verify', { challengeId, code: t.mailer.latestCode(member.email) });
      expect(again.status).toBe(410);
    });

    it('refuses an expired code', async () => {
      const member = await enrolledStaff(t, caller, ['compliance']);
      const { challengeId } = v.parse(StaffCodeAnswerSchema, await (await caller.post('/api/admin/auth/code', { email: member.email })).json());
      t.clock.advance(601_000);
      const res = await caller.post('/api/admin/auth/code/verify', { challengeId, code: t.mailer.latestCode(member.email) });
      expect(res.status).toBe(410);
    });

    it('refuses a non-uuid challenge id and a malformed code with 400', async () => {
      expect((await caller.post('/api/admin/auth/code/verify', { challengeId: "1' or 1=1", code: '123456' })).status).toBe(400);
      expect((await caller.post('/api/admin/auth/code/verify', { challengeId: crypto.randomUUID(), code: '１２３４５６' })).status).toBe(400);
    });
  });

  describe('POST /api/admin/auth/passkey', () => {
    it('signs in: a staff token for /me, a session row, counter and last use updated, audited', async () => {
      const member = await enrolledStaff(t, caller, ['finance']);
      const sessions = await sessionsOf(member.id);
      const { challengeId, options } = await codeVerified(t, caller, member.email);
      const res = await caller.post('/api/admin/auth/passkey', { challengeId, response: member.passkey.authenticate(options) });
      expect(res.status).toBe(200);
      const body = v.parse(StaffAuthAnswerSchema, await res.json());
      expect(body.staff).toMatchObject({ id: member.id, email: member.email, roles: ['finance'] });
      const me = await caller.get('/api/admin/me', body.token);
      expect(me.status).toBe(200);
      expect(v.parse(SignedInStaffSchema, await me.json())).toEqual(body.staff);
      expect(await sessionsOf(member.id)).toBe(sessions + 1);
      const [key] = await t.database.db.select().from(staffPasskeys).where(eq(staffPasskeys.credentialId, member.passkey.id));
      expect(key!.counter).toBe(member.passkey.counter);
      expect(key!.lastUsedAt).not.toBeNull();
      const events = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.staffId, member.id), eq(auditEvents.action, 'admin.sign-in.completed')));
      expect(events).toHaveLength(1);
    });

    it('refuses a replayed assertion (same challenge) and the same assertion on a new challenge', async () => {
      const member = await enrolledStaff(t, caller, ['finance']);
      const { challengeId, options } = await codeVerified(t, caller, member.email);
      const response = member.passkey.authenticate(options);
      expect((await caller.post('/api/admin/auth/passkey', { challengeId, response })).status).toBe(200);
      const replay = await caller.post('/api/admin/auth/passkey', { challengeId, response });
      expect(replay.status).toBe(410);
      t.clock.advance(61_000);
      const next = await codeVerified(t, caller, member.email);
      const replayed = await caller.post('/api/admin/auth/passkey', { challengeId: next.challengeId, response });
      expect(replayed.status).toBe(400);
      expect(await sessionsOf(member.id)).toBe(2); // the enrolment's and the one sign-in
    });

    it('a double click signs in once', async () => {
      const member = await enrolledStaff(t, caller, ['finance']);
      const { challengeId, options } = await codeVerified(t, caller, member.email);
      const response = member.passkey.authenticate(options);
      const answers = await Promise.all([caller.post('/api/admin/auth/passkey', { challengeId, response }), caller.post('/api/admin/auth/passkey', { challengeId, response })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
      expect(await sessionsOf(member.id)).toBe(2);
    });

    it('refuses an assertion made on another origin (a phishing page) and uses the challenge up', async () => {
      const member = await enrolledStaff(t, caller, ['finance']);
      const { challengeId, options } = await codeVerified(t, caller, member.email);
      const phished = member.passkey.authenticate(options, { origin: 'https://backoffice-g2g.example.net' });
      const res = await caller.post('/api/admin/auth/passkey', { challengeId, response: phished });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: signInMessages.passkeyRefused });
      const honest = await caller.post('/api/admin/auth/passkey', { challengeId, response: member.passkey.authenticate(options) });
      expect(honest.status).toBe(410);
      expect(await sessionsOf(member.id)).toBe(1);
    });

    it('refuses without user verification, with a wrong rpID, and with a counter that went back', async () => {
      const member = await enrolledStaff(t, caller, ['finance']);
      const cases = [{ userVerified: false }, { rpID: 'evil.example' }, { counter: 0 }];
      // A first good sign-in moves the stored counter to 1; a clone answering 0 then is refused.
      const first = await codeVerified(t, caller, member.email);
      expect((await caller.post('/api/admin/auth/passkey', { challengeId: first.challengeId, response: member.passkey.authenticate(first.options) })).status).toBe(200);
      for (const over of cases) {
        t.clock.advance(61_000);
        const { challengeId, options } = await codeVerified(t, caller, member.email);
        const res = await caller.post('/api/admin/auth/passkey', { challengeId, response: member.passkey.authenticate(options, over) });
        expect(res.status, JSON.stringify(over)).toBe(400);
      }
      expect(await sessionsOf(member.id)).toBe(2);
    });

    it("refuses another member's passkey on my challenge, and my assertion on another member's challenge", async () => {
      const me = await enrolledStaff(t, caller, ['compliance']);
      const other = await enrolledStaff(t, caller, ['issuer-admin']);
      const mine = await codeVerified(t, caller, me.email);
      const theirs = await codeVerified(t, caller, other.email);
      const wrongKey = await caller.post('/api/admin/auth/passkey', { challengeId: mine.challengeId, response: other.passkey.authenticate(mine.options) });
      expect(wrongKey.status).toBe(400);
      expect(await wrongKey.json()).toEqual({ error: signInMessages.passkeyUnknown });
      const crossed = await caller.post('/api/admin/auth/passkey', { challengeId: theirs.challengeId, response: me.passkey.authenticate(theirs.options) });
      expect(crossed.status).toBe(400);
      expect(await sessionsOf(other.id)).toBe(1);
      expect(await sessionsOf(me.id)).toBe(1);
    });

    it('a malformed answer (clientDataJSON "AAAA": NUL bytes) is a 400 that commits the burnt challenge and its audit event; the right assertion after it is refused', async () => {
      const member = await enrolledStaff(t, caller, ['finance']);
      const { challengeId, options } = await codeVerified(t, caller, member.email);
      const honest = member.passkey.authenticate(options);
      const res = await caller.post('/api/admin/auth/passkey', { challengeId, response: { ...honest, response: { ...honest.response, clientDataJSON: 'AAAA' } } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: signInMessages.passkeyRefused });
      const [row] = await t.database.db.select().from(staffChallenges).where(eq(staffChallenges.id, challengeId));
      expect(row!.usedAt).not.toBeNull();
      const refusals = (await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.staffId, member.id), eq(auditEvents.action, 'admin.sign-in.passkey_failed')))).filter(
        (e) => e.detail.challengeId === challengeId,
      );
      expect(refusals.map((e) => e.detail.reason)).toEqual(['not_verified']);
      // The library's words are kept, made storable: no NUL, no lone surrogate.
      expect(String(refusals[0]!.detail.detail)).not.toMatch(/[\u0000\p{Cs}]/u);
      const after = await caller.post('/api/admin/auth/passkey', { challengeId, response: honest });
      expect(after.status).toBe(410);
      expect(await sessionsOf(member.id)).toBe(1);
      expect(await verifyAuditChain(t.database.db, () => t.clock.now())).toMatchObject({ ok: true, firstBroken: null });
    });

    it('refuses before the code step, and a revoked passkey', async () => {
      const member = await enrolledStaff(t, caller, ['compliance']);
      const { challengeId } = await (await caller.post('/api/admin/auth/code', { email: member.email })).json();
      const early = await caller.post('/api/admin/auth/passkey', { challengeId, response: member.passkey.authenticate({ challenge: 'AAAA' }) });
      expect(early.status).toBe(410);
      t.clock.advance(61_000);
      const verified = await codeVerified(t, caller, member.email);
      await t.database.db.update(staffPasskeys).set({ revokedAt: t.clock.now() }).where(eq(staffPasskeys.staffId, member.id));
      const revoked = await caller.post('/api/admin/auth/passkey', { challengeId: verified.challengeId, response: member.passkey.authenticate(verified.options) });
      expect(revoked.status).toBe(400);
      expect(await sessionsOf(member.id)).toBe(1);
    });

    it('a member disabled after the code step cannot finish', async () => {
      const member = await enrolledStaff(t, caller, ['compliance']);
      const { challengeId, options } = await codeVerified(t, caller, member.email);
      await t.database.db.update(staffMembers).set({ disabledAt: t.clock.now() }).where(eq(staffMembers.id, member.id));
      const res = await caller.post('/api/admin/auth/passkey', { challengeId, response: member.passkey.authenticate(options) });
      expect(res.status).toBe(410);
    });

    it('a member without passkeys is told so at the code step', async () => {
      const member = await enrolledStaff(t, caller, ['compliance']);
      await t.database.db.update(staffPasskeys).set({ revokedAt: t.clock.now() }).where(eq(staffPasskeys.staffId, member.id));
      const { challengeId } = await (await caller.post('/api/admin/auth/code', { email: member.email })).json();
      const res = await caller.post('/api/admin/auth/code/verify', { challengeId, code: t.mailer.latestCode(member.email) });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: signInMessages.noPasskey });
    });

    it('refuses a request to a host that is not the configured origin and not localhost (no PUBLIC_URL)', async () => {
      const res = await t.app.request('http://portal.example.net/api/admin/auth/enrol/options', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret: 'a'.repeat(43) }) });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: signInMessages.originUnknown });
    });
  });
});
