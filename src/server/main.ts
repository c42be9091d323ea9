/**
 * `npm start` (after `vite build`): starts the portal from the environment and stops it cleanly on SIGINT/SIGTERM.
 * Configuration and lock problems print one clear line and exit with status 1.
 */
import { DataDirLockedError } from './config/data-dir-lock.ts';
import { ConfigError } from './config/env.ts';
import { createConsoleLog } from './log.ts';
import { startServer } from './start-server.ts';

const log = createConsoleLog();

try {
  const server = await startServer({ env: process.env, log });
  const shutdown = (signal: string) => {
    log.info(`Received ${signal}, shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('Shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`G2G portal not started. ${error.message}\n`);
  } else {
    log.error('G2G portal failed to start', { error });
  }
  process.exit(1);
}
