import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject } from 'xstate';
import { loginMachine } from '../../machines/login/login.machine.ts';
import { selectCanSubmit, selectLoginError } from '../../machines/login/login.selectors.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import type { AuthResponse, LoginPayload } from '../../src/shared/schemas.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';

const events: EventObject[] = [
  { type: 'login.email.change', value: '' } as EventObject,
  { type: 'login.email.change', value: 'not-an-email' } as EventObject,
  { type: 'login.email.change', value: 'ada@example.com' } as EventObject,
  { type: 'login.email.blur' },
  { type: 'login.submit' },
  { type: 'xstate.done.actor.requestLogin', output: { token: 'a.b.c', user: { userId: 'u', userDetailsId: 'd', email: 'ada@example.com', investmentAmount: 1 } } } as EventObject,
  { type: 'xstate.error.actor.requestLogin', error: new ApiError('No investor account is registered for this email address.', 401, null) } as EventObject,
];

describe('login statechart paths', () => {
  const result = coverMachine(loginMachine, { name: 'login', events, input: {} });
  it('reaches every state and every transition', () => expectFullCoverage(result));

  it('shows the spec messages for empty and malformed emails and the server message on failure', async () => {
    const actor = createActor(
      loginMachine.provide({
        actors: {
          requestLogin: fromPromise<AuthResponse, LoginPayload>(async () => {
            throw new ApiError('No investor account is registered for this email address.', 401, null);
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'login.submit' });
    expect(selectLoginError(actor.getSnapshot())).toBe(messages.login.emptyEmail);
    actor.send({ type: 'login.email.change', value: 'ada@' });
    actor.send({ type: 'login.email.blur' });
    expect(selectLoginError(actor.getSnapshot())).toBe(messages.login.invalidEmail);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'login.email.change', value: 'ada@example.com' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'login.submit' });
    await new Promise((r) => setImmediate(r));
    expect(selectLoginError(actor.getSnapshot())).toBe('No investor account is registered for this email address.');
  });

  it('falls back to the generic login failure message', async () => {
    const actor = createActor(loginMachine.provide({ actors: { requestLogin: fromPromise<AuthResponse, LoginPayload>(async () => { throw new Error(''); }) } }), { input: {} }).start();
    actor.send({ type: 'login.email.change', value: 'ada@example.com' });
    actor.send({ type: 'login.submit' });
    await new Promise((r) => setImmediate(r));
    expect(selectLoginError(actor.getSnapshot())).toBe(messages.login.failed);
  });
});
