/** Paths of the staff sign-in chart (issue 15): address, code, passkey; refusals that keep the step or restart it. */
import { describe, expect, it } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import { staffSignInMachine } from '../../machines/admin/staff-sign-in/staff-sign-in.machine.ts';
import { selectBusy, selectError, selectStep } from '../../machines/admin/staff-sign-in/staff-sign-in.selectors.ts';
import type { RequestCodeInput, UsePasskeyInput, VerifyCodeInput } from '../../machines/admin/staff-sign-in/staff-sign-in.types.ts';
import type { StaffAuthAnswer, StaffCodeAnswer, StaffCodeVerifyAnswer } from '../../src/shared/admin/sign-in.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

const ANSWER: StaffAuthAnswer = { token: 'a.b.c', staff: { id: 's1', email: 'ada@foundation.example', displayName: 'Ada', roles: ['compliance'] } };
const OPTIONS = { challenge: 'abc', allowCredentials: [] };

const events: EventObject[] = [
  { type: 'signIn.email.change', value: 'nope' } as EventObject,
  { type: 'signIn.email.change', value: 'ada@foundation.example' } as EventObject,
  { type: 'signIn.email.submit' },
  { type: 'xstate.done.actor.requestCode', output: { challengeId: 'c1' } } as EventObject,
  { type: 'xstate.error.actor.requestCode', error: { message: 'Too many attempts', restart: false } } as EventObject,
  { type: 'signIn.code.change', value: '12' } as EventObject,
  { type: 'signIn.code.change', value: '123456' } as EventObject,
  { type: 'signIn.code.submit' },
  { type: 'signIn.restart' },
  { type: 'xstate.done.actor.verifyCode', output: { options: OPTIONS } } as EventObject,
  { type: 'xstate.error.actor.verifyCode', error: { message: 'Wrong code', restart: false } } as EventObject,
  { type: 'xstate.error.actor.verifyCode', error: { message: 'Expired', restart: true } } as EventObject,
  { type: 'signIn.passkey.start' },
  { type: 'xstate.done.actor.usePasskey', output: ANSWER } as EventObject,
  { type: 'xstate.error.actor.usePasskey', error: { message: 'Cancelled', restart: false } } as EventObject,
  { type: 'xstate.error.actor.usePasskey', error: { message: 'Refused', restart: true } } as EventObject,
];

describe('staff sign-in statechart paths', () => {
  const result = coverMachine(staffSignInMachine, { name: 'admin staff-sign-in', events });

  it('reaches every state and every transition', () => {
    expectFullCoverage(result);
    expect(result.paths.length).toBeGreaterThan(5);
  });

  it('replays the paths on a running actor; the view reads the step, busy and error consistently', async () => {
    const never = () => new Promise<never>(() => {});
    await replayPaths(result.paths, {
      setup: () => ({
        machine: staffSignInMachine.provide({
          actors: {
            requestCode: fromPromise<StaffCodeAnswer, RequestCodeInput>(never),
            verifyCode: fromPromise<StaffCodeVerifyAnswer, VerifyCodeInput>(never),
            usePasskey: fromPromise<StaffAuthAnswer, UsePasskeyInput>(never),
          },
        }),
      }),
      checkStep: ({ snapshot: s }) => {
        expect(selectBusy(s)).toBe(s.matches('requestingCode') || s.matches('verifyingCode') || s.matches({ passkey: 'authenticating' }));
        if (s.matches('code') || s.matches('passkey')) expect(s.context.challengeId).not.toBeNull();
        if (s.matches('passkey')) expect(s.context.options).not.toBeNull();
        if (s.status === 'done') expect(s.output).toEqual(ANSWER);
        expect(['email', 'code', 'passkey']).toContain(selectStep(s));
        expect(selectError(s) === null || typeof selectError(s) === 'string').toBe(true);
      },
    });
  });
});
