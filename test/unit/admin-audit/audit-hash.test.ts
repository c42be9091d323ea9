/** The audit chain's canonical serialisation and hash: stable under key order, JSON round trips and id case. */
import { describe, expect, it } from 'vitest';
import { asStoredJson, auditEventHash, canonicalJson, GENESIS_HASH } from '../../../src/server/domain/audit/audit-hash.ts';

const event = {
  seq: 1,
  prevHash: GENESIS_HASH,
  id: '0b5d1a0e-8e0a-4c1e-9f1e-2f4e6a7b8c9d',
  userId: null,
  staffId: null,
  action: 'test.event',
  detail: { b: 1, a: [1, { d: 2, c: 3 }] },
  ip: '192.0.2.1',
  userAgent: 'UA',
  at: new Date('2026-11-25T04:00:00.123Z'),
};

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
    expect(canonicalJson(JSON.parse('{"__proto__":1,"a":2}'))).toBe('{"__proto__":1,"a":2}');
    expect(canonicalJson({ u: undefined, n: null, s: 'Zoë 👩🏽‍💻\u2028' })).toBe('{"n":null,"s":"Zoë 👩🏽‍💻\u2028"}');
    expect(canonicalJson([undefined])).toBe('[null]');
  });

  it('asStoredJson is what jsonb gives back: no undefined, dates as text, 1.0 as 1; refuses non-objects', () => {
    expect(asStoredJson({ a: undefined, d: new Date('2026-01-01T00:00:00Z'), n: 1.0 })).toEqual({ d: '2026-01-01T00:00:00.000Z', n: 1 });
    expect(asStoredJson(undefined)).toEqual({});
    expect(() => asStoredJson([] as unknown as Record<string, unknown>)).toThrow(/JSON object/);
  });
});

describe('auditEventHash', () => {
  const hash = auditEventHash(event);
  it('is hex SHA-256, the same whatever the key order or id case', () => {
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(auditEventHash({ ...event, detail: { a: [1, { c: 3, d: 2 }], b: 1 }, id: event.id.toUpperCase() })).toBe(hash);
  });
  it('changes with every field', () => {
    const changes = [
      { seq: 2 },
      { prevHash: '1'.repeat(64) },
      { id: '1b5d1a0e-8e0a-4c1e-9f1e-2f4e6a7b8c9d' },
      { userId: '0b5d1a0e-8e0a-4c1e-9f1e-2f4e6a7b8c9d' },
      { staffId: '0b5d1a0e-8e0a-4c1e-9f1e-2f4e6a7b8c9d' },
      { action: 'test.other' },
      { detail: { b: 1, a: [1, { d: 2, c: 4 }] } },
      { ip: null },
      { userAgent: 'UA ' },
      { at: new Date('2026-11-25T04:00:00.124Z') },
    ];
    for (const change of changes) expect(auditEventHash({ ...event, ...change }), JSON.stringify(change)).not.toBe(hash);
  });
  it('does not confuse one field for the next (ip and user agent swapped)', () => {
    expect(auditEventHash({ ...event, ip: 'UA', userAgent: '192.0.2.1' })).not.toBe(hash);
  });
});
