/**
 * `npm run disclosure:load -- <folder>`: puts an issuer's disclosure sections (manifest.json + PDFs, see
 * seed/read-section-folder.ts) into the database the server uses (DATA_DIR or DATABASE_URL, as for npm start).
 * On PGlite the data dir must not be in use: stop the server first (its lock says so). On PostgreSQL it can run
 * beside live servers; investors see the new set on their next load of the disclosure page.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { acquireDataDirLock, DataDirLockedError } from './config/data-dir-lock.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { openDatabase } from './db/open-database.ts';
import { replaceDisclosureSections, SectionsRefusedError } from './domain/disclosure/replace-disclosure-sections.ts';
import { readSectionFolder, SectionFolderError } from './seed/read-section-folder.ts';

const folder = process.argv[2];
if (!folder || folder === '--help' || folder === '-h') {
  process.stdout.write('Usage: npm run disclosure:load -- <folder with manifest.json and the PDFs>\n');
  process.exit(folder ? 0 : 2);
}

try {
  const config = loadConfig(process.env);
  if (config.disclosureDir && config.disclosureDir !== resolve(folder)) {
    process.stderr.write(`Note: DISCLOSURE_DIR=${config.disclosureDir} is set; a server started with it puts that folder back at its next start.\n`);
  }
  const sources = await readSectionFolder(resolve(folder));
  await mkdir(config.dataDir, { recursive: true });
  const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
  );
  try {
    const report = await replaceDisclosureSections(database.db, sources, new Date());
    const line = (label: string, slugs: string[]) => `${label.padEnd(10)}${slugs.length ? slugs.join(', ') : '-'}\n`;
    process.stdout.write(
      `Disclosure sections loaded from ${resolve(folder)}\n` +
        line('added', report.added) +
        line('updated', report.updated) +
        line('unchanged', report.unchanged) +
        line('retired', report.retired) +
        `Reading progress reset for changed documents: ${report.resetReads}\n`,
    );
  } finally {
    await database.close();
    lock?.release();
  }
} catch (error) {
  const known = [ConfigError, DataDirLockedError, SectionFolderError, SectionsRefusedError].some((type) => error instanceof type);
  process.stderr.write(`Disclosure sections not loaded. ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
}
