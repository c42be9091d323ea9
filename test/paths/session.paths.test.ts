import { afterAll, describe, expect, it, vi } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import type { StoredSession } from '../../machines/session/session.types.ts';
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

const events: EventObject[] = [
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
          },
        }),
      }),
    });
  });
});
