/**
 * Fuzzing every back-office call (/api/admin/*, issue 15) on both databases, as test/api/fuzz.test.ts does the
 * investor's (the machinery is support/fuzz.ts): each body-taking route's valid sample mutated at every path, whole
 * hostile bodies and seeded random ones, sent anonymously and with a staff token holding every role (the strongest
 * caller); GET routes with odd path parameters; every path with the methods it does not have. Every answer below 500,
 * JSON, `{ error }` without detail, and a refusal writes no row unless the domain records it on purpose. The routes are
 * read from the app, so a new back-office route needs a sample here before this passes.
 * Two more rounds go where JSON bodies cannot: the content forms' multipart fields (every field and the checkbox
 * list's JSON mutated, odd structure and files, broken envelopes; no file may stay in the store), and malformed
 * WebAuthn answers on live challenges (a code-verified sign-in, an enrolment link with options), so they reach the
 * WebAuthn library: bad base64url, NUL bytes, lone surrogates, wrong types, huge and deeply nested JSON and CBOR. A
 * refused answer writes its audit event and nothing else, its challenge stays used, and the honest answer made for
 * that challenge is refused after it; the audit chain verifies at the end.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { STAFF_ROLES } from '../../src/shared/admin/staff-roles.ts';
import { auditEvents, staffChallenges, staffEnrolments } from '../../src/server/db/schema/index.ts';
import { hashEnrolSecret } from '../../src/server/domain/admin/staff-enrolment.ts';
import { inviteByCommand } from '../../src/server/domain/admin/staff-invite-command.ts';
import { verifyAuditChain } from '../../src/server/domain/audit/verify-audit-chain.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { realPdf } from './support/admin-content.ts';
import { SoftAuthenticator } from './support/admin-sign-in-authenticator.ts';
import {
  type Case,
  type FormSample,
  type Fuzzer,
  type Json,
  type Sample,
  PARAM_VALUES,
  SEED,
  bodyCases,
  createFuzzer,
  fieldCases,
  multipartCases,
  mutate,
  prng,
  randomCases,
} from './support/fuzz.ts';
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
  'POST /api/admin/kyc/cases/:userId/assignment': () => ({ assignTo: null, expectedAssignee: null }),
  'POST /api/admin/kyc/cases/:userId/notes': () => ({ body: 'A note from the fuzzer.', requestId: randomUUID() }),
  'POST /api/admin/kyc/cases/:userId/screening-hits/:hitId': () => ({ decision: 'FALSE_POSITIVE', reason: 'Another person.' }),
  'PUT /api/admin/kyc/cases/:userId/edd/:item': () => ({ done: true, expectedRound: 1 }),
  'POST /api/admin/payments/:paymentId/receipts': () => ({ requestId: randomUUID(), amount: 100, receivedOn: '2026-11-20', reference: 'BANK-REF-1' }),
  'POST /api/admin/payments/:paymentId/refund': () => ({ requestId: randomUUID(), reason: 'Returned', outgoingReference: 'OUT-1' }),
  'POST /api/admin/investors/:userId/issuance': () => ({ requestId: randomUUID(), transactionHash: `0x${'ab'.repeat(32)}` }),
  'POST /api/admin/content/disclosure': () => ({ title: 'Fuzz section' }),
  'POST /api/admin/content/disclosure/:id': () => ({ title: 'Fuzz section' }),
  'POST /api/admin/content/agreements/:key': () => ({ title: 'Fuzz agreement' }),
  'PUT /api/admin/settings': () => ({ tokenPrice: 1, minInvestment: 1000, maxInvestment: 1_000_000, kycFourEyesAboveEur: 100_000, kycReviewTargetHours: 48, expectedUpdatedAt: '2026-01-01T00:00:00.000Z' }),
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
  it('answers every hostile request below 500, in JSON with { error }, and a refusal writes nothing', { timeout: 300_000 }, async () => {
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

  it('answers every hostile content form below 500, in JSON with { error }; a refusal writes nothing and leaves no file', { timeout: 600_000 }, async () => {
    const started = performance.now();
    const random = prng(SEED + 1);
    const admin = await createStaff(t, ['issuer-admin']);
    const sections = (await (await t.get('/api/admin/content', admin.token)).json()) as { sections: { id: string; retiredAt: string | null }[] };
    const sectionId = sections.sections.find((x) => !x.retiredAt)?.id ?? randomUUID();
    const file = { name: 'file', bytes: await realPdf('fuzz'), filename: 'fuzz.pdf', contentType: 'application/pdf' };
    const boxes = [{ id: 'privacy_fuzz', text: 'I have read the privacy policy.', required: true, critical: false }];
    let slugs = 0;
    const forms: [string, string, FormSample][] = [
      ['POST /api/admin/content/agreements/:key', '/api/admin/content/agreements/privacy', { fields: () => ({ title: 'Privacy Policy', checkboxes: JSON.stringify(boxes) }), file, json: { checkboxes: () => boxes } }],
      ['POST /api/admin/content/disclosure/:id', `/api/admin/content/disclosure/${sectionId}`, { fields: () => ({ title: 'Fuzz section', order: '1', minReadingSeconds: '60' }), file }],
      ['POST /api/admin/content/disclosure', '/api/admin/content/disclosure', { fields: () => ({ slug: `fuzz-${SEED}-${++slugs}`, title: 'Fuzz section', order: '90', minReadingSeconds: '0' }), file }],
    ];
    const fuzzer = await createFuzzer(t, []);
    for (const [route, path, sample] of forms) {
      const cases = multipartCases(sample, random, RANDOM_BODIES);
      for (const c of cases) await fuzzer.send(route, 'POST', path, admin.token, c);
      // Anonymous: refused before the body is read, whatever it holds.
      for (const c of cases.slice(0, 12)) await fuzzer.send(route, 'POST', path, null, c);
    }
    report('fuzz-admin forms', t, fuzzer, started, forms.length);
    expect(fuzzer.failures.slice(0, 25)).toEqual([]);
    expect(t.log.entries.filter((e) => e.level === 'error').map((e) => e.message)).toEqual([]);
    expect(await readdir(t.storage.dir)).toEqual([]);
  });

  it('answers every malformed WebAuthn answer on a live challenge below 500; a refusal writes its audit event only, burns the challenge for good', { timeout: 600_000 }, async () => {
    const started = performance.now();
    const random = prng(SEED + 2);
    const now = t.clock.now();
    // The default app has no PUBLIC_URL: passkeys belong to localhost, the origin requests come to.
    const signer = await enrolledOnThisApp(t);
    const enroller = await createStaff(t, ['auditor']);
    const challenges: { id: string; challenge: string }[] = [];
    const links: { secret: string; challenge: string }[] = [];
    const honest = new Map<string, unknown>();
    const newChallenge = () => randomBytes(32).toString('base64url');
    const passkeySample: Sample = () => {
      const id = randomUUID();
      const challenge = newChallenge();
      challenges.push({ id, challenge });
      const response = signer.passkey.authenticate({ challenge, rpId: 'localhost' });
      honest.set(id, response);
      return { challengeId: id, response } as Json;
    };
    const enrolSample: Sample = () => {
      const secret = randomBytes(32).toString('base64url');
      const challenge = newChallenge();
      links.push({ secret, challenge });
      const response = new SoftAuthenticator(LOCAL_ORIGIN, 'localhost').register({ challenge, rp: { id: 'localhost' } });
      honest.set(secret, response);
      return { secret, response } as Json;
    };
    const rounds: [string, string, Sample, string[][]][] = [
      ['POST /api/admin/auth/passkey', '/api/admin/auth/passkey', passkeySample, answerPaths(['clientDataJSON', 'authenticatorData', 'signature', 'userHandle'])],
      ['POST /api/admin/auth/enrol', '/api/admin/auth/enrol', enrolSample, answerPaths(['clientDataJSON', 'attestationObject', 'authenticatorData', 'publicKey'])],
    ];
    const planned = rounds.map(([route, path, sample, b64Paths]) => {
      const webauthn: Case[] = b64Paths.flatMap((at) =>
        webauthnMutations(random).map(([label, value]) => ({ label: `${at.join('.')} = ${label}`, body: JSON.stringify(mutate(sample(), at, value)) })),
      );
      return { route, path, cases: [...webauthn, ...fieldCases(sample), ...bodyCases(sample), ...randomCases(sample, random).slice(0, RANDOM_BODIES)] };
    });
    // Every challenge a case names is live: code verified (sign-in), options handed out (enrolment).
    const expiresAt = new Date(now.getTime() + 3600_000);
    for (let i = 0; i < challenges.length; i += 500) {
      await t.database.db.insert(staffChallenges).values(
        challenges.slice(i, i + 500).map(({ id, challenge }) => ({ id, email: signer.email, staffId: signer.id, codeHash: new Uint8Array(32), issuedAt: now, expiresAt, codeVerifiedAt: now, webauthnChallenge: challenge })),
      );
    }
    for (let i = 0; i < links.length; i += 500) {
      await t.database.db.insert(staffEnrolments).values(
        links.slice(i, i + 500).map(({ secret, challenge }) => ({ staffId: enroller.id, purpose: 'invite', tokenHash: hashEnrolSecret(secret), webauthnChallenge: challenge, createdAt: now, expiresAt })),
      );
    }
    // A refused answer is recorded (its audit event) and nothing else: no session, no passkey, no other row.
    const fuzzer = await createFuzzer(t, [
      ...[400, 409, 410].map((status) => ({ route: 'POST /api/admin/auth/passkey', status, tables: ['audit_events'] })),
      ...[400, 409, 410].map((status) => ({ route: 'POST /api/admin/auth/enrol', status, tables: ['audit_events'] })),
    ]);
    for (const { route, path, cases } of planned) for (const c of cases) await fuzzer.send(route, 'POST', path, null, c);

    // Each sign-in challenge the library refused stays used, and the honest assertion made for it is refused now.
    const ours = challenges.map((c) => c.id);
    const failed = await t.database.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'admin.sign-in.passkey_failed'), eq(auditEvents.staffId, signer.id)));
    const refusedIds = [...new Set(failed.filter((e) => e.detail.reason === 'not_verified').map((e) => String(e.detail.challengeId)))].filter((id) => honest.has(id));
    expect(refusedIds.length).toBeGreaterThan(50); // the round reaches the library, not only the schema
    const used = new Set(
      (await t.database.db.select({ id: staffChallenges.id }).from(staffChallenges).where(and(inArray(staffChallenges.id, ours), isNotNull(staffChallenges.usedAt)))).map((r) => r.id),
    );
    for (const id of refusedIds) {
      if (!used.has(id)) fuzzer.failures.push(`challenge ${id}: refused, yet not used`);
      const replay = await t.request('/api/admin/auth/passkey', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ challengeId: id, response: honest.get(id) }) });
      if (replay.status !== 410) fuzzer.failures.push(`challenge ${id}: the honest assertion after a refusal answered ${replay.status}`);
    }
    // Each enrolment link the library refused has its challenge cleared, and its honest registration is refused now.
    const enrolRefused = await t.database.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'admin.enrol.refused'), eq(auditEvents.staffId, enroller.id)));
    const refusedLinks = new Set(enrolRefused.filter((e) => e.detail.reason === 'not_verified').map((e) => String(e.detail.enrolmentId)));
    expect(refusedLinks.size).toBeGreaterThan(50);
    const rows = await t.database.db.select().from(staffEnrolments).where(eq(staffEnrolments.staffId, enroller.id));
    for (const { secret } of links) {
      const row = rows.find((r) => Buffer.from(r.tokenHash).equals(Buffer.from(hashEnrolSecret(secret))));
      if (!row || !refusedLinks.has(row.id)) continue;
      if (row.webauthnChallenge !== null) fuzzer.failures.push(`enrolment ${row.id}: refused, yet its challenge is live`);
      const replay = await t.request('/api/admin/auth/enrol', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret, response: honest.get(secret) }) });
      if (replay.status === 200) fuzzer.failures.push(`enrolment ${row.id}: the honest registration after a refusal enrolled`);
    }
    report('fuzz-admin webauthn', t, fuzzer, started, rounds.length);
    expect(fuzzer.failures.slice(0, 25)).toEqual([]);
    expect(t.log.entries.filter((e) => e.level === 'error').map((e) => e.message)).toEqual([]);
    expect(await verifyAuditChain(t.database.db, () => t.clock.now())).toMatchObject({ ok: true, firstBroken: null });
  });
});

const LOCAL_ORIGIN = 'http://localhost';

/** A member enrolled through the API of the test's own app (no PUBLIC_URL: origin http://localhost, rpID localhost). */
async function enrolledOnThisApp(t: ApiTest) {
  const email = uniqueStaffEmail('fuzz-signer');
  const invited = await inviteByCommand(t.database.db, { email, displayName: 'Fuzz Signer', roles: ['compliance'] }, t.clock.now(), LOCAL_ORIGIN);
  const passkey = new SoftAuthenticator(LOCAL_ORIGIN, 'localhost');
  const { options } = (await (await t.post('/api/admin/auth/enrol/options', { secret: invited.secret })).json()) as { options: { challenge: string } };
  const done = await t.post('/api/admin/auth/enrol', { secret: invited.secret, response: passkey.register(options) });
  expect(done.status).toBe(200);
  return { id: invited.staffId, email, passkey };
}

/** The base64url fields of a WebAuthn answer in a body ({ ..., response: { id, rawId, response: { ...fields } } }). */
const answerPaths = (fields: string[]) => [['response', 'id'], ['response', 'rawId'], ...fields.map((field) => ['response', 'response', field])];

const b64u = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');

/**
 * Values for a base64url field of a WebAuthn answer that pass the schema's shape (mostly) and reach the library: bytes
 * that decode to NULs, invalid UTF-8, JSON holding NUL and lone surrogate escapes, wrong types, deep nesting, CBOR that
 * nests deep, never ends or claims 2^64 bytes, random bytes, and sizes at and over the limit.
 */
function webauthnMutations(random: ReturnType<typeof prng>): [string, string][] {
  const randomBytesOf = (n: number) => Uint8Array.from({ length: n }, () => random.int(256));
  return [
    ['NUL bytes (AAAA)', 'AAAA'],
    ['empty', ''],
    ['one character', 'A'],
    ['padding only', '=='],
    ['padded', 'AAA='],
    ['base64, not url', 'ab+/cd=='],
    ['invalid UTF-8', b64u(new Uint8Array([0x7b, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x7d]))],
    ['JSON with a NUL challenge', b64u(JSON.stringify({ type: 'webauthn.get', challenge: '\u0000\u0000', origin: LOCAL_ORIGIN }))],
    ['JSON with a NUL origin', b64u(JSON.stringify({ type: 'webauthn.create', challenge: 'AAAA', origin: 'http://a\u0000b' }))],
    ['JSON with a lone surrogate origin', b64u('{"type":"webauthn.get","challenge":"AAAA","origin":"\\ud800"}')],
    ['JSON with a lone surrogate type', b64u('{"type":"\\udfff","challenge":"AAAA","origin":"http://localhost"}')],
    ['JSON of wrong types', b64u('{"type":1,"challenge":[],"origin":{},"crossOrigin":"yes","tokenBinding":7}')],
    ['JSON null', b64u('null')],
    ['JSON string', b64u('"webauthn.get"')],
    ['JSON __proto__', b64u('{"__proto__":{"type":"webauthn.get"},"constructor":{"prototype":1},"challenge":"AAAA"}')],
    ['JSON nested 1500 deep', b64u('['.repeat(1500) + ']'.repeat(1500))],
    ['CBOR nested 2500 deep', b64u(new Uint8Array(2500).fill(0x81))],
    ['CBOR indefinite arrays that never end', b64u(new Uint8Array(2500).fill(0x9f))],
    ['CBOR claiming 2^64 bytes', b64u(new Uint8Array([0x5b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00]))],
    ['CBOR map with a NUL key', b64u(new Uint8Array([0xa3, 0x63, 0x66, 0x6d, 0x74, 0x64, 0x6e, 0x6f, 0x6e, 0x65, 0x61, 0x00, 0x01, 0x68, 0x61, 0x75, 0x74, 0x68, 0x44, 0x61, 0x74, 0x61, 0x40]))],
    ['random bytes', b64u(randomBytesOf(300))],
    ['at the 1024 limit', 'A'.repeat(1024)],
    ['at the 4096 limit', 'A'.repeat(4096)],
    ['over the limits', 'A'.repeat(16_385)],
  ];
}

/** One summary line per round: how many requests, what answers, how many findings. */
function report(name: string, t: ApiTest, fuzzer: Fuzzer, started: number, routes: number) {
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `[${name}] ${t.backend}: ${fuzzer.requests} requests to ${routes} routes (seed ${SEED}) in ${seconds.toFixed(1)} s; ` +
      `answers ${[...fuzzer.statuses].sort(([a], [b]) => a - b).map(([st, n]) => `${st}x${n}`).join(' ')}; ${fuzzer.failures.length} findings`,
  );
}

export type { Json };
