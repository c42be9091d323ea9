/**
 * A registration that fails half-way (when its emailed code is verified) leaves nothing behind, and the client sees only the catalogue's words.
 * The failure is real: a database trigger refuses the legal_agreements insert, late in the transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CodeChallenge } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { describeError } from '../../src/server/log.ts';
import { forEachDatabase, individualPayload } from './harness.ts';

const DEAD_WALLET = '0x000000000000000000000000000000000000dead';

forEachDatabase('atomicity', (t) => {
  beforeAll(async () => {
    await t.database.db.execute(sql`
      create function refuse_legal_agreement() returns trigger language plpgsql as $$
      begin
        if new.wallet_address = '0x000000000000000000000000000000000000dead' then
          raise exception 'simulated storage failure';
        end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_legal_agreement before insert on legal_agreements
      for each row execute function refuse_legal_agreement()`);
  });
  afterAll(async () => {
    await t.database.db.execute(sql`drop trigger if exists refuse_legal_agreement on legal_agreements`);
  });

  it('a registration failing when its code is verified writes no row at all and answers 500 without detail', async () => {
    const { db } = t.database;
    const count = async () => {
      const tables = [schema.users, schema.userDetails, schema.disclosureProgress, schema.kycVerifications, schema.legalAgreements, schema.investments, schema.sessions, schema.auditEvents];
      return Promise.all(tables.map(async (table) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n));
    };
    const payload = individualPayload({ walletAddress: DEAD_WALLET });
    const { challengeId } = (await (await t.post('/api/auth/register', payload)).json()) as CodeChallenge;
    const before = await count();
    const res = await t.post('/api/auth/verify', { challengeId, code: t.mailer.latestCode(payload.email) });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: messages.server.internal });
    expect(text).not.toContain('simulated');
    expect(await count()).toEqual(before);
    expect(await db.select().from(schema.users).where(eq(schema.users.email, payload.email))).toEqual([]);
    // The cause is on the server's own log, with its stack, but not the investor's data from the query.
    const logged = t.log.entries.find((e) => e.level === 'error');
    const described = describeError(logged?.fields?.error);
    expect(described).toContain('simulated storage failure');
    expect(described).toContain('insert into "legal_agreements"');
    expect(described).not.toContain(payload.walletAddress);
    // The 500 still carries the security headers and no-store.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('the failed attempt did not use the code up: it registers once the fault is gone', async () => {
    const payload = individualPayload({ walletAddress: DEAD_WALLET });
    const { challengeId } = (await (await t.post('/api/auth/register', payload)).json()) as CodeChallenge;
    const code = t.mailer.latestCode(payload.email);
    expect((await t.post('/api/auth/verify', { challengeId, code })).status).toBe(500);
    await t.database.db.execute(sql`drop trigger if exists refuse_legal_agreement on legal_agreements`);
    const res = await t.post('/api/auth/verify', { challengeId, code });
    expect(res.status).toBe(200);
  });
});
