/**
 * Request ids and the access log: the proxy's X-Request-Id kept only when proxies are trusted and it is a plain
 * token, every line logged inside a request carrying it, one access line per request with the route PATTERN (never
 * the path's ids or the query's codes), and the JSON line format itself.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { OpsOptions } from '../../src/server/app.ts';
import { chooseRequestId } from '../../src/server/http/request-id.ts';
import { createConsoleLog, createJsonLog, createMemoryLog, describeError, requestScope } from '../../src/server/log.ts';
import { forEachDatabase } from './harness.ts';
import { opsApp } from './support/ops-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;


/** Lines written to a JSON log, parsed. */
function jsonLines() {
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return {
    log: createJsonLog(out, () => new Date('2026-11-25T08:00:00.000Z')),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    raw: () => chunks.join(''),
  };
}

describe('chooseRequestId', () => {
  it('keeps a well-formed id only behind a trusted proxy', () => {
    expect(chooseRequestId('abc-123_x.y:z', 1)).toBe('abc-123_x.y:z');
    expect(chooseRequestId('abc-123', 0)).toMatch(UUID);
    expect(chooseRequestId(undefined, 1)).toMatch(UUID);
    expect(chooseRequestId('a'.repeat(128), 1)).toBe('a'.repeat(128));
  });

  it('replaces anything odd, huge or empty', () => {
    const hostile = ['', ' ', 'a'.repeat(129), 'x'.repeat(100_000), 'id with space', 'id\ttab', 'ï»¿bom', 'Ã©tÃ©', '../../etc/passwd', 'a/b', 'a"b', '{"json":1}', 'a\\b', '<script>', 'a,b', 'a=b'];
    for (const header of hostile) {
      const id = chooseRequestId(header, 1);
      expect(id, JSON.stringify(header.slice(0, 20))).toMatch(UUID);
      expect(id).not.toBe(header);
    }
  });
});

describe('createJsonLog', () => {
  it('writes one object per line: time, level, msg, the fields, the request id inside a request', () => {
    const { log, lines } = jsonLines();
    log.info('outside', { count: 2 });
    requestScope.run({ requestId: 'req-1' }, () => log.warn('inside', { user: 'u1' }));
    log.error('failed', { error: new Error('boom') });
    const [outside, inside, failed] = lines();
    expect(outside).toEqual({ time: '2026-11-25T08:00:00.000Z', level: 'info', msg: 'outside', count: 2 });
    expect(inside).toEqual({ time: '2026-11-25T08:00:00.000Z', level: 'warn', msg: 'inside', requestId: 'req-1', user: 'u1' });
    expect(failed).toMatchObject({ level: 'error', msg: 'failed' });
    expect(failed!.error).toMatch(/^Error: boom\n\s+at /);
  });

  it('never lets a field replace time, level, msg or the request id', () => {
    const { log, lines } = jsonLines();
    requestScope.run({ requestId: 'real' }, () => log.info('m', { time: 'forged', level: 'error', msg: 'forged', requestId: 'forged' }));
    expect(lines()[0]).toEqual({
      time: '2026-11-25T08:00:00.000Z',
      level: 'info',
      msg: 'm',
      requestId: 'real',
      'field.time': 'forged',
      'field.level': 'error',
      'field.msg': 'forged',
      'field.requestId': 'forged',
    });
  });

  it('keeps a message with newlines on one line, and survives bigints and cycles', () => {
    const { log, lines, raw } = jsonLines();
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    log.info('two\nlines', { big: 10n ** 20n });
    log.info('cyclic', { cycle });
    expect(raw().split('\n').filter(Boolean)).toHaveLength(2);
    expect(lines()[0]).toMatchObject({ msg: 'two\nlines', big: '100000000000000000000' });
    expect(lines()[1]).toMatchObject({ msg: 'cyclic' });
    expect(lines()[1]!.fields).toBe('cycle=[not serialisable]');
  });

  it('keeps describeError’s rule: a failed query’s parameters stay out', () => {
    const { log, raw } = jsonLines();
    const error = Object.assign(new Error('Failed query: select * from users where email = $1\nparams: ada@example.com'), { params: ['ada@example.com'] });
    log.error('query failed', { error });
    expect(raw()).not.toContain('ada@example.com');
    expect(raw()).toContain('select * from users');
    expect(describeError(error)).not.toContain('ada@example.com');
  });
});

describe('createConsoleLog (LOG_FORMAT=text)', () => {
  const textLines = () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    return { log: createConsoleLog(out, out), raw: () => chunks.join('') };
  };

  it('writes one line per entry: controls in the message, field names, values and errors escaped, never a forged line', () => {
    const { log, raw } = textLines();
    log.info('aborted at /x\n[error] FORGED', { path: '/a\r\n[error] FORGED\u001b[2K', 'k\ney': 'v\u0085w\u2028x\u2029y', bidi: 'abc\u202edef', tab: 'a\tb', nul: 'a\u0000b', lone: 'a\ud800b' });
    log.error('failed', { error: new Error('boom\n[error] FORGED') });
    requestScope.run({ requestId: 'req-9' }, () => log.warn('two\nlines'));
    const lines = raw().split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(3);
    expect(lines.filter((line) => /^\[error\] FORGED/.test(line))).toEqual([]);
    expect(lines[0]).toBe(
      'aborted at /x\\n[error] FORGED path=/a\\r\\n[error] FORGED\\u001b[2K k\\ney=v\\u0085w\\u2028x\\u2029y bidi=abc\\u202edef tab=a\\tb nul=a\\u0000b lone=a\\ud800b',
    );
    expect(lines[1]).toMatch(/^\[error\] failed error=Error: boom\\n\[error\] FORGED\\n {4}at /);
    expect(lines[2]).toBe('[warn] two\\nlines requestId=req-9');
    expect(raw()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202e]/);
  });

  it('leaves printable text alone: accents, emoji, quotes, backslashes', () => {
    const { log, raw } = textLines();
    log.info('Zoë 😀 "quoted" \\ back', { name: 'Åsa 👩🏽‍💻', n: 1 });
    expect(raw()).toBe('Zoë 😀 "quoted" \\ back name=Åsa 👩🏽‍💻 n=1\n');
  });
});

forEachDatabase('request ids and the access log', (t) => {
  it('generates an id per request and echoes it', async () => {
    const app = opsApp(t, createMemoryLog(), {});
    const [a, b] = [await app.request('/healthz'), await app.request('/api/nothing-here')];
    expect(a.headers.get('x-request-id')).toMatch(UUID);
    expect(b.status).toBe(404);
    expect(b.headers.get('x-request-id')).toMatch(UUID);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('takes the proxy’s id behind a trusted proxy, and ignores a client’s own otherwise', async () => {
    const trusting = opsApp(t, createMemoryLog(), {}, { trustedProxies: 1 });
    const direct = opsApp(t, createMemoryLog(), {});
    const res = await trusting.request('/healthz', { headers: { 'x-request-id': 'edge-7f3a:1' } });
    expect(res.headers.get('x-request-id')).toBe('edge-7f3a:1');
    const ignored = await direct.request('/healthz', { headers: { 'x-request-id': 'edge-7f3a:1' } });
    expect(ignored.headers.get('x-request-id')).toMatch(UUID);
  });

  it('replaces a huge or odd id instead of echoing it', async () => {
    const app = opsApp(t, createMemoryLog(), {}, { trustedProxies: 1 });
    for (const header of ['x'.repeat(64 * 1024), 'Ã©tÃ©-\u00ff', 'a b', '"quoted"', 'a'.repeat(129)]) {
      const res = await app.request('/healthz', { headers: { 'x-request-id': header } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('puts the id on every line logged inside the request, and one access line with the route pattern', async () => {
    const log = createMemoryLog({ withRequestIds: true });
    const failing: OpsOptions['readinessChecks'] = { database: async () => undefined, storage: async () => Promise.reject(new Error('disk gone')) };
    const app = opsApp(t, log, { accessLog: log, readinessChecks: failing }, { trustedProxies: 1 });
    const res = await app.request('/readyz', { headers: { 'x-request-id': 'probe-1' } });
    expect(res.status).toBe(503);
    const mine = log.entries.filter((entry) => entry.requestId === 'probe-1');
    expect(mine.map((entry) => entry.message)).toEqual(['Readiness check failed', 'request']);
    expect(mine[1]!.fields).toMatchObject({ method: 'GET', route: '/readyz', status: 503 });
    expect(typeof mine[1]!.fields!.ms).toBe('number');
  });

  it('logs route patterns, never ids from the path or codes from the query', async () => {
    const log = createMemoryLog();
    const app = opsApp(t, log, { accessLog: log });
    const userId = '5d1c2f0e-7b7e-4c55-9d7a-1f0c3e9b8a11';
    await app.request(`/api/admin/kyc/cases/${userId}?code=987654&token=secret-token-value`);
    await app.request('/api/auth/verify?code=123456', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"challengeId":"x","code":"123456"}' });
    await app.request('/no/such/page?session=abc');
    const access = log.entries.filter((entry) => entry.message === 'request');
    expect(access.map((entry) => entry.fields?.route)).toEqual(['/api/admin/kyc/cases/:userId', '/api/auth/verify', '/*']);
    const text = JSON.stringify(log.entries);
    for (const secret of [userId, '987654', 'secret-token-value', '123456', 'session=abc', '/no/such/page']) expect(text).not.toContain(secret);
  });

  it('writes nothing when no access log is given (tests keep their logs to assert on)', async () => {
    const log = createMemoryLog();
    const app = opsApp(t, log, {});
    await app.request('/healthz');
    expect(log.entries).toEqual([]);
  });
});
