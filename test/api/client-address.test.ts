/**
 * Issue 10, finding 7: behind a reverse proxy the client address is the X-Forwarded-For entry the proxies appended,
 * counted from the right (TRUST_PROXY=<hops>), never the first entry, which the client writes itself.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { REQUESTS_PER_CLIENT } from '../../src/server/domain/attempt-counters.ts';
import { forwardedClient } from '../../src/server/http/request-context.ts';
import { forEachDatabase, uniqueEmail } from './harness.ts';

forEachDatabase('client address behind a proxy (issue 10, finding 7)', (t) => {
  const PROXY = '10.0.0.5';

  it('counts logins with a varying first X-Forwarded-For entry and a fixed last one as one client', async () => {
    const app = t.makeApp({ trustedProxies: 1 });
    const client = '198.51.100.150';
    const login = (i: number) =>
      app.request(
        '/api/auth/login',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i % 250}, ${client}` },
          body: JSON.stringify({ email: uniqueEmail('proxied') }),
        },
        { incoming: { socket: { remoteAddress: PROXY } } },
      );
    const statuses: number[] = [];
    for (let i = 0; i < REQUESTS_PER_CLIENT.free + 2; i++) statuses.push((await login(i)).status);
    expect(statuses.slice(0, REQUESTS_PER_CLIENT.free).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(REQUESTS_PER_CLIENT.free)).toEqual([429, 429]);
    const refused = await login(7);
    expect(await refused.json()).toEqual({ error: messages.emailCode.tooManyRequests });
    // The audit trail records the address the proxy appended, never the one the client wrote.
    const events = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, 'auth.login.code_requested'));
    const ours = events.filter((e) => String(e.detail.email).startsWith('proxied.'));
    expect(ours.length).toBeGreaterThanOrEqual(REQUESTS_PER_CLIENT.free);
    expect(new Set(ours.map((e) => e.ip))).toEqual(new Set([client]));
  });

  it('without TRUST_PROXY the header is ignored: the socket address is the client', async () => {
    const app = t.makeApp({ trustedProxies: 0 });
    const email = uniqueEmail('direct');
    const res = await app.request(
      '/api/auth/login',
      { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' }, body: JSON.stringify({ email }) },
      { incoming: { socket: { remoteAddress: '198.51.100.151' } } },
    );
    expect(res.status).toBe(202);
    const events = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, 'auth.login.code_requested'));
    expect(events.filter((e) => e.detail.email === email).map((e) => e.ip)).toEqual(['198.51.100.151']);
  });

  it('takes the entry the given number of hops from the right', () => {
    expect(forwardedClient('1.1.1.1, 2.2.2.2, 3.3.3.3', 1)).toBe('3.3.3.3');
    expect(forwardedClient('1.1.1.1, 2.2.2.2, 3.3.3.3', 2)).toBe('2.2.2.2');
    expect(forwardedClient(' 2.2.2.2 ,3.3.3.3 ', 1)).toBe('3.3.3.3');
    // Fewer entries than proxies: the header is not what the proxies would have written; nothing is taken from it.
    expect(forwardedClient('3.3.3.3', 2)).toBeNull();
    expect(forwardedClient('', 1)).toBeNull();
    expect(forwardedClient(undefined, 1)).toBeNull();
    expect(forwardedClient('1.1.1.1, , 3.3.3.3', 2)).toBeNull();
    expect(forwardedClient('1.1.1.1', 0)).toBeNull();
  });
});
