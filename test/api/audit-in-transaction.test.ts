/**
 * The email-code requests write each change and its audit event in one transaction: when the audit event cannot be
 * written, the change is not there either (and nothing is mailed), and when it can, both are. The failure is real:
 * a trigger refuses the audit insert of one action for one address, listed in a table this test creates.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EMAIL_CODE, type CodeChallenge } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { addressKey } from '../../src/server/domain/attempt-counters.ts';
import { forEachDatabase, individualPayload, uniqueEmail } from './harness.ts';
import { requestLoginCode } from './support/sign-in.ts';

forEachDatabase('audit events in the transaction of their change', (t) => {
  const { auditEvents, emailChallenges, attemptCounters } = schema;

  beforeAll(async () => {
    const { db } = t.database;
    await db.execute(sql`create table audit_faults (action text not null, email text not null)`);
    await db.execute(sql`
      create function refuse_audit_event() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from audit_faults f where f.action = new.action and f.email = new.detail->>'email') then
          raise exception 'simulated audit failure';
        end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger refuse_audit_event before insert on audit_events for each row execute function refuse_audit_event()`);
  });
  afterAll(async () => {
    await t.database.db.execute(sql`drop trigger if exists refuse_audit_event on audit_events`);
  });

  const faultAudit = (action: string, email: string) => t.database.db.execute(sql`insert into audit_faults (action, email) values (${action}, ${email})`);
  const clearFaults = () => t.database.db.execute(sql`delete from audit_faults`);
  const challengesOf = (email: string) => t.database.db.select().from(emailChallenges).where(eq(emailChallenges.email, email));
  const auditOf = async (action: string, email: string) =>
    (await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action))).filter((e) => e.detail.email === email);
  const expectInternal = async (res: Response) => expect([res.status, await res.json()]).toEqual([500, { error: messages.server.internal }]);

  it('a login code: no challenge and no mail without its audit event; both with it', async () => {
    const { payload } = await t.register();
    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    const before = await challengesOf(payload.email);
    const mailed = t.mailer.countTo(payload.email);
    await faultAudit('auth.login.code_requested', payload.email);
    await expectInternal(await t.post('/api/auth/login', { email: payload.email }));
    expect(await challengesOf(payload.email)).toEqual(before);
    expect(t.mailer.countTo(payload.email)).toBe(mailed);

    await clearFaults();
    const { challengeId } = await requestLoginCode(t, payload.email);
    expect((await challengesOf(payload.email)).map((c) => c.id)).toContain(challengeId);
    expect((await auditOf('auth.login.code_requested', payload.email)).map((e) => e.detail.challengeId)).toEqual([challengeId]);
  });

  it('a registration code: no challenge without its audit event', async () => {
    const payload = individualPayload();
    await faultAudit('auth.register.code_requested', payload.email);
    await expectInternal(await t.post('/api/auth/register', payload));
    expect(await challengesOf(payload.email)).toEqual([]);
    expect(t.mailer.countTo(payload.email)).toBe(0);
    // Nor its mail job: the code's mail is written in the same transaction.
    const jobs = await t.database.db.select().from(schema.jobs);
    expect(jobs.filter((j) => j.payload?.to === payload.email)).toEqual([]);
    await clearFaults();
  });

  it('a resent code: the earlier challenge stays open and no new one exists without the audit event', async () => {
    const email = uniqueEmail('resend');
    const first = (await (await t.post('/api/auth/register', individualPayload({ email }))).json()) as CodeChallenge;
    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    await faultAudit('auth.code.resent', email);
    await expectInternal(await t.post('/api/auth/resend', { challengeId: first.challengeId }));
    const rows = await challengesOf(email);
    expect(rows.map((r) => [r.id, r.supersededAt])).toEqual([[first.challengeId, null]]);

    await clearFaults();
    const res = await t.post('/api/auth/resend', { challengeId: first.challengeId });
    expect(res.status).toBe(202);
    const { challengeId } = (await res.json()) as CodeChallenge;
    expect((await auditOf('auth.code.resent', email)).map((e) => e.detail.challengeId)).toEqual([challengeId]);
  });

  it('a wrong code: the attempt is not counted without its audit event, and is with it', async () => {
    const { payload } = await t.register();
    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    const { challengeId } = await requestLoginCode(t, payload.email);
    const code = t.mailer.latestCode(payload.email);
    const wrong = String((Number(code) + 1) % 10 ** EMAIL_CODE.length).padStart(EMAIL_CODE.length, '0');
    const attempts = async () => (await t.database.db.select().from(emailChallenges).where(eq(emailChallenges.id, challengeId)))[0]?.attempts;
    const addressCounter = () => t.database.db.select().from(attemptCounters).where(and(eq(attemptCounters.key, addressKey(payload.email))));

    await faultAudit('auth.verify.failed', payload.email);
    await expectInternal(await t.post('/api/auth/verify', { challengeId, code: wrong }));
    expect(await attempts()).toBe(0);
    expect(await addressCounter()).toEqual([]);

    await clearFaults();
    const refused = await t.post('/api/auth/verify', { challengeId, code: wrong });
    expect([refused.status, await refused.json()]).toEqual([400, { error: messages.emailCode.wrong }]);
    expect(await attempts()).toBe(1);
    expect((await addressCounter()).map((c) => c.failures)).toEqual([1]);
    expect((await auditOf('auth.verify.failed', payload.email)).map((e) => e.detail.attempts)).toEqual([1]);
  });
});
