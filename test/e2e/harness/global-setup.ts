/**
 * Once per e2e run: make sure the client is built, start ONE real server (fresh DATA_DIR, free port,
 * embedded PGlite) and ONE Chromium browser server, and hand their addresses to the test files.
 * Without /usr/bin/chromium the run fails under CI and is skipped, loudly, on a developer machine.
 */
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { createConsoleLog } from '../../../src/server/log.ts';
import { startServer, type RunningServer } from '../../../src/server/start-server.ts';
import { ensureBuilt } from '../../../src/tools/ensure-build.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { writeE2eDisclosureFolder } from './disclosure-content.ts';
import { bootstrapStaffAdmin } from './staff-bootstrap.ts';
import './provided-context.ts';

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

function chromiumMissingNotice(): string {
  const bar = '!'.repeat(78);
  return [
    bar,
    `!! END-TO-END TESTS SKIPPED: no Chromium at ${CHROMIUM_PATH}`,
    '!! Install it with:  apt-get update && apt-get install -y chromium',
    '!! (.ci/run does this; under CI a missing browser fails the run instead).',
    bar,
  ].join('\n');
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('wsEndpoint', '');
  project.provide('baseUrl', '');
  project.provide('dataDir', '');
  if (!existsSync(CHROMIUM_PATH)) {
    if (process.env.CI) {
      throw new Error(`[e2e] CI is set and there is no Chromium at ${CHROMIUM_PATH}: install Debian's chromium package.`);
    }
    const notice = chromiumMissingNotice();
    console.warn(`\n${notice}\n`);
    project.provide('e2eSkipReason', `no Chromium at ${CHROMIUM_PATH}`);
    return async () => console.warn(`\n${notice}\n`);
  }
  project.provide('e2eSkipReason', '');

  ensureBuilt(root, '[e2e]');
  const dataDir = mkdtempSync(join(tmpdir(), 'g2g-e2e-data-'));
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const logFile = join(root, 'test-results', 'e2e-server.log');
  const logStream = createWriteStream(logFile, { flags: 'w' });
  let server: RunningServer | undefined;
  let browser: BrowserServer | undefined;
  const teardown = async () => {
    await browser?.close().catch((e: unknown) => console.error('[e2e] closing Chromium failed', e));
    await server?.close().catch((e: unknown) => console.error('[e2e] closing the server failed', e));
    await new Promise<void>((done) => logStream.end(done));
    if (process.env.E2E_KEEP_DATA) console.log(`[e2e] data dir kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const disclosureDir = await writeE2eDisclosureFolder(join(dataDir, 'issuer-disclosure'));
    const start = (port: number) =>
      startServer({
        // CRYPTO_PRICE_API_URL=off: the crypto rates are the indicative ones; the e2e run never calls CoinGecko.
        env: { DISCLOSURE_DIR: disclosureDir, CRYPTO_PRICE_API_URL: 'off' },
        port,
        host: '127.0.0.1',
        dataDir,
        log: createConsoleLog(logStream, logStream),
      });
    // The first staff member comes from `npm run staff:invite`, which needs the server stopped (PGlite).
    const first = await start(0);
    await first.close();
    await bootstrapStaffAdmin(dataDir, first.port, async () => (server = await start(first.port)).url);
    browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  } catch (error) {
    await teardown();
    throw error;
  }
  if (!server) throw new Error('[e2e] the server did not start');
  console.log(`[e2e] server ${server.url} (log: test-results/e2e-server.log), data ${dataDir}`);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('baseUrl', server.url);
  project.provide('dataDir', dataDir);
  return teardown;
}
