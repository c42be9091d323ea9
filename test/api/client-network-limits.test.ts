/**
 * Issue 26, fault 9: every per-client limit counts an IPv6 client by its /64 (one subscriber holds a whole /64 and
 * could otherwise be 2^64 clients), as /verify's document checks already did, and counts the notations of one
 * address as one client (brackets, a port, IPv4-mapped IPv6, zero-compressed or written out). IPv4 clients are
 * counted per address, as before.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema/index.ts';
import { REQUESTS_PER_CLIENT, VERIFY_PER_CLIENT, addressClientKey, clientKey } from '../../src/server/domain/attempt-counters.ts';
import { staffRequestClientKey, staffVerifyClientKey } from '../../src/server/domain/admin/sign-in-steps.ts';
import { documentCheckKey } from '../../src/server/domain/verify/admit-document-check.ts';
import { MAX_LIVE_PER_CLIENT } from '../../src/server/domain/issue-email-challenge.ts';
import { forEachDatabase, individualPayload, uniqueEmail, type ApiTest } from './harness.ts';
import { challengeOf, otherThan } from './support/codes.ts';

const LIMIT = REQUESTS_PER_CLIENT.free;

/** A login code request through one trusted proxy (10.0.0.5) for the client it names in X-Forwarded-For. */
const loginBehindProxy = (app: ReturnType<ApiTest['makeApp']>, label: string) => (forwarded: string) =>
  app.request(
    '/api/auth/login',
    { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded }, body: JSON.stringify({ email: uniqueEmail(label) }) },
    { incoming: { socket: { remoteAddress: '10.0.0.5' } } },
  );

forEachDatabase('per-client limits by IPv6 /64 (issue 26, fault 9)', (t) => {
  const login = (ip: string, headers: Record<string, string> = {}, label = 'v6') => t.postFrom(ip, '/api/auth/login', { email: uniqueEmail(label) }, headers);
  const staffCode = (ip: string) => t.postFrom(ip, '/api/admin/auth/code', { email: uniqueEmail('staff') });

  it('70 logins from 70 addresses of one /64 are limited like 70 from one address (from the 61st)', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 70; i++) statuses.push((await login(`2001:db8:26:9:${i.toString(16)}:0:0:1`)).status);
    expect(statuses.slice(0, LIMIT).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual(Array(70 - LIMIT).fill(429));
    // Another /64 of the same /48 is another client.
    expect((await login('2001:db8:26:a::1')).status).toBe(202);
  });

  it('one address is one client however it is written (bracketed with a port, written out, compressed)', async () => {
    const viaProxy = loginBehindProxy(t.makeApp({ trustedProxies: 1 }), 'notation');
    const notations = ['2001:db8:26:b::7', '[2001:db8:26:b::7]:443', '2001:0DB8:0026:000B:0000:0000:0000:0007', '[2001:db8:26:b:0:0:0:7]', '2001:db8:26:b:0::7'];
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await viaProxy(notations[i % notations.length]!)).status);
    expect(statuses.slice(0, LIMIT).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
    // The audit trail records the address once normalised, whatever the notation.
    const events = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, 'auth.login.code_requested'));
    const ours = events.filter((e) => String(e.detail.email).startsWith('notation.'));
    expect(new Set(ours.map((e) => e.ip))).toEqual(new Set(['2001:db8:26:b::7']));
  });

  it('an IPv4 client is one client whether written plain, IPv4-mapped or with a port', async () => {
    const viaProxy = loginBehindProxy(t.makeApp({ trustedProxies: 1 }), 'mapped');
    const notations = ['198.51.100.26', '::ffff:198.51.100.26', '198.51.100.26:51234', '[::ffff:198.51.100.26]:443', '::FFFF:c633:641a'];
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await viaProxy(notations[i % notations.length]!)).status);
    expect(statuses.slice(0, LIMIT).every((s) => s === 202)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });

  it('IPv4 is unaffected: 70 addresses of one /24 are 70 clients, each with its own limit', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 70; i++) statuses.push((await login(`203.0.113.${i}`, {}, 'v4')).status);
    expect(statuses.every((s) => s === 202)).toBe(true);
    // The socket's IPv4-mapped form (a dual-stack listener) is the same client as the plain address.
    const mapped: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) mapped.push((await login(i % 2 ? '::ffff:203.0.113.200' : '203.0.113.200', {}, 'v4m')).status);
    expect(mapped.slice(0, LIMIT).every((s) => s === 202)).toBe(true);
    expect(mapped[LIMIT]).toBe(429);
  });

  it('staff code requests are limited per /64 too', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 2; i++) statuses.push((await staffCode(`2001:db8:26:c:${i.toString(16)}::`)).status);
    expect(statuses.slice(0, LIMIT).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  });

  it('wrong codes are counted per /64: the client limit blocks the whole /64', async () => {
    const statuses: number[] = [];
    // Unknown challenges count against the client only (VERIFY_PER_CLIENT: 20 free, then a delay).
    for (let i = 1; i <= VERIFY_PER_CLIENT.free + 1; i++) {
      statuses.push((await t.postFrom(`2001:db8:26:d:${i.toString(16)}::1`, '/api/auth/verify', { challengeId: crypto.randomUUID(), code: '000000' })).status);
    }
    expect(statuses.slice(0, VERIFY_PER_CLIENT.free).every((s) => s !== 429)).toBe(true);
    expect(statuses[VERIFY_PER_CLIENT.free]).toBe(429);
  });

  it('a /64 keeps at most 3 live challenges per address, whichever of its addresses asked', async () => {
    const email = uniqueEmail('room');
    for (let i = 1; i <= 5; i++) expect((await t.postFrom(`2001:db8:26:e::${i}`, '/api/auth/login', { email })).status).toBe(202);
    const rows = await t.database.db.select().from(schema.emailChallenges).where(eq(schema.emailChallenges.email, email));
    expect(rows.filter((r) => r.supersededAt === null)).toHaveLength(MAX_LIVE_PER_CLIENT);
    // Another /64 keeps its own.
    expect((await t.postFrom('2001:db8:26:f::1', '/api/auth/login', { email })).status).toBe(202);
    const after = await t.database.db.select().from(schema.emailChallenges).where(eq(schema.emailChallenges.email, email));
    expect(after.filter((r) => r.supersededAt === null)).toHaveLength(MAX_LIVE_PER_CLIENT + 1);
  });

  it('a known client is the /64 the investor signed in from: over the ceiling, another of its addresses still signs in', async () => {
    const payload = individualPayload();
    const registered = await challengeOf(t.postFrom('2001:db8:26:10::1', '/api/auth/register', payload));
    expect((await t.postFrom('2001:db8:26:10::1', '/api/auth/verify', { challengeId: registered.challengeId, code: t.mailer.latestCode(payload.email) })).status).toBe(200);
    t.clock.advance(10 * 60_000);
    // Rotating IPv4 clients push the address over its ceiling.
    for (let i = 0; i < 8; i++) {
      const ip = `192.0.2.${100 + i}`;
      const { challengeId } = await challengeOf(t.postFrom(ip, '/api/auth/login', { email: payload.email }));
      for (let k = 0; k < 4; k++) await t.postFrom(ip, '/api/auth/verify', { challengeId, code: otherThan(t.mailer.latestCode(payload.email)) });
    }
    // A stranger's /64 is refused even the right code; the investor's privacy address of the next day is not.
    const stranger = await challengeOf(t.postFrom('2001:db8:26:11::1', '/api/auth/login', { email: payload.email }));
    expect((await t.postFrom('2001:db8:26:11::1', '/api/auth/verify', { challengeId: stranger.challengeId, code: t.mailer.latestCode(payload.email) })).status).toBe(429);
    const own = await challengeOf(t.postFrom('2001:db8:26:10:5a1:77ff:fe00:1', '/api/auth/login', { email: payload.email }));
    expect((await t.postFrom('2001:db8:26:10:5a1:77ff:fe00:1', '/api/auth/verify', { challengeId: own.challengeId, code: t.mailer.latestCode(payload.email) })).status).toBe(200);
  });
});

describe('every per-client key groups an IPv6 /64 and the notations of one address (issue 26, fault 9)', () => {
  const oneClient = ['2001:db8:1:2:aaaa::1', '[2001:db8:1:2:bbbb::2]:8443', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2::1%eth0'];
  const keys: [string, (ip: string | null) => string | null][] = [
    ['code requests', (ip) => clientKey('request', ip)],
    ['wrong codes', (ip) => clientKey('verify', ip)],
    ['wrong codes per address and client', (ip) => addressClientKey('a@example.com', ip)],
    ['staff code requests', staffRequestClientKey],
    ['staff wrong codes', staffVerifyClientKey],
    ['document checks', documentCheckKey],
  ];
  it.each(keys)('%s', (_name, key) => {
    expect(new Set(oneClient.map(key)).size).toBe(1);
    expect(key('2001:db8:1:3::1')).not.toBe(key('2001:db8:1:2::1'));
    expect(key('198.51.100.7')).toBe(key('::ffff:198.51.100.7'));
    expect(key('198.51.100.7')).toBe(key('198.51.100.7:443'));
    expect(key('198.51.100.7')).not.toBe(key('198.51.100.8'));
    expect(key(null)).toBeNull();
  });
});
