/**
 * The fuzzing machinery of test/api/fuzz.test.ts (investor calls) and fuzz-admin.test.ts (the back-office): mutations
 * of a valid sample body at every path, whole hostile bodies, seeded random bodies, odd path parameters, and a sender
 * that checks every answer (below 500, JSON, `{ error }` without detail) and that a refusal wrote no row unless it is
 * one the domain records on purpose.
 */
import type { ApiTest } from '../harness.ts';
import { bearer } from '../harness.ts';
import { rowCountsWatcher } from './row-counts.ts';

export const SEED = Number(process.env.FUZZ_SEED ?? 20260110);
export const RANDOM_BODIES_PER_ROUTE = 40;

/** mulberry32: small, fast, and the same sequence for the same seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T };
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** Makes a valid body (fresh for each case: a registration with an address of its own is not throttled). */
export type Sample = () => Json | undefined;

const deep = (levels: number, inner: Json = 1): Json => {
  let value: Json = inner;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};
const withKey = (key: string): Json => JSON.parse(`{"${key}":{"isAdmin":true}}`) as Json;

/** What a field's value is replaced by. */
export const VALUE_MUTATIONS: [string, Json | undefined][] = [
  ['missing', undefined],
  ['null', null],
  ['true', true],
  ['0', 0],
  ['-1', -1],
  ['1e308', 1e308],
  ['fraction', 1.5],
  ['empty string', ''],
  ['blank', '   '],
  ['number as text', '25000'],
  ['huge string', 'x'.repeat(60_000)],
  ['huge array', Array.from({ length: 20_000 }, () => 0)],
  ['array of strings', ['a', 'b']],
  ['empty object', {}],
  ['operator object', { $ne: null }],
  ['nested 20', deep(20)],
  ['nested 40', deep(40)],
  ['lone high surrogate', 'a\ud800b'],
  ['lone low surrogate', '\udfff@example.com'],
  ['NUL', 'Ada\u0000Lovelace'],
  ['control characters', '\u0001\u001b[31mred\u007f\u0085'],
  ['bidi override', 'Ada\u202egpj.exe'],
  ['emoji', 'Ada 😀'],
  ['__proto__ object', withKey('__proto__')],
  ['constructor object', withKey('constructor')],
];

/** Every path in a sample: [] is the body itself, ['stepData', 'occupation'] a nested field. */
export function paths(value: Json | undefined, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return [prefix, ...Object.entries(value).flatMap(([key, item]) => paths(item, [...prefix, key]))];
}

export function mutate(sample: Json | undefined, path: string[], replacement: Json | undefined): Json | undefined {
  if (path.length === 0) return replacement;
  const copy = structuredClone(sample) as { [key: string]: Json };
  let target = copy;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) return copy; // an earlier change took it away
    target = next;
  }
  const last = path[path.length - 1] as string;
  if (replacement === undefined) delete target[last];
  else target[last] = replacement;
  return copy;
}

export type Case = { label: string; body?: BodyInit; contentType?: string | null };

export const json = (value: Json | undefined): Case['body'] => (value === undefined ? undefined : JSON.stringify(value));

/** Whole bodies, whatever the route. */
export function bodyCases(sample: Sample): Case[] {
  const valid = () => json(sample() ?? {}) as string;
  return [
    { label: 'no body' },
    { label: 'empty body', body: '' },
    ...['null', '[]', '{}', '"text"', '0', 'true', '{', '{"a":', "{'a':1}", 'undefined', '\ufeff{}', '{"a":1,"a":{"b":2}}'].map((body) => ({ label: `body ${body}`, body })),
    { label: 'nested 4000 arrays', body: '['.repeat(4000) + ']'.repeat(4000) },
    { label: 'nested 3000 objects', body: '{"a":'.repeat(3000) + '1' + '}'.repeat(3000) },
    { label: 'huge array body', body: `[${'0,'.repeat(30_000)}0]` },
    { label: 'over 64 KB', body: JSON.stringify({ a: 'x'.repeat(70_000) }) },
    { label: 'invalid UTF-8', body: new Uint8Array([0x7b, 0x22, 0x61, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x31, 0x7d]) },
    { label: '__proto__ at the top', body: `{"__proto__":{"isAdmin":true},${valid().slice(1)}` },
    { label: 'prototype at the top', body: `{"prototype":1,${valid().slice(1)}` },
    { label: 'NUL in a key', body: `{"a\\u0000":1,${valid().slice(1)}` },
    { label: 'lone surrogate in a key', body: `{"a\\udc00":1,${valid().slice(1)}` },
    ...[null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json-patch+json', 'application/jsonx', 'application/json; charset=utf-16'].map(
      (contentType) => ({ label: `content type ${contentType}`, body: valid(), contentType }),
    ),
  ];
}

export function fieldCases(sample: Sample): Case[] {
  return paths(sample())
    .filter((path) => path.length > 0)
    .flatMap((path) => VALUE_MUTATIONS.map(([name, replacement]) => ({ label: `${path.join('.')} = ${name}`, body: json(mutate(sample(), path, replacement)) })));
}

/** Random JSON (seeded): keys from the sample and odd ones, strings from an alphabet that has every trouble-maker. */
export function randomCases(sample: Sample, random: ReturnType<typeof prng>): Case[] {
  const keys = [...new Set(paths(sample()).flat()), '__proto__', 'constructor', '', 'a\u0000', '\ud800', 'email', 'step', '0'];
  const alphabet = ['a', 'Z', '0', ' ', '"', '\\', '\u0000', '\u0007', '\u001b', '\u007f', '\u00e9', '\u202e', '\u200b', '\ud800', '\udfff', '😀', '@', '.', '-', '\n'];
  const text = () => Array.from({ length: random.int(random.next() < 0.1 ? 3000 : 12) }, () => random.pick(alphabet)).join('');
  const value = (depth: number): Json => {
    const roll = random.int(depth > 5 ? 5 : 8);
    if (roll === 0) return null;
    if (roll === 1) return random.next() < 0.5;
    if (roll === 2) return random.pick([0, -1, 1.5, 1e21, -1e-7, 2 ** 53 + 1, 25_000, 4]);
    if (roll <= 4) return text();
    if (roll === 5 || roll === 6) {
      const object: { [key: string]: Json } = JSON.parse('{}') as { [key: string]: Json };
      for (let i = random.int(5); i > 0; i--) Object.defineProperty(object, random.pick(keys), { value: value(depth + 1), enumerable: true, configurable: true, writable: true });
      return object;
    }
    return Array.from({ length: random.int(4) }, () => value(depth + 1));
  };
  // Half wholly random, half the sample with one to three of its fields replaced by random values or left out.
  const nearlyValid = (): Json | undefined => {
    let body = sample();
    for (let n = 1 + random.int(3); n > 0; n--) {
      const fields = paths(body).filter((path) => path.length > 0);
      if (fields.length > 0) body = mutate(body, random.pick(fields), random.next() < 0.2 ? undefined : value(1));
    }
    return body;
  };
  return Array.from({ length: RANDOM_BODIES_PER_ROUTE }, (_, i) => ({ label: `random #${i}`, body: i % 2 ? JSON.stringify(value(0)) : json(nearlyValid()) }));
}

/** Odd values for a path parameter, as they would arrive in the URL. */
export const PARAM_VALUES = ['x', '0', '..', '%2e%2e%2f%2e%2e%2fserver.lock', '%00', '%ED%A0%80', '%F0%9F%98%80', 'a'.repeat(5000), '%E0%A4%A', `${'ab'.repeat(16)}.pdf%00`, 'constructor', '__proto__', '6f1c4c5e-9b7a-4a57-9d65-1c2f3e4d5a6b'];


/** One part of a multipart form: a field (text, or raw bytes to send what no browser would) or a file. */
export type Part = { name: string; value: string | Uint8Array; filename?: string; contentType?: string; headers?: string };

let boundaries = 0;
const bytesOf = (value: string | Uint8Array) => (typeof value === 'string' ? new TextEncoder().encode(value) : value);

/** A multipart/form-data body as a client writes it (the parts in the order given), and its content type. */
export function multipart(parts: readonly Part[], options: { boundary?: string; close?: boolean } = {}): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = options.boundary ?? `----fuzz${process.pid}x${++boundaries}`;
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = part.headers ?? `Content-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}`;
    chunks.push(bytesOf(`--${boundary}\r\n${head}\r\n`), bytesOf(part.value), bytesOf('\r\n'));
  }
  if (options.close !== false) chunks.push(bytesOf(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const formCase = (label: string, parts: readonly Part[]): Case => {
  const { body, contentType } = multipart(parts);
  return { label, body, contentType };
};

/** What a text field's value is replaced by (multipart fields are text: no types, but any bytes). */
export const FIELD_MUTATIONS: [string, string | Uint8Array | undefined][] = [
  ['missing', undefined],
  ['empty', ''],
  ['blank', '   '],
  ['null', 'null'],
  ['true', 'true'],
  ['-1', '-1'],
  ['0', '0'],
  ['1e308', '1e308'],
  ['fraction', '1.5'],
  ['huge number', '9'.repeat(40)],
  ['fullwidth digits', '\uff11\uff12'],
  ['over the field limit', 'x'.repeat(300)],
  ['over 160 KB', 'x'.repeat(170 * 1024)],
  ['NUL', 'Ada\u0000Lovelace'],
  ['invalid UTF-8', new Uint8Array([0x41, 0xff, 0xfe, 0x42])],
  ['UTF-8 of a surrogate', new Uint8Array([0x41, 0xed, 0xa0, 0x80])],
  ['control characters', '\u0001\u001b[31mred\u007f\u0085'],
  ['bidi override', 'Ada\u202egpj.exe'],
  ['emoji', 'Ada 😀'],
  ['__proto__', '__proto__'],
  ['operator JSON', '{"$ne":null}'],
  ['part header injection', 'x\r\n--not-the-boundary\r\nContent-Disposition: form-data; name="title"\r\n\r\ninjected'],
];

/** JSON texts a JSON field (the agreement form's checkbox list) may hold instead of its sample. */
const JSON_FIELD_TEXTS: [string, string][] = [
  ['not JSON', '{'],
  ['null', 'null'],
  ['object', '{}'],
  ['empty list', '[]'],
  ['list of null', '[null]'],
  ['nested 4000 arrays', '['.repeat(4000) + ']'.repeat(4000)],
  ['nested 3000 objects', '{"a":'.repeat(3000) + '1' + '}'.repeat(3000)],
  ['__proto__ item', '[{"__proto__":{"required":true},"id":"a","text":"A","required":true}]'],
  ['NUL escape in a key', '[{"id\\u0000":"a","text":"A","required":true}]'],
  ['lone surrogate escape in a key', '[{"id":"a","te\\udc00xt":"A","required":true}]'],
  ['lone surrogate escapes in values', '[{"id":"\\ud800","text":"\\udfff","required":true}]'],
  ['duplicate key', '[{"id":"a","id":{"x":1},"text":"A","required":true}]'],
  ['BOM first', '\ufeff[]'],
];

export type FormSample = {
  /** Valid text fields, fresh each call (a new section needs a slug of its own). */
  fields: () => Record<string, string>;
  /** The file part of a valid form, or null when the form is valid without one. */
  file: { name: string; bytes: Uint8Array; filename: string; contentType: string } | null;
  /** Fields that carry JSON, with a valid value of each (its paths are mutated like a JSON body's). */
  json?: Record<string, () => Json>;
};

/** The parts of a form: its fields in order, then its file. */
const formParts = (fields: Record<string, string | Uint8Array>, file: FormSample['file']): Part[] => [
  ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ...(file ? [{ name: file.name, value: file.bytes, filename: file.filename, contentType: file.contentType }] : []),
];

/**
 * Hostile multipart forms for an upload route: every field replaced by every FIELD_MUTATION, the JSON fields mutated at
 * every path (VALUE_MUTATIONS: NUL and lone surrogate escapes, deep nesting, wrong types) and replaced by hostile JSON
 * texts, odd structure (unknown, repeated and too many fields, odd names, files where none belong, two files, odd
 * file names and types), broken envelopes (no boundary, unclosed, garbage), and seeded random forms.
 */
export function multipartCases(sample: FormSample, random: ReturnType<typeof prng>, randomCount = RANDOM_BODIES_PER_ROUTE): Case[] {
  const { file } = sample;
  const cases: Case[] = [formCase('valid form', formParts(sample.fields(), file))];
  for (const name of Object.keys(sample.fields())) {
    for (const [label, value] of FIELD_MUTATIONS) {
      const fields: Record<string, string | Uint8Array> = sample.fields();
      if (value === undefined) delete fields[name];
      else fields[name] = value;
      cases.push(formCase(`${name} = ${label}`, formParts(fields, file)));
    }
  }
  for (const [name, json] of Object.entries(sample.json ?? {})) {
    const item = (json() as Json[])[0];
    for (const path of paths(item)) {
      for (const [label, replacement] of VALUE_MUTATIONS) {
        const list = [mutate(item, path, replacement)].filter((x) => x !== undefined) as Json[];
        cases.push(formCase(`${name}[0].${path.join('.') || '(item)'} = ${label}`, formParts({ ...sample.fields(), [name]: JSON.stringify(list) }, file)));
      }
    }
    for (const [label, text] of JSON_FIELD_TEXTS) cases.push(formCase(`${name} = ${label}`, formParts({ ...sample.fields(), [name]: text }, file)));
  }
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const pdfHead = new TextEncoder().encode('%PDF-1.7\n% not a document\n%%EOF\n');
  const fileAs = (over: Partial<NonNullable<FormSample['file']>>) => ({ name: 'file', bytes: pdfHead, filename: 'doc.pdf', contentType: 'application/pdf', ...file, ...over });
  const structure: [string, Part[]][] = [
    ['unknown field', formParts({ ...sample.fields(), isAdmin: 'true' }, file)],
    ['a field twice', [...formParts(sample.fields(), null), ...formParts(sample.fields(), file)]],
    ['nine fields', formParts({ ...sample.fields(), ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, 'x'])) }, file)],
    ['field named __proto__', formParts({ ...sample.fields(), ['__proto__']: '{"isAdmin":true}' }, file)],
    ['field named constructor', formParts({ ...sample.fields(), constructor: 'x' }, file)],
    ['field name with NUL', formParts({ ...sample.fields(), 'a\u0000b': 'x' }, file)],
    ['field name over 64 bytes', formParts({ ...sample.fields(), ['n'.repeat(100)]: 'x' }, file)],
    ['no file', formParts(sample.fields(), null)],
    ['file first', [...formParts({}, file ?? fileAs({})), ...formParts(sample.fields(), null)]],
    ['file in another field', formParts(sample.fields(), fileAs({ name: 'title' }))],
    ['two files', [...formParts(sample.fields(), fileAs({})), ...formParts({}, fileAs({ filename: 'again.pdf' }))]],
    ['a PNG', formParts(sample.fields(), fileAs({ bytes: png, filename: 'x.pdf' }))],
    ['a PDF that does not open', formParts(sample.fields(), fileAs({ bytes: pdfHead }))],
    ['an empty file', formParts(sample.fields(), fileAs({ bytes: new Uint8Array(0) }))],
    ['text as a file', formParts(sample.fields(), fileAs({ bytes: new TextEncoder().encode('hello'), contentType: 'text/plain' }))],
    ['file name ../', formParts(sample.fields(), fileAs({ filename: '../../../server.lock' }))],
    ['file name with NUL and bidi', formParts(sample.fields(), fileAs({ filename: 'a\u0000\u202egpj.pdf' }))],
    ['file name of 5000 characters', formParts(sample.fields(), fileAs({ filename: `${'x'.repeat(5000)}.pdf` }))],
    ['declared type a lie', formParts(sample.fields(), fileAs({ contentType: 'image/png' }))],
    ['part without a disposition', [{ name: 'x', value: 'x', headers: 'Content-Type: text/plain\r\n' }, ...formParts(sample.fields(), file)]],
  ];
  cases.push(...structure.map(([label, parts]) => formCase(label, parts)));
  const valid = multipart(formParts(sample.fields(), file));
  const unclosed = multipart(formParts(sample.fields(), file), { close: false });
  cases.push(
    { label: 'no body', contentType: valid.contentType },
    { label: 'empty body', body: '', contentType: valid.contentType },
    { label: 'no boundary', body: valid.body, contentType: 'multipart/form-data' },
    { label: 'another boundary', body: valid.body, contentType: 'multipart/form-data; boundary=other' },
    { label: 'unclosed', body: unclosed.body, contentType: unclosed.contentType },
    { label: 'cut in the middle', body: valid.body.slice(0, Math.floor(valid.body.byteLength / 2)), contentType: valid.contentType },
    { label: 'garbage', body: new Uint8Array(4096).fill(0x2d), contentType: valid.contentType },
    { label: 'JSON declared', body: valid.body, contentType: 'application/json' },
    { label: 'multipart/mixed', body: valid.body, contentType: valid.contentType.replace('form-data', 'mixed') },
    { label: 'boundary of 200 characters', ...multipart(formParts(sample.fields(), file), { boundary: 'b'.repeat(200) }) },
  );
  const alphabet = ['a', 'Z', '0', ' ', '"', '\\', '\u0000', '\u0007', '\u001b', '\u007f', '\u00e9', '\u202e', '\u200b', '\ud800', '😀', '{', '[', '\r\n', '--'];
  const names = Object.keys(sample.fields());
  for (let i = 0; i < randomCount; i++) {
    const fields: Record<string, string> = sample.fields();
    for (let n = 1 + random.int(3); n > 0; n--) {
      const name = random.pick([...names, ...Object.keys(sample.json ?? {}), 'extra']);
      fields[name] = Array.from({ length: random.int(random.next() < 0.1 ? 400 : 12) }, () => random.pick(alphabet)).join('');
    }
    cases.push(formCase(`random form #${i}`, formParts(fields, random.next() < 0.8 ? file : null)));
  }
  return cases;
}


export type Fuzzer = {
  send(route: string, method: string, path: string, auth: string | null, c: Case): Promise<void>;
  readonly failures: string[];
  readonly statuses: Map<number, number>;
  readonly requests: number;
};

/**
 * A refusal the domain records on purpose (route and status): it may write rows, in any table or only in `tables`
 * (a refused passkey answer writes its audit event and nothing else).
 */
export type RefusalThatWrites = { route: string; status: number; tables?: readonly string[] };

/** `refusalsThatWrite`: refusals the domain records on purpose, which may write rows. */
export async function createFuzzer(t: ApiTest, refusalsThatWrite: readonly RefusalThatWrites[]): Promise<Fuzzer> {
  const REFUSALS_THAT_WRITE = refusalsThatWrite;
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let requests = 0;
  // Counted again only when the database wrote something since the last count (see rowCountsWatcher).
  const watcher = await rowCountsWatcher(t.database.db);
  let counts = await watcher.counts();
  const send = async (route: string, method: string, path: string, auth: string | null, c: Case) => {
    const headers: Record<string, string> = auth ? bearer(auth) : {};
    if (c.body !== undefined && c.contentType !== null) headers['content-type'] = c.contentType ?? 'application/json';
    const init = { method, headers, ...(c.body === undefined ? {} : { body: c.body }) };
    // Each sign-in call from an address of its own, so the per-client limits do not answer for the domain (429).
    // (Not for other calls: a stand-in connection would be read as the body by the upload.)
    const client = { incoming: { socket: { remoteAddress: `198.18.${(requests >> 8) & 255}.${requests & 255}` } } } as never;
    const res = await (path.startsWith('/api/auth/') ? t.app.request(path, init, client) : t.request(path, init));
    requests++;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const where = `${method} ${path.slice(0, 80)} ${auth ? 'signed in' : 'anonymous'} ${c.label}: ${res.status}`;
    const text = await res.text();
    if (res.status >= 500) failures.push(`${where} ${text.slice(0, 120)}`);
    if (res.status >= 400) {
      // (A 2xx may be a file: the NDA, a disclosure PDF.)
      if (!/^application\/json/.test(res.headers.get('content-type') ?? '')) failures.push(`${where} content type ${res.headers.get('content-type')}`);
      let answer: unknown;
      try {
        answer = JSON.parse(text);
      } catch {
        failures.push(`${where} not JSON: ${text.slice(0, 80)}`);
      }
      const error = (answer as { error?: unknown } | undefined)?.error;
      if (typeof error !== 'string' || error === '') failures.push(`${where} no { error }: ${text.slice(0, 80)}`);
      if (/\bat \S+ \(|node_modules|\.ts:\d+|SyntaxError|RangeError/.test(text)) failures.push(`${where} leaks detail: ${text.slice(0, 120)}`);
      const after = await watcher.counts();
      const allowed = REFUSALS_THAT_WRITE.find((r) => r.route === route && r.status === res.status);
      const changed = Object.keys(after).filter((k) => after[k] !== counts[k] && !(allowed && (!allowed.tables || allowed.tables.includes(k))));
      if (changed.length > 0) failures.push(`${where} (${text.slice(0, 60)}) wrote rows: ${changed.map((k) => `${k} ${counts[k]} -> ${after[k]}`).join(', ')}`);
      counts = after;
    } else {
      counts = await watcher.counts();
    }
  };

  return {
    send,
    failures,
    statuses,
    get requests() {
      return requests;
    },
  };
}
