/**
 * Mail settings from the environment. SMTP_URL (smtp:// or smtps://user:pass@host:port) or SMTP_HOST with
 * SMTP_PORT, SMTP_USER, SMTP_PASS select SMTP delivery; SMTP_FROM is the sender (required with SMTP).
 * Nothing set: messages go to the outbox directory, outside production only. With NODE_ENV=production the outbox
 * stops the start naming SMTP_URL, with no opt-in: it would deliver no login code to anyone, and would keep every code
 * readable on the server's disk, where whoever reads it can sign in as that investor or staff member.
 * Messages never repeat a password.
 */
import { ConfigError, type Env, readEnv } from './env.ts';
import { isProduction } from './production-opt-in.ts';

export type SmtpSettings = {
  /** The SMTP_URL as given (holds the password), or null when the parts are configured separately. */
  url: string | null;
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  pass: string | null;
  from: string;
  /** host:port for the log, without credentials. */
  display: string;
};

export type MailSettings = { kind: 'smtp'; smtp: SmtpSettings } | { kind: 'outbox'; from: string };

export const OUTBOX_FROM = 'G2G Investor Portal <no-reply@g2g-portal.invalid>';

/** "Name <a@b.c>" or "a@b.c", one line. */
const FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

export function loadMailSettings(env: Env): MailSettings {
  const url = readEnv(env, 'SMTP_URL');
  const host = readEnv(env, 'SMTP_HOST');
  const from = readEnv(env, 'SMTP_FROM');
  if (from !== undefined && !FROM_PATTERN.test(from)) throw new ConfigError('SMTP_FROM', `"${from}" is not an address like "G2G Portal <no-reply@example.com>".`);
  if (url === undefined && host === undefined) {
    for (const name of ['SMTP_PORT', 'SMTP_USER', 'SMTP_PASS']) {
      if (readEnv(env, name) !== undefined) throw new ConfigError(name, 'is set but SMTP_HOST (or SMTP_URL) is not.');
    }
    if (isProduction(env)) {
      throw new ConfigError(
        'SMTP_URL',
        "(or SMTP_HOST with its parts) and SMTP_FROM are required when NODE_ENV=production: without them every login code would be written to DATA_DIR/outbox on this server's disk instead of reaching the investor.",
      );
    }
    return { kind: 'outbox', from: from ?? OUTBOX_FROM };
  }
  if (url !== undefined && host !== undefined) throw new ConfigError('SMTP_URL', 'and SMTP_HOST are both set; use one of them.');
  if (from === undefined) throw new ConfigError('SMTP_FROM', 'is required with SMTP (the sender address of the code emails).');

  if (url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError('SMTP_URL', 'is not a URL (expected smtp://user:password@host:587 or smtps://...:465).');
    }
    if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new ConfigError('SMTP_URL', `must start with smtp:// or smtps:// (got ${parsed.protocol}//).`);
    if (!parsed.hostname) throw new ConfigError('SMTP_URL', 'has no host.');
    const secure = parsed.protocol === 'smtps:';
    const port = parsed.port ? Number(parsed.port) : secure ? 465 : 587;
    return {
      kind: 'smtp',
      smtp: { url, host: parsed.hostname, port, secure, user: parsed.username || null, pass: null, from, display: `${parsed.hostname}:${port}` },
    };
  }

  const rawPort = readEnv(env, 'SMTP_PORT');
  if (rawPort !== undefined && (!/^\d+$/.test(rawPort) || Number(rawPort) < 1 || Number(rawPort) > 65535)) {
    throw new ConfigError('SMTP_PORT', `"${rawPort}" is not a whole number between 1 and 65535.`);
  }
  const port = rawPort === undefined ? 587 : Number(rawPort);
  if (/[\s/]/.test(host ?? '')) throw new ConfigError('SMTP_HOST', `"${host}" is not a host name or address.`);
  const user = readEnv(env, 'SMTP_USER') ?? null;
  const pass = env.SMTP_PASS === undefined || env.SMTP_PASS === '' ? null : env.SMTP_PASS;
  if ((user === null) !== (pass === null)) throw new ConfigError(user === null ? 'SMTP_USER' : 'SMTP_PASS', 'must be set together with ' + (user === null ? 'SMTP_PASS.' : 'SMTP_USER.'));
  return {
    kind: 'smtp',
    smtp: { url: null, host: host as string, port, secure: port === 465, user, pass, from, display: `${host}:${port}` },
  };
}
