/** Types shared by the app, its middleware and its route modules. */
import type { HttpBindings } from '@hono/node-server';
import type { StaffRole } from '../shared/admin/staff-roles.ts';
import type { TokenService } from './auth/token-service.ts';
import type { Clock } from './clock.ts';
import type { ChainWatch } from './domain/audit/chain-watch.ts';
import type { StatementRunner } from './db/prepared-statement.ts';
import type { Db } from './db/types.ts';
import type { JobSignal } from './jobs/enqueue-job.ts';
import type { Log } from './log.ts';
import type { AgreementSealer } from './pdf/agreement-sealer.ts';
import type { Providers } from './providers/providers.ts';
import type { FileStore } from './storage/file-store.ts';

export type AppConfig = {
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  /** The back-office's token lifetime (shorter than investors'); 1800 s when absent. */
  staffTokenTtlSeconds?: number;
  /** The built client (vite's dist/). null: the API only, as in tests. */
  staticDir: string | null;
  /**
   * Reverse proxies in front of the server (TRUST_PROXY): 0 ignores X-Forwarded-For; n takes the client address from
   * the n-th entry from the right, the one the outermost trusted proxy appended (the entries left of it are the client's).
   */
  trustedProxies: number;
  /** PUBLIC_URL's origin; https:// there turns on HSTS. */
  publicUrl?: string | null;
  /**
   * The base of the links in investors' emails (their status page, status-page-link.ts): PUBLIC_URL, else
   * http://localhost:PORT (start-server.ts). null or absent: none is known, and the emails name no address.
   */
  linkBase?: string | null;
  /** TOKEN_EXPLORER_TX_URL: a transaction's address at the issuer's block explorer, `{hash}` for the hash. */
  explorerTxUrl?: string | null;
  /** Settings keys set by the environment (TOKEN_PRICE...), applied at every start: the back-office may not change them. */
  settingsPinnedByEnvironment?: readonly string[];
};

export type AuthContext = { userId: string; jti: string };

/** A signed-in staff member (http/staff-auth.ts): their roles as the database holds them at this call. */
export type StaffContext = { staffId: string; jti: string; roles: readonly StaffRole[] };

export type AppEnv = {
  Variables: { auth: AuthContext; staff: StaffContext };
  /** Present under @hono/node-server; absent when tests call app.request() without an env. */
  Bindings: Partial<HttpBindings>;
};

/**
 * What route modules get: `run` executes prepared statements (the hot reads) on the same database as `db`; `storage`
 * keeps uploaded files; `providers` are the external services; `jobs` wakes the durable job runner.
 */
export type AppDeps = {
  db: Db;
  run: StatementRunner;
  storage: FileStore;
  providers: Providers;
  /** Wakes the job runner after a transaction that wrote a job committed (src/server/jobs/). */
  jobs: JobSignal;
  clock: Clock;
  config: AppConfig;
  log: Log;
  tokens: TokenService;
  /** The back-office's tokens: another audience, so neither kind is accepted where the other is expected. */
  staffTokens: TokenService;
  /** The last audit chain check of this server (at start, or asked for by staff), for the auditor's screen. */
  chainWatch: ChainWatch;
  /** The sealing pool (pdf/agreement-sealer.ts) for documents a route makes: the investor's statement. */
  sealer: Pick<AgreementSealer, 'sealPdf'>;
};
