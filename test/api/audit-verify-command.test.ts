/**
 * `npm run audit:verify` never passes without checking (issue 26, fault 5), on PGlite and PostgreSQL: a missing data
 * dir, an empty one, an empty pglite/ folder, the wrong working folder (./data by default), an empty or missing
 * PostgreSQL database, a database the chain's migration never reached and a trail without events all exit 2 with
 * the path or database it looked at, and leave what they looked at as it was (nothing created, nothing migrated).
 * A whole chain exits 0 and a broken one 1 naming the event (also in audit-chain.test.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runAuditVerify } from '../../src/server/audit-verify.ts';
import { auditEvents, users } from '../../src/server/db/schema/index.ts';
import { appendEvents, migrationsBeforeChain, scratchDatabase, type Scratch } from './support/audit-chain.ts';
import { backends, freshPostgresDatabase, undoAfterEach } from './support/test-databases.ts';

async function command(env: Record<string, string>, cwd?: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runAuditVerify({ ...env, CRYPTO_PRICE_API_URL: 'off' }, (s) => (out += s), (s) => (err += s), cwd === undefined ? {} : { cwd });
  return { code, out, err };
}

/** Every entry under `root`, recursively, with its size and time: what "unchanged" means for a folder. */
async function snapshot(root: string): Promise<string[]> {
  if (!existsSync(root)) return ['<none>'];
  const entries: string[] = [];
  for (const name of (await readdir(root, { recursive: true })).sort()) {
    const s = await stat(join(root, name));
    entries.push(`${name} ${s.isDirectory() ? 'dir' : s.size} ${s.mtimeMs}`);
  }
  return entries;
}

const tables = async (url: string): Promise<string[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by 1`);
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
};

const { later, tempDir } = undoAfterEach();

describe('audit:verify on PGlite: no database, no pass', () => {
  it('a DATA_DIR that does not exist: exit 2 naming it, and nothing is created', async () => {
    const missing = join(await tempDir(), 'some', 'missing', 'dir');
    const result = await command({ DATA_DIR: missing });
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toContain(missing);
    expect(result.err).toMatch(/no data directory/i);
    expect(result.err).not.toContain('nothing to check');
    expect(existsSync(join(missing, '..'))).toBe(false);
  });

  it('an empty DATA_DIR, and one with an empty pglite/ folder: exit 2 naming DATA_DIR/pglite, the folder unchanged', async () => {
    const root = await tempDir();
    const before = await snapshot(root);
    const empty = await command({ DATA_DIR: root });
    expect(empty.code).toBe(2);
    expect(empty.err).toContain(join(root, 'pglite'));
    expect(empty.err).toMatch(/no PGlite database/i);
    expect(await snapshot(root)).toEqual(before);

    await mkdir(join(root, 'pglite'));
    const withFolder = await snapshot(root);
    const emptyPglite = await command({ DATA_DIR: root });
    expect(emptyPglite.code).toBe(2);
    expect(emptyPglite.err).toContain(join(root, 'pglite'));
    expect(await snapshot(root)).toEqual(withFolder);
  });

  it('run from the wrong folder (DATA_DIR unset: ./data): exit 2 naming the folder it looked in, no ./data made', async () => {
    const cwd = await tempDir();
    const result = await command({}, cwd);
    expect(result.code).toBe(2);
    expect(result.err).toContain(join(cwd, 'data'));
    expect(existsSync(join(cwd, 'data'))).toBe(false);
  });

  it('the real command from the wrong folder: the process exits 2 and says where it looked', async () => {
    const cwd = await tempDir();
    const script = fileURLToPath(new URL('../../src/server/audit-verify.ts', import.meta.url));
    const tsx = import.meta.resolve('tsx');
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', tsx, script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain(join(cwd, 'data'));
    expect(existsSync(join(cwd, 'data'))).toBe(false);
  }, 180_000);
});

describe.runIf(backends().includes('postgres'))('audit:verify on PostgreSQL: no database, no pass', () => {
  it('an empty database: exit 2 naming it (never its password), and still no table in it', async () => {
    const fresh = await freshPostgresDatabase();
    later(fresh.drop);
    const url = new URL(fresh.url);
    url.password = 's3cret-pass';
    const result = await command({ DATABASE_URL: url.toString() });
    expect(result.code).toBe(2);
    expect(result.err).toContain(url.pathname.slice(1));
    expect(result.err).not.toContain('s3cret-pass');
    expect(result.err).toMatch(/no audit trail tables/i);
    expect(await tables(fresh.url)).toEqual([]);
  });

  it('a database that does not exist: exit 2 naming it', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = '/g2g_no_such_database';
    const result = await command({ DATABASE_URL: url.toString() });
    expect(result.code).toBe(2);
    expect(result.err).toContain('g2g_no_such_database');
  });
});

describe.each(backends())('audit:verify on %s: nothing checked is not a pass', (backend) => {
  const scratch = async (options?: Parameters<typeof scratchDatabase>[1]): Promise<Scratch> => {
    const s = await scratchDatabase(backend, options);
    later(s.close);
    return s;
  };
  const where = (s: Scratch) => (s.env.DATABASE_URL ? new URL(s.env.DATABASE_URL).pathname.slice(1) : join(s.env.DATA_DIR!, 'pglite'));

  it('a migrated database without any event: exit 2, "nothing was checked", naming where it looked', async () => {
    const s = await scratch();
    await s.database.db.delete(auditEvents);
    await s.database.db.execute(sql`update audit_chain_head set seq = 0, hash = ${'0'.repeat(64)} where id = 1`);
    await s.database.close();
    const result = await command(s.env);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/no event.*nothing was checked/is);
    expect(result.err).toContain(where(s));
    await s.reopen();
  }, 180_000);

  it('investors but no event at all (the trail emptied, head too): exit 2 saying so', async () => {
    const s = await scratch();
    await s.database.db.insert(users).values({ email: `gone-${Date.now()}@example.com` });
    await s.database.db.delete(auditEvents);
    await s.database.db.execute(sql`update audit_chain_head set seq = 0, hash = ${'0'.repeat(64)} where id = 1`);
    await s.database.close();
    const result = await command(s.env);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/1 investor account/);
    await s.reopen();
  }, 180_000);

  it('the head set back below the last event: exit 1 naming the first event after it (not a pass on fewer events)', async () => {
    const s = await scratch();
    const [first] = await appendEvents(s.database, 3);
    await s.database.db.execute(sql`update audit_chain_head set seq = ${first!.seq}, hash = ${first!.hash} where id = 1`);
    await s.database.close();
    const result = await command(s.env);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`BROKEN at event ${first!.seq + 1}`);
    await s.reopen();
  }, 180_000);

  it('a database the chain’s migration never reached: exit 2, and the check migrates nothing', async () => {
    const before = await migrationsBeforeChain();
    later(before.remove);
    const s = await scratch({ migrationsFolder: before.folder });
    const count = async () => Number(((await s.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    const applied = await count();
    await s.database.close();
    const result = await command(s.env);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/no audit chain/i);
    expect(result.err).toContain(where(s));
    // Reopened as it was (migrations only), not by the server's open: still the same migrations.
    const again = await scratchReopenMigratedOnly(s, before.folder);
    expect(Number(((await again.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(applied);
    await again.close();
  }, 180_000);

  it('a whole chain exits 0; a broken one 1 naming the event', async () => {
    const s = await scratch();
    const events = await appendEvents(s.database, 2);
    await s.database.close();
    const whole = await command(s.env);
    expect(whole).toMatchObject({ code: 0, err: '' });
    expect(whole.out).toContain('The audit chain is whole');
    const database = await s.reopen();
    await database.db.execute(sql`update audit_events set detail = '{"i": "changed"}'::jsonb where seq = ${events[0]!.seq}`);
    await database.close();
    const broken = await command(s.env);
    expect(broken.code).toBe(1);
    expect(broken.err).toContain(`BROKEN at event ${events[0]!.seq} (altered)`);
    expect(broken.err).toContain(events[0]!.id);
    await s.reopen();
  }, 180_000);
});

/** The scratch database opened again with the old migrations only (so nothing newer is applied by opening it). */
async function scratchReopenMigratedOnly(s: Scratch, folder: string) {
  const { openMigratedOnly } = await import('./support/audit-chain.ts');
  return openMigratedOnly(s.env.DATABASE_URL ? { url: s.env.DATABASE_URL } : { dataDir: join(s.env.DATA_DIR!, 'pglite') }, folder);
}
