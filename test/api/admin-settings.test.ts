/**
 * The issuer's settings in the back-office (issue 15), on both databases: the values and their history, validation
 * with the environment overrides' bounds, optimistic concurrency (a stale expectedUpdatedAt is 409, a double click
 * changes once), keys pinned by the environment refused with the variable's name, one audit event per change, and
 * the investor side seeing the new limits at once.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { settingsMessages } from '../../src/shared/admin/settings-messages.ts';
import * as v from 'valibot';
import { AdminSettingsResponseSchema, DEFAULT_KYC_FOUR_EYES_ABOVE_EUR, DEFAULT_KYC_REVIEW_TARGET_HOURS, type AdminSettingsResponse } from '../../src/shared/admin/settings.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { kycFourEyesThreshold } from '../../src/server/domain/admin/kyc-four-eyes.ts';
import { kycReviewTargetHours } from '../../src/server/domain/admin/kyc-review-target.ts';
import { updateInvestmentSettings } from '../../src/server/domain/update-investment-settings.ts';
import { NO_CLIENT } from '../../src/server/domain/request-context.ts';
import { bearer, forEachDatabase, type ApiTest } from './harness.ts';
import { rowCounts } from './support/row-counts.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

async function read(t: ApiTest, token: string, app = t.app): Promise<AdminSettingsResponse> {
  const res = await app.request('/api/admin/settings', { headers: bearer(token) });
  expect(res.status).toBe(200);
  return v.parse(AdminSettingsResponseSchema, await res.json());
}

const put = (t: ApiTest, token: string, body: unknown, app = t.app) =>
  app.request('/api/admin/settings', { method: 'PUT', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });

forEachDatabase('back-office settings', (t) => {
  let admin: TestStaff;
  let auditor: TestStaff;
  beforeAll(async () => {
    admin = await createStaff(t, ['issuer-admin']);
    auditor = await createStaff(t, ['auditor']);
  });

  it('shows the values with the KYC defaults, nothing pinned in tests; the auditor reads, cannot write', async () => {
    const now = await read(t, admin.token);
    expect(Object.keys(now.values).sort()).toEqual(['kycFourEyesAboveEur', 'kycReviewTargetHours', 'maxInvestment', 'minInvestment', 'tokenPrice']);
    expect(now.values.kycFourEyesAboveEur).toBe(DEFAULT_KYC_FOUR_EYES_ABOVE_EUR);
    expect(now.values.kycReviewTargetHours).toBe(DEFAULT_KYC_REVIEW_TARGET_HOURS);
    expect(now.pinned).toEqual({});
    expect(await read(t, auditor.token)).toEqual(now);
    expect((await put(t, auditor.token, { ...now.values, expectedUpdatedAt: now.updatedAt })).status).toBe(403);
  });

  it('a change: the values, history rows per changed key, one audit event, the investor limits at once', async () => {
    const before = await read(t, admin.token);
    t.clock.advance(1000);
    const next = { ...before.values, minInvestment: before.values.minInvestment + 500, kycFourEyesAboveEur: 250_000, kycReviewTargetHours: 24 };
    const res = await put(t, admin.token, { ...next, expectedUpdatedAt: before.updatedAt });
    expect(res.status).toBe(200);
    const after = v.parse(AdminSettingsResponseSchema, await res.json());
    expect(after.values).toEqual(next);
    expect(after.updatedAt).not.toBe(before.updatedAt);
    expect(after.history.slice(0, 3).map((h) => ({ key: h.key, oldValue: h.oldValue, newValue: h.newValue, source: h.source, staffName: h.staffName })).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'kycFourEyesAboveEur', oldValue: DEFAULT_KYC_FOUR_EYES_ABOVE_EUR, newValue: 250_000, source: 'staff', staffName: 'Test issuer-admin' },
      { key: 'kycReviewTargetHours', oldValue: DEFAULT_KYC_REVIEW_TARGET_HOURS, newValue: 24, source: 'staff', staffName: 'Test issuer-admin' },
      { key: 'minInvestment', oldValue: before.values.minInvestment, newValue: next.minInvestment, source: 'staff', staffName: 'Test issuer-admin' },
    ]);
    const events = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, 'admin.settings.update'));
    expect(events.at(-1)).toMatchObject({
      staffId: admin.id,
      detail: {
        role: 'issuer-admin',
        changed: ['minInvestment', 'kycFourEyesAboveEur', 'kycReviewTargetHours'],
        before: { minInvestment: before.values.minInvestment },
        after: { minInvestment: next.minInvestment, kycFourEyesAboveEur: 250_000, kycReviewTargetHours: 24 },
      },
    });
    const limits = await (await t.get('/api/settings/investment-limits')).json();
    expect(limits).toMatchObject({ minInvestment: next.minInvestment });
    expect(await kycFourEyesThreshold(t.database.db)).toBe(250_000);
    expect(await kycReviewTargetHours(t.database.db)).toBe(24);
  });

  it('a stale expectedUpdatedAt is 409 and writes nothing; the same values again write nothing', async () => {
    const before = await read(t, admin.token);
    t.clock.advance(1000);
    const ok = await put(t, admin.token, { ...before.values, tokenPrice: before.values.tokenPrice + 0.5, expectedUpdatedAt: before.updatedAt });
    expect(ok.status).toBe(200);
    const counts = await rowCounts(t.database.db);
    const stale = await put(t, admin.token, { ...before.values, maxInvestment: before.values.maxInvestment + 1, expectedUpdatedAt: before.updatedAt });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: settingsMessages.stale });
    expect(await rowCounts(t.database.db)).toEqual(counts);
    const current = await read(t, admin.token);
    const same = await put(t, admin.token, { ...current.values, expectedUpdatedAt: current.updatedAt });
    expect(same.status).toBe(200);
    expect(await rowCounts(t.database.db)).toEqual(counts);
  });

  it('a double click (two identical changes at once) changes once: one 200, one 409', async () => {
    const before = await read(t, admin.token);
    const counts = await rowCounts(t.database.db);
    const body = { ...before.values, maxInvestment: before.values.maxInvestment + 1000, expectedUpdatedAt: before.updatedAt };
    const answers = await Promise.all([put(t, admin.token, body), put(t, admin.token, body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await rowCounts(t.database.db);
    expect(after.settings_history).toBe(counts.settings_history! + 1);
    expect(after.audit_events).toBe(counts.audit_events! + 1);
  });

  it('refuses invalid values (400) with the rule in words, writing nothing', async () => {
    const now = await read(t, admin.token);
    const base = { ...now.values, expectedUpdatedAt: now.updatedAt };
    const counts = await rowCounts(t.database.db);
    for (const bad of [
      { ...base, tokenPrice: 0 },
      { ...base, tokenPrice: -1 },
      { ...base, tokenPrice: 1.0000001 },
      { ...base, minInvestment: base.maxInvestment },
      { ...base, minInvestment: base.maxInvestment + 1 },
      { ...base, maxInvestment: 1_000_000_001 },
      { ...base, minInvestment: 10.001 },
      { ...base, kycFourEyesAboveEur: -1 },
      { ...base, kycReviewTargetHours: 0 },
      { ...base, kycReviewTargetHours: 1.5 },
      { ...base, kycReviewTargetHours: 8761 },
      { ...base, kycReviewTargetHours: '48' },
      { ...base, kycReviewTargetHours: undefined },
      { ...base, tokenPrice: '1' },
      { ...base, tokenPrice: null },
      { ...base, expectedUpdatedAt: 'yesterday' },
      { ...base, extra: true },
      { tokenPrice: 1 },
    ]) {
      const res = await put(t, admin.token, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await res.json()).toEqual({ error: settingsMessages.invalid });
    }
    const huge = await t.app.request('/api/admin/settings', {
      method: 'PUT',
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      body: JSON.stringify({ ...base, pad: 'x'.repeat(100_000) }),
    });
    expect(huge.status).toBe(413);
    expect(await rowCounts(t.database.db)).toEqual(counts);
  });

  it('a key pinned by the environment is shown pinned and cannot change; the others can', async () => {
    const app = t.makeApp({ settingsPinnedByEnvironment: ['tokenPrice', 'maxInvestment'] });
    const now = await read(t, admin.token, app);
    expect(now.pinned).toEqual({ tokenPrice: 'TOKEN_PRICE', maxInvestment: 'MAX_INVESTMENT' });
    const counts = await rowCounts(t.database.db);
    const refused = await put(t, admin.token, { ...now.values, tokenPrice: now.values.tokenPrice * 2, maxInvestment: now.values.maxInvestment + 1, expectedUpdatedAt: now.updatedAt }, app);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: settingsMessages.pinned('TOKEN_PRICE, MAX_INVESTMENT are'), pinned: ['tokenPrice', 'maxInvestment'] });
    expect(await rowCounts(t.database.db)).toEqual(counts);
    t.clock.advance(1000);
    const allowed = await put(t, admin.token, { ...now.values, kycFourEyesAboveEur: 1234.5, expectedUpdatedAt: now.updatedAt }, app);
    expect(allowed.status).toBe(200);
  });

  it('an environment override at start is in the history as such', async () => {
    const now = await read(t, admin.token);
    t.clock.advance(1000);
    await updateInvestmentSettings(t.database.db, { tokenPrice: now.values.tokenPrice + 1 }, { now: t.clock.now(), meta: NO_CLIENT, reason: 'environment' });
    const after = await read(t, admin.token);
    expect(after.history[0]).toMatchObject({ key: 'tokenPrice', oldValue: now.values.tokenPrice, newValue: now.values.tokenPrice + 1, source: 'environment', staffName: null });
    // Its token moved: a form opened before is stale.
    expect((await put(t, admin.token, { ...now.values, expectedUpdatedAt: now.updatedAt })).status).toBe(409);
  });
});
