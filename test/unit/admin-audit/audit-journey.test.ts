/** The journey's placement of audit events on the process chart, their labels and the document hashes they name. */
import { describe, expect, it } from 'vitest';
import { documentHashesOf, JOURNEY_STATES, journeyLabelOf, journeyStateOf } from '../../../src/shared/admin/audit-journey.ts';
import { processMachine } from '../../../machines/process/process.machine.ts';

const h = (c: string) => c.repeat(64);

describe('journeyStateOf', () => {
  it('places each area on its page state, sign-in and registration nowhere', () => {
    expect(journeyStateOf('auth.register')).toBeNull();
    expect(journeyStateOf('auth.login.code_requested')).toBeNull();
    expect(journeyStateOf('disclosure.section.completed')).toBe('process.ready.disclosurePage');
    expect(journeyStateOf('kyc.document.uploaded')).toBe('process.ready.kycPage');
    expect(journeyStateOf('admin.kyc.approved')).toBe('process.ready.kycPage');
    expect(journeyStateOf('legal.agreement.signed')).toBe('process.ready.agreementsPage');
    expect(journeyStateOf('legal.agreement.sealed')).toBe('process.ready.agreementsPage');
    expect(journeyStateOf('payment.completed')).toBe('process.ready.paymentPage');
    expect(journeyStateOf('admin.money.refund')).toBe('process.ready.paymentPage');
    expect(journeyStateOf('admin.staff.invited')).toBeNull();
    expect(journeyStateOf('kycx.step')).toBeNull();
    expect(journeyStateOf('')).toBeNull();
  });

  it('names only states the process chart has', () => {
    const ids = new Set<string>();
    const walk = (node: { id: string; states: Record<string, unknown> }) => {
      ids.add(node.id);
      for (const child of Object.values(node.states)) walk(child as typeof node);
    };
    walk(processMachine.root as unknown as { id: string; states: Record<string, unknown> });
    for (const state of Object.values(JOURNEY_STATES)) expect(ids, state).toContain(state);
  });
});

describe('journeyLabelOf', () => {
  it('labels known actions and words out unknown ones', () => {
    expect(journeyLabelOf('kyc.document.uploaded')).toBe('KYC document uploaded');
    expect(journeyLabelOf('some.new_thing-happened')).toBe('Some new thing happened');
    expect(journeyLabelOf('...')).toBe('...');
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
