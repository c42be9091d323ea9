/**
 * The back-office audit API (issue 16) on both databases: the list with its filters and keyset cursor, the CSV
 * export (escaped, formula-neutralised, recorded), the chain check (recorded; the list is not), an investor's journey
 * on the process chart with the KYC document's hash; and hostile calls: other roles and an investor's token,
 * malformed and SQL-ish filters, huge cursors, odd Unicode, parallel repeats.
 */
import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  AuditActionsResponseSchema,
  AuditChainReportSchema,
  AuditChainStatusSchema,
  AuditEventsResponseSchema,
  JourneyResponseSchema,
  type AuditChainReport,
  type AuditEventRow,
  type AuditEventsResponse,
} from '../../src/shared/admin/audit.ts';
import { auditEvents } from '../../src/server/db/schema/index.ts';
import { NO_CLIENT } from '../../src/server/domain/request-context.ts';
import { recordAuditEvent } from '../../src/server/domain/record-audit-event.ts';
import { bearer, forEachDatabase, type ApiTest } from './harness.ts';
import { kycInvestor, sampleFile, upload } from './support/kyc.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

forEachDatabase('back-office audit trail API', (t) => {
  let auditor: TestStaff;
  let admin: TestStaff;
  let compliance: TestStaff;
  let finance: TestStaff;
  beforeAll(async () => {
    [auditor, admin, compliance, finance] = [await createStaff(t, ['auditor']), await createStaff(t, ['issuer-admin']), await createStaff(t, ['compliance']), await createStaff(t, ['finance'])];
  });

  const list = async (query: string, token = auditor.token): Promise<AuditEventsResponse> => {
    const res = await t.get(`/api/admin/audit/events${query}`, token);
    expect(res.status, await res.clone().text()).toBe(200);
    // Every answer passes the schema the back-office checks it with (issue 29).
    return v.parse(AuditEventsResponseSchema, await res.json());
  };
  const trailLength = async (t: ApiTest) => (await t.database.db.select({ n: count() }).from(auditEvents))[0]!.n;
  const expect400 = async (path: string, pattern: RegExp) => {
    const res = await t.get(path, auditor.token);
    const body = (await res.json()) as { error: string };
    expect([res.status, body.error], path).toEqual([400, expect.stringMatching(pattern)]);
  };

  it('lists newest first by seq with emails joined; filters by investor id or email, staff, action and time', async () => {
    const a = await t.register();
    const b = await t.register();
    const byId = await list(`?investor=${a.user.userId}`);
    expect(byId.rows.length).toBeGreaterThan(0);
    expect(byId.rows.every((r) => r.userId === a.user.userId && r.investorEmail === a.payload.email)).toBe(true);
    expect(byId.rows.map((r) => r.seq)).toEqual([...byId.rows.map((r) => r.seq)].sort((x, y) => y - x));
    const byEmail = await list(`?investor=${encodeURIComponent(a.payload.email.toUpperCase())}`);
    expect(byEmail.rows.map((r) => r.id)).toEqual(byId.rows.map((r) => r.id));
    expect((await list(`?investor=${b.user.userId}&action=auth.register`)).rows.map((r) => r.action)).toEqual(['auth.register']);
    const prefix = await list('?action=auth.&limit=500');
    expect(prefix.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['auth.register', 'auth.register.code_requested']));
    expect(prefix.rows.every((r) => r.action.startsWith('auth.'))).toBe(true);
    // The row carries its chain links.
    expect(byId.rows[0]).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), prevHash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // Staff: a staff member's own event (recorded as a back-office call would), by id and by email.
    await recordAuditEvent(t.database.db, { userId: null, staffId: compliance.id, action: 'admin.test.viewed', detail: { role: 'compliance' }, meta: NO_CLIENT, at: t.clock.now() });
    const staffRows = (await list(`?staff=${encodeURIComponent(compliance.email)}`)).rows;
    expect(staffRows.map((r) => [r.action, r.staffEmail, r.role])).toEqual([['admin.test.viewed', compliance.email, 'compliance']]);
    expect((await list(`?staff=${compliance.id}`)).rows).toEqual(staffRows);

    // Time: from inclusive, to exclusive.
    const at = byId.rows[0]!.at;
    const window = await list(`?investor=${a.user.userId}&from=${encodeURIComponent(at)}&to=${encodeURIComponent(new Date(Date.parse(at) + 1).toISOString())}`);
    expect(window.rows.length).toBeGreaterThan(0);
    expect(window.rows.every((r) => r.at === at)).toBe(true);
    expect((await list(`?investor=${a.user.userId}&to=${encodeURIComponent(at)}`)).rows.every((r) => r.at < at)).toBe(true);
  });

  it('pages with the cursor: every event once, in seq order, the last page without a cursor', async () => {
    const all = await list('?limit=500');
    const seen: AuditEventRow[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null && pages < 1000) {
      const page = await list(`?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.rows);
      cursor = page.nextCursor;
      pages += 1;
    }
    const expected = all.nextCursor === null ? all.rows : seen.slice(0, all.rows.length);
    expect(seen.slice(0, expected.length).map((r) => r.seq)).toEqual(expected.map((r) => r.seq));
    expect(new Set(seen.map((r) => r.seq)).size).toBe(seen.length);
    expect(seen[seen.length - 1]!.seq).toBe(1);
  });

  it('refuses malformed filters with a 400 in words', async () => {
    const base = '/api/admin/audit/events';
    await expect400(`${base}?investor=${'n'.repeat(255)}`, /investor filter must be an id, or a name or part of an email/);
    await expect400(`${base}?investor=${encodeURIComponent('a\u0000b@example.com')}`, /investor filter/);
    await expect400(`${base}?staff=${'x'.repeat(300)}@example.com`, /staff filter/);
    await expect400(`${base}?action=${encodeURIComponent("x' or 1=1 --")}`, /action filter must be an action name/);
    await expect400(`${base}?action=${encodeURIComponent('auth.%')}`, /action filter/);
    await expect400(`${base}?action=${'a'.repeat(101)}`, /action filter/);
    await expect400(`${base}?from=yesterday`, /"from" filter must be an ISO 8601 instant/);
    await expect400(`${base}?to=2026-13-45T99:00:00Z`, /"to" filter/);
    await expect400(`${base}?from=2026-01-01T00:00:00`, /"from" filter/);
    await expect400(`${base}?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`, /"from" instant must be before/);
    for (const limit of ['0', '501', 'abc', '1.5', '-1', '1e2']) await expect400(`${base}?limit=${limit}`, /limit must be a whole number from 1 to 500/);
    for (const cursor of ['-1', '0', 'abc', '1e3', '99999999999999999999', '9'.repeat(5000), '１２']) await expect400(`${base}?cursor=${encodeURIComponent(cursor)}`, /cursor is not one this list gave out/);
    await expect400(`/api/admin/audit/events.csv?from=nope`, /"from" filter/);
  });

  it('SQL-ish and odd-Unicode values that are well-formed match nothing (and break nothing)', async () => {
    for (const value of ["x'||(select(1))||'@example.com", 'zoë@exämple.com', 'ｚｏｅ@ｅｘａｍｐｌｅ.com', '👩‍💻@example.com', "o'brien@example.com"]) {
      expect((await list(`?investor=${encodeURIComponent(value)}`)).rows).toEqual([]);
      expect((await list(`?staff=${encodeURIComponent(value)}`)).rows).toEqual([]);
    }
    expect((await list(`?investor=00000000-0000-0000-0000-000000000000`)).rows).toEqual([]);
    expect((await list('?action=no_such.action.')).rows).toEqual([]);
    expect((await list('?action=auth_')).rows).toEqual([]);
  });

  it('only the roles allowed: finance gets 403 everywhere, compliance not the chain, an investor’s token and none 401', async () => {
    const investor = await t.register();
    for (const path of ['/api/admin/audit/events', '/api/admin/audit/events.csv', '/api/admin/audit/chain', '/api/admin/audit/chain/status', '/api/admin/audit/actions', `/api/admin/audit/journey/${investor.user.userId}`]) {
      expect((await t.get(path, finance.token)).status, path).toBe(403);
      expect((await t.get(path, investor.token)).status, path).toBe(401);
      expect((await t.get(path)).status, path).toBe(401);
    }
    expect((await t.get('/api/admin/audit/chain', compliance.token)).status).toBe(403);
    expect((await t.get('/api/admin/audit/events', compliance.token)).status).toBe(200);
    expect((await t.get('/api/admin/audit/chain', admin.token)).status).toBe(200);
    // Read-only: no other method is served.
    expect((await t.request('/api/admin/audit/events', { method: 'POST', headers: bearer(admin.token) })).status).toBe(404);
  });

  it('the list and the journey leave no trace; the chain check and the CSV export do', async () => {
    const investor = await t.register();
    const before = await trailLength(t);
    await list('');
    expect((await t.get(`/api/admin/audit/journey/${investor.user.userId}`, auditor.token)).status).toBe(200);
    expect(await trailLength(t)).toBe(before);

    const res = await t.get('/api/admin/audit/chain', auditor.token);
    const report = v.parse(AuditChainReportSchema, await res.json());
    expect(report).toMatchObject({ ok: true, firstBroken: null, unchained: 0 });
    expect(v.parse(AuditChainStatusSchema, await (await t.get('/api/admin/audit/chain/status', auditor.token)).json())).toMatchObject({ last: { source: 'staff', report: { ok: true } } });
    expect(v.parse(AuditActionsResponseSchema, await (await t.get('/api/admin/audit/actions', auditor.token)).json()).actions).toContain('auth.register');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [check] = (await list(`?staff=${auditor.id}&action=admin.audit.chain_checked`)).rows;
    expect(check!.detail).toMatchObject({ role: 'auditor', ok: true, checked: report.checked, head: report.head });

    const csv = await t.get(`/api/admin/audit/events.csv?investor=${investor.user.userId}`, auditor.token);
    expect(csv.status).toBe(200);
    await csv.text();
    const [exported] = (await list(`?staff=${auditor.id}&action=admin.audit.exported`)).rows;
    expect(exported!.detail).toEqual({ role: 'auditor', filters: { investor: investor.user.userId } });
  });

  it('parallel chain checks and exports keep the chain whole', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.get(i % 2 ? '/api/admin/audit/chain' : '/api/admin/audit/events.csv?action=auth.', i % 4 < 2 ? auditor.token : admin.token)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    await Promise.all(answers.map((r) => r.text()));
    const report = (await (await t.get('/api/admin/audit/chain', auditor.token)).json()) as AuditChainReport;
    expect(report).toMatchObject({ ok: true, firstBroken: null });
  });

  it('the CSV: header, one line per event, quoted and formula-neutralised cells', async () => {
    const investor = await t.register();
    const agent = '=HYPERLINK("http://evil.example","x"), "quoted"\r\nline';
    await recordAuditEvent(t.database.db, { userId: investor.user.userId, action: 'test.csv', detail: { note: '+1, "two"' }, meta: { ip: '@ip', userAgent: agent }, at: t.clock.now() });
    const res = await t.get(`/api/admin/audit/events.csv?investor=${investor.user.userId}&action=test.csv`, compliance.token);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-events-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    // Every field quoted (issue 26); read back with the CSV parser.
    const records = parse(text) as string[][];
    expect(records[0]!.join(',')).toBe('seq,event_id,at,action,investor_id,investor_email,staff_id,staff_email,role,ip,user_agent,detail_json,hash,prev_hash');
    expect(records).toHaveLength(2);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(records[1]!.slice(3, 11)).toEqual(['test.csv', investor.user.userId, investor.payload.email, '', '', '', "'@ip", `'${agent}`]);
    expect(records[1]![11]).toBe('{"note":"+1, \\"two\\""}');
  });

  it('an investor’s journey: steps in seq order on the lifecycle chart, the KYC document’s hash, who acted, 404 for no investor', async () => {
    const { token, userId } = await kycInvestor(t);
    const bytes = sampleFile('pdf', 4096);
    await upload(t, token, { type: 'identity', name: 'passport.pdf', bytes });
    await recordAuditEvent(t.database.db, { userId, staffId: compliance.id, action: 'admin.kyc.document-viewed', detail: { role: 'compliance' }, meta: NO_CLIENT, at: t.clock.now() });
    const res = await t.get(`/api/admin/audit/journey/${userId.toUpperCase()}`, compliance.token);
    expect(res.status).toBe(200);
    const journey = v.parse(JourneyResponseSchema, await res.json());
    expect(journey.steps.at(-1)).toMatchObject({ action: 'admin.kyc.document-viewed', staffEmail: compliance.email, staffName: 'Test compliance' });
    expect(journey).toMatchObject({ userId, name: 'Ada Lovelace', email: expect.stringContaining('@example.com') });
    expect(journey.steps.map((s) => s.seq)).toEqual([...journey.steps.map((s) => s.seq)].sort((a, b) => a - b));
    const register = journey.steps.find((s) => s.action === 'auth.register');
    expect(register).toMatchObject({ lifecycleState: 'investment.disclosure', lifecycleFact: null, label: 'Registered' });
    const uploaded = journey.steps.find((s) => s.action === 'kyc.document.uploaded');
    expect(uploaded).toMatchObject({ lifecycleState: 'investment.kycCollecting', lifecycleFact: null, label: 'KYC document uploaded', staffEmail: null, staffName: null });
    expect(uploaded!.documentHashes).toEqual([createHash('sha256').update(bytes).digest('hex')]);

    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', "1' or '1'='1", compliance.id]) {
      const missing = await t.get(`/api/admin/audit/journey/${encodeURIComponent(id)}`, auditor.token);
      expect([missing.status, ((await missing.json()) as { error: string }).error], id).toEqual([404, 'No investor has this id.']);
    }
  });

  it('the events’ hashes are what the chain check recomputes: a row altered under the API shows in the chain report', async () => {
    const investor = await t.register();
    const [row] = (await list(`?investor=${investor.user.userId}&action=auth.register`)).rows;
    const original = (await t.database.db.select({ detail: auditEvents.detail }).from(auditEvents).where(eq(auditEvents.id, row!.id)))[0]!.detail;
    await t.database.db.update(auditEvents).set({ detail: { ...original, investmentAmount: 1 } }).where(eq(auditEvents.id, row!.id));
    try {
      const report = v.parse(AuditChainReportSchema, await (await t.get('/api/admin/audit/chain', admin.token)).json());
      expect(report).toMatchObject({ ok: false, firstBroken: { kind: 'altered', seq: row!.seq, eventId: row!.id } });
      // The answer names the broken event itself (issue 26), and the last check is kept for the screen.
      expect(report.firstBroken!.event).toEqual({ seq: row!.seq, id: row!.id, at: row!.at, action: 'auth.register', userId: investor.user.userId, staffId: null });
      const status = v.parse(AuditChainStatusSchema, await (await t.get('/api/admin/audit/chain/status', auditor.token)).json());
      expect(status).toMatchObject({ running: false, last: { source: 'staff', report: { ok: false, firstBroken: { seq: row!.seq, eventId: row!.id } } } });
    } finally {
      await t.database.db.update(auditEvents).set({ detail: original }).where(eq(auditEvents.id, row!.id));
    }
    expect(((await (await t.get('/api/admin/audit/chain', admin.token)).json()) as AuditChainReport).ok).toBe(true);
  });
});
