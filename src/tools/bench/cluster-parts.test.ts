/**
 * The cluster bench's own parts that decide a verdict: the proxy rules (and that deploy/nginx.conf keeps the same
 * ones), which calls the journey may send again, the bucket-against-rows comparison, and the SMTP sink that hands the
 * login codes to the journeys (over real SMTP with nodemailer, as the portal sends them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { retryKind } from './journey-investor.ts';
import { MailSink } from './cluster-mail.ts';
import { nginxConf } from './cluster-nginx.ts';
import { BENCH_PREFIX, compareBucket } from './cluster-s3.ts';

/** The proxy directives of a configuration, one per line, trimmed (what both files must agree on). */
const proxyRules = (conf: string) =>
  conf
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^(proxy_|client_max_body_size|map |real_ip|set_real_ip)/.test(line) && !line.startsWith('proxy_pass'))
    // The bench's own: its temp paths, and realip for the bench standing in for the outer load balancer.
    .filter((line) => !/^(real_ip_header|set_real_ip_from)|_temp_path /.test(line));

/** A proxy_next_upstream directive that would let nginx re-send a POST (comments may name the word). */
const NON_IDEMPOTENT = /^\s*proxy_next_upstream\b[^;#]*non_idempotent/m;

describe('the bench nginx configuration', () => {
  const conf = nginxConf('/tmp/x', 8080, [
    { host: '127.0.0.1', port: 4001 },
    { host: '127.0.0.1', port: 4002 },
  ]);

  it('round-robins every upstream with passive health and retries only what nginx may retry', () => {
    expect(conf).toContain('server 127.0.0.1:4001 max_fails=1 fail_timeout=2s;');
    expect(conf).toContain('server 127.0.0.1:4002 max_fails=1 fail_timeout=2s;');
    expect(conf).toContain('proxy_next_upstream error timeout http_502 http_503;');
    // nginx's default (never re-send a POST once sent) must stay: no non_idempotent anywhere.
    expect(conf).not.toMatch(NON_IDEMPOTENT);
    expect(conf).not.toMatch(/^\s*keepalive\s/m);
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(conf).toContain('proxy_set_header X-Request-Id $g2g_request_id;');
    expect(conf).toContain('pid /tmp/x/nginx.pid;');
  });

  it('has the same proxy rules as deploy/nginx.conf', () => {
    const deployed = readFileSync(join(import.meta.dirname, '../../../deploy/nginx.conf'), 'utf8');
    expect(proxyRules(deployed)).toEqual(proxyRules(conf));
    expect(deployed).not.toMatch(NON_IDEMPOTENT);
  });

  it('names one upstream when given one (the one-instance run)', () => {
    const single = nginxConf('/tmp/x', 8080, [{ host: '127.0.0.1', port: 4001 }]);
    expect(single.match(/^\s*server 127/gm)).toHaveLength(1);
  });
});

describe('what the journey may send again', () => {
  it('repeats reads and the POSTs the server answers the same, never anything else', () => {
    expect(retryKind('GET', 'GET /api/kyc/status')).toBe('idempotent');
    expect(retryKind('POST', 'POST /api/auth/verify')).toBe('idempotent');
    expect(retryKind('POST', 'POST /api/legal/complete')).toBe('idempotent');
    expect(retryKind('POST', 'POST /api/payment/process')).toBe('idempotent');
    expect(retryKind('POST', 'POST /api/kyc/upload-document')).toBe('repeat');
    expect(retryKind('POST', 'POST /api/auth/logout')).toBe('never');
    expect(retryKind('POST', 'POST /api/anything/new')).toBe('never');
  });
});

describe('the bucket against the rows', () => {
  const at = new Date('2026-01-01T00:00:00Z');
  it('finds objects without a row, rows without an object, and keys outside the prefix', () => {
    const result = compareBucket(
      [
        { key: `${BENCH_PREFIX}a.pdf`, lastModified: at },
        { key: `${BENCH_PREFIX}orphan.pdf`, lastModified: at },
        { key: 'elsewhere/a.pdf', lastModified: at },
      ],
      new Set(['a.pdf', 'missing.png']),
    );
    expect(result.withoutRow.map((o) => o.key)).toEqual([`${BENCH_PREFIX}orphan.pdf`, 'elsewhere/a.pdf']);
    expect(result.withoutObject).toEqual(['missing.png']);
    expect(result).toMatchObject({ objects: 3, rows: 2 });
  });

  it('matches an identical bucket exactly', () => {
    const result = compareBucket([{ key: `${BENCH_PREFIX}a.pdf`, lastModified: at }], new Set(['a.pdf']));
    expect(result.withoutRow).toEqual([]);
    expect(result.withoutObject).toEqual([]);
  });
});

describe('the SMTP mail sink', () => {
  let sink: MailSink | null = null;
  afterEach(async () => {
    await sink?.stop();
    sink = null;
  });

  const send = (to: string, text: string, encoding?: 'quoted-printable' | 'base64') =>
    nodemailer
      .createTransport({ host: '127.0.0.1', port: (sink as MailSink).port, secure: false, ignoreTLS: true })
      .sendMail({ from: 'portal@example.com', to, subject: 'code', text, ...(encoding ? { textEncoding: encoding } : {}) });

  it('hands each address its codes oldest first, whoever waits first, and counts a code delivered twice', async () => {
    sink = await MailSink.start();
    const waiting = sink.code('late@example.com');
    await send('Late@Example.com', 'Your G2G investor portal code is 111111. It is valid for 10 minutes.');
    expect(await waiting).toBe('111111');
    await send('a@example.com', 'Your code is 222222.');
    await send('a@example.com', 'Your code is 333333.');
    await send('a@example.com', 'Your code is 333333.');
    expect(await sink.code('a@example.com')).toBe('222222');
    expect(await sink.code('a@example.com')).toBe('333333');
    expect(sink.unclaimed('a@example.com')).toBe(1);
    expect(sink.deliveries()).toEqual({ sent: 4, codeMails: 4, duplicates: 1 });
  });

  it('finds the code in a quoted-printable body split by soft line breaks', async () => {
    sink = await MailSink.start();
    await send('qp@example.com', `${'é'.repeat(80)} code is 444444.`, 'quoted-printable');
    expect(await sink.code('qp@example.com')).toBe('444444');
  });

  it('counts a mail without a code but hands nothing out for it', async () => {
    sink = await MailSink.start();
    await send('none@example.com', 'Your payment was received.');
    expect(sink.unclaimed('none@example.com')).toBe(0);
    expect(sink.deliveries()).toEqual({ sent: 1, codeMails: 0, duplicates: 0 });
  });

  it('rejects a waiting journey when stopped, so no worker hangs', async () => {
    sink = await MailSink.start();
    const waiting = sink.code('never@example.com');
    await sink.stop();
    sink = null;
    await expect(waiting).rejects.toThrow('mail sink stopped');
  });
});
