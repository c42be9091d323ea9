/**
 * `npm start` (after `vite build`): starts the portal from the environment and stops it cleanly on SIGINT/SIGTERM
 * (start-server.ts drains within SHUTDOWN_TIMEOUT_SECONDS, then this exits 0; should the cleanups themselves hang,
 * a last watchdog exits 1 shortly after the bound; a second signal exits at once). Configuration and lock problems print one clear line and exit 1.
 * LOG_FORMAT=json makes every line, these included, a JSON object.
 */
import { DataDirLockedError } from './config/data-dir-lock.ts';
import { ConfigError } from './config/env.ts';
import { loadLogFormat, loadOpsSettings } from './config/ops-env.ts';
import { createConsoleLog, createJsonLog, type Log } from './log.ts';
import { startServer } from './start-server.ts';

/** After the drain's bound: the remaining cleanups (sealing workers, database) get this long before the watchdog. */
const CLEANUP_GRACE_MS = 10_000;

const startFailure = (error: unknown, log: Log) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`G2G portal not started. ${error.message}\n`);
  } else {
    log.error('G2G portal failed to start', { error });
  }
  process.exit(1);
};

let log: Log = createConsoleLog();
try {
  log = loadLogFormat(process.env) === 'json' ? createJsonLog() : createConsoleLog();
  // Read here too (startServer reads them again) for the watchdog's bound.
  const { shutdownTimeoutMs } = loadOpsSettings(process.env);
  const server = await startServer({ env: process.env, log, accessLog: log });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      // A second Ctrl-C (or signal) means now: the drain is abandoned.
      log.warn(`Received ${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log.info(`Received ${signal}, shutting down`, { timeoutSeconds: shutdownTimeoutMs / 1000 });
    const watchdog = setTimeout(() => {
      log.error('Shutdown did not finish in time: exiting anyway', { timeoutSeconds: (shutdownTimeoutMs + CLEANUP_GRACE_MS) / 1000 });
      process.exit(1);
    }, shutdownTimeoutMs + CLEANUP_GRACE_MS);
    watchdog.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('Shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
} catch (error) {
  startFailure(error, log);
}
