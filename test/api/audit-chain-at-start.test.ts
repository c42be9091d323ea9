/**
 * A server that starts on a broken audit chain says so (issue 26, fault 5), on PGlite and PostgreSQL: after it
 * listens it checks the chain in the background, logs the broken link with its event, and keeps the result, which the
 * auditor's screen reads from GET /api/admin/audit/chain/status (every reader of the trail; no token, 401).
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditChainStatus } from '../../src/shared/admin/audit.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { createMemoryLog, type MemoryLog } from '../../src/server/log.ts';
import { startServer, type RunningServer } from '../../src/server/start-server.ts';
import { TEST_JWT_SECRET } from './harness.ts';
import { appendEvents } from './support/audit-chain.ts';
import { createStaff } from './support/staff.ts';
import { serverBackends, undoAfterEach } from './support/test-databases.ts';

const JWT_SECRET = new TextDecoder().decode(TEST_JWT_SECRET);

const waitFor = async <T>(read: () => T | undefined, what: string, ms = 60_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.each(serverBackends())('the chain checked at start ($name)', (backend) => {
  const { later } = undoAfterEach();

  it('a broken chain: the log names the broken event, and the auditor’s status answer shows it', async () => {
    const setup = await backend.setup();
    later(setup.cleanup);
    const where = setup.env.DATABASE_URL ? { kind: 'postgres' as const, url: setup.env.DATABASE_URL } : { kind: 'pglite' as const, dataDir: join(setup.dataDir, 'pglite') };
    const database = await openDatabase(where);
    const events = await appendEvents(database, 3);
    const auditor = await createStaff({ database, clock: { now: () => new Date() } }, ['auditor']);
    const compliance = await createStaff({ database, clock: { now: () => new Date() } }, ['compliance']);
    await database.db.execute(sql`update audit_events set detail = '{"i": "changed"}'::jsonb where seq = ${events[1]!.seq}`);
    await database.close();

    const log: MemoryLog = createMemoryLog();
    const server: RunningServer = await startServer({ env: { ...setup.env, JWT_SECRET, CRYPTO_PRICE_API_URL: 'off' }, dataDir: setup.dataDir, port: 0, host: '127.0.0.1', staticDir: null, pgliteTemplateDir: null, log });
    later(() => server.close());

    const entry = await waitFor(() => log.entries.find((e) => e.message.startsWith('The audit chain is broken')), 'the broken chain in the log');
    expect(entry.level).toBe('error');
    expect(entry.fields).toMatchObject({ seq: events[1]!.seq, kind: 'altered', eventId: events[1]!.id });
    expect(entry.message).toContain(`event ${events[1]!.seq}`);

    for (const staff of [auditor, compliance]) {
      const res = await fetch(`${server.url}/api/admin/audit/chain/status`, { headers: { authorization: `Bearer ${staff.token}` } });
      expect(res.status).toBe(200);
      const status = (await res.json()) as AuditChainStatus;
      expect(status).toMatchObject({ running: false, last: { source: 'start', report: { ok: false, firstBroken: { kind: 'altered', seq: events[1]!.seq, eventId: events[1]!.id, event: { id: events[1]!.id, action: 'test.event' } } } } });
    }
    expect((await fetch(`${server.url}/api/admin/audit/chain/status`)).status).toBe(401);
  }, 180_000);
});
