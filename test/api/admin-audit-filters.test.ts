/**
 * The audit list's people and action filters (issue 26, the audit part of fault 12) on both databases: the investor and
 * staff filters take a name or part of an email (case-insensitive, wildcards taken literally, an exact email still
 * meaning that one account), bounded (length, how many people one filter may name); the action names that exist are
 * listed for the screen's suggestions. Hostile input (%, _, backslash, huge, control and odd Unicode) breaks nothing.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { AuditActionsResponse, AuditEventsResponse } from '../../src/shared/admin/audit.ts';
import { auditEvents, userDetails, users } from '../../src/server/db/schema/index.ts';
import { NO_CLIENT } from '../../src/server/domain/request-context.ts';
import { recordAuditEvent } from '../../src/server/domain/record-audit-event.ts';
import { forEachDatabase } from './harness.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

forEachDatabase('audit filters by name or part of an email', (t) => {
  let auditor: TestStaff;
  beforeAll(async () => {
    auditor = await createStaff(t, ['auditor']);
  });
  const tag = () => randomBytes(4).toString('hex');
  const get = (query: string) => t.get(`/api/admin/audit/events${query}`, auditor.token);
  const list = async (query: string) => {
    const res = await get(query);
    expect(res.status, `${query}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as AuditEventsResponse;
  };
  const users_ = (r: AuditEventsResponse) => new Set(r.rows.map((row) => row.userId));
  const q = (name: 'investor' | 'staff', value: string) => `?${name}=${encodeURIComponent(value)}&limit=500`;

  it('an investor by part of the email, any case, and by part of the full or entity name', async () => {
    const k = tag();
    const anna = await t.register({ email: `anna.k${k}@example.com` });
    const joanna = await t.register({ email: `joanna.k${k}@example.com` });
    const entity = await t.register({ email: `treasury.k${k}@example.com` });
    await t.database.db.update(userDetails).set({ fullName: `Zoë Quintessa-${k}` }).where(eq(userDetails.userId, anna.user.userId));
    await t.database.db.update(userDetails).set({ fullName: null, entityName: `Analytical Engines ${k} AG` }).where(eq(userDetails.userId, entity.user.userId));

    expect(users_(await list(q('investor', `ANNA.K${k}`)))).toEqual(new Set([anna.user.userId, joanna.user.userId]));
    // A whole email still means that one account, though another email contains it.
    expect(users_(await list(q('investor', `anna.k${k}@example.com`)))).toEqual(new Set([anna.user.userId]));
    expect(users_(await list(q('investor', `quintessa-${k}`)))).toEqual(new Set([anna.user.userId]));
    expect(users_(await list(q('investor', `Zoë Quint`)))).toEqual(new Set([anna.user.userId]));
    expect(users_(await list(q('investor', `ENGINES ${k}`)))).toEqual(new Set([entity.user.userId]));
    // The id still works, in any case.
    expect(users_(await list(q('investor', joanna.user.userId.toUpperCase())))).toEqual(new Set([joanna.user.userId]));
    expect((await list(q('investor', `nobody-${k}`))).rows).toEqual([]);
  });

  it('a staff member by part of the display name or of the email', async () => {
    const k = tag();
    const member = await createStaff(t, ['compliance'], { displayName: `Grace Hopper ${k}`, email: `grace.${k}@foundation.example` });
    await recordAuditEvent(t.database.db, { userId: null, staffId: member.id, action: 'admin.test.filtered', detail: { role: 'compliance' }, meta: NO_CLIENT, at: t.clock.now() });
    for (const value of [`hopper ${k}`, `GRACE.${k}`, `${k}@foundation`]) {
      const rows = (await list(q('staff', value))).rows;
      expect(rows.map((r) => [r.staffId, r.action]), value).toEqual([[member.id, 'admin.test.filtered']]);
    }
  });

  it('wildcards, backslashes and quotes are taken literally', async () => {
    const k = tag();
    const odd = await t.register();
    await t.database.db.update(users).set({ email: `per%cent_under\\back${k}@example.com` }).where(eq(users.id, odd.user.userId));
    await t.database.db.update(userDetails).set({ fullName: `100% _real_ back\\slash ${k}` }).where(eq(userDetails.userId, odd.user.userId));
    const plain = await t.register({ email: `percentxunder${k}@example.com` });
    expect(users_(await list(q('investor', `100% _real_ back\\slash ${k}`)))).toEqual(new Set([odd.user.userId]));
    expect(users_(await list(q('investor', `per%cent_under\\back${k}`)))).toEqual(new Set([odd.user.userId]));
    // '%' and '_' are not wildcards: 'percent_under' does not find 'percentxunder'.
    expect(users_(await list(q('investor', `percent_under${k}`))).has(plain.user.userId)).toBe(false);
    for (const value of ['%', '_', '%%', '\\', '\\%', "'", '"', "' or '1'='1", '*']) {
      const res = await get(q('investor', value));
      expect(res.status, value).not.toBe(500);
      if (res.status === 200) expect(((await res.json()) as AuditEventsResponse).rows.every((r) => r.userId !== plain.user.userId), value).toBe(true);
    }
  });

  it('bounded: too long or control characters are a 400 in words; a filter naming too many people asks for more', async () => {
    for (const [name, value] of [['investor', 'x'.repeat(255)], ['staff', 'y'.repeat(5000)], ['investor', 'a\u0000b'], ['staff', 'tab\there'], ['investor', 'line\nbreak']] as const) {
      const res = await get(q(name, value));
      expect(res.status, value.slice(0, 20)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(new RegExp(`${name} filter`));
    }
    const k = tag();
    await t.database.db.insert(users).values(Array.from({ length: 51 }, (_, i) => ({ email: `crowd${k}.${i}@example.com` })));
    const res = await get(q('investor', `crowd${k}`));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/more than 50 investors/);
    // 50 is fine.
    await t.database.db.delete(users).where(eq(users.email, `crowd${k}.50@example.com`));
    expect((await get(q('investor', `crowd${k}`))).status).toBe(200);
  });

  it('odd Unicode breaks nothing: RTL override, combining marks, emoji, fullwidth, lone surrogate escapes', async () => {
    for (const value of ['\u202egnp.exe', 'e\u0301', '👩‍💻', 'ＡＮＮＡ', '\uFEFFbom', '\u2028', 'ß', 'İ']) {
      for (const name of ['investor', 'staff'] as const) {
        const res = await get(q(name, value));
        expect([200, 400], `${name} ${JSON.stringify(value)}`).toContain(res.status);
      }
    }
    expect((await t.get('/api/admin/audit/events?investor=%ED%A0%80', auditor.token)).status).not.toBe(500);
  });

  it('the action names that exist, sorted, for the screen to suggest; only trail readers', async () => {
    await recordAuditEvent(t.database.db, { userId: null, action: 'test.suggested.one', meta: NO_CLIENT, at: t.clock.now() });
    const res = await t.get('/api/admin/audit/actions', auditor.token);
    expect(res.status).toBe(200);
    const { actions } = (await res.json()) as AuditActionsResponse;
    expect(actions).toEqual(expect.arrayContaining(['auth.register', 'test.suggested.one']));
    expect(actions).toEqual([...new Set(actions)].sort());
    const distinct = await t.database.db.selectDistinct({ action: auditEvents.action }).from(auditEvents);
    expect(actions).toHaveLength(distinct.length);
    const finance = await createStaff(t, ['finance']);
    expect((await t.get('/api/admin/audit/actions', finance.token)).status).toBe(403);
    expect((await t.get('/api/admin/audit/actions')).status).toBe(401);
    const compliance = await createStaff(t, ['compliance']);
    expect((await t.get('/api/admin/audit/actions', compliance.token)).status).toBe(200);
  });
});
