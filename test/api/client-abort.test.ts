/**
 * A client that goes away before its body is complete (a closed tab, a dropped link) is no fault of the server's:
 * one info line naming the call by its route pattern (never the path it was sent to, which the client wrote), no
 * stack, no error, and the server goes on serving. Over real sockets, since only a real connection can break off
 * (startServer, both databases). Uploads that break off: kyc-refusals.test.ts.
 */
import { connect } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { createConsoleLog, createMemoryLog, type Log } from '../../src/server/log.ts';
import { startServer } from '../../src/server/start-server.ts';
import { TEST_JWT_SECRET } from './harness.ts';
import { startKycServer, type KycServer } from './support/kyc-server.ts';
import { createStaff } from './support/staff.ts';
import { serverBackends, type ServerBackend } from './support/test-databases.ts';

/** Writes `head` and part of a body on a raw connection, then closes it without waiting for an answer. */
function breakOff(kyc: { server: { port: number } }, head: string, part: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(kyc.server.port, '127.0.0.1', () => {
      socket.write(head + part, () => setTimeout(() => socket.destroy(), 50));
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

const headers = (path: string, extra: string, token = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${token ? `Authorization: Bearer ${token}\r\n` : ''}${extra}\r\n`;

for (const backend of serverBackends()) {
  describe(`a client going away mid-body [${backend.name}]`, () => {
    let kyc: KycServer;
    beforeAll(async () => {
      kyc = await startKycServer(backend);
    });
    afterAll(async () => {
      await kyc?.close();
    });

    it('is logged as one info line without a stack, never as an error', async () => {
      const token = await kyc.investor();
      const cases: [string, string, string][] = [
        ['/api/auth/login', 'Content-Length: 100\r\n', '{"email":"ada@'],
        ['/api/auth/login', 'Transfer-Encoding: chunked\r\n', '5\r\n{"ema\r\n'],
        ['/api/auth/register', 'Content-Length: 4000\r\n', '{"email":"ada@example.com","fullName":"Ada'],
        ['/api/disclosure/save-progress', 'Content-Length: 100\r\n', '{"sectionProgress":{'],
        ['/api/kyc/save-step', 'Transfer-Encoding: chunked\r\n', '4\r\n{"st\r\n'],
      ];
      kyc.log.entries.length = 0;
      for (const [path, extra, part] of cases) await breakOff(kyc, headers(path, extra, token), part);
      await expect.poll(() => kyc.log.entries.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(cases.length);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(kyc.log.entries).toEqual(cases.map(([route]) => ({ level: 'info', message: 'Request aborted by the client', fields: { method: 'POST', route } })));
      expect(JSON.stringify(kyc.log.entries)).not.toMatch(/\bat \S+ \(|node:internal|_http_server/);
      expect((await kyc.call('/api/kyc/status')).status).toBe(200);
    });
  });

  describe(`a client going away mid-body on a path it forged [${backend.name}]`, () => {
    it('is logged with the route pattern, never the decoded path: no forged line in either format', { timeout: 60_000 }, async () => {
      const server = await startStaffServer(backend);
      try {
        const forged = '/api/admin/payments/x%0A%5Berror%5D%20FORGED%1B%5B2K/receipts';
        await breakOff(server, headers(forged, 'Content-Length: 100\r\n', server.token), '{"requestId":"');
        await expect.poll(() => server.memory.entries.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(server.memory.entries).toEqual([{ level: 'info', message: 'Request aborted by the client', fields: { method: 'POST', route: '/api/admin/payments/:paymentId/receipts' } }]);
        const text = server.text();
        expect(text).not.toContain('FORGED');
        expect(text.split('\n').filter(Boolean)).toEqual([expect.stringMatching(/^Request aborted by the client method=POST route=\/api\/admin\/payments\/:paymentId\/receipts requestId=\S+$/)]);
      } finally {
        await server.close();
      }
    });
  });
}

/**
 * A real server whose JWT_SECRET is the tests' one, and a finance member signed in on its database (made before the
 * start: PGlite has one user at a time). Logs to memory and, from the start on, as LOG_FORMAT=text lines.
 */
async function startStaffServer(backend: ServerBackend) {
  const setup = await backend.setup();
  try {
    const database = await openDatabase(setup.env.DATABASE_URL ? { kind: 'postgres', url: setup.env.DATABASE_URL } : { kind: 'pglite', dataDir: join(setup.dataDir, 'pglite') });
    let token: string;
    try {
      ({ token } = await createStaff({ database, clock: { now: () => new Date() } }, ['finance']));
    } finally {
      await database.close();
    }
    const memory = createMemoryLog();
    const out = new PassThrough();
    const chunks: string[] = [];
    let listening = false;
    out.on('data', (chunk: Buffer) => listening && chunks.push(chunk.toString('utf8')));
    const textLog = createConsoleLog(out, out);
    const both = (level: keyof Log) => (message: string, fields?: Record<string, unknown>) => listening && (memory[level](message, fields), textLog[level](message, fields));
    const log: Log = { info: both('info'), warn: both('warn'), error: both('error') };
    const env = { ...setup.env, JWT_SECRET: new TextDecoder().decode(TEST_JWT_SECRET), CRYPTO_PRICE_API_URL: 'off' };
    const server = await startServer({ env, dataDir: setup.dataDir, port: 0, host: '127.0.0.1', staticDir: null, log });
    listening = true;
    // The start checks the audit chain in the background after listening and logs its answer: the lines a test reads
    // begin after it.
    await expect.poll(() => memory.entries.some((entry) => /^The audit (chain|trail)/.test(entry.message)), { timeout: 20_000 }).toBe(true);
    memory.entries.length = 0;
    chunks.length = 0;
    return {
      server,
      token,
      memory,
      text: () => chunks.join(''),
      close: async () => {
        listening = false;
        await server.close();
        await setup.cleanup();
      },
    };
  } catch (error) {
    await setup.cleanup();
    throw error;
  }
}
