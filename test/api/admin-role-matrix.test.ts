/**
 * The back-office's role matrix (issue 15): every /api/admin route the app serves x every staff role, an investor's
 * token and no token, against the table in support/admin-route-roles.ts. And the other way round: a staff token is
 * refused by every investor call that needs a session.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/shared/admin/admin-messages.ts';
import { STAFF_ROLES } from '../../src/shared/admin/staff-roles.ts';
import { staffMembers } from '../../src/server/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { forEachDatabase } from './harness.ts';
import { ADMIN_ROUTE_ROLES } from './support/admin-route-roles.ts';
import { createStaff } from './support/staff.ts';

/** A concrete path for a route pattern: every parameter becomes a uuid (no row has it). */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+(\{[^}]*\})?/g, () => randomUUID());

forEachDatabase('admin role matrix', (t) => {
  const routes = () => {
    const seen = new Set<string>();
    for (const route of t.app.routes) if (route.method !== 'ALL') seen.add(`${route.method} ${route.path}`);
    return [...seen];
  };
  const adminRoutes = () => routes().filter((key) => key.split(' ')[1]!.startsWith('/api/admin/'));
  const call = (key: string, token?: string) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (method === 'GET' || method === 'HEAD') return t.request(concrete(pattern), { method, headers });
    return t.request(concrete(pattern), { method, headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
  };

  it('has an entry for every back-office route, and no entry without a route', () => {
    const served = adminRoutes().sort();
    expect(served.length).toBeGreaterThan(0);
    expect(served).toEqual(Object.keys(ADMIN_ROUTE_ROLES).sort());
  });

  it('refuses every guarded route without a token and with an investor token', async () => {
    const investor = await t.register();
    for (const key of adminRoutes()) {
      if (ADMIN_ROUTE_ROLES[key] === 'sign-in') continue;
      const anonymous = await call(key);
      expect(anonymous.status, `${key} without a token`).toBe(401);
      expect(await anonymous.json()).toEqual({ error: adminMessages.noToken });
      const asInvestor = await call(key, investor.token);
      expect(asInvestor.status, `${key} with an investor token`).toBe(401);
      expect(await asInvestor.json()).toEqual({ error: adminMessages.invalidToken });
    }
  });

  it('lets each role call exactly the routes the table gives it', async () => {
    for (const key of adminRoutes()) {
      const allowed = ADMIN_ROUTE_ROLES[key];
      if (allowed === 'sign-in' || allowed === undefined) continue;
      for (const role of STAFF_ROLES) {
        // A member of their own per call: an allowed sign-out would end the session the next call needs.
        const staff = await createStaff(t, [role]);
        const res = await call(key, staff.token);
        if (allowed.includes(role)) expect([401, 403], `${key} as ${role} (allowed)`).not.toContain(res.status);
        else {
          expect(res.status, `${key} as ${role} (not allowed)`).toBe(403);
          expect(await res.json()).toEqual({ error: adminMessages.forbidden });
        }
      }
    }
  });

  it('refuses a disabled member on every guarded route, whatever the role', async () => {
    const staff = await createStaff(t, [...STAFF_ROLES]);
    await t.database.db.update(staffMembers).set({ disabledAt: t.clock.now() }).where(eq(staffMembers.id, staff.id));
    for (const key of adminRoutes()) {
      if (ADMIN_ROUTE_ROLES[key] === 'sign-in') continue;
      const res = await call(key, staff.token);
      expect(res.status, key).toBe(401);
    }
  });

  describe('a staff token on investor calls', () => {
    it('is refused by every investor route that needs a session', async () => {
      const staff = await createStaff(t, [...STAFF_ROLES]);
      let guarded = 0;
      for (const key of routes()) {
        if (key.split(' ')[1]!.startsWith('/api/admin/')) continue;
        if ((await call(key)).status !== 401) continue;
        guarded++;
        const res = await call(key, staff.token);
        expect(res.status, key).toBe(401);
      }
      expect(guarded).toBeGreaterThan(20);
    });
  });
});
