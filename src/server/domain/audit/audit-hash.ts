/**
 * The audit chain's hash (issue 16): SHA-256 over a canonical serialisation of one event and the hash before it.
 * The serialisation is a JSON array of the fields in a fixed order, the detail with its keys sorted at every depth,
 * so the same event always hashes the same whatever order its keys were written or PostgreSQL's jsonb gives back.
 */
import { createHash } from 'node:crypto';
import { asJsonbValue } from '../../db/jsonb-value.ts';

/** The prev_hash of the first event. */
export const GENESIS_HASH = '0'.repeat(64);

export type ChainedFields = {
  seq: number;
  prevHash: string;
  id: string;
  userId: string | null;
  staffId: string | null;
  action: string;
  detail: unknown;
  ip: string | null;
  userAgent: string | null;
  at: Date;
};

/**
 * JSON with object keys sorted (by UTF-16 code units, Array.prototype.sort's order) at every depth. Written out as
 * text rather than by rebuilding objects, so a key like "__proto__" stays a key.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

/**
 * The detail as a jsonb column gives it back: what JSON can hold (no undefined, Dates as strings, numbers as
 * numbers: 1.0 is 1), every string and key made storable (a NUL or a lone surrogate becomes U+FFFD:
 * db/jsonb-value.ts). The chain hashes and stores this, so a re-read hashes the same.
 */
export function asStoredJson(detail: Record<string, unknown> | undefined): Record<string, unknown> {
  const stored = asJsonbValue(detail ?? {});
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) throw new Error('An audit event detail must be a JSON object');
  return stored as Record<string, unknown>;
}

/** PostgreSQL gives uuids back in lower case: hash them so, whatever case the caller wrote. */
const uuidText = (id: string | null) => (id === null ? null : id.toLowerCase());

/** Hex SHA-256 of one event in the chain. */
export function auditEventHash(e: ChainedFields): string {
  const head = [e.seq, e.prevHash, uuidText(e.id), uuidText(e.userId), uuidText(e.staffId), e.action].map((f) => JSON.stringify(f));
  const tail = [e.ip, e.userAgent, e.at.toISOString()].map((f) => JSON.stringify(f));
  const text = `[${[...head, canonicalJson(e.detail), ...tail].join(',')}]`;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
