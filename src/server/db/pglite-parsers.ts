/**
 * Two costs of PGlite's result parsing under load (issue 14, profiles of the journey bench):
 *
 * 1. drizzle's PGlite driver passes its own `parsers` (timestamps, dates, intervals and some arrays kept as text) with
 * EVERY query, and PGlite then merges them into a copy of its 318-entry parser table per query
 * (`{...this.parsers, ...options.parsers}` in parseResults): ~134 µs a query, ~14% of a journey's CPU (issue 14).
 * Instead the same parsers are given to PGlite once, at PGlite.create (DRIZZLE_PARSERS), and drizzle talks to a
 * thin client that drops the per-query copy of exactly those parsers. Anything else (another parser set, should a
 * drizzle release change its own) is passed through untouched: slower, never wrong.
 * 2. PGlite turns bytea's hex text into bytes with a substring and a parseInt per byte: the signature images the
 *    agreements step reads back (several KB each, a few hundred KB per investor) made it ~4% of the server's CPU.
 *    BYTEA_PARSER decodes the same text with Buffer's native hex decoder into the same bytes.
 */
import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

const asText = (value: string) => value;

/** drizzle-orm/pglite's per-query parsers (session.js, 0.45): these types stay PostgreSQL's text. */
export const DRIZZLE_PARSERS: NonNullable<QueryOptions['parsers']> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/** bytea's text output is `\x` and two hex digits a byte (bytea_output 'hex', PostgreSQL's default and PGlite's). */
export function parseByteaHex(text: string): Uint8Array {
  if (!text.startsWith('\\x')) throw new Error('bytea not in hex output format');
  // Its own ArrayBuffer, as PGlite's parser gives (Buffer may hand out a slice of its shared pool).
  return new Uint8Array(Buffer.from(text.slice(2), 'hex'));
}

/** What PGlite.create gets: drizzle's parsers, and the native bytea decoder. */
export const CREATE_PARSERS: NonNullable<QueryOptions['parsers']> = { ...DRIZZLE_PARSERS, [types.BYTEA]: parseByteaHex };

const INSTALLED = new Set(Object.keys(DRIZZLE_PARSERS));

/**
 * The options without `parsers` when they only name types already installed at create. drizzle's parsers for those
 * types keep the text, as DRIZZLE_PARSERS do (test/api/pglite-parsers.test.ts checks drizzle's own against them).
 */
export function withoutInstalledParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const keys = Object.keys(options.parsers);
  if (keys.length !== INSTALLED.size || !keys.every((key) => INSTALLED.has(key))) return options;
  const { parsers: _installed, ...rest } = options;
  return rest;
}

type Queryable = Pick<PGlite | Transaction, 'query'>;

const queryWithout = (target: Queryable): Queryable['query'] => (query, params, options) => target.query(query, params, withoutInstalledParsers(options));

/** What drizzle's PGlite session calls: query, and transaction (whose client it also only queries). */
export type DrizzlePgliteClient = Pick<PGlite, 'query' | 'transaction'>;

/** The client handed to drizzle: PGlite's own query and transaction, minus the per-query parser copy. */
export function drizzleClient(client: PGlite): DrizzlePgliteClient {
  return {
    query: queryWithout(client),
    // The transaction's other members (rollback, closed, ...) stay its own, through the prototype.
    transaction: (callback) => client.transaction((tx) => callback(Object.assign(Object.create(tx) as Transaction, { query: queryWithout(tx) }))),
  } as DrizzlePgliteClient;
}
