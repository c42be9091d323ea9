import { afterAll, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyActorLogic, type EventObject } from 'xstate';
import { processMachine } from '../../machines/process/process.machine.ts';
import { registrationDetailsMachine } from '../../machines/registration-details/registration-details.machine.ts';
import { registrationMachine } from '../../machines/registration/registration.machine.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import type { RegistrationChart, SignedInCharts, StoredSession } from '../../machines/session/session.types.ts';
import type { StatusAnswers } from '../../src/shared/process.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (exp: number) => `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp, jti: 'j1' })}.sig`;
const FUTURE = 4_102_444_800; // 2100-01-01
const validToken = token(FUTURE);
const expiredToken = token(1_000_000_000);
const user = { userId: 'u1', userDetailsId: 'd1', email: 'ada@example.com', investmentAmount: 25000 };
const userRaw = JSON.stringify(user);
const auth = (t: string) => ({ token: t, user });

/** The charts as their loads answer them, with effects that never answer by themselves (nothing in a path waits on them). */
const never = () => new Promise<never>(() => {});
const registrationChart: RegistrationChart = registrationMachine.provide({ actors: { fetchSettings: fromPromise<unknown, void>(never) } });
const signedInCharts: SignedInCharts = {
  process: processMachine.provide({ actors: { loadStepProgress: fromPromise<StatusAnswers, void>(never) } }),
  registrationDetails: registrationDetailsMachine,
};
/** Which loaded chart runs under which id, and the state it runs in. */
const LOADED = [
  { id: 'registration', logic: registrationChart as AnyActorLogic, state: { unauthenticated: { register: 'open' } } },
  { id: 'process', logic: signedInCharts.process as AnyActorLogic, state: { authenticated: { charts: 'running' } } },
  { id: 'registrationDetails', logic: signedInCharts.registrationDetails as AnyActorLogic, state: { authenticated: { charts: 'running' } } },
] as const;

const events: EventObject[] = [
  // A chart's load answered (the path's event is the answer, the chart the session then runs) or failed, and the retry.
  { type: 'xstate.done.actor.registrationChart', output: registrationChart } as EventObject,
  { type: 'xstate.error.actor.registrationChart', error: new Error('chunk gone') } as EventObject,
  { type: 'xstate.done.actor.signedInCharts', output: signedInCharts } as EventObject,
  { type: 'xstate.error.actor.signedInCharts', error: new Error('chunk gone') } as EventObject,
  { type: 'session.chart.retry' },
  { type: 'xstate.done.actor.readStoredSession', output: { token: null, userRaw: null } } as EventObject,
  { type: 'xstate.done.actor.readStoredSession', output: { token: expiredToken, userRaw } } as EventObject,
  { type: 'xstate.done.actor.readStoredSession', output: { token: validToken, userRaw: '{oops' } } as EventObject,
  { type: 'xstate.done.actor.readStoredSession', output: { token: validToken, userRaw } } as EventObject,
  { type: 'xstate.error.actor.readStoredSession', error: new Error('storage blocked') } as EventObject,
  { type: 'session.route.request', path: '/auth/register' } as EventObject,
  { type: 'session.route.request', path: '/auth/login' } as EventObject,
  { type: 'xstate.done.actor.login', output: auth(validToken) } as EventObject,
  { type: 'xstate.done.actor.login', output: auth(expiredToken) } as EventObject,
  { type: 'xstate.done.actor.readPendingRegistration', output: null } as EventObject,
  { type: 'xstate.error.actor.readPendingRegistration', error: new Error('storage blocked') } as EventObject,
  { type: 'xstate.done.actor.registration', output: auth(validToken) } as EventObject,
  { type: 'session.storage.change', token: validToken, userRaw } as EventObject,
  { type: 'session.storage.change', token: token(FUTURE - 1), userRaw } as EventObject,
  { type: 'session.storage.change', token: null, userRaw: null } as EventObject,
  { type: 'session.logout' },
  { type: 'session.unauthorized' },
  { type: 'session.notice.dismiss' },
  { type: 'xstate.after.SESSION_TICK.session.authenticated.clock.ticking' },
  { type: 'xstate.after.EXPIRY_CHECK.session.authenticated.expiry.watching' },
  { type: 'xstate.done.actor.logoutBackend' },
  { type: 'xstate.error.actor.logoutBackend', error: new Error('offline') } as EventObject,
];

describe('session statechart paths', () => {
  // The session clock (startedAt, elapsed) reads Date.now(): freeze it so equal states serialise equally.
  // (Set while the paths are generated, which happens as the suite is collected.)
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
  afterAll(() => vi.useRealTimers());
  const result = coverMachine(sessionMachine, {
    name: 'session',
    events,
    input: { path: '/' },
    stopWhen: (s) => (s.context as { elapsedSeconds: number }).elapsedSeconds > 1,
  });

  it('reaches every state and every transition', () => {
    expectFullCoverage(result);
    expect(result.paths.length).toBeGreaterThan(5);
  });

  it('replays the generated paths on a running actor with fake effects, ending where the model says', async () => {
    await replayPaths(result.paths, {
      input: { path: '/' },
      setup: () => ({
        machine: sessionMachine.provide({
          actors: {
            // Never settle: the path's own events stand in for the actors' answers.
            readStoredSession: fromPromise<StoredSession, void>(() => new Promise(() => {})),
            readPendingRegistration: fromPromise<unknown, void>(() => new Promise(() => {})),
            logoutBackend: fromPromise<void, { token: string | null }>(() => new Promise(() => {})),
            loadRegistrationChart: fromPromise<RegistrationChart, void>(() => new Promise(() => {})),
            loadSignedInCharts: fromPromise<SignedInCharts, void>(() => new Promise(() => {})),
          },
        }),
      }),
      checkStep: ({ snapshot: s }) => {
        // A loaded chart runs exactly in its state (a spawned child is stopped on leaving), and it is the one the load answered.
        const children = s.children as Record<string, { logic: AnyActorLogic } | undefined>;
        for (const { id, logic, state } of LOADED) {
          expect(children[id] !== undefined, id).toBe(s.matches(state as never));
          if (children[id]) expect(children[id].logic).toBe(logic);
        }
        // A load runs exactly while its chart is loading.
        expect(children.registrationChart !== undefined).toBe(s.matches({ unauthenticated: { register: 'loadingChart' } }));
        expect(children.signedInCharts !== undefined).toBe(s.matches({ authenticated: { charts: 'loading' } }));
      },
    });
  });
});
