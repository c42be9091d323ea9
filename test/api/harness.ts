/**
 * Runs a test file's cases against every database backend: PGlite always, PostgreSQL when TEST_DATABASE_URL is
 * set. Each backend gets one migrated, seeded database for the whole file (tests use unique emails), an app built
 * with createApp(), a clock tests can move, and a memory log.
 *
 *   forEachDatabase('registration', (t) => {
 *     it('answers 201', async () => { const res = await t.post('/api/auth/register', payload); ... });
 *   });
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import type { AuthResponse } from '../../src/shared/auth.ts';
import { tokensFor, type RegistrationInput } from '../../src/shared/registration.ts';
import type { AppConfig, AppEnv } from '../../src/server/app-context.ts';
import { createApp } from '../../src/server/app.ts';
import type { Clock } from '../../src/server/clock.ts';
import type { Database } from '../../src/server/db/types.ts';
import { createJobRunner, type JobRunner } from '../../src/server/jobs/job-runner.ts';
import { sealAgreementJobHandler } from '../../src/server/jobs/seal-agreement-job.ts';
import { mailJobHandler } from '../../src/server/jobs/mail-job.ts';
import { screeningJobHandlers } from '../../src/server/jobs/screening-jobs.ts';
import { documentChecksJobHandler } from '../../src/server/jobs/kyc-document-checks-job.ts';
import { createMemoryLog, type MemoryLog } from '../../src/server/log.ts';
import { createLocalCardProvider, type LocalCardProvider } from '../../src/server/providers/card/local-card-provider.ts';
import type { Providers } from '../../src/server/providers/providers.ts';
import type { AgreementSealer, AgreementSealerOptions } from '../../src/server/pdf/agreement-sealer.ts';
import { createSealing, type StartedSealing } from '../../src/server/providers/sealing/create-sealing.ts';
import { DEFAULT_SETTINGS, seedDatabase } from '../../src/server/seed/seed-database.ts';
import type { FileStore } from '../../src/server/storage/file-store.ts';
import { openLocalFileStore, uploadsDir } from '../../src/server/storage/local-file-store.ts';
import { testFundsProviders } from './support/funds-providers.ts';
import { createMemoryMailer, type MemoryMailer } from './support/memory-mailer.ts';
import { completeRegistration } from './support/sign-in.ts';
import { backends, freshTempDir, openTestDatabase, type Backend } from './support/test-databases.ts';

export const TEST_JWT_SECRET = new TextEncoder().encode('test-secret-of-at-least-thirty-two-bytes!!');
export const TEST_TTL_SECONDS = 7200;
/** The apps' PUBLIC_URL as links see it (config.linkBase): investors' emails link to their status page on it. */
export const TEST_PUBLIC_URL = 'https://portal.example';
/**
 * The test sealer seals on the test's own thread: measured here, a worker thread costs its start (tsx in the worker,
 * about a second on first use) per file for nothing a test checks; the worker pool has its own tests
 * (test/unit/sealing/agreement-sealer.test.ts) and the process test runs the real server's pool.
 */
const TEST_SEALING_WORKERS: AgreementSealerOptions['workers'] = 0;

/** A clock that stands still unless a test moves it; reset before every test. */
export class ManualClock implements Clock {
  private current = Date.now();
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current += ms;
  }
  reset() {
    this.current = Date.now();
  }
}

export type ApiTest = {
  readonly backend: Backend;
  readonly database: Database;
  readonly app: Hono<AppEnv>;
  readonly clock: ManualClock;
  readonly log: MemoryLog;
  /** Every email the app sent (the one-time codes), through the durable jobs (below). */
  readonly mailer: MemoryMailer;
  /**
   * The app's job runner (not polling): the request helpers below run the due jobs after every answer, as the real
   * runner does when woken, so a test reads the mail right after the answer; a request made another way calls
   * runDueJobs() itself.
   */
  readonly jobs: JobRunner;
  runDueJobs(): Promise<number>;
  /**
   * The sealer the seal-agreement jobs and the app (the investor's statement) use: a real one (self-signed key in this
   * file's temporary DATA_DIR, sealing on the test's thread: SEALING_WORKERS=0), started when first needed or by
   * `startSealing()` (generating the key takes 0.1-0.2 s, which files without sealing do not pay); `sealer` is there
   * once started. `sealWith` puts another in front of it for a test (a failing one), for the kinds of work it has;
   * `sealWith(null)` restores it. `appSealer` is what apps (makeApp, support/ops-app.ts) are built with.
   */
  readonly sealer: AgreementSealer;
  readonly appSealer: Pick<AgreementSealer, 'sealAgreement' | 'sealPdf'>;
  startSealing(): Promise<AgreementSealer>;
  sealWith(sealer: Partial<Pick<AgreementSealer, 'sealAgreement' | 'sealPdf'>> | null): void;
  /** The temporary DATA_DIR of this file and backend (the sealing key's secrets live there). */
  readonly dataDir: string;
  /** The uploads store: a local one in a temporary dir of this file and backend (removed afterwards). */
  readonly storage: FileStore & { readonly dir: string };
  /** A second app on the same database with other config (e.g. another secret) and other providers (a price service). */
  makeApp(config?: Partial<AppConfig>, providers?: Partial<Providers>): Hono<AppEnv>;
  /** The card provider of `app`: the local test provider on this file's database (no Stripe keys). */
  readonly card: LocalCardProvider;
  request(path: string, init?: RequestInit): Promise<Response>;
  get(path: string, token?: string): Promise<Response>;
  post(path: string, body?: unknown, token?: string): Promise<Response>;
  /** A JSON POST as it arrives from the client address `ip` (the socket's address), with extra headers. */
  postFrom(ip: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Registers a new individual investor through the emailed code and returns the answer and the payload sent. */
  register(overrides?: Partial<Record<string, unknown>>): Promise<AuthResponse & { payload: RegistrationInput }>;
};

let counter = 0;
export const uniqueEmail = (label = 'investor') => `${label}.${process.pid}.${++counter}.${randomBytes(3).toString('hex')}@example.com`;
export const randomWallet = () => `0x${randomBytes(20).toString('hex')}`;

export function individualPayload(overrides: Partial<Record<string, unknown>> = {}): RegistrationInput {
  const investmentAmount = typeof overrides.investmentAmount === 'number' ? overrides.investmentAmount : 25_000;
  return {
    email: uniqueEmail(),
    investmentAmount,
    tokenQuantity: tokensFor(investmentAmount, DEFAULT_SETTINGS.tokenPrice),
    investorType: 'individual',
    fullName: 'Ada Lovelace',
    dateOfBirth: '1985-12-10',
    nationality: 'British',
    walletAddress: randomWallet(),
    primaryJurisdiction: 'uk',
    ...overrides,
  } as RegistrationInput;
}

export function entityPayload(overrides: Partial<Record<string, unknown>> = {}): RegistrationInput {
  const investmentAmount = typeof overrides.investmentAmount === 'number' ? overrides.investmentAmount : 150_000;
  return {
    email: uniqueEmail('entity'),
    investmentAmount,
    tokenQuantity: tokensFor(investmentAmount, DEFAULT_SETTINGS.tokenPrice),
    investorType: 'entity',
    entityName: 'Analytical Engines AG',
    jurisdiction: 'Switzerland',
    authorizedSignatory: 'Charles Babbage',
    walletAddress: randomWallet(),
    primaryJurisdiction: 'eu',
    ...overrides,
  } as RegistrationInput;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function forEachDatabase(title: string, body: (t: ApiTest) => void): void {
  for (const backend of backends()) {
    describe(`${title} [${backend}]`, () => {
      const clock = new ManualClock();
      const log = createMemoryLog();
      const mailer = createMemoryMailer();
      let database: Database | undefined;
      let card: LocalCardProvider | undefined;
      let app: Hono<AppEnv> | undefined;
      let jobs: JobRunner | undefined;
      let documentChecks: ReturnType<typeof documentChecksJobHandler> | undefined;
      let storage: (FileStore & { readonly dir: string }) | undefined;
      let removeTempDir: (() => Promise<void>) | undefined;
      let sealing: StartedSealing | undefined;
      let sealingStarted: Promise<StartedSealing> | undefined;
      const startSealing = () =>
        (sealingStarted ??= createSealing({ key: { kind: 'self-signed' }, workers: TEST_SEALING_WORKERS, contact: 'G2G portal tests' }, { dataDir: need(dataDir), clock, log }).then(
          (started) => (sealing = started),
        ));
      let sealerInUse: Partial<Pick<AgreementSealer, 'sealAgreement' | 'sealPdf'>> | null = null;
      const appSealer: ApiTest['appSealer'] = {
        sealAgreement: async (input) => (sealerInUse?.sealAgreement ? sealerInUse.sealAgreement(input) : (await startSealing()).sealer.sealAgreement(input)),
        sealPdf: async (input) => (sealerInUse?.sealPdf ? sealerInUse.sealPdf(input) : (await startSealing()).sealer.sealPdf(input)),
      };
      let dataDir: string | undefined;
      const baseConfig: AppConfig = { jwtSecret: TEST_JWT_SECRET, tokenTtlSeconds: TEST_TTL_SECONDS, staticDir: null, trustedProxies: 0, linkBase: TEST_PUBLIC_URL };
      const need = <T>(value: T | undefined): T => {
        if (value === undefined) throw new Error('the test database is not open yet');
        return value;
      };

      const t: ApiTest = {
        backend,
        get database() {
          return need(database);
        },
        get app() {
          return need(app);
        },
        get storage() {
          return need(storage);
        },
        get jobs() {
          return need(jobs);
        },
        get sealer() {
          if (!sealing) throw new Error('the sealer is not started yet: await t.startSealing() first');
          return sealing.sealer;
        },
        appSealer,
        startSealing: async () => (await startSealing()).sealer,
        sealWith(sealer) {
          sealerInUse = sealer;
        },
        get dataDir() {
          return need(dataDir);
        },
        runDueJobs: () => need(jobs).runDueJobs(),
        clock,
        log,
        mailer,
        get card() {
          return need(card);
        },
        makeApp: (config = {}, providers = {}) =>
          createApp({
            db: need(database).db,
            run: need(database).run,
            storage: need(storage),
            providers: { mail: mailer, ...testFundsProviders(need(database).db, log), card: need(card), ...providers },
            jobs: need(jobs),
            clock,
            log,
            sealer: appSealer,
            config: { ...baseConfig, ...config },
          }),
        request: (path, init) => afterJobs(need(app).request(path, init)),
        get: (path, token) => t.request(path, { headers: token ? bearer(token) : {} }),
        post: (path, payload, token) =>
          t.request(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
            body: payload === undefined ? undefined : JSON.stringify(payload),
          }),
        postFrom: (ip, path, payload, headers = {}) =>
          afterJobs(
            need(app).request(
              path,
              { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload === undefined ? undefined : JSON.stringify(payload) },
              { incoming: { socket: { remoteAddress: ip } } },
            ),
          ),
        async register(overrides = {}) {
          const payload = individualPayload(overrides);
          return { ...(await completeRegistration(t, payload)), payload };
        },
      };

      /** The answer, once the jobs it left (its mail) have run. */
      const afterJobs = async (answer: Response | Promise<Response>) => {
        const res = await answer;
        await need(jobs).runDueJobs();
        return res;
      };

      beforeAll(async () => {
        const temp = await freshTempDir();
        removeTempDir = temp.remove;
        dataDir = join(temp.root, 'data');
        storage = await openLocalFileStore(uploadsDir(dataDir));
        database = await openTestDatabase(backend);
        card = createLocalCardProvider({ db: database.db, clock });
        await seedDatabase(database.db, new Date());
        jobs = createJobRunner({
          db: database.db,
          handlers: {
            mail: mailJobHandler(mailer),
            'seal-agreement': sealAgreementJobHandler({ db: database.db, sealer: appSealer, storage, clock, log }),
            ...screeningJobHandlers({ db: database.db, clock, log }),
            'kyc-document-checks': (documentChecks = documentChecksJobHandler({ db: database.db, storage, clock })),
          },
          clock,
          log,
        });
        app = t.makeApp();
      });
      afterAll(async () => {
        await jobs?.close();
        await documentChecks?.close();
        await sealingStarted?.then((started) => started.close(), () => undefined);
        await database?.close();
        await removeTempDir?.();
      });
      beforeEach(() => {
        clock.reset();
        sealerInUse = null;
        log.entries.length = 0;
      });

      body(t);
    });
  }
}
