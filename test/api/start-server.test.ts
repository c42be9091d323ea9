/**
 * The real server: environment validation, the data-dir lock, production without PostgreSQL, settings overrides,
 * restart keeping data, and main.ts itself (bad PORT, SIGTERM). Uses real ports (0 = any free one).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, CodeChallenge } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import { tokensFor } from '../../src/shared/registration.ts';
import { DataDirLockedError, lockFilePath } from '../../src/server/config/data-dir-lock.ts';
import { ConfigError, loadConfig } from '../../src/server/config/env.ts';
import { jwtSecretPath } from '../../src/server/config/jwt-secret.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import { startServer, type RunningServer } from '../../src/server/start-server.ts';
import { individualPayload } from './harness.ts';
import { MailSink } from '../../src/tools/bench/cluster-mail.ts';
import { codeFromOutbox, readOutbox } from './support/outbox.ts';
import { freshPgliteDir, freshPostgresDatabase, freshTempDir } from './support/test-databases.ts';
import { FOUNDATION_PAYMENT_ENV } from './support/production-env.ts';

const MAIN = join(import.meta.dirname, '../../src/server/main.ts');

const configError = (run: () => unknown): ConfigError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/g2g');
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/g2g/data',
      databaseUrl: null,
      jwtSecret: null,
      tokenTtlSeconds: 7200,
      staffTokenTtlSeconds: 1800,
      settingsOverrides: {},
      contentDir: null,
      nodeEnv: 'development',
      trustedProxies: 0,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/g2g',
        DATABASE_URL: 'postgres://g2g:secret@db:5432/g2g',
        JWT_SECRET: 's'.repeat(32),
        TOKEN_TTL_SECONDS: '900',
        TOKEN_PRICE: '1.5',
        MIN_INVESTMENT: '5000',
        MAX_INVESTMENT: '250000',
        NODE_ENV: 'production',
        TRUST_PROXY: '2',
        DISCLOSURE_DIR: 'issuer/disclosure',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/g2g',
      databaseUrl: 'postgres://g2g:secret@db:5432/g2g',
      tokenTtlSeconds: 900,
      settingsOverrides: { tokenPrice: 1.5, minInvestment: 5000, maxInvestment: 250_000 },
      contentDir: { path: '/issuer/disclosure', variable: 'DISCLOSURE_DIR' },
      nodeEnv: 'production',
      trustedProxies: 2,
    });
    expect(config.jwtSecret?.byteLength).toBe(32);
  });

  it('stops on a bad value with a message naming the variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'abc' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ PORT: '-1' }, 'PORT'],
      [{ HOST: 'local host' }, 'HOST'],
      [{ DATABASE_URL: 'mysql://db/g2g' }, 'DATABASE_URL'],
      [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
      [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
      [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
      [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
      [{ TRUST_PROXY: '1.5' }, 'TRUST_PROXY'],
      [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET'],
      [{ TOKEN_TTL_SECONDS: '10' }, 'TOKEN_TTL_SECONDS'],
      [{ TOKEN_TTL_SECONDS: '1.5' }, 'TOKEN_TTL_SECONDS'],
      [{ TOKEN_PRICE: '0' }, 'TOKEN_PRICE'],
      [{ TOKEN_PRICE: '-0.85' }, 'TOKEN_PRICE'],
      [{ MIN_INVESTMENT: 'ten' }, 'MIN_INVESTMENT'],
      [{ MAX_INVESTMENT: '1e99' }, 'MAX_INVESTMENT'],
      [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    ];
    for (const [env, variable] of cases) {
      const error = configError(() => loadConfig(env));
      expect(error.variable, JSON.stringify(env)).toBe(variable);
      expect(error.message).toContain(`Invalid environment variable ${variable}`);
    }
  });

  it('never repeats a secret or a database password in its messages', () => {
    expect(configError(() => loadConfig({ JWT_SECRET: 'hunter2-secret' })).message).not.toContain('hunter2');
    expect(configError(() => loadConfig({ DATABASE_URL: 'mysql://u:pa55word@db/x' })).message).not.toContain('pa55word');
  });

  it('refuses production without DATABASE_URL', () => {
    const error = configError(() => loadConfig({ NODE_ENV: 'production' }));
    expect(error.variable).toBe('DATABASE_URL');
    expect(error.message).toMatch(/PGlite/);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/g2g' }).databaseUrl).toBe('postgresql://db/g2g');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', JWT_SECRET: '', TOKEN_PRICE: ' ' })).toMatchObject({ port: 3000, databaseUrl: null, jwtSecret: null, settingsOverrides: {} });
  });
});

describe('main.ts', () => {
  it('stops with status 1 and a message naming PORT when PORT is bad', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
      env: { PATH: process.env.PATH, PORT: 'abc', DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid environment variable PORT');
    expect(existsSync('/nonexistent/never-created')).toBe(false);
  });

  it('serves, logs its line, and on SIGTERM closes and releases the lock', async () => {
    const dir = await freshPgliteDir();
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir.root },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /G2G portal listening on .*\n/.exec(out);
          if (found) resolve(found[0].trim());
        });
        child.on('exit', () => reject(new Error(`main.ts exited before listening: ${stderr}`)));
      });
      expect(line).toMatch(new RegExp(`^G2G portal listening on http://localhost:\\d+ \\(data: ${dir.root}, database: pglite\\)$`));
      const port = /localhost:(\d+)/.exec(line)?.[1];
      const res = await fetch(`http://127.0.0.1:${port}/api/settings/investment-limits`);
      expect(await res.json()).toEqual({ tokenPrice: 0.85, minInvestment: 10_000, maxInvestment: 1_000_000 });
      expect(existsSync(lockFilePath(dir.root))).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(lockFilePath(dir.root))).toBe(false);
    } finally {
      await dir.remove();
    }
  });
});

describe('startServer on PGlite', () => {
  let dir: Awaited<ReturnType<typeof freshPgliteDir>>;
  const servers: RunningServer[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const log = createMemoryLog();
    const server = await startServer({ env, dataDir: dir.root, port: 0, host: '127.0.0.1', staticDir: null, log });
    servers.push(server);
    return { server, log };
  };
  const postJson = (url: string, body: unknown, token?: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });

  beforeAll(async () => {
    dir = await freshPgliteDir();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await dir.remove();
  });

  it('first start: migrates, seeds, applies overrides, locks the dir, keeps a 0600 secret; a second start refuses', async () => {
    const { server, log } = await start({ TOKEN_PRICE: '1.25' });
    expect(server.database).toBe('pglite');
    expect(log.entries.map((e) => e.message)).toContain(`G2G portal listening on http://localhost:${server.port} (data: ${dir.root}, database: pglite)`);
    const limits = await (await fetch(`${server.url}/api/settings/investment-limits`)).json();
    expect(limits).toEqual({ tokenPrice: 1.25, minInvestment: 10_000, maxInvestment: 1_000_000 });
    expect((await readFile(lockFilePath(dir.root), 'utf8')).split('\n')[0]).toBe(String(process.pid));
    expect(statSync(jwtSecretPath(dir.root)).mode & 0o777).toBe(0o600);

    const second = startServer({ dataDir: dir.root, port: 0, host: '127.0.0.1', staticDir: null, log: createMemoryLog() });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(/already using the data directory/);
    // The refused start did not take the lock from the running one.
    expect(existsSync(lockFilePath(dir.root))).toBe(true);

    const payload = individualPayload({ investmentAmount: 50_000, tokenQuantity: tokensFor(50_000, 1.25) });
    const requested = await postJson(`${server.url}/api/auth/register`, payload);
    expect(requested.status).toBe(202);
    const { challengeId } = (await requested.json()) as CodeChallenge;
    // The default mailer: one RFC 822 file per message in DATA_DIR/outbox, announced in the log.
    const code = await codeFromOutbox(dir.root, payload.email);
    const [mail] = await readOutbox(dir.root);
    expect(mail?.file).toMatch(/^\d{8}T\d{9}Z-[0-9a-f-]{36}\.eml$/);
    expect(mail?.headers).toMatchObject({ to: payload.email, subject: messages.emailCode.mailSubject, 'content-type': 'text/plain; charset=utf-8' });
    expect(mail?.headers.from).toMatch(/@/);
    expect(mail?.headers['message-id']).toMatch(/^<.+@.+>$/);
    expect(new Date(mail?.headers.date ?? '').getTime()).not.toBeNaN();
    expect(mail?.body).toContain(`Your G2G investor portal code is ${code}. It is valid for 10 minutes.`);
    expect(statSync(join(dir.root, 'outbox', mail?.file ?? '')).mode & 0o777).toBe(0o600);
    expect(log.entries.map((e) => e.message)).toContain(`No SMTP server configured: emails (login codes) are written to ${join(dir.root, 'outbox')}/<time>-<id>.eml`);
    expect(log.entries.map((e) => e.message).join('\n')).not.toContain(code);
    const registered = await postJson(`${server.url}/api/auth/verify`, { challengeId, code });
    expect(registered.status).toBe(200);
    await writeFile(join(dir.root, 'registered.json'), JSON.stringify({ payload, answer: await registered.json() }));
    await server.close();
    expect(existsSync(lockFilePath(dir.root))).toBe(false);
  });

  it('refuses overrides that break the limits, naming the variables, and releases what it took', async () => {
    const error = await start({ MIN_INVESTMENT: '2000000' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('MIN_INVESTMENT');
    expect((error as ConfigError).message).toContain(messages.settings.invalid);
    expect(existsSync(lockFilePath(dir.root))).toBe(false);
  });

  it('a restart (over a stale lock of a dead process) keeps investors, sessions and settings', async () => {
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(lockFilePath(dir.root), `${deadPid}\nstale\n`);
    const { server } = await start();
    const { payload, answer } = JSON.parse(await readFile(join(dir.root, 'registered.json'), 'utf8')) as { payload: { email: string; walletAddress: string }; answer: AuthResponse };

    const details = await fetch(`${server.url}/api/user-details/status`, { headers: { authorization: `Bearer ${answer.token}` } });
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({ email: payload.email, walletAddress: payload.walletAddress, investmentAmount: 50_000, tokenQuantity: 40_000 });

    const login = await postJson(`${server.url}/api/auth/login`, { email: payload.email });
    expect(login.status).toBe(202);
    const { challengeId } = (await login.json()) as CodeChallenge;
    const code = await codeFromOutbox(dir.root, payload.email, 2);
    const verified = await postJson(`${server.url}/api/auth/verify`, { challengeId, code });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as AuthResponse).user).toEqual(answer.user);
    // The override written by the first start stays until changed.
    expect(await (await fetch(`${server.url}/api/settings/investment-limits`)).json()).toMatchObject({ tokenPrice: 1.25 });
    expect((await readFile(lockFilePath(dir.root), 'utf8')).split('\n')[0]).toBe(String(process.pid));
    await server.close();
  });

  it('refuses to start in production without DATABASE_URL, before touching the data dir', async () => {
    const empty = await freshTempDir();
    try {
      const attempt = startServer({ env: { NODE_ENV: 'production' }, dataDir: join(empty.root, 'data'), port: 0, staticDir: null, log: createMemoryLog() });
      await expect(attempt).rejects.toBeInstanceOf(ConfigError);
      await expect(attempt).rejects.toThrow(/DATABASE_URL/);
      expect(existsSync(join(empty.root, 'data'))).toBe(false);
    } finally {
      await empty.remove();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('startServer on PostgreSQL', () => {
  it('runs in production mode with DATABASE_URL, takes no PGlite lock, and keeps data across restarts', async () => {
    const database = await freshPostgresDatabase();
    const dir = await freshTempDir();
    // Production mails through SMTP (the outbox stops a production start): a local sink receives the code.
    const mail = await MailSink.start();
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      JWT_SECRET: 'a-production-secret-of-at-least-32-bytes',
      ...FOUNDATION_PAYMENT_ENV,
      SMTP_URL: mail.url,
      SMTP_FROM: 'G2G Portal <no-reply@portal.example>',
      // No sealing certificate here: the self-signed stand-in, opted into.
      SEALING_ALLOW_SELF_SIGNED: 'true',
    };
    try {
      const first = await startServer({ env, dataDir: dir.root, port: 0, host: '127.0.0.1', staticDir: null, log: createMemoryLog() });
      expect(first.database).toBe('postgres');
      expect(existsSync(lockFilePath(dir.root))).toBe(false);
      expect(existsSync(jwtSecretPath(dir.root))).toBe(false);
      const payload = individualPayload();
      const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const { challengeId } = (await (await post(`${first.url}/api/auth/register`, payload)).json()) as CodeChallenge;
      const code = await mail.code(payload.email, 20_000);
      const registered = (await (await post(`${first.url}/api/auth/verify`, { challengeId, code })).json()) as AuthResponse;
      // A second instance on the same database (as behind a load balancer) accepts the same token.
      const second = await startServer({ env, dataDir: dir.root, port: 0, host: '127.0.0.1', staticDir: null, log: createMemoryLog() });
      const res = await fetch(`${second.url}/api/payment/status`, { headers: { authorization: `Bearer ${registered.token}` } });
      expect(res.status).toBe(200);
      await first.close();
      await second.close();
    } finally {
      await mail.stop();
      await dir.remove();
      await database.drop();
    }
  });
});
