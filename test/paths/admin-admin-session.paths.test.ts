/** Paths of the back-office's root chart (issue 15): restore, enrol, sign in (child chart), signed in, 401, sign out. */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyActorLogic, type EventObject } from 'xstate';
import { adminSessionMachine } from '../../machines/admin/admin-session/admin-session.machine.ts';
import { selectEnrolStep, selectPhase, selectRoute } from '../../machines/admin/admin-session/admin-session.selectors.ts';
import type { EnrolInput, RestoredSession, SignOutInput } from '../../machines/admin/admin-session/admin-session.types.ts';
import { staffSignInMachine } from '../../machines/admin/staff-sign-in/staff-sign-in.machine.ts';
import type { EnrolOptionsAnswer, StaffAuthAnswer } from '../../src/shared/admin/sign-in.ts';
import { coverMachine, coverTogether, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

const ANSWER: StaffAuthAnswer = { token: 'a.b.c', staff: { id: 's1', email: 'ada@foundation.example', displayName: 'Ada', roles: ['issuer-admin'] } };
const ENROLMENT: EnrolOptionsAnswer = { options: { challenge: 'xyz' }, staff: { email: 'ada@foundation.example', displayName: 'Ada' } };

const events: EventObject[] = [
  { type: 'xstate.done.actor.restoreSession', output: ANSWER } as EventObject,
  { type: 'xstate.done.actor.restoreSession', output: null } as EventObject,
  { type: 'xstate.error.actor.restoreSession', error: new Error('offline') } as EventObject,
  { type: 'xstate.done.actor.loadEnrolment', output: ENROLMENT } as EventObject,
  { type: 'xstate.error.actor.loadEnrolment', error: { message: 'This enrolment link is not valid', restart: true } } as EventObject,
  { type: 'enrol.start' },
  { type: 'xstate.done.actor.registerPasskey', output: ANSWER } as EventObject,
  { type: 'xstate.error.actor.registerPasskey', error: { message: 'Cancelled', restart: false } } as EventObject,
  { type: 'xstate.error.actor.registerPasskey', error: { message: 'Link used', restart: true } } as EventObject,
  { type: 'enrol.toSignIn' },
  { type: 'xstate.done.actor.staffSignIn', output: ANSWER } as EventObject,
  { type: 'session.signOut' },
  { type: 'session.unauthorized' },
  { type: 'xstate.done.actor.signOut' } as EventObject,
  { type: 'xstate.error.actor.signOut', error: new Error('offline') } as EventObject,
  { type: 'route.go', location: '/payments' } as EventObject,
  { type: 'route.changed', location: '//evil.example/x' } as EventObject,
];

const INPUTS = [
  { enrolSecret: null, location: '/kyc/0c9e3f5a-1f5e-4d0e-9a53-2b7d6c1e4f10' },
  { enrolSecret: 'A'.repeat(43), location: '/enrol' },
] as const;

describe('admin session statechart paths', () => {
  const results = INPUTS.map((input) => ({ input, result: coverMachine(adminSessionMachine, { name: `admin-session ${input.enrolSecret ? 'enrol' : 'plain'}`, events, input }) }));

  it('reaches every state and every transition (with and without an enrolment link)', () => {
    expectFullCoverage(coverTogether('admin admin-session', results.map((r) => r.result)));
  });

  it('replays the paths on a running actor: the sign-in chart runs exactly while signing in, the token is kept and dropped', async () => {
    const never = () => new Promise<never>(() => {});
    for (const { input, result } of results) {
      await replayPaths(result.paths, {
        input,
        setup: () => {
          const fakes = { stored: [] as string[], cleared: 0 };
          return {
            fakes,
            machine: adminSessionMachine.provide({
              actors: {
                restoreSession: fromPromise<RestoredSession, void>(never),
                loadEnrolment: fromPromise<EnrolOptionsAnswer, { secret: string }>(never),
                registerPasskey: fromPromise<StaffAuthAnswer, EnrolInput>(never),
                signOut: fromPromise<void, SignOutInput>(never),
              },
              actions: {
                storeToken: (_, params: { token: string }) => void fakes.stored.push(params.token),
                clearToken: () => void fakes.cleared++,
              },
            }),
          };
        },
        checkStep: ({ snapshot: s }) => {
          const children = s.children as Record<string, { logic: AnyActorLogic } | undefined>;
          expect(children.staffSignIn !== undefined).toBe(s.matches({ signedOut: 'signingIn' }));
          if (children.staffSignIn) expect(children.staffSignIn.logic).toBe(staffSignInMachine);
          if (s.matches('signedIn')) expect(s.context.staff).not.toBeNull();
          if (s.matches('signedOut')) expect(s.context.token).toBeNull();
          expect(selectEnrolStep(s) !== null).toBe(s.matches('enrolling'));
          expect(['loading', 'enrolling', 'signedOut', 'signedIn']).toContain(selectPhase(s));
          // The location is always one under /admin, and a route exactly while someone is signed in.
          expect(s.context.location.startsWith('/') && !s.context.location.startsWith('//')).toBe(true);
          expect(selectRoute(s) !== null).toBe(s.context.staff !== null);
        },
      });
    }
  });
});
