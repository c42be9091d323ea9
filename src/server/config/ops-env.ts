/**
 * Operations settings from the environment, checked at start (a bad value stops the server naming the variable):
 *
 *   LOG_FORMAT                 text (default: one readable line per event) or json (one object per line: time, level,
 *                              msg, requestId inside a request, then the fields), for a log shipper.
 *   METRICS_PORT               a second listener on HOST serving Prometheus text at /metrics only (0: any free port,
 *                              for tests). Keep it off the public network: it has no authentication.
 *   METRICS_TOKEN              GET /metrics on the main port with `Authorization: Bearer <token>` (16-256 printable
 *                              ASCII characters). Neither set: no metrics endpoint at all (404).
 *   SHUTDOWN_TIMEOUT_SECONDS   on SIGTERM/SIGINT: how long in-flight requests and jobs may take to finish (default 25,
 *                              under the usual 30 s a platform waits before SIGKILL); then connections are cut.
 */
import { ConfigError, type Env, readEnv } from './env.ts';

export type LogFormat = 'text' | 'json';

export type OpsSettings = {
  logFormat: LogFormat;
  /** The separate metrics listener's port, or null for none. */
  metricsPort: number | null;
  /** The bearer token for /metrics on the main port, or null for none (the value is never logged). */
  metricsToken: string | null;
  shutdownTimeoutMs: number;
};

export const DEFAULT_SHUTDOWN_TIMEOUT_SECONDS = 25;
const MAX_SHUTDOWN_TIMEOUT_SECONDS = 600;
const MIN_METRICS_TOKEN_LENGTH = 16;
const MAX_METRICS_TOKEN_LENGTH = 256;

/** LOG_FORMAT alone: main.ts needs it before anything else is read, to print even a start failure in the right format. */
export function loadLogFormat(env: Env): LogFormat {
  const raw = readEnv(env, 'LOG_FORMAT');
  if (raw === undefined) return 'text';
  const format = raw.toLowerCase();
  if (format !== 'text' && format !== 'json') throw new ConfigError('LOG_FORMAT', `"${raw}" is not a log format: text (the default) or json.`);
  return format;
}

function metricsPort(env: Env): number | null {
  const raw = readEnv(env, 'METRICS_PORT');
  if (raw === undefined) return null;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) throw new ConfigError('METRICS_PORT', `"${raw}" is not a port number (0-65535).`);
  const port = Number(raw);
  const main = readEnv(env, 'PORT') ?? '3000';
  if (port !== 0 && String(port) === main) throw new ConfigError('METRICS_PORT', `is the same as PORT (${port}); the metrics listener needs a port of its own.`);
  return port;
}

function metricsToken(env: Env): string | null {
  const raw = readEnv(env, 'METRICS_TOKEN');
  if (raw === undefined) return null;
  // The token is never repeated in the message: only what is wrong with it.
  if (!/^[\x21-\x7e]+$/.test(raw)) throw new ConfigError('METRICS_TOKEN', 'must be printable ASCII without spaces.');
  if (raw.length < MIN_METRICS_TOKEN_LENGTH || raw.length > MAX_METRICS_TOKEN_LENGTH) {
    throw new ConfigError('METRICS_TOKEN', `must be ${MIN_METRICS_TOKEN_LENGTH} to ${MAX_METRICS_TOKEN_LENGTH} characters long (got ${raw.length}).`);
  }
  return raw;
}

function shutdownTimeoutMs(env: Env): number {
  const raw = readEnv(env, 'SHUTDOWN_TIMEOUT_SECONDS');
  if (raw === undefined) return DEFAULT_SHUTDOWN_TIMEOUT_SECONDS * 1000;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_SHUTDOWN_TIMEOUT_SECONDS) {
    throw new ConfigError('SHUTDOWN_TIMEOUT_SECONDS', `"${raw}" is not a whole number of seconds between 1 and ${MAX_SHUTDOWN_TIMEOUT_SECONDS}.`);
  }
  return Number(raw) * 1000;
}

export function loadOpsSettings(env: Env): OpsSettings {
  return { logFormat: loadLogFormat(env), metricsPort: metricsPort(env), metricsToken: metricsToken(env), shutdownTimeoutMs: shutdownTimeoutMs(env) };
}
