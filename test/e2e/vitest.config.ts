/**
 * End-to-end tests: the real built app and server in Debian's Chromium.
 * Run: `npx vitest run --config test/e2e/vitest.config.ts`. One server and one browser for the whole run
 * (see harness/global-setup.ts), shared by two files at a time: each file works with investors and staff of its own
 * (fresh e-mail addresses, searches by them), each page in a context of its own, so no file sees another's state.
 * Two at a time because much of a file is waiting (reading time on the server's clock, mail jobs, PDF rendering), and
 * the machines this runs on have 2 cores.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/harness/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    // A first run may build the client and initialise PGlite; pages wait on a real server.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
