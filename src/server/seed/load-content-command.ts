/**
 * The content load command (`npm run content:load -- <folder>`, and its older name `npm run disclosure:load`): puts an
 * issuer's content (manifest.json + PDFs: disclosure sections and agreements, see read-content-folder.ts) into the
 * database the server uses (DATA_DIR or DATABASE_URL, as for npm start). On PGlite the data dir must not be in use:
 * stop the server first (its lock says so). On PostgreSQL it can run beside live servers; investors see the new
 * content on their next load of the page. `what` names the content in the failure line.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { acquireDataDirLock, DataDirLockedError } from '../config/data-dir-lock.ts';
import { ConfigError, loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/open-database.ts';
import { applyContentFolder, isContentRefusal } from './apply-content-folder.ts';
import { readContentFolder } from './read-content-folder.ts';

const line = (label: string, names: readonly string[]) => `${label.padEnd(10)}${names.length ? names.join(', ') : '-'}\n`;

export async function runContentLoad(command: string, what: string): Promise<void> {
  const folder = process.argv[2];
  if (!folder || folder === '--help' || folder === '-h') {
    process.stdout.write(`Usage: npm run ${command} -- <folder with manifest.json and the PDFs>\n`);
    process.exit(folder ? 0 : 2);
  }
  try {
    const config = loadConfig(process.env);
    if (config.contentDir && config.contentDir.path !== resolve(folder)) {
      process.stderr.write(`Note: ${config.contentDir.variable}=${config.contentDir.path} is set; a server started with it puts that folder back at its next start.\n`);
    }
    const content = await readContentFolder(resolve(folder));
    await mkdir(config.dataDir, { recursive: true });
    const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
    const database = await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
    );
    try {
      const { sections, agreements } = await applyContentFolder(database.db, content, new Date());
      let out = '';
      out += sections
        ? `Disclosure sections loaded from ${resolve(folder)}\n` +
          line('added', sections.added) +
          line('updated', sections.updated) +
          line('unchanged', sections.unchanged) +
          line('retired', sections.retired) +
          `Reading progress reset for changed documents: ${sections.resetReads}\n`
        : 'Disclosure sections: none in the manifest, kept as they are\n';
      out += agreements
        ? `Agreements loaded from ${resolve(folder)}\n` +
          line('added', agreements.added) +
          line('replaced', agreements.replaced) +
          line('unchanged', agreements.unchanged) +
          `Drafts reset for replaced agreements (investors who had not signed them): ${agreements.resetDrafts}\n`
        : 'Agreements: none in the manifest, kept as they are\n';
      process.stdout.write(out);
    } finally {
      await database.close();
      lock?.release();
    }
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof DataDirLockedError || isContentRefusal(error);
    process.stderr.write(`${what} not loaded. ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  }
}
