/**
 * `npm run screening:load -- <file> [--source <name>]`: loads a sanctions or PEP list (the EU consolidated financial
 * sanctions list as XML, or an OpenSanctions simple CSV) into the database the server uses (DATA_DIR or DATABASE_URL,
 * as for npm start) as the current version of its source; every investor under review or approved is then screened
 * against it by the server's job runner (ongoing monitoring). On PGlite the data dir must not be in use: stop the
 * server first. On PostgreSQL it runs beside live servers.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { acquireDataDirLock, DataDirLockedError } from './config/data-dir-lock.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { openDatabase } from './db/open-database.ts';
import { loadScreeningList } from './domain/screening/load-screening-list.ts';
import { ScreeningListRefusal } from './screening/read-screening-list.ts';

/** The largest list read (OpenSanctions' full "targets.simple.csv" is a few hundred megabytes). */
const MAX_LIST_BYTES = 512 * 1024 * 1024;

const usage = 'Usage: npm run screening:load -- <list file: EU sanctions XML or OpenSanctions simple CSV> [--source <name of the list>]\n';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { source: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
const file = positionals[0];
if (!file || values.help) {
  process.stdout.write(usage);
  process.exit(file || values.help ? 0 : 2);
}
try {
  const path = resolve(file);
  const { size } = await stat(path);
  if (size > MAX_LIST_BYTES) throw new ScreeningListRefusal(`The file is ${Math.round(size / 1048576)} MB; lists of at most ${MAX_LIST_BYTES / 1048576} MB are read.`);
  const text = await readFile(path, 'utf8');
  const config = loadConfig(process.env);
  await mkdir(config.dataDir, { recursive: true });
  const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') });
  try {
    const loaded = await loadScreeningList(database.db, { text, source: values.source, now: new Date() });
    process.stdout.write(
      loaded.unchanged
        ? `${loaded.source}: this file is already the current version (${loaded.entryCount} entries); nothing changed.\n`
        : `${loaded.source}: ${loaded.entryCount} entries loaded from ${path}.\n` +
            (loaded.replaced.length ? `Replaced ${loaded.replaced.length} earlier version(s); their hits are kept.\n` : '') +
            'Investors under review or approved will be screened against it by the server (a job that runs at its next start or at once if it is running).\n',
    );
  } finally {
    await database.close();
    lock?.release();
  }
} catch (error) {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof ScreeningListRefusal || (error as NodeJS.ErrnoException)?.code === 'ENOENT';
  process.stderr.write(`Screening list not loaded. ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
}
