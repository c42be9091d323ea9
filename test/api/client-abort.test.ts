/**
 * A client that goes away before its body is complete (a closed tab, a dropped link) is no fault of the server's:
 * one info line naming the call, no stack, no error, and the server goes on serving. Over real sockets, since only
 * a real connection can break off (startServer, both databases). Uploads that break off: kyc-refusals.test.ts.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKycServer, type KycServer } from './support/kyc-server.ts';
import { serverBackends } from './support/test-databases.ts';

/** Writes `head` and part of a body on a raw connection, then closes it without waiting for an answer. */
function breakOff(kyc: KycServer, head: string, part: string): Promise<void> {
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
      expect(kyc.log.entries).toEqual(cases.map(([path]) => ({ level: 'info', message: 'Request aborted by the client', fields: { method: 'POST', path } })));
      expect(JSON.stringify(kyc.log.entries)).not.toMatch(/\bat \S+ \(|node:internal|_http_server/);
      expect((await kyc.call('/api/kyc/status')).status).toBe(200);
    });
  });
}
