/**
 * Migration 0004 on a database made before it: the KYC files already stored get their stored_files rows (so nothing
 * an investor uploaded is lost), and those files survive the orphan sweep, which reads stored_files only.
 */
import { randomBytes } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/server/db/open-database.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '../../src/server/domain/sweep-orphan-files.ts';
import { openLocalFileStore } from '../../src/server/storage/local-file-store.ts';
import { describeMigration } from './support/migration-before.ts';

const STORED_FILES_MIGRATION = '0004_stored_files';

describeMigration(STORED_FILES_MIGRATION, (before) => {
  it('records every KYC file stored before it, and the sweep keeps them', async () => {
    const { database, dir } = before();
    const { db } = database;
    await before().migrateToBefore();
    const store = await openLocalFileStore(join(dir, 'uploads'));
    const [user] = await db.insert(schema.users).values({ email: 'before@example.com' }).returning({ id: schema.users.id });
    const names = ['pdf', 'png'].map((ext) => `${randomBytes(16).toString('hex')}.${ext}`);
    const createdAt = new Date('2026-01-02T10:00:00.000Z');
    for (const [i, name] of names.entries()) {
      await db.execute(sql`insert into kyc_documents (user_id, document_type, step, file_name, original_name, content_type, size_bytes, sha256, created_at)
        values (${user!.id}, ${i === 0 ? 'identity' : 'selfie'}, ${i + 1}, ${name}, ${`original ${i}`}, ${i === 0 ? 'application/pdf' : 'image/png'}, ${100 + i}, ${'ab'.repeat(32)}, ${createdAt.toISOString()})`);
      await store.put(name, (async function* () { yield new Uint8Array([1, 2, 3]); })(), { contentType: 'application/octet-stream' });
    }
    const orphan = `${randomBytes(16).toString('hex')}.pdf`;
    await store.put(orphan, (async function* () { yield new Uint8Array([4]); })(), { contentType: 'application/pdf' });
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    for (const name of [...names, orphan]) await utimes(join(store.dir, name), old, old);

    await database.migrate(MIGRATIONS_FOLDER);

    const rows = await db.select().from(schema.storedFiles);
    expect(rows.map((r) => ({ ...r, id: typeof r.id })).sort((a, b) => a.sizeBytes - b.sizeBytes)).toEqual([
      { id: 'string', ownerId: user!.id, purpose: 'kyc_document', storedName: names[0], originalName: 'original 0', contentType: 'application/pdf', sizeBytes: 100, sha256: 'ab'.repeat(32), createdAt },
      { id: 'string', ownerId: user!.id, purpose: 'kyc_document', storedName: names[1], originalName: 'original 1', contentType: 'image/png', sizeBytes: 101, sha256: 'ab'.repeat(32), createdAt },
    ]);
    expect(await sweepOrphanFiles(db, store, new Date())).toBe(1);
    const left: string[] = [];
    for await (const file of store.list()) left.push(file.name);
    expect(left.sort()).toEqual([...names].sort());
  });
});
