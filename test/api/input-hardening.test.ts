/**
 * Bodies that are not what a call expects: each gets a clean 4xx { error }, nothing internal leaks, and a body that is
 * not plain data (too deep, lone surrogates, NUL, prototype keys) is refused before anything is written.
 */
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { SaveDisclosureProgressSchema } from '../../src/shared/disclosure.ts';
import { messages } from '../../src/shared/messages.ts';
import { JSON_BODY_LIMIT_BYTES } from '../../src/server/http/json-body-limit.ts';
import { MAX_JSON_DEPTH } from '../../src/shared/plain-data.ts';
import { bearer, forEachDatabase, individualPayload } from './harness.ts';
import { kycInvestor } from './support/kyc.ts';
import { rowCounts } from './support/row-counts.ts';

forEachDatabase('input hardening', (t) => {
  const postRaw = (path: string, body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t.request(path, { method: 'POST', headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);

  it('answers 400 for a body that is not JSON', async () => {
    for (const body of ['{', '{"email": }', 'undefined', '', "{'a':1}"]) {
      for (const path of ['/api/auth/register', '/api/auth/login']) {
        const res = await postRaw(path, body);
        expect(res.status, `${path} ${body}`).toBe(400);
        expect(await res.json()).toEqual({ error: messages.server.badJson });
      }
    }
  });

  it('answers 415 when the body is not declared as JSON', async () => {
    const body = JSON.stringify(individualPayload());
    for (const headers of [{} as Record<string, string>, { 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }, { 'content-type': 'multipart/form-data; boundary=x' }]) {
      const res = await postRaw('/api/auth/register', body, headers);
      expect(res.status, JSON.stringify(headers)).toBe(415);
      expect(await res.json()).toEqual({ error: messages.server.invalidRequest });
    }
    const withCharset = await postRaw('/api/auth/register', body, { 'content-type': 'application/json; charset=utf-8' });
    expect(withCharset.status).toBe(202);
    // The body is read as UTF-8: one declared in another charset is not taken for what it is not.
    for (const charset of ['utf-16', 'latin1', 'UTF-16LE']) {
      const res = await postRaw('/api/auth/login', '{"email":"ada@example.com"}', { 'content-type': `application/json; charset=${charset}` });
      expect([res.status, await res.json()], charset).toEqual([415, { error: messages.server.invalidRequest }]);
    }
  });

  it('answers 413 for a body over the limit, declared or streamed', async () => {
    const huge = JSON.stringify({ ...individualPayload(), fullName: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
    const declared = await postRaw('/api/auth/register', huge, { 'content-type': 'application/json', 'content-length': String(huge.length) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: messages.server.tooLarge });

    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > JSON_BODY_LIMIT_BYTES * 4) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = await postRaw('/api/auth/login', stream);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ error: messages.server.tooLarge });
    // The reader stopped soon after the limit rather than buffering everything.
    expect(sent).toBeLessThan(JSON_BODY_LIMIT_BYTES * 2);
  });

  it('answers 400 for JSON of the wrong shape', async () => {
    for (const body of ['[]', 'null', '42', '"text"', 'true', '{"investorType":{"$ne":null}}']) {
      const res = await postRaw('/api/auth/register', body);
      expect(res.status, body).toBe(400);
      // A registration refusal may name the field it is about (RegistrationRejectionSchema), never echo the input.
      expect(await res.json()).toEqual(body.startsWith('{') ? { error: messages.registration.fillRequired, field: 'investorType' } : { error: messages.registration.fillRequired });
    }
  });

  it('answers 400 for NUL characters in values and keys, which PostgreSQL text cannot hold', async () => {
    const before = await rowCounts(t.database.db);
    for (const payload of [individualPayload({ fullName: 'Ada\u0000Lovelace' }), { ...individualPayload(), 'x\u0000': 1 }, { ...individualPayload(), list: [['\u0000']] }]) {
      const res = await t.post('/api/auth/register', payload);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: messages.server.invalidRequest });
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('refuses __proto__, constructor and prototype keys anywhere in a body, before anything is written', async () => {
    const before = await rowCounts(t.database.db);
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const body = `{"${key}":{"isAdmin":true},${JSON.stringify(individualPayload()).slice(1)}`;
      const res = await postRaw('/api/auth/register', body);
      expect([res.status, await res.json()], key).toEqual([400, { error: messages.server.invalidRequest }]);
      const nested = await postRaw('/api/auth/login', `{"email":"ada@example.com","extra":[{"a":{"${key}":1}}]}`);
      expect([nested.status, await nested.json()], key).toEqual([400, { error: messages.server.invalidRequest }]);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('refuses them as disclosure section ids (valibot record() skips such keys unchecked)', async () => {
    const { token } = await t.register();
    const before = await rowCounts(t.database.db);
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      for (const path of ['/api/disclosure/save-progress', '/api/disclosure/complete']) {
        const res = await postRaw(path, `{"sectionProgress":{"${key}":{"opened":true,"timeSpent":5}}}`, { 'content-type': 'application/json', ...bearer(token) });
        expect([res.status, await res.json()], `${path} ${key}`).toEqual([400, { error: messages.server.invalidRequest }]);
      }
      // The shared schema refuses them on its own too (the client and any other reader use it).
      expect(v.is(SaveDisclosureProgressSchema, JSON.parse(`{"sectionProgress":{"${key}":{}}}`)), key).toBe(false);
    }
    expect(v.is(SaveDisclosureProgressSchema, { sectionProgress: { [crypto.randomUUID()]: { opened: true } } })).toBe(true);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('refuses bodies nested deeper than MAX_JSON_DEPTH with 400, without running out of stack, anonymous or signed in', async () => {
    const { token } = await kycInvestor(t);
    const before = await rowCounts(t.database.db);
    const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    const bodies = [deep(4000), `{"email":${deep(4000)}}`, deep(JSON_BODY_LIMIT_BYTES / 2 - 1), `{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)}`];
    const paths = ['/api/auth/register', '/api/auth/login', '/api/auth/verify', '/api/auth/resend', '/api/disclosure/save-progress', '/api/kyc/save-step'];
    for (const body of bodies) {
      for (const path of paths) {
        const res = await postRaw(path, body, { 'content-type': 'application/json', ...bearer(token) });
        expect([res.status, await res.json()], `${path} ${body.slice(0, 12)}… (${body.length} bytes)`).toEqual([400, { error: messages.server.invalidRequest }]);
      }
    }
    // The limit exactly: the body object and 31 arrays inside it pass the reader (the schema then speaks); 32 do not.
    const login = async (levels: number) => {
      const res = await postRaw('/api/auth/login', `{"email":${deep(levels)}}`);
      return [res.status, await res.json()];
    };
    expect(MAX_JSON_DEPTH).toBe(32);
    expect(await login(MAX_JSON_DEPTH - 1)).toEqual([400, { error: messages.login.invalidEmail }]);
    expect(await login(MAX_JSON_DEPTH)).toEqual([400, { error: messages.server.invalidRequest }]);
    expect(t.log.entries.filter((e) => e.level === 'error')).toEqual([]);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('refuses lone UTF-16 surrogates in values and keys with 400, before anything is written', async () => {
    const { token } = await kycInvestor(t);
    const before = await rowCounts(t.database.db);
    const refused: [string, string][] = [
      ['/api/auth/login', '{"email":"x\\udfff@example.com"}'],
      ['/api/auth/register', JSON.stringify(individualPayload({ fullName: 'AAA' })).replace('AAA', '\\ud800')],
      ['/api/auth/register', JSON.stringify(individualPayload({ nationality: 'AAA' })).replace('AAA', 'Brit\\udc00ish')],
      ['/api/auth/register', JSON.stringify(individualPayload()).replace('"fullName"', '"full\\ud83dName"')],
      ['/api/disclosure/save-progress', '{"sectionProgress":{},"note":"\\ud83d"}'],
      ['/api/kyc/save-step', '{"step":4,"stepData":{"occupation":"\\udbff\\udbff"}}'],
    ];
    for (const [path, body] of refused) {
      const res = await postRaw(path, body, { 'content-type': 'application/json', ...bearer(token) });
      expect([res.status, await res.json()], `${path} ${body}`).toEqual([400, { error: messages.server.invalidRequest }]);
    }
    expect(t.log.entries.filter((e) => e.level === 'error')).toEqual([]);
    expect(await rowCounts(t.database.db)).toEqual(before);
    // A pair is one character (here an emoji, escaped or not): fine.
    for (const fullName of ['Ada \ud83d\ude00 Lovelace', 'Ada 😀 Lovelace']) {
      const res = await postRaw('/api/auth/register', JSON.stringify(individualPayload({ fullName: 'AAA' })).replace('AAA', fullName));
      expect(res.status, fullName).toBe(202);
    }
  });

  it('refuses an email address holding a character nobody sees, by its Unicode property, at register, login and the staff code: 400 in the catalogue words, nothing written', async () => {
    const hidden: [string, string][] = [
      ['U+061C arabic letter mark (format)', '\u061c'],
      ['U+00AD soft hyphen (format)', '\u00ad'],
      ['U+180E mongolian vowel separator (format)', '\u180e'],
      ['U+3164 hangul filler', '\u3164'],
      ['U+115F hangul choseong filler', '\u115f'],
      ['U+1160 hangul jungseong filler', '\u1160'],
      ['U+FFA0 halfwidth hangul filler', '\uffa0'],
      ['U+034F combining grapheme joiner', '\u034f'],
      ['U+FE0F variation selector', '\ufe0f'],
      ['U+E0041 tag letter A (format)', '\u{e0041}'],
      ['U+0378 unassigned', '\u0378'],
      ['U+E000 private use', '\ue000'],
      ['U+2028 line separator', '\u2028'],
      ['U+202E right-to-left override', '\u202e'],
      ['U+200B zero-width space', '\u200b'],
      ['U+2066 left-to-right isolate', '\u2066'],
      ['U+0007 bell (control)', '\u0007'],
    ];
    const counts = await rowCounts(t.database.db);
    for (const [name, ch] of hidden) {
      for (const email of [`ada${ch}@example.com`, `ada@exam${ch}ple.com`, `${ch}ada@example.com`]) {
        const register = await t.post('/api/auth/register', { ...individualPayload(), email });
        expect([register.status, await register.json()], `register ${name}`).toEqual([400, { field: 'email', error: messages.login.invalidEmail }]);
        const login = await t.post('/api/auth/login', { email, password: 'placeholder-password' });
        expect([login.status, await login.json()], `login ${name}`).toEqual([400, { error: messages.login.invalidEmail }]);
        const staff = await t.post('/api/admin/auth/code', { email });
        expect([staff.status, await staff.json()], `staff code ${name}`).toEqual([400, { error: messages.login.invalidEmail }]);
      }
    }
    expect(await rowCounts(t.database.db)).toEqual(counts);
    // Letters of any script stay welcome, astral ones too.
    for (const email of ['jörg@bücher.example', 'ταχίδρομος@example.gr', 'user\u{1d4d0}@example.com', 'x😀@example.com']) {
      expect((await t.post('/api/auth/login', { email, password: 'placeholder-password' })).status, email).toBe(202);
    }
  });

  it('never answers with a stack trace or internal detail', async () => {
    const probes = [
      await postRaw('/api/auth/register', '{"email":'),
      await postRaw('/api/auth/register', JSON.stringify({ ...individualPayload(), investmentAmount: 'DROP TABLE users' })),
      await t.request('/api/%E0%A4%A', { method: 'GET' }),
      await t.request('/api/kyc/status', { headers: { authorization: 'Bearer eyJ.eyJ.sig' } }),
    ];
    for (const res of probes) {
      const text = await res.text();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(Object.keys(JSON.parse(text) as object).filter((key) => key !== 'field')).toEqual(['error']);
      expect(text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|SyntaxError|DROP TABLE/);
    }
  });
});
