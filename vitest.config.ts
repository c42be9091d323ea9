/**
 * Vitest's settings for `vitest run` (unit, paths and api projects): vite.config.ts's (plugins, its `test` block with
 * the projects) plus how many files run at once. Vitest reads this file instead of vite.config.ts when both exist.
 * Browser tests have their own config (test/e2e/vitest.config.ts).
 *
 * maxWorkers: vitest's default is the number of cores minus one, so ONE file at a time on the 2-core machines this
 * suite runs on. Most API files spend their time waiting (PostgreSQL, PGlite's disk, child processes of real server
 * starts, the sealing worker thread), so two files at a time use both cores. Each file still runs in a process of its
 * own (pool 'forks', isolate), as before: no file shares state with another.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      maxWorkers: 2,
    },
  }),
);
