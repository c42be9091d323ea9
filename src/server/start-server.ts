/**
 * Starts the real server: validated config, data-dir lock (PGlite), JWT secret, database (migrated and seeded),
 * settings overrides, then the HTTP listener. `main.ts` calls it for `npm start`; e2e tests and benchmarks call
 * it with `port: 0` and their own data dir. Every step is undone, in reverse, if a later one fails or on close().
 */
import type { AddressInfo } from 'node:net';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { systemClock, type Clock } from './clock.ts';
import { acquireDataDirLock } from './config/data-dir-lock.ts';
import { makeDataDirPrivate } from './config/data-dir-permissions.ts';
import { ConfigError, loadConfig, type Env } from './config/env.ts';
import { loadOrCreateJwtSecret } from './config/jwt-secret.ts';
import { loadBankSettings } from './config/bank-env.ts';
import { loadCryptoSettings } from './config/crypto-env.ts';
import { loadMailSettings } from './config/mail-env.ts';
import { loadCardSettings } from './config/stripe-env.ts';
import { loadSealingSettings } from './config/sealing-env.ts';
import { loadStorageSettings } from './config/storage-env.ts';
import { loadExplorerTxUrl } from './config/explorer-url.ts';
import { loadPublicUrl } from './config/public-url.ts';
import { commandLinkBase } from './config/webauthn-env.ts';
import { loadOpsSettings } from './config/ops-env.ts';
import { openDatabase } from './db/open-database.ts';
import type { DatabaseKind } from './db/types.ts';
import { isAppError } from './errors/app-error.ts';
import { createChainWatch } from './domain/audit/chain-watch.ts';
import { sweepOrphanFiles } from './domain/sweep-orphan-files.ts';
import { sweepExpiredRows } from './domain/sweep-expired-rows.ts';
import { NO_CLIENT } from './domain/request-context.ts';
import { updateInvestmentSettings } from './domain/update-investment-settings.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { requestsFirst } from './jobs/requests-first.ts';
import { sealAgreementJobHandler } from './jobs/seal-agreement-job.ts';
import { screeningJobHandlers } from './jobs/screening-jobs.ts';
import { documentChecksJobHandler } from './jobs/kyc-document-checks-job.ts';
import { mailJobHandler } from './jobs/mail-job.ts';
import { createLifecycle } from './http/health.routes.ts';
import { createMetrics } from './metrics/create-metrics.ts';
import { startMetricsListener } from './metrics/metrics-listener.ts';
import { metricsRoute } from './metrics/metrics.routes.ts';
import { createConsoleLog, createJsonLog, type Log } from './log.ts';
import { createProviders } from './providers/create-providers.ts';
import { applyContentFolder, isContentRefusal } from './seed/apply-content-folder.ts';
import { readContentFolder } from './seed/read-content-folder.ts';
import { createSealing } from './providers/sealing/create-sealing.ts';
import { seedDatabase } from './seed/seed-database.ts';
import { openFileStore } from './storage/open-file-store.ts';

// Run from source (tsx, vitest) this module is src/server/start-server.ts; in the bundle (`npm start`) it is part of
// dist-server/*.mjs, and dist-server/ sits beside dist/ in the repository.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const BUNDLE_DIR = new URL(FROM_SOURCE ? '../../dist-server/' : './', import.meta.url);
const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../dist', BUNDLE_DIR));
/** The bundle's own folder, where `npm run build` writes the PGlite template; from source, the last build's. */
const DEFAULT_PGLITE_TEMPLATE_DIR = fileURLToPath(BUNDLE_DIR);

export type StartServerOptions = {
  /** The environment to read (main passes process.env). Defaults to none, so callers are hermetic. */
  env?: Env;
  /** These override the matching variables (PORT, HOST, DATA_DIR, DATABASE_URL). */
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string | null;
  /** The built client; null serves the API only. Defaults to the repository's dist/. */
  staticDir?: string | null;
  /** Where a build-time PGlite template may be, for a first start on an empty data dir; null always runs initdb. */
  pgliteTemplateDir?: string | null;
  log?: Log;
  /**
   * Where the access log goes (one line per request). Default: the server's log when `log` is not given (the console),
   * none when a caller brings its own log without this (tests assert on their logs line by line).
   */
  accessLog?: Log | null;
  clock?: Clock;
};

export type RunningServer = {
  /** Where to reach it from this machine, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  dataDir: string;
  database: DatabaseKind;
  /** The METRICS_PORT listener's /metrics (http://host:port/metrics), or null when none was asked for. */
  metricsUrl: string | null;
  /**
   * Graceful stop (SIGTERM): readyz answers 503 at once, the listener stops accepting, in-flight requests and jobs get
   * SHUTDOWN_TIMEOUT_SECONDS to finish (answers meanwhile close their connection), then everything else closes.
   */
  close(): Promise<void>;
};

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const isInside = (path: string, dir: string) => {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

function listen(server: ServerType): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.once('listening', () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * A listener that could not bind, in the words of the setting to change: the port taken or not allowed names the
 * port's variable, an address this machine does not have names HOST. Anything else is returned as it was.
 */
function listenRefusal(error: unknown, portVariable: string, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') return error;
  return new ConfigError(code === 'EADDRNOTAVAIL' ? 'HOST' : portVariable, `cannot listen on ${host}:${port} (${code}).`);
}

/**
 * Stops accepting and resolves once every connection has ended. Keep-alive connections would hold close() open:
 * idle ones go now, busy ones after their answer (which says `Connection: close`, see health.routes.ts); whatever is
 * still open after `timeoutMs` is cut.
 */
function closeServer(server: ServerType, timeoutMs: number, log: Log): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      log.warn('Requests still running at the end of the shutdown timeout: their connections are cut', { timeoutSeconds: timeoutMs / 1000 });
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, timeoutMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const env: Env = { ...(options.env ?? {}) };
  if (options.port !== undefined) env.PORT = String(options.port);
  if (options.host !== undefined) env.HOST = options.host;
  if (options.dataDir !== undefined) env.DATA_DIR = options.dataDir;
  if (options.databaseUrl !== undefined) env.DATABASE_URL = options.databaseUrl ?? '';
  const config = loadConfig(env);
  const mailSettings = loadMailSettings(env);
  const cryptoSettings = loadCryptoSettings(env);
  const bankSettings = loadBankSettings(env);
  const cardSettings = loadCardSettings(env);
  const sealingSettings = loadSealingSettings(env);
  const storageSettings = loadStorageSettings(env);
  const publicUrl = loadPublicUrl(env);
  const explorerTxUrl = loadExplorerTxUrl(env);
  const ops = loadOpsSettings(env);
  const log = options.log ?? (ops.logFormat === 'json' ? createJsonLog() : createConsoleLog());
  const clock = options.clock ?? systemClock;
  const kind: DatabaseKind = config.databaseUrl ? 'postgres' : 'pglite';
  const staticDir = options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir;
  if (staticDir && isInside(config.dataDir, resolve(staticDir))) {
    // Everything under the client folder is served: the database, the secret and the uploads would be too.
    throw new ConfigError('DATA_DIR', `must not be inside the served client folder ${resolve(staticDir)}.`);
  }

  const cleanups: (() => Promise<void> | void)[] = [];
  const undo = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        log.error('Shutdown step failed', { error });
      }
    }
  };

  // PGlite compiles its WebAssembly on V8's background threads. While only that is pending nothing holds the event
  // loop, so Node waits in its platform's DrainTasks for EVERY background job, including the later optimising
  // tier-up: ~0.5 s after listen() during which no connection is accepted. A timer held until the listener is up
  // keeps the loop turning instead (after that the listener holds it).
  const keepLoopTurning = setInterval(() => undefined, 60_000);
  // The HTTP side (Hono, routes, jose, valibot: ~0.3 s to load) loads while the database opens, not before it.
  const appModule = import('./app.ts');
  appModule.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  // The sealing, started while the database opens (below), and whether the cleanups have taken it over yet.
  let sealingStarted: ReturnType<typeof createSealing> | null = null;
  let sealingAdopted = false;
  try {
    // Private before anything is created in it: umask 077, DATA_DIR 0700, loose entries tightened (logged).
    makeDataDirPrivate(config.dataDir, log);
    if (kind === 'pglite') {
      const lock = acquireDataDirLock(config.dataDir);
      cleanups.push(() => lock.release());
    }
    // The seal's key (node-forge reading or making its P12: ~0.3 s of a start) needs no database: it is made while
    // the database opens, and awaited where it was before. Should the start fail before that, it is closed below.
    sealingStarted = createSealing(sealingSettings, { dataDir: config.dataDir, clock, log });
    sealingStarted.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
    const jwtSecret = config.jwtSecret ?? (await loadOrCreateJwtSecret(config.dataDir));
    const database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, onPoolError: (error) => log.error('PostgreSQL pool error', { error }) }
        : {
            kind: 'pglite',
            dataDir: join(config.dataDir, 'pglite'),
            templateDir: options.pgliteTemplateDir === undefined ? DEFAULT_PGLITE_TEMPLATE_DIR : options.pgliteTemplateDir,
            // The seed depends on nothing else of a start than these two (see db/pglite-template.ts). From source the
            // last build's seeded tarball may predate the seed being edited: there the seed always runs.
            seededTemplate: !FROM_SOURCE && !config.contentDir && options.clock === undefined,
            onTemplate: (outcome) => log.info(outcome),
          },
    );
    cleanups.push(() => database.close());

    if (config.contentDir) {
      // The issuer's documents (disclosure sections, agreements), put in place at every start before the demo seed
      // (unchanged ones are left as they are; the seed then adds demo content only where the issuer gave none).
      try {
        await applyContentFolder(database.db, await readContentFolder(config.contentDir.path), clock.now());
      } catch (error) {
        if (isContentRefusal(error)) throw new ConfigError(config.contentDir.variable, error.message);
        throw error;
      }
    }
    await seedDatabase(database.db, clock.now());
    if (Object.keys(config.settingsOverrides).length > 0) {
      try {
        await updateInvestmentSettings(database.db, config.settingsOverrides, {
          now: clock.now(),
          meta: NO_CLIENT,
          reason: 'environment',
        });
      } catch (error) {
        if (!isAppError(error)) throw error;
        const names = Object.keys(config.settingsOverrides)
          .map((k) => ({ tokenPrice: 'TOKEN_PRICE', minInvestment: 'MIN_INVESTMENT', maxInvestment: 'MAX_INVESTMENT' })[k])
          .join(', ');
        throw new ConfigError(names, `${error.message} (token price and minimum must be positive, maximum above minimum).`);
      }
    }

    const started = await createProviders({ mail: mailSettings, crypto: cryptoSettings, bank: bankSettings, card: cardSettings }, { dataDir: config.dataDir, clock, log, db: database.db });
    cleanups.push(() => started.close());
    // Uploaded files: DATA_DIR/uploads (outside dist/, never served as a folder) or the S3 bucket (docs/storage.md).
    const storage = await openFileStore(storageSettings, { dataDir: config.dataDir, log });
    cleanups.push(() => storage.close());
    // The seal: its key checked (a bad SEALING_P12_* stops the start) and the worker threads that stamp and seal
    // (the jobs' agreements, the investors' statements). Closed after the job runner and the listener (whose sealing
    // work waits for it) and before the database (a document being sealed can still be recorded).
    const sealing = await sealingStarted;
    sealingAdopted = true;
    cleanups.push(() => sealing.close());
    // Durable jobs (the code mails, the sealing of signed agreements): claimed with a lease, so several instances share the table; woken by the app
    // after each commit that wrote one, and polling for retries and for jobs a crash left behind. Closed after the
    // listener (cleanups run in reverse), so requests answered while closing still wake it, and before the database.
    // The identity documents' MRZ (OCR in tesseract.js's worker thread, started at the first document): stopped after
    // the job runner (cleanups run in reverse), so no job is left reading.
    const documentChecks = documentChecksJobHandler({ db: database.db, storage, clock, requestsFirst: requestsFirst() });
    cleanups.push(() => documentChecks.close());
    const jobs = createJobRunner({
      db: database.db,
      handlers: {
        mail: mailJobHandler(started.providers.mail),
        'seal-agreement': sealAgreementJobHandler({
          db: database.db,
          sealer: sealing.sealer,
          storage,
          clock,
          log,
          concurrency: sealing.sealer.workers,
          requestsFirst: requestsFirst(),
        }),
        ...screeningJobHandlers({ db: database.db, clock, log, requestsFirst: requestsFirst(), wake: () => jobs.wake() }),
        'kyc-document-checks': documentChecks,
      },
      clock,
      log,
      // Jobs in flight at a shutdown get the same bound as requests; then their leases go back for another instance.
      closeTimeoutMs: ops.shutdownTimeoutMs,
    });
    cleanups.push(() => jobs.close());
    const lifecycle = createLifecycle();
    // Metrics only when someone can read them (METRICS_PORT or METRICS_TOKEN): otherwise nothing is counted at all.
    const metrics =
      ops.metricsPort !== null || ops.metricsToken !== null ? createMetrics({ db: database.db, connections: database.connections, clock, log }) : null;
    const { createApp } = await appModule;
    // The audit chain, checked once after the listener is up (below); the auditor's screen reads the kept answer.
    const chainWatch = createChainWatch();
    const app = createApp({
      chainWatch,
      providers: started.providers,
      jobs,
      storage,
      sealer: sealing.sealer,
      db: database.db,
      run: database.run,
      clock,
      log,
      config: {
        jwtSecret,
        tokenTtlSeconds: config.tokenTtlSeconds,
        staffTokenTtlSeconds: config.staffTokenTtlSeconds,
        staticDir,
        trustedProxies: config.trustedProxies,
        publicUrl,
        // The investors' emails link to their status page: on PUBLIC_URL, else on this server's own port, as the
        // staff:invite command's links (none with PORT 0, whose port is known only once listening).
        linkBase: commandLinkBase(publicUrl, String(config.port)),
        explorerTxUrl,
        settingsPinnedByEnvironment: Object.keys(config.settingsOverrides),
      },
      ops: {
        lifecycle,
        accessLog: options.accessLog === undefined ? (options.log === undefined ? log : null) : options.accessLog,
        onRequestComplete: metrics ? (request) => metrics.observeRequest(request) : null,
        metricsRoute: metrics && ops.metricsToken ? metricsRoute(metrics, ops.metricsToken) : null,
      },
    });
    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
    jobs.start();
    // The listener and the job runner drain side by side, both within the one bound; memoised, as it is also the first
    // step of close() (below) and stays here for a start that fails after this point.
    let drained: Promise<void> | null = null;
    const drain = () =>
      (drained ??= Promise.all([closeServer(server, ops.shutdownTimeoutMs, log), jobs.close()]).then(() => undefined));
    cleanups.push(drain);
    let address: AddressInfo;
    try {
      address = await listen(server);
    } catch (error) {
      throw listenRefusal(error, 'PORT', config.host, config.port);
    }

    let metricsPort: number | null = null;
    if (metrics && ops.metricsPort !== null) {
      try {
        const listener = await startMetricsListener(metrics, { host: config.host, port: ops.metricsPort, log });
        // Closed after the drain (cleanups run in reverse): a scrape during the drain still sees it.
        cleanups.push(() => listener.close());
        metricsPort = listener.port;
      } catch (error) {
        throw listenRefusal(error, 'METRICS_PORT', config.host, ops.metricsPort);
      }
    }

    // Housekeeping after the listener is up (never in the way of a start): now, then every hour.
    let sweeping: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      const now = clock.now();
      sweeping = Promise.all([
        sweepExpiredRows(database.db, now).then((report) => {
          if (report.challenges || report.sessions || report.counters || report.jobs) log.info('Removed expired rows', report);
        }),
        sweepOrphanFiles(database.db, storage, now).then((files) => {
          if (files) log.info('Removed stored files no stored_files row records', { files });
        }),
      ]).catch((error: unknown) => log.error('Housekeeping failed', { error }));
    };
    sweep();
    const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
    sweeper.unref();
    cleanups.push(async () => {
      clearInterval(sweeper);
      await sweeping;
    });
    // The audit chain checked from its first event, in the background (a page of events at a time, so a long trail
    // delays nothing): a broken link is logged as an error naming its event and shown on the auditor's screen.
    void chainWatch.checkAtStart({ db: database.db, clock, log });
    cleanups.push(() => chainWatch.close());
    // Runs first at close: stop taking work before waiting for housekeeping.
    cleanups.push(drain);

    const reachableHost = WILDCARD_HOSTS.has(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
    log.info(`G2G portal listening on http://localhost:${address.port} (data: ${config.dataDir}, database: ${kind})`);
    if (metricsPort !== null) log.info(`Metrics on http://localhost:${metricsPort}/metrics`);
    let closing: Promise<void> | null = null;
    return {
      url: `http://${reachableHost}:${address.port}`,
      port: address.port,
      dataDir: config.dataDir,
      database: kind,
      metricsUrl: metricsPort === null ? null : `http://${reachableHost}:${metricsPort}/metrics`,
      close: () => {
        // readyz answers 503 from now on, before anything else closes.
        lifecycle.draining = true;
        return (closing ??= undo());
      },
    };
  } catch (error) {
    await undo();
    if (sealingStarted && !sealingAdopted) await (await sealingStarted.catch(() => null))?.close();
    throw error;
  } finally {
    clearInterval(keepLoopTurning);
  }
}

