import { describe, expect, it } from 'vitest';
import { and, not, setup } from 'xstate';
import { guardName, guardSuffix } from '../../src/tools/statechart-labels.ts';

describe('guardName (diagrams and path coverage)', () => {
  it('names named, parameterised, combined and inline guards', () => {
    expect(guardName(undefined)).toBeUndefined();
    expect(guardName('isReady')).toBe('isReady');
    expect(guardName({ type: 'isStartStep', params: { step: 5 } })).toBe('isStartStep(5)');
    expect(guardName({ type: 'isAuthMissing', params: () => ({ error: null }) })).toBe('isAuthMissing');
    expect(guardName(not({ type: 'isOnPage', params: { step: 'kyc' } }))).toBe('not(isOnPage(kyc))');
    expect(guardName(and(['isA', 'isB']))).toBe('and(isA, isB)');
    expect(guardName(() => true)).toBe('inline');
  });

  it('reads a guard the way a machine definition stores it', () => {
    const machine = setup({ guards: { isOn: (_, _params: { page: string }) => true } }).createMachine({
      initial: 'a',
      states: { a: { always: { guard: not({ type: 'isOn', params: { page: 'kyc' } }), target: 'b' } }, b: {} },
    });
    const [transition] = machine.root.states.a!.always!;
    expect(guardSuffix(transition!.guard)).toBe(' [not(isOn(kyc))]');
    expect(guardSuffix(undefined)).toBe('');
  });
});
