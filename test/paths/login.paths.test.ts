/**
 * Paths of the login: the spec's email form, then the one-time code step (an emailCode child, whose own
 * states have their own paths). Every generated path is replayed on a real actor with fake effects: the
 * code step's outcome is produced by driving the real child (type and submit the code, or go back).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor, type EventObject } from 'xstate';
import { emailCodeMachine } from '../../machines/email-code/email-code.machine.ts';
import type { ResendCodeInput, VerifyCodeInput } from '../../machines/email-code/email-code.types.ts';
import { loginMachine } from '../../machines/login/login.machine.ts';
import { selectCanSubmit, selectEmailCodeActor, selectIsBusy, selectIsConfirming, selectLoginError } from '../../machines/login/login.selectors.ts';
import type { LoginRequest } from '../../machines/login/login.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { LOGIN_PLACEHOLDER_PASSWORD, type AuthResponse, type CodeChallenge } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import { coverMachine, expectFullCoverage, firstPathTo, type CoverPath } from './coverage.ts';
import { replayPaths } from './replay.ts';

const CHALLENGE: CodeChallenge = { challengeId: '5d0c4b3a-2e1f-4a9b-8c7d-6e5f4a3b2c1d', sentTo: 'a***@example.com' };
const AUTH: AuthResponse = { token: 'a.b.c', user: { userId: 'u', userDetailsId: 'd', email: 'ada@example.com', investmentAmount: 1 } };
const CODE = '123456';

const events: EventObject[] = [
  { type: 'login.email.change', value: '' } as EventObject,
  { type: 'login.email.change', value: 'not-an-email' } as EventObject,
  { type: 'login.email.change', value: 'ada@example.com' } as EventObject,
  { type: 'login.email.blur' },
  { type: 'login.submit' },
  { type: 'xstate.done.actor.requestLogin', output: CHALLENGE } as EventObject,
  { type: 'xstate.error.actor.requestLogin', error: new ApiError(messages.emailCode.tooManyRequests, 429, null) } as EventObject,
  { type: 'xstate.done.actor.emailCode', output: { auth: AUTH } } as EventObject,
  { type: 'xstate.done.actor.emailCode', output: { auth: null } } as EventObject,
];

type Fakes = {
  request?: (input: LoginRequest) => Promise<CodeChallenge>;
  verify?: (input: VerifyCodeInput) => Promise<AuthResponse>;
};

/** The login with fake effects; `requested` and `verified` record what the server was asked. */
function loginWithFakes({ request = async () => CHALLENGE, verify = async () => AUTH }: Fakes = {}) {
  const requested: LoginRequest[] = [];
  const verified: VerifyCodeInput[] = [];
  const machine = loginMachine.provide({
    actors: {
      requestLogin: fromPromise<CodeChallenge, LoginRequest>(async ({ input }) => {
        requested.push(input);
        return request(input);
      }),
      emailCode: emailCodeMachine.provide({
        actors: {
          verifyCode: fromPromise<AuthResponse, VerifyCodeInput>(async ({ input }) => {
            verified.push(input);
            return verify(input);
          }),
          resendCode: fromPromise<CodeChallenge, ResendCodeInput>(async () => CHALLENGE),
        },
      }),
    },
  });
  return { actor: createActor(machine, { input: {} }), requested, verified };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

type Pending<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

/**
 * Replays paths on a real actor, matching the model's state and context after each step. requestLogin and
 * verifyCode hang until the path's event for them: requestLogin's done/error settles the running request; the code
 * step's done is produced by typing and submitting the code (then settling the verify with the path's auth) or by
 * going back. Every step is let settle before the comparison.
 */
async function replay(paths: readonly CoverPath[]) {
  return replayPaths(paths, {
    input: {},
    compareContext: true,
    setup: () => {
      const fakes = { requests: [] as Pending<CodeChallenge>[], verifies: [] as Pending<AuthResponse>[] };
      const machine = loginMachine.provide({
        actors: {
          requestLogin: fromPromise<CodeChallenge, LoginRequest>(() => new Promise((resolve, reject) => fakes.requests.push({ resolve, reject }))),
          emailCode: emailCodeMachine.provide({
            actors: {
              verifyCode: fromPromise<AuthResponse, VerifyCodeInput>(() => new Promise((resolve, reject) => fakes.verifies.push({ resolve, reject }))),
              resendCode: fromPromise<CodeChallenge, ResendCodeInput>(() => new Promise(() => {})),
            },
          }),
        },
      });
      return { machine, fakes };
    },
    deliver: (event, { actor, fakes }) => {
      if (event.type === 'xstate.done.actor.requestLogin') fakes.requests.at(-1)!.resolve(event.output as CodeChallenge);
      else if (event.type === 'xstate.error.actor.requestLogin') fakes.requests.at(-1)!.reject(event.error);
      else if (event.type === 'xstate.done.actor.emailCode') {
        const step = selectEmailCodeActor(actor.getSnapshot());
        if (!step) throw new Error('the code step is not running');
        const { auth } = event.output as { auth: AuthResponse | null };
        if (auth) {
          step.send({ type: 'emailCode.change', value: CODE });
          step.send({ type: 'emailCode.submit' });
          fakes.verifies.at(-1)!.resolve(auth);
        } else step.send({ type: 'emailCode.back' });
      } else actor.send(event as Parameters<typeof actor.send>[0]);
      return flush().then(() => true);
    },
  });
}

// The code step's resend countdown must not tick on its own while paths are replayed.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('login statechart paths', () => {
  const result = coverMachine(loginMachine, { name: 'login', events, input: {} });
  it('reaches every state and every transition', () => expectFullCoverage(result));

  it('replays every generated path on a real actor with fake effects, matching the model after each step', async () => {
    await replay(result.paths);
  });

  it('ends a path through the code step in done with the auth as output', async () => {
    const [ended] = await replay([firstPathTo(result, (s) => s.status === 'done')]);
    expect(ended!.snapshot.status).toBe('done');
    expect(ended!.snapshot.output).toEqual(AUTH);
  });
});

describe('login', () => {
  it('shows the spec messages for empty and malformed emails and the server message on failure', async () => {
    const { actor } = loginWithFakes({ request: async () => Promise.reject(new ApiError(messages.emailCode.tooManyRequests, 429, null)) });
    actor.start();
    actor.send({ type: 'login.submit' });
    expect(selectLoginError(actor.getSnapshot())).toBe(messages.login.emptyEmail);
    actor.send({ type: 'login.email.change', value: 'ada@' });
    actor.send({ type: 'login.email.blur' });
    expect(selectLoginError(actor.getSnapshot())).toBe(messages.login.invalidEmail);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'login.email.change', value: 'ada@example.com' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(selectLoginError(actor.getSnapshot())).toBe(messages.emailCode.tooManyRequests);
  });

  it.each([new Error(''), new ApiError('HTTP 500', 500, null)])('falls back to the generic login failure message for %s', async (error) => {
    const { actor } = loginWithFakes({ request: async () => Promise.reject(error) });
    actor.start();
    actor.send({ type: 'login.email.change', value: 'ada@example.com' });
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(selectLoginError(actor.getSnapshot())).toBe(messages.login.failed);
  });

  it('asks for a code with the spec payload (email trimmed and in lower case), then confirms with the challenge', async () => {
    const { actor, requested } = loginWithFakes();
    actor.start();
    actor.send({ type: 'login.email.change', value: '  Ada@Example.COM ' });
    actor.send({ type: 'login.submit' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(requested).toEqual([{ email: 'ada@example.com', password: LOGIN_PLACEHOLDER_PASSWORD }]);
    await waitFor(actor, (s) => s.matches('confirming'));
    const s = actor.getSnapshot();
    expect(selectIsConfirming(s)).toBe(true);
    expect(selectIsBusy(s)).toBe(false);
    expect(s.context.challenge).toEqual(CHALLENGE);
    expect(s.status).toBe('active');
    expect(selectEmailCodeActor(s)?.getSnapshot().context).toMatchObject({ challengeId: CHALLENGE.challengeId, sentTo: CHALLENGE.sentTo });
  });

  it('ends in done with the auth as output once the code is confirmed', async () => {
    const { actor, verified } = loginWithFakes();
    actor.start();
    actor.send({ type: 'login.email.change', value: 'ada@example.com' });
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('confirming'));
    const step = selectEmailCodeActor(actor.getSnapshot())!;
    step.send({ type: 'emailCode.change', value: CODE });
    step.send({ type: 'emailCode.submit' });
    expect(await toPromise(actor)).toEqual(AUTH);
    expect(verified).toEqual([{ challengeId: CHALLENGE.challengeId, code: CODE }]);
  });

  it('stays confirming while the code is wrong', async () => {
    const { actor } = loginWithFakes({ verify: async () => Promise.reject(new ApiError(messages.emailCode.wrong, 400, null)) });
    actor.start();
    actor.send({ type: 'login.email.change', value: 'ada@example.com' });
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('confirming'));
    const step = selectEmailCodeActor(actor.getSnapshot())!;
    step.send({ type: 'emailCode.change', value: '000000' });
    step.send({ type: 'emailCode.submit' });
    await waitFor(step, (s) => s.matches({ active: { entry: 'codeRejected' } }));
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(step.getSnapshot().context.error).toBe(messages.emailCode.wrong);
  });

  it('goes back to editing with the email kept, and can ask for a new code', async () => {
    const { actor, requested } = loginWithFakes();
    actor.start();
    actor.send({ type: 'login.email.change', value: 'ada@example.com' });
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('confirming'));
    selectEmailCodeActor(actor.getSnapshot())!.send({ type: 'emailCode.back' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('editing');
    expect(s.context.email).toBe('ada@example.com');
    expect(s.context.challenge).toBeNull();
    expect(selectLoginError(s)).toBeNull();
    expect(selectEmailCodeActor(s)).toBeUndefined();
    actor.send({ type: 'login.email.change', value: 'ada.lovelace@example.com' });
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (x) => x.matches('confirming'));
    expect(requested.map((r) => r.email)).toEqual(['ada@example.com', 'ada.lovelace@example.com']);
  });
});
