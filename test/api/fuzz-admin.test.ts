/**
 * Fuzzing every back-office call (/api/admin/*, issue 15) on both databases, as test/api/fuzz.test.ts does the
 * investor's (the machinery is support/fuzz.ts): each body-taking route's valid sample mutated at every path, whole
 * hostile bodies and seeded random ones, sent anonymously and with a staff token holding every role (the strongest
 * caller); GET routes with odd path parameters; every path with the methods it does not have. Every answer below 500,
 * JSON, `{ error }` without detail, and a refusal writes no row unless the domain records it on purpose. The routes are
 * read from the app, so a new back-office route needs a sample here before this passes.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { STAFF_ROLES } from '../../src/shared/admin/staff-roles.ts';
import { forEachDatabase } from './harness.ts';
import { type Json, type Sample, PARAM_VALUES, SEED, bodyCases, createFuzzer, fieldCases, prng, randomCases } from './support/fuzz.ts';
import { initiate, paymentInvestor } from './support/payment.ts';
import { createStaff, uniqueStaffEmail } from './support/staff.ts';

const B64 = 'AAAA';
const assertion = { id: B64, rawId: B64, type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: B64, signature: B64 }, clientExtensionResults: {} };
const attestation = { id: B64, rawId: B64, type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: B64 }, clientExtensionResults: {} };

/** A valid body per body-taking route (`undefined`: the route takes none). Content uploads are multipart: a JSON body is refused. */
const SAMPLES: Record<string, Sample> = {
  'POST /api/admin/auth/code': () => ({ email: 'someone@foundation.example' }),
  'POST /api/admin/auth/code/verify': () => ({ challengeId: '6f1c4c5e-9b7a-4a57-9d65-1c2f3e4d5a6b', code: '123456' }),
  'POST /api/admin/auth/passkey': () => ({ challengeId: '6f1c4c5e-9b7a-4a57-9d65-1c2f3e4d5a6b', response: assertion }),
  'POST /api/admin/auth/enrol/options': () => ({ secret: 'A'.repeat(43) }),
  'POST /api/admin/auth/enrol': () => ({ secret: 'A'.repeat(43), response: attestation }),
  'POST /api/admin/auth/logout': () => undefined,
  'POST /api/admin/staff': () => ({ email: uniqueStaffEmail('fuzz'), displayName: 'Fuzz Staff', roles: ['auditor'] }),
  'PUT /api/admin/staff/:id/roles': () => ({ roles: ['auditor', 'finance'] }),
  'POST /api/admin/staff/:id/disable': () => undefined,
  'POST /api/admin/staff/:id/enable': () => undefined,
  'POST /api/admin/staff/:id/reset-passkey': () => undefined,
  'POST /api/admin/kyc/cases/:userId/decision': () => ({ decision: 'APPROVED', expectedRound: 1 }),
  'POST /api/admin/payments/:paymentId/receipts': () => ({ requestId: randomUUID(), amount: 100, receivedOn: '2026-11-20', reference: 'BANK-REF-1' }),
  'POST /api/admin/payments/:paymentId/refund': () => ({ requestId: randomUUID(), reason: 'Returned', outgoingReference: 'OUT-1' }),
  'POST /api/admin/investors/:userId/issuance': () => ({ requestId: randomUUID(), transactionHash: `0x${'ab'.repeat(32)}` }),
  'POST /api/admin/content/disclosure': () => ({ title: 'Fuzz section' }),
  'POST /api/admin/content/disclosure/:id': () => ({ title: 'Fuzz section' }),
  'POST /api/admin/content/agreements/:key': () => ({ title: 'Fuzz agreement' }),
  'PUT /api/admin/settings': () => ({ tokenPrice: 1, minInvestment: 1000, maxInvestment: 1_000_000, kycFourEyesAboveEur: 100_000, expectedUpdatedAt: '2026-01-01T00:00:00.000Z' }),
  'DELETE /api/admin/content/disclosure/:id': () => undefined,
};

/**
 * Refusals the back-office records on purpose: a wrong sign-in code counts against its challenge (400, then 410 once
 * the challenge is closed), and a throttled code request is counted (429).
 */
const REFUSALS_THAT_WRITE = [
  { route: 'POST /api/admin/auth/code/verify', status: 400 },
  { route: 'POST /api/admin/auth/code/verify', status: 410 },
  { route: 'POST /api/admin/auth/code', status: 429 },
];

const RANDOM_BODIES = 20;

forEachDatabase('fuzzing every back-office call', (t) => {
  it('answers every hostile request below 500, in JSON with { error }, and a refusal writes nothing', { timeout: 180_000 }, async () => {
    const started = performance.now();
    const random = prng(SEED);
    const staff = await createStaff(t, [...STAFF_ROLES]);
    const leaving = await createStaff(t, ['auditor']); // sign-out revokes its token: a member of its own
    const target = await createStaff(t, ['compliance']); // the member the staff routes act on
    const investor = await paymentInvestor(t);
    const payment = await initiate(t, investor, 'WIRE');
    const sections = (await (await t.get('/api/admin/content', staff.token)).json()) as { sections: { id: string }[] };
    const sectionId = sections.sections[0]?.id ?? randomUUID();

    const routes = t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/admin/'));
    const bodyRoutes = [...new Set(routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)).map((r) => `${r.method} ${r.path}`))].sort();
    // A new route that takes a body needs a sample here; a removed one takes its sample with it.
    expect(bodyRoutes).toEqual(Object.keys(SAMPLES).sort());

    /** Real ids where a route names one, so refusals come from the rules, not only from "not found". */
    const concrete = (pattern: string, method: string) =>
      pattern
        .replace(':userId', investor.userId)
        .replace(':paymentId', payment.paymentId)
        .replace(':key', 'ppm')
        .replace(':id', pattern.startsWith('/api/admin/staff/') ? target.id : method === 'DELETE' ? randomUUID() : sectionId);

    const fuzzer = await createFuzzer(t, REFUSALS_THAT_WRITE);
    for (const route of bodyRoutes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = concrete(pattern, method);
      const sample = SAMPLES[route] as Sample;
      const cases = [...bodyCases(sample), ...fieldCases(sample), ...randomCases(sample, random).slice(0, RANDOM_BODIES)];
      const auth = pattern === '/api/admin/auth/logout' ? leaving.token : staff.token;
      for (const c of cases) {
        await fuzzer.send(route, method, path, null, c);
        await fuzzer.send(route, method, path, auth, c);
      }
    }
    for (const r of routes.filter((r) => r.method === 'GET')) {
      for (const value of r.path.includes('/:') ? PARAM_VALUES : ['']) {
        const path = r.path.replace(/:[^/]+/g, value);
        await fuzzer.send(`GET ${r.path}`, 'GET', path, null, { label: `param ${value.slice(0, 20)}` });
        await fuzzer.send(`GET ${r.path}`, 'GET', path, staff.token, { label: `param ${value.slice(0, 20)}` });
      }
    }
    for (const path of new Set(routes.map((r) => r.path.replace(/:[^/]+/g, 'x')))) {
      const has = new Set(routes.filter((r) => r.path.replace(/:[^/]+/g, 'x') === path).map((r) => r.method));
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !has.has(m) && !(m === 'GET' && has.has('HEAD')))) {
        await fuzzer.send(`${method} ${path}`, method, path, staff.token, { label: 'other method', ...(method === 'GET' ? {} : { body: '{}' }) });
      }
    }

    const errors = t.log.entries.filter((e) => e.level === 'error').map((e) => e.message);
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `[fuzz-admin] ${t.backend}: ${fuzzer.requests} requests to ${routes.length} routes (seed ${SEED}) in ${seconds.toFixed(1)} s; ` +
        `answers ${[...fuzzer.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}x${n}`).join(' ')}; ${fuzzer.failures.length} findings`,
    );
    expect(fuzzer.failures.slice(0, 25)).toEqual([]);
    expect(errors).toEqual([]);
    // The strongest member is still served after all of it.
    expect((await t.get('/api/admin/me', staff.token)).status).toBe(200);
  });
});

export type { Json };
