/**
 * The audit trail's hash chain (issue 16) on both databases: whole after a normal journey; an altered row, a deleted
 * middle row, a deleted first row, a forged hash and a deleted last row are each reported at the right seq, also by
 * `npm run audit:verify` (exit 1, naming the seq); a rolled-back transaction leaves no gap; 20 concurrent writers
 * on PostgreSQL keep seqs 1..n gapless with each transaction's events together; odd values hash as they read back;
 * rows from before the chain get chained at start, once.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type { AuditChainReport } from '../../src/shared/admin/audit.ts';
import { runAuditVerify } from '../../src/server/audit-verify.ts';
import { auditChainHead, auditEvents } from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { auditEventHash, GENESIS_HASH } from '../../src/server/domain/audit/audit-hash.ts';
import { chainLegacyAuditEvents } from '../../src/server/domain/audit/chain-legacy-audit-events.ts';
import { verifyAuditChain } from '../../src/server/domain/audit/verify-audit-chain.ts';
import { NO_CLIENT } from '../../src/server/domain/request-context.ts';
import { recordAuditEvent } from '../../src/server/domain/record-audit-event.ts';
import { forEachDatabase } from './harness.ts';
import { appendEvents, migrationsBeforeChain, scratchDatabase, type Scratch } from './support/audit-chain.ts';
import { passDisclosure } from './support/kyc.ts';
import { openTestDatabase } from './support/test-databases.ts';

const now = () => new Date();
const verify = (database: Database, pageSize?: number) => verifyAuditChain(database.db, now, pageSize);
const seqs = async (database: Database) => (await database.db.select({ seq: auditEvents.seq }).from(auditEvents).orderBy(asc(auditEvents.seq))).map((r) => r.seq);
const rowAt = async (database: Database, seq: number) => (await database.db.select().from(auditEvents).where(eq(auditEvents.seq, seq)))[0]!;

async function command(env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runAuditVerify({ ...env, CRYPTO_PRICE_API_URL: 'off' }, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}

forEachDatabase('the audit hash chain', (t) => {
  const opened: (Database | Scratch)[] = [];
  afterEach(async () => {
    for (const d of opened.splice(0)) await d.close();
  });
  // PGlite on disk (initdb, the migrations, reopening) takes seconds per open on a busy machine: the tests that need it wait longer.
  /** A database of its own (in memory on PGlite): its chain may be broken freely. */
  const own = async () => {
    const database = await openTestDatabase(t.backend);
    opened.push(database);
    return database;
  };
  const scratch = async (options?: Parameters<typeof scratchDatabase>[1]) => {
    const s = await scratchDatabase(t.backend, options);
    opened.push(s);
    return s;
  };

  it('is whole after a normal journey, seqs 1..n without gaps, the head on the last', async () => {
    const a = await t.register();
    await t.register({ investmentAmount: 30_000 });
    await passDisclosure(t, a.user.userId);
    const report = await verify(t.database);
    expect(report).toMatchObject({ ok: true, firstBroken: null, unchained: 0 });
    const all = await seqs(t.database);
    expect(all).toEqual(all.map((_, i) => i + 1));
    expect(report.checked).toBe(all.length);
    const last = await rowAt(t.database, all.length);
    expect(report.head).toEqual({ seq: all.length, hash: last.hash });
    expect((await rowAt(t.database, 1)).prevHash).toBe(GENESIS_HASH);
    // A small page walks the same chain.
    expect(await verify(t.database, 3)).toMatchObject({ ok: true, checked: all.length });
  });

  it('an UPDATE of one row’s detail is reported as altered at that seq', async () => {
    const database = await own();
    const base = (await seqs(database)).length;
    await appendEvents(database, 5);
    await database.db.execute(sql`update audit_events set detail = '{"i": 99}'::jsonb where seq = ${base + 3}`);
    const report = await verify(database, 2);
    expect(report.ok).toBe(false);
    expect(report.firstBroken).toMatchObject({ kind: 'altered', seq: base + 3, eventId: (await rowAt(database, base + 3)).id });
    expect(report.firstBroken!.message).toContain(`Event ${base + 3} was altered`);
    expect(report.checked).toBe(base + 2);
  });

  it('altering any hashed column is seen: ip, user agent, time, action, user', async () => {
    const database = await own();
    const base = (await seqs(database)).length;
    await appendEvents(database, 1);
    const seq = base + 1;
    const original = await rowAt(database, seq);
    for (const change of [sql`ip = '10.0.0.1'`, sql`user_agent = 'x'`, sql`at = at + interval '1 millisecond'`, sql`action = 'test.other'`, sql`detail = detail || '{"extra": 1}'::jsonb`]) {
      await database.db.execute(sql`update audit_events set ${change} where seq = ${seq}`);
      expect((await verify(database)).firstBroken).toMatchObject({ kind: 'altered', seq });
      await database.db
        .update(auditEvents)
        .set({ ip: original.ip, userAgent: original.userAgent, at: original.at, action: original.action, detail: original.detail })
        .where(eq(auditEvents.seq, seq));
      expect((await verify(database)).ok).toBe(true);
    }
  });

  it('a DELETE of a middle row is reported as deleted at the next seq; of the first row at seq 2', async () => {
    const database = await own();
    const base = (await seqs(database)).length;
    await appendEvents(database, 5);
    await database.db.delete(auditEvents).where(eq(auditEvents.seq, base + 3));
    expect((await verify(database)).firstBroken).toMatchObject({ kind: 'deleted', seq: base + 4, message: expect.stringContaining(`seq ${base + 3} is missing`) });
    await database.db.delete(auditEvents).where(eq(auditEvents.seq, 1));
    expect((await verify(database)).firstBroken).toMatchObject({ kind: 'deleted', seq: 2 });
  });

  it('a row altered with its hash recomputed breaks the next link (deleted, the link names it)', async () => {
    const database = await own();
    const base = (await seqs(database)).length;
    await appendEvents(database, 3);
    const row = await rowAt(database, base + 2);
    const forged = { ...row, detail: { i: 'forged' } };
    const hash = auditEventHash({ ...forged, seq: row.seq!, prevHash: row.prevHash! });
    await database.db.update(auditEvents).set({ detail: forged.detail, hash }).where(eq(auditEvents.seq, base + 2));
    expect((await verify(database)).firstBroken).toMatchObject({ kind: 'deleted', seq: base + 3 });
  });

  it('a DELETE of the last row is reported as truncated; the head replaced too is beyond reach (documented limit)', async () => {
    const database = await own();
    const base = (await seqs(database)).length;
    await appendEvents(database, 4);
    await database.db.delete(auditEvents).where(eq(auditEvents.seq, base + 4));
    const report = await verify(database);
    expect(report.firstBroken).toMatchObject({ kind: 'truncated', seq: base + 4, eventId: null });
    expect(report.firstBroken!.message).toContain(`names event ${base + 4}, but the last event is ${base + 3}`);
  });

  it('a row written around recordAuditEvent without seq is refused by the table', async () => {
    const database = await own();
    const refusal = await database.db.execute(sql`insert into audit_events (action, detail, at) values ('forged', '{}'::jsonb, now())`).then(
      () => null,
      (error: Error & { cause?: { message?: string } }) => `${error.message} ${error.cause?.message ?? ''}`,
    );
    expect(refusal).toMatch(/audit_events_chained/);
  });

  it('odd values hash as they read back: Unicode, nesting, 1.0, big and small numbers, key order, empty, __proto__, upper-case ids', async () => {
    const database = t.database;
    const user = await t.register();
    const odd: Record<string, unknown>[] = [
      {},
      { b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } },
      { n: 1.0, big: 1e21, small: 5e-324, neg: -0, third: 1 / 3, int: Number.MAX_SAFE_INTEGER },
      { text: 'Zoë 👩🏽‍💻 עברית \u202e rtl \u2028 line \u0301 combining ﷽ \\ " \' \t' },
      JSON.parse('{"__proto__": {"polluted": true}, "constructor": "x"}') as Record<string, unknown>,
      { nested: { a: { b: { c: { d: { e: { f: 'deep' } } } } } }, list: [[], {}, [[1]]] },
      { dropped: undefined, when: new Date('2026-01-02T03:04:05.678Z'), ok: true },
      { 'é': 1, e: 2, 'E': 3, '': 4, '10': 5, '9': 6 },
    ];
    for (const detail of odd) {
      await recordAuditEvent(database.db, { userId: user.user.userId.toUpperCase(), action: 'test.odd', detail, meta: { ip: '2001:db8::1', userAgent: 'Ünïcødé/1.0 (🙂)' }, at: new Date() });
    }
    expect(await verify(database)).toMatchObject({ ok: true, firstBroken: null });
    const stored = await database.db.select({ detail: auditEvents.detail }).from(auditEvents).where(eq(auditEvents.action, 'test.odd')).orderBy(asc(auditEvents.seq));
    expect(stored[6]!.detail).toEqual({ when: '2026-01-02T03:04:05.678Z', ok: true });
    expect(Object.getPrototypeOf(stored[4]!.detail)).toBe(Object.prototype);
  });

  it('stores any text a detail carries (NUL, lone surrogates, in values and keys, at any depth) made storable, and the chain verifies', async () => {
    const database = t.database;
    const detail: Record<string, unknown> = {
      detail: 'Unexpected token \'\u0000\', "\u0000\u0000\u0000" is not valid JSON', // a library's message
      cut: '😀'.slice(0, 1), // a pair cut in half by a slice
      low: '\udfff x',
      ok: '😀',
      'k\u0000ey': { list: ['a\u0000', ['\ud800']] },
    };
    const proto = JSON.parse('{"__proto__":"\\u0000"}') as Record<string, unknown>;
    const appended = [];
    for (const d of [detail, proto]) appended.push(await recordAuditEvent(database.db, { userId: null, action: 'test.unstorable', detail: d, meta: NO_CLIENT, at: new Date() }));
    expect(await verify(database)).toMatchObject({ ok: true, firstBroken: null });
    expect((await rowAt(database, appended[0]!.seq)).detail).toEqual({
      detail: 'Unexpected token \'\ufffd\', "\ufffd\ufffd\ufffd" is not valid JSON',
      cut: '\ufffd',
      low: '\ufffd x',
      ok: '😀',
      'k\ufffdey': { list: ['a\ufffd', ['\ufffd']] },
    });
    expect(JSON.stringify((await rowAt(database, appended[1]!.seq)).detail)).toBe('{"__proto__":"\ufffd"}');
  });

  it('a transaction that rolls back takes its seq with it: no gap', async () => {
    const database = await own();
    const before = (await seqs(database)).length;
    await expect(
      database.db.transaction(async (tx) => {
        await recordAuditEvent(tx, { userId: null, action: 'test.rolled_back', meta: NO_CLIENT, at: new Date() });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const [next] = await appendEvents(database, 1);
    expect(next!.seq).toBe(before + 1);
    expect(await verify(database)).toMatchObject({ ok: true, checked: before + 1 });
  });

  it('20 concurrent writers (transactions of several events, some rolled back): seqs 1..n gapless, each transaction’s events together', async () => {
    const { database } = await scratch({ poolSize: 21 });
    const base = (await seqs(database)).length;
    const writers = Array.from({ length: 20 }, (_, w) =>
      database.db
        .transaction(async (tx) => {
          for (let i = 0; i < 4; i++) {
            await recordAuditEvent(tx, { userId: null, action: 'test.concurrent', detail: { w, i }, meta: NO_CLIENT, at: new Date() });
            await tx.execute(sql`select pg_sleep(0.002)`).catch(() => undefined);
          }
          if (w % 5 === 4) throw new Error(`writer ${w} rolls back`);
        })
        .then(
          () => 'committed',
          () => 'rolled back',
        ),
    );
    const outcomes = await Promise.all(writers);
    expect(outcomes.filter((o) => o === 'rolled back')).toHaveLength(4);
    const all = await seqs(database);
    expect(all).toEqual(all.map((_, i) => i + 1));
    expect(all.length).toBe(base + 16 * 4);
    const rows = await database.db.select({ detail: auditEvents.detail }).from(auditEvents).where(eq(auditEvents.action, 'test.concurrent')).orderBy(asc(auditEvents.seq));
    // The head stays locked to commit: one writer's events are consecutive, in their own order.
    for (let k = 0; k < rows.length; k += 4) {
      const group = rows.slice(k, k + 4).map((r) => r.detail as { w: number; i: number });
      expect(new Set(group.map((g) => g.w)).size).toBe(1);
      expect(group.map((g) => g.i)).toEqual([0, 1, 2, 3]);
    }
    expect(await verify(database)).toMatchObject({ ok: true, checked: base + 64 });
  }, 60_000);

  it('npm run audit:verify: exit 0 on a whole chain; exit 1 naming the seq of an altered row, then of a truncated trail', async () => {
    const s = await scratch();
    const base = (await seqs(s.database)).length;
    await appendEvents(s.database, 3);
    await s.database.close();
    const whole = await command(s.env);
    expect(whole).toMatchObject({ code: 0, err: '' });
    expect(whole.out).toContain(`The audit chain is whole: ${base + 3} events checked`);

    let database = await s.reopen();
    await database.db.execute(sql`update audit_events set detail = '{"i": "changed"}'::jsonb where seq = ${base + 2}`);
    await database.close();
    const altered = await command(s.env);
    expect(altered.code).toBe(1);
    expect(altered.err).toContain(`BROKEN at event ${base + 2} (altered)`);

    database = await s.reopen();
    await database.db.delete(auditEvents).where(sql`${auditEvents.seq} >= ${base + 2}`);
    await database.close();
    const truncated = await command(s.env);
    expect(truncated.code).toBe(1);
    expect(truncated.err).toContain(`BROKEN at event ${base + 2} (truncated)`);
    await s.reopen();
  }, 120_000);

  it('rows from before the chain are chained at start in (at, id) order, once; a row slipped in later is left out and reported', async () => {
    const before = await migrationsBeforeChain();
    try {
      const s = await scratch({ migrationsFolder: before.folder });
      const legacy = [
        { id: randomUUID(), at: '2025-01-01T00:00:00.000001Z', action: 'legacy.one', detail: '{"b": 1.0, "a": "Zoë"}' },
        { id: randomUUID(), at: '2025-01-01T00:00:00.000002Z', action: 'legacy.two', detail: '{}' },
        { id: randomUUID(), at: '2024-06-01T12:00:00Z', action: 'legacy.zero', detail: '{"nested": {"z": [1, 2]}}' },
      ];
      const existing = (await s.database.db.execute(sql`select count(*)::int as n from audit_events`)) as unknown as { rows: { n: number }[] };
      for (const l of legacy) {
        await s.database.db.execute(sql`insert into audit_events (id, action, detail, ip, at) values (${l.id}::uuid, ${l.action}, ${l.detail}::jsonb, '192.0.2.1', ${l.at}::timestamptz)`);
      }
      await s.database.close();

      const database = await s.reopen();
      const rows = await database.db.select().from(auditEvents).orderBy(asc(auditEvents.seq));
      const total = Number(existing.rows[0]!.n) + legacy.length;
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      const order = rows.filter((r) => r.action.startsWith('legacy.')).map((r) => r.action);
      expect(order).toEqual(['legacy.zero', 'legacy.one', 'legacy.two']);
      expect(await verify(database)).toMatchObject({ ok: true, checked: total, unchained: 0 });
      const [head] = await database.db.select().from(auditChainHead);
      expect(head).toMatchObject({ seq: total, hash: rows[total - 1]!.hash });
      expect(await chainLegacyAuditEvents(database.db)).toEqual({ chained: 0, skipped: 'none' });

      // New events chain on; a reopen changes nothing.
      await appendEvents(database, 2);
      await database.close();
      const again = await s.reopen();
      expect(await verify(again)).toMatchObject({ ok: true, checked: total + 2 });

      // Someone drops the check and slips a row in: not chained at the next start, and the check says so.
      await again.db.execute(sql`alter table audit_events drop constraint audit_events_chained`);
      await again.db.execute(sql`insert into audit_events (action, detail, at) values ('slipped.in', '{}'::jsonb, now())`);
      expect(await chainLegacyAuditEvents(again.db)).toEqual({ chained: 0, skipped: 'chain already started' });
      const report: AuditChainReport = await verify(again);
      expect(report).toMatchObject({ ok: false, firstBroken: null, unchained: 1, checked: total + 2 });
    } finally {
      await before.remove();
    }
  }, 120_000);
});
