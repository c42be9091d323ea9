/** The journey's labels of audit events and the document hashes they name (their place: lifecycle-journey.test.ts). */
import { describe, expect, it } from 'vitest';
import { auditLineOf, documentHashesOf, journeyLabelOf } from '../../../src/shared/admin/audit-journey.ts';

const h = (c: string) => c.repeat(64);

describe('journeyLabelOf', () => {
  it('labels known actions and words out unknown ones', () => {
    expect(journeyLabelOf('kyc.document.uploaded')).toBe('KYC document uploaded');
    expect(journeyLabelOf('some.new_thing-happened')).toBe('Some new thing happened');
    expect(journeyLabelOf('...')).toBe('...');
  });
});

describe('auditLineOf', () => {
  it('says who did what in words, with the amount or tokens the event names, never the raw code', () => {
    expect(auditLineOf({ action: 'admin.money.receipt', staffName: 'Ana Ruiz', detail: { role: 'finance', amountCents: 100_000 } })).toBe('Receipt recorded by Ana Ruiz: EUR 1,000.00');
    expect(auditLineOf({ action: 'admin.money.issue', staffName: 'Ana Ruiz', detail: { tokenQuantity: 2500 } })).toBe('Tokens issued by Ana Ruiz: 2,500 tokens');
    expect(auditLineOf({ action: 'admin.kyc.approved', staffName: 'Rita Reviewer' })).toBe('KYC approved by Rita Reviewer');
    expect(auditLineOf({ action: 'admin.audit.exported', staffName: 'Al' })).toBe('Admin audit exported (by Al)');
    expect(auditLineOf({ action: 'payment.initiated', staffName: null, detail: { totalCents: 102_000 } })).toBe('Payment started: EUR 1,020.00');
    expect(auditLineOf({ action: 'admin.money.refund', staffId: 'gone', staffName: null })).toBe('Refund recorded by a staff member no longer listed');
  });
});

describe('documentHashesOf', () => {
  it('collects 64-hex values under *sha256 keys at any depth, once, lower case, not the seal fingerprint', () => {
    const detail = {
      sha256: h('A'),
      presentedSha256: h('b'),
      seal: { subject: 'x', fingerprintSha256: h('c') },
      documents: [{ sha256: h('d') }, { sha256: h('a') }],
      sha256Bad: 'not-a-hash',
      other: h('e'),
    };
    expect(documentHashesOf(detail)).toEqual([h('a'), h('b'), h('d')]);
    expect(documentHashesOf({})).toEqual([]);
    expect(documentHashesOf(null)).toEqual([]);
    expect(documentHashesOf('sha256')).toEqual([]);
  });

  it('stops at a bounded depth', () => {
    let deep: Record<string, unknown> = { sha256: h('f') };
    for (let i = 0; i < 50; i++) deep = { inner: deep };
    expect(documentHashesOf(deep)).toEqual([]);
  });
});
