/**
 * Which build-time PGlite template a first start takes (src/server/db/pglite-template.ts, open-database.ts): the
 * seeded one only when allowed, the migrated one otherwise, none from another PGlite release or on a data dir that
 * already holds a cluster. The starts themselves: bundled-server.test.ts and data-dir-permissions.test.ts.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { loadTemplate, TEMPLATE_SEEDED_FILE } from '../../src/server/db/pglite-template.ts';
import { writeTestTemplate } from './support/pglite-template.ts';
import { freshPgliteDir, undoAfterEach } from './support/test-databases.ts';

const { later, tempDir } = undoAfterEach();

describe('choosing the PGlite template', () => {
  it('takes the seeded tarball only when allowed, and the migrated one when the seeded is missing', async () => {
    const dir = await tempDir();
    await writeTestTemplate(dir);
    const seeded = await loadTemplate(dir, { seeded: true });
    expect('seeded' in seeded && seeded.seeded).toBe(true);
    const migrated = await loadTemplate(dir, { seeded: false });
    expect('seeded' in migrated && migrated.seeded).toBe(false);
    await rm(join(dir, TEMPLATE_SEEDED_FILE));
    const fallback = await loadTemplate(dir, { seeded: true });
    expect('seeded' in fallback && fallback.seeded).toBe(false);
  });

  it('refuses a template of another PGlite release, a missing one, and a manifest without its tarballs', async () => {
    const other = await tempDir();
    await writeTestTemplate(other, { pglite: '0.0.1' });
    expect(await loadTemplate(other, { seeded: true })).toEqual({ skipped: expect.stringMatching(/PGlite 0\.0\.1, running \d/) });
    const none = await tempDir();
    expect(await loadTemplate(none, { seeded: true })).toEqual({ skipped: expect.stringMatching(/^no template/) });
    const bare = await tempDir();
    await writeTestTemplate(bare);
    for (const file of ['pglite-template.tar.gz', TEMPLATE_SEEDED_FILE]) await rm(join(bare, file));
    expect(await loadTemplate(bare, { seeded: true })).toEqual({ skipped: expect.stringMatching(/tarball missing/) });
  });

  it('leaves a data dir that already holds a cluster alone', { timeout: 60_000 }, async () => {
    const templateDir = await tempDir();
    await writeTestTemplate(templateDir);
    const existing = await freshPgliteDir();
    later(existing.remove);
    const outcomes: string[] = [];
    const database = await openDatabase({ kind: 'pglite', dataDir: existing.pgliteDir, templateDir, seededTemplate: true, onTemplate: (o) => outcomes.push(o) });
    await database.close();
    expect(outcomes).toEqual([]);
  });
});
