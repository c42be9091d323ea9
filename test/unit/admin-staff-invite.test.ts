/**
 * `npm run staff:invite` (issue 15) against a real PGlite data dir: the first issuer admin on an empty staff table,
 * the mail in the outbox with the /admin/enrol#<secret> link (only the secret's SHA-256 stored), a newer link
 * superseding the older, the last issuer admin kept, a data dir in use refused, bad arguments refused. Issue 26: the
 * link's base is PUBLIC_URL, else http://localhost:PORT with PORT given (the server's own default), else refused;
 * DATA_DIR is created private.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { staffMessages } from '../../src/shared/admin/sign-in-messages.ts';
import { acquireDataDirLock } from '../../src/server/config/data-dir-lock.ts';
import { staffEnrolments, staffMembers, staffRoleGrants } from '../../src/server/db/schema/index.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { parseInviteArgs, runStaffInvite } from '../../src/server/staff-invite.ts';

// DATA_DIR does not exist yet: the command creates it (private).
const tempRoot = mkdtempSync(join(tmpdir(), 'g2g-staff-invite-'));
const dataDir = join(tempRoot, 'data');
afterAll(() => rmSync(tempRoot, { recursive: true, force: true }));

/** Everything under `root` (root included) that group or others may use; symlinks skipped. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  for (const pending = [root]; pending.length > 0; ) {
    const path = pending.pop() as string;
    const info = lstatSync(path);
    if (info.isSymbolicLink()) continue;
    if (info.mode & 0o077) found.push(`${(info.mode & 0o777).toString(8)} ${path}`);
    if (info.isDirectory()) for (const name of readdirSync(path)) pending.push(join(path, name));
  }
  return found;
}

async function run(args: string[], env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const code = await runStaffInvite(args, { DATA_DIR: dataDir, ...env }, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}
const outbox = () => readdirSync(join(dataDir, 'outbox')).sort().map((n) => readFileSync(join(dataDir, 'outbox', n), 'utf8'));
const secretIn = (eml: string) => /\/admin\/enrol#([A-Za-z0-9_-]{43})/.exec(eml.replace(/=\r?\n/g, ''))?.[1];

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const lock = acquireDataDirLock(dataDir);
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
    lock.release();
  }
}

describe('staff:invite', () => {
  it('refuses bad arguments', () => {
    expect(parseInviteArgs(['not-an-address', 'finance'])).toMatch(/not an email/);
    expect(parseInviteArgs(['a@example.com'])).toMatch(/at least one role/);
    expect(parseInviteArgs(['a@example.com', 'root'])).toMatch(/Unknown role "root"/);
    expect(parseInviteArgs(['a@example.com', 'finance', '--name'])).toMatch(/--name/);
    // Issue 26: one person is never both compliance and auditor; the reason is given.
    expect(parseInviteArgs(['a@example.com', 'auditor', 'compliance'])).toBe(staffMessages.complianceWithAuditor);
    expect(parseInviteArgs(['A@Example.com', 'finance', 'auditor', 'finance', '--name', 'Ada L'])).toEqual({ email: 'a@example.com', roles: ['auditor', 'finance'], displayName: 'Ada L' });
  });

  it('refuses without PUBLIC_URL or PORT: it cannot know where the server is; nothing is created', { timeout: 60_000 }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'g2g-staff-invite-nourl-'));
    try {
      const elsewhere = join(root, 'data');
      let err = '';
      const code = await runStaffInvite(['ada@foundation.example', 'issuer-admin'], { DATA_DIR: elsewhere }, () => {}, (s) => (err += s));
      expect(code).toBe(1);
      expect(err).toMatch(/^Not invited\. .*PUBLIC_URL/);
      expect(err).toContain('PORT');
      expect(existsSync(elsewhere)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('creates the first issuer admin on an empty staff table and mails the link to the outbox; without PUBLIC_URL the link is http://localhost:PORT', { timeout: 120_000 }, async () => {
    const { code, out } = await run(['first@foundation.example', 'issuer-admin', '--name', 'First Admin'], { PORT: '3302' });
    expect(code).toBe(0);
    expect(out).toContain(join(dataDir, 'outbox'));
    expect(out).toContain('http://localhost:3302');
    const mails = outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: first@foundation.example');
    expect(mails[0]!.replace(/=\r?\n/g, '')).toContain('http://localhost:3302/admin/enrol#');
    // DATA_DIR, created by the command, is the server user's alone, as the server makes it; so is what it wrote.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
    const secret = secretIn(mails[0]!)!;
    await withDb(async (db) => {
      const [member] = await db.select().from(staffMembers).where(eq(staffMembers.email, 'first@foundation.example'));
      expect(member).toMatchObject({ displayName: 'First Admin', roles: ['issuer-admin'], invitedBy: null, disabledAt: null });
      // The role history (issue 26): granted by the command (no staff member).
      expect(await db.select().from(staffRoleGrants).where(eq(staffRoleGrants.staffId, member!.id))).toMatchObject([{ role: 'issuer-admin', grantedBy: null, revokedAt: null }]);
      const links = await db.select().from(staffEnrolments).where(eq(staffEnrolments.staffId, member!.id));
      expect(links).toHaveLength(1);
      expect(Buffer.from(links[0]!.tokenHash).equals(createHash('sha256').update(secret).digest())).toBe(true);
    });
  });

  it('a second invite updates the roles and supersedes the older link; PUBLIC_URL makes the link', { timeout: 60_000 }, async () => {
    const { code } = await run(['first@foundation.example', 'issuer-admin', 'auditor'], { PUBLIC_URL: 'https://bo.g2g.example' });
    expect(code).toBe(0);
    const mails = outbox();
    expect(mails[1]!.replace(/=\r?\n/g, '')).toContain('https://bo.g2g.example/admin/enrol#');
    await withDb(async (db) => {
      const [member] = await db.select().from(staffMembers).where(eq(staffMembers.email, 'first@foundation.example'));
      expect(member!.roles).toEqual(['auditor', 'issuer-admin']);
      const links = await db.select().from(staffEnrolments).where(eq(staffEnrolments.staffId, member!.id));
      expect(links.filter((l) => l.supersededAt === null)).toHaveLength(1);
      expect(links.filter((l) => l.supersededAt !== null)).toHaveLength(1);
    });
  });

  it('keeps the last issuer admin, and refuses while the data dir is in use', { timeout: 60_000 }, async () => {
    const demote = await run(['first@foundation.example', 'auditor'], { PORT: '3302' });
    expect(demote.code).toBe(1);
    expect(demote.err).toContain('last active issuer admin');
    const lock = acquireDataDirLock(dataDir);
    try {
      const busy = await run(['second@foundation.example', 'finance'], { PORT: '3302' });
      expect(busy.code).toBe(1);
      expect(busy.err).toMatch(/^Not invited\./);
    } finally {
      lock.release();
    }
    expect(outbox()).toHaveLength(2);
  });
});
