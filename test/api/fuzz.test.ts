/**
 * Fuzzing every investor call of the API, anonymous and with a valid investor's token, on both databases (the
 * back-office's calls: fuzz-admin.test.ts; the machinery: support/fuzz.ts). The calls are read
 * from the app's router (app.routes), so a new route is fuzzed without a change here; a POST route also needs a
 * valid sample body below, and the test fails until it has one. Each sample is mutated at every path in it (wrong
 * types, missing, huge strings and arrays, deep nesting, lone surrogates, NUL and control characters, __proto__
 * keys), whole bodies are replaced (empty, not JSON, not an object, too deep, too large, invalid UTF-8, wrong
 * content types), random bodies are drawn from a seeded generator (FUZZ_SEED to replay), and path parameters of
 * GET routes and methods a path does not have are tried too.
 *
 * Every answer: below 500, JSON, and for a refusal `{ error }` with a non-empty message and no stack. A refused
 * request writes no row (every table counted before and after) unless its refusal is one the domain records on
 * purpose (REFUSALS_THAT_WRITE). Nothing is logged as an error. Mismatches are collected and reported together.
 * The KYC upload's multipart form gets a round of its own (support/fuzz.ts multipartCases): no refused form leaves a
 * row or a file in the store.
 */
import { readdir } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { storedFiles } from '../../src/server/db/schema/index.ts';
import { forEachDatabase, individualPayload } from './harness.ts';
import { VALID_AML, kycInvestor, sampleFile } from './support/kyc.ts';
import { legalInvestor } from './support/legal.ts';
import { initiateBody, paymentInvestor } from './support/payment.ts';
import { type Case, type Json, type Sample, PARAM_VALUES, SEED, bodyCases, createFuzzer, fieldCases, multipartCases, prng, randomCases } from './support/fuzz.ts';

/** A valid body per POST route (`undefined`: the route takes none). The section id is the test database's. */
const SAMPLES = (sectionId: string, payer: { amount: number; userId: string }): Record<string, Sample> => ({
  'POST /api/auth/register': () => individualPayload() as unknown as Json,
  'POST /api/auth/login': () => ({ email: 'ada@example.com' }),
  'POST /api/auth/verify': () => ({ challengeId: '6f1c4c5e-9b7a-4a57-9d65-1c2f3e4d5a6b', code: '123456' }),
  'POST /api/auth/resend': () => ({ challengeId: '6f1c4c5e-9b7a-4a57-9d65-1c2f3e4d5a6b' }),
  'POST /api/auth/logout': () => undefined,
  'POST /api/disclosure/save-progress': () => ({ sectionProgress: { [sectionId]: { opened: true, timeSpent: 1, scrolled: false, completed: false } } }),
  'POST /api/disclosure/complete': () => ({ sectionProgress: { [sectionId]: { opened: true, timeSpent: 1, scrolled: true, completed: true } } }),
  'POST /api/kyc/save-step': () => ({ step: 4, stepData: VALID_AML as unknown as Json }),
  'POST /api/kyc/complete': () => undefined,
  'POST /api/kyc/upload-document': () => ({ type: 'identity' }),
  // A draft (ticks, no signing): valid again and again. The signing rules have their own tests (legal-signing).
  'POST /api/legal/save-progress': () => ({
    agreements: { riskAcknowledgment: { accepted: false, signature: '', signed: false, signedAt: null, checkboxes: { risk_total_loss: true } } },
    walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  }),
  'POST /api/legal/complete': () => ({ agreements: {} }),
  // The payer's own wire payment: found again on every valid repeat (the card and crypto paths have their own tests).
  'POST /api/payment/initiate': () => initiateBody(payer, 'WIRE') as unknown as Json,
  'POST /api/payment/confirm-stripe': () => ({ paymentIntentId: 'pi_local_0123456789abcdef01234567' }),
  'POST /api/payment/process': () => ({ paymentMethod: 'WIRE', paymentId: '6f1c4c5e-9b7a-4a57-9d65-1c2f3e4d5a6b', transactionId: 'G2G-INV-123456' }),
  'POST /api/payment/test-card/confirm': () => ({ paymentIntentId: 'pi_local_0123456789abcdef01234567', clientSecret: 'pi_local_0123456789abcdef01234567_secret_x', paymentMethod: 'pm_card_visa' }),
  'POST /api/payment/test-card/authenticate': () => ({ paymentIntentId: 'pi_local_0123456789abcdef01234567', clientSecret: 'pi_local_0123456789abcdef01234567_secret_x', outcome: 'complete' }),
  // No Stripe keys in tests: the local provider receives no webhooks, every body is refused (400) without a write.
  'POST /api/payment/stripe-webhook': () => ({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', object: 'payment_intent' } } }),
  // Public: anyone may ask whether a hash is a sealed agreement (not one here: answered { issued: false }).
  'POST /api/verify/document': () => ({ sha256: 'ab'.repeat(32) }),
});

/**
 * Refusals the domain records on purpose (rows written by a statement of their own or before the refusal):
 * a wrong code counts against its challenge and the client, a throttled request is counted and a blocked one
 * audited, and a registration that passed the schema is counted against its client's request limit before its
 * amount meets the limits in force (the limit comes first, so no refusal tells anything about accounts or settings).
 * Anything else refused must leave every table as it was.
 */
const REFUSALS_THAT_WRITE: { route: string; status: number }[] = [
  { route: 'POST /api/auth/verify', status: 400 },
  { route: 'POST /api/auth/verify', status: 410 },
  { route: 'POST /api/auth/verify', status: 429 },
  { route: 'POST /api/auth/login', status: 429 },
  { route: 'POST /api/auth/register', status: 422 },
  { route: 'POST /api/auth/register', status: 429 },
  { route: 'POST /api/auth/resend', status: 429 },
  // A document check counts against its client's ceiling before its body is read (malformed checks count too).
  { route: 'POST /api/verify/document', status: 400 },
  { route: 'POST /api/verify/document', status: 413 },
  { route: 'POST /api/verify/document', status: 415 },
  { route: 'POST /api/verify/document', status: 429 },
];

forEachDatabase('fuzzing every call', (t) => {
  it('answers every hostile request below 500, in JSON with { error }, and a refusal writes nothing', { timeout: 300_000 }, async () => {
    const started = performance.now();
    const random = prng(SEED);
    const { token } = await kycInvestor(t);
    const logout = await kycInvestor(t); // logout revokes its token: a token of its own
    const legal = await legalInvestor(t); // the agreements step opens after KYC: its calls get past the step check
    const payer = await paymentInvestor(t); // the payment step opens after the agreements
    const sections = (await (await t.get('/api/disclosure/sections', token)).json()) as { id: string }[];
    const samples = SAMPLES(sections[0]?.id ?? crypto.randomUUID(), payer);

    // The back-office's calls have their own fuzzing, with staff tokens (fuzz-admin.test.ts).
    const routes = t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.startsWith('/api/admin/') && !r.path.includes('*'));
    const postRoutes = [...new Set(routes.filter((r) => r.method === 'POST').map((r) => `POST ${r.path}`))].sort();
    // A new POST route needs a sample here; a removed one takes its sample with it.
    expect(postRoutes).toEqual(Object.keys(samples).sort());

    const fuzzer = await createFuzzer(t, REFUSALS_THAT_WRITE);
    const { send, failures, statuses } = fuzzer;
    for (const route of postRoutes) {
      const path = route.slice('POST '.length);
      const sample = samples[route] as Sample;
      const cases = [...bodyCases(sample), ...fieldCases(sample), ...randomCases(sample, random)];
      const auth = path === '/api/auth/logout' ? logout.token : path.startsWith('/api/legal/') ? legal.token : path.startsWith('/api/payment/') ? payer.token : token;
      for (const c of cases) {
        await send(route, 'POST', path, null, c);
        await send(route, 'POST', path, auth, c);
      }
    }

    // GET routes: odd path parameters; every path: the methods it does not have.
    for (const r of routes.filter((r) => r.method === 'GET')) {
      const values = r.path.includes('/:') ? PARAM_VALUES : [''];
      for (const value of values) {
        const path = r.path.replace(/:[^/]+/g, value);
        await send(`GET ${r.path}`, 'GET', path, null, { label: `param ${value.slice(0, 20)}` });
        await send(`GET ${r.path}`, 'GET', path, r.path.startsWith('/api/legal/') ? legal.token : token, { label: `param ${value.slice(0, 20)}` });
      }
    }
    for (const path of new Set(routes.map((r) => r.path.replace(/:[^/]+/g, 'x')))) {
      const has = new Set(routes.filter((r) => r.path.replace(/:[^/]+/g, 'x') === path).map((r) => r.method));
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !has.has(m) && !(m === 'GET' && has.has('HEAD')))) {
        await send(`${method} ${path}`, method, path, token, { label: 'other method', ...(method === 'GET' ? {} : { body: '{}' }) });
      }
    }

    const errors = t.log.entries.filter((e) => e.level === 'error').map((e) => e.message);
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `[fuzz] ${t.backend}: ${fuzzer.requests} requests to ${routes.length} routes (seed ${SEED}) in ${seconds.toFixed(1)} s; ` +
        `answers ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}x${n}`).join(' ')}; ${failures.length} findings`,
    );
    expect(failures.slice(0, 25)).toEqual([]);
    expect(errors).toEqual([]);
    // Sanity: the investor is still served after all of it.
    expect((await t.get('/api/kyc/status', token)).status).toBe(200);
    expect(messages.server.invalidRequest).toBeTruthy();
  });

  it('answers every hostile KYC upload form below 500, in JSON with { error }; a refused one leaves no row and no file', { timeout: 300_000 }, async () => {
    const started = performance.now();
    const random = prng(SEED + 3);
    const { token } = await kycInvestor(t);
    const file = { name: 'file', bytes: sampleFile('pdf'), filename: 'passport.pdf', contentType: 'application/pdf' };
    const fuzzer = await createFuzzer(t, REFUSALS_THAT_WRITE);
    const route = 'POST /api/kyc/upload-document';
    const cases = multipartCases({ fields: () => ({ type: 'identity', step: '1' }), file }, random);
    for (const c of cases) await fuzzer.send(route, 'POST', '/api/kyc/upload-document', token, c);
    for (const c of cases.slice(0, 12)) await fuzzer.send(route, 'POST', '/api/kyc/upload-document', null, c);
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `[fuzz upload] ${t.backend}: ${fuzzer.requests} requests (seed ${SEED}) in ${seconds.toFixed(1)} s; ` +
        `answers ${[...fuzzer.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}x${n}`).join(' ')}; ${fuzzer.failures.length} findings`,
    );
    expect(fuzzer.failures.slice(0, 25)).toEqual([]);
    expect(t.log.entries.filter((e) => e.level === 'error').map((e) => e.message)).toEqual([]);
    // Every file in the store is one a row records (an accepted upload); no refused one stayed.
    const recorded = new Set((await t.database.db.select({ name: storedFiles.storedName }).from(storedFiles)).map((r) => r.name));
    expect((await readdir(t.storage.dir)).filter((name) => !recorded.has(name))).toEqual([]);
  });
});