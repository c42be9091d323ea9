/**
 * Graceful shutdown of a real server (startServer, port 0): close() stops accepting at once, lets a request in flight
 * finish (its answer says Connection: close, the draining flag readyz reads), drops idle keep-alive connections, and
 * resolves; a request that never finishes is cut at SHUTDOWN_TIMEOUT_SECONDS and close() still resolves.
 * A request is held in flight by sending its headers with `Expect: 100-continue`: Node answers "100 Continue" once
 * the request is being handled, and the body follows when the test says so. No sleeps: every step awaits an event.
 */
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLog } from '../../src/server/log.ts';
import { startServer, type RunningServer } from '../../src/server/start-server.ts';
import { freshPgliteDir, serverBackends } from './support/test-databases.ts';

const MAIN = join(import.meta.dirname, '../../src/server/main.ts');

type Raw = { socket: Socket; text(): string; waitFor(pattern: RegExp): Promise<string>; ended: Promise<void> };

/** A raw HTTP/1.1 connection whose bytes the test writes itself. */
function rawConnection(port: number): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const waiters: { pattern: RegExp; resolve: (text: string) => void; reject: (error: Error) => void }[] = [];
    const settle = () => {
      for (const waiter of [...waiters]) {
        if (waiter.pattern.test(received)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(received);
        }
      }
    };
    const ended = new Promise<void>((done) =>
      socket.on('close', () => {
        for (const waiter of waiters.splice(0)) waiter.reject(new Error(`connection closed before ${waiter.pattern} arrived; got: ${received}`));
        done();
      }),
    );
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      settle();
    });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => undefined); // a reset shows as 'close'
      resolve({
        socket,
        text: () => received,
        waitFor: (pattern) =>
          new Promise((res, rej) => {
            waiters.push({ pattern, resolve: res, reject: rej });
            settle();
          }),
        ended,
      });
    });
  });
}

const refused = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

const LOGIN_BODY = JSON.stringify({ email: 'drain.test@example.com' });
const slowLoginHeaders = (port: number) =>
  [
    'POST /api/auth/login HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(LOGIN_BODY)}`,
    'Expect: 100-continue',
    '',
    '',
  ].join('\r\n');

for (const backend of serverBackends()) {
  describe(`graceful shutdown [${backend.name}]`, () => {
    let server: RunningServer | null = null;
    let cleanup: (() => Promise<void>) | null = null;
    afterEach(async () => {
      await server?.close();
      await cleanup?.();
      server = null;
      cleanup = null;
    });

    const start = async (env: Record<string, string> = {}) => {
      const setup = await backend.setup();
      cleanup = setup.cleanup;
      const log = createMemoryLog();
      server = await startServer({ env: { ...setup.env, ...env }, port: 0, host: '127.0.0.1', dataDir: setup.dataDir, staticDir: null, pgliteTemplateDir: null, log });
      return { server, log };
    };

    it('stops accepting at once, finishes the request in flight with Connection: close, drops idle keep-alives, then resolves', async () => {
      const { server: running } = await start();
      // An idle keep-alive connection (one answered request on it) and one request in flight.
      const idle = await rawConnection(running.port);
      idle.socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`);
      await idle.waitFor(/\r\n\r\n\{"status":"ok"\}/);
      const busy = await rawConnection(running.port);
      busy.socket.write(slowLoginHeaders(running.port));
      await busy.waitFor(/^HTTP\/1\.1 100 Continue\r\n\r\n/);

      let closed = false;
      const closing = running.close().then(() => (closed = true));
      expect(await refused(running.port)).toBe('ECONNREFUSED');
      await idle.ended; // closed by the server, not by us
      expect(closed).toBe(false);

      busy.socket.write(LOGIN_BODY);
      const answer = await busy.waitFor(/HTTP\/1\.1 202[\s\S]*\r\n\r\n\{[^}]*\}$/);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer).toMatch(/"challengeId":"[0-9a-f-]{36}"/);
      await busy.ended;
      await closing;
      expect(closed).toBe(true);
    });

    it('cuts a request that never finishes at SHUTDOWN_TIMEOUT_SECONDS, and close() still resolves', async () => {
      const { server: running, log } = await start({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
      const stuck = await rawConnection(running.port);
      stuck.socket.write(slowLoginHeaders(running.port));
      await stuck.waitFor(/100 Continue/);
      stuck.socket.write(LOGIN_BODY.slice(0, 5)); // and never the rest
      const started = performance.now();
      await running.close();
      const took = performance.now() - started;
      await stuck.ended;
      expect(took).toBeGreaterThanOrEqual(950);
      expect(took).toBeLessThan(5_000);
      expect(stuck.text()).not.toMatch(/HTTP\/1\.1 2\d\d/);
      expect(log.entries.some((e) => e.level === 'warn' && /shutdown timeout/.test(e.message))).toBe(true);
    });
  });
}

describe('main.ts with LOG_FORMAT=json', () => {
  it('writes JSON lines (the access line with the proxy’s request id, no query) and exits 0 on SIGTERM', async () => {
    const dir = await freshPgliteDir();
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir.root, LOG_FORMAT: 'json', TRUST_PROXY: '1', SHUTDOWN_TIMEOUT_SECONDS: '5' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      let out = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const lines = () => out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
      const waiters: { test: (line: Record<string, unknown>) => boolean; resolve: (line: Record<string, unknown>) => void }[] = [];
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (!out.endsWith('\n')) return;
        for (const waiter of [...waiters]) {
          const found = lines().find(waiter.test);
          if (found) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(found);
          }
        }
      });
      const lineWhere = (test: (line: Record<string, unknown>) => boolean) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          waiters.push({ test, resolve });
          child.once('exit', () => reject(new Error(`main.ts exited first: ${stderr}`)));
        });

      const listening = await lineWhere((line) => String(line.msg).startsWith('G2G portal listening'));
      expect(listening).toMatchObject({ level: 'info' });
      expect(Date.parse(String(listening.time))).not.toBeNaN();
      const port = /localhost:(\d+)/.exec(String(listening.msg))?.[1];
      const res = await fetch(`http://127.0.0.1:${port}/readyz?token=secret-in-query`, { headers: { 'x-request-id': 'edge-42' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe('edge-42');
      const access = await lineWhere((line) => line.msg === 'request');
      expect(access).toMatchObject({ level: 'info', requestId: 'edge-42', method: 'GET', route: '/readyz', status: 200 });
      expect(out).not.toContain('secret-in-query');

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(lines().some((line) => line.msg === 'Received SIGTERM, shutting down')).toBe(true);
      expect(stderr).toBe('');
    } finally {
      await dir.remove();
    }
  });
});
