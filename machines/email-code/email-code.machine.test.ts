/**
 * The one-time code step on its own: typing, verifying, the server's refusals, the resend cooldown (fake
 * timers, nothing waits for real seconds) and both ways out (auth, or back to change the address).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/shared/api-error.ts';
import { EMAIL_CODE, type AuthResponse, type CodeChallenge } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import { emailCodeMachine } from './email-code.machine.ts';
import {
  selectCanResend,
  selectCode,
  selectCodeError,
  selectCodeInfo,
  selectIsExpired,
  selectIsResending,
  selectIsVerifying,
  selectResendInSeconds,
  selectSentTo,
} from './email-code.selectors.ts';
import type { ResendCodeInput, VerifyCodeInput } from './email-code.types.ts';

const CHALLENGE: CodeChallenge = { challengeId: '0b6f3c52-8d1e-4f7a-b2c9-5e4d3a2f1b10', sentTo: 'a***@example.com' };
const REISSUED: CodeChallenge = { challengeId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', sentTo: 'a***@example.com' };
const AUTH: AuthResponse = {
  token: 'header.payload.signature',
  user: { userId: 'u-1', userDetailsId: 'd-1', email: 'ada@example.com', investmentAmount: 25_000 },
};

type Fakes = {
  verify?: (input: VerifyCodeInput) => Promise<AuthResponse>;
  resend?: (input: ResendCodeInput) => Promise<CodeChallenge>;
};

/** A running code step with fake effects; `verified` and `resent` record what they were asked. */
function start({ verify = async () => AUTH, resend = async () => REISSUED }: Fakes = {}) {
  const verified: VerifyCodeInput[] = [];
  const resent: ResendCodeInput[] = [];
  const machine = emailCodeMachine.provide({
    actors: {
      verifyCode: fromPromise<AuthResponse, VerifyCodeInput>(async ({ input }) => {
        verified.push(input);
        return verify(input);
      }),
      resendCode: fromPromise<CodeChallenge, ResendCodeInput>(async ({ input }) => {
        resent.push(input);
        return resend(input);
      }),
    },
  });
  const actor = createActor(machine, { input: CHALLENGE }).start();
  const type = (value: string) => actor.send({ type: 'emailCode.change', value });
  return { actor, verified, resent, type };
}

const entryOf = (actor: ReturnType<typeof start>['actor']) => (actor.getSnapshot().value as { active: { entry: string } }).active.entry;

// Only the clock that drives the cooldown is faked; promises still settle on their own.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('typing the code', () => {
  it('starts empty, awaiting the code sent to the masked address, with the full cooldown', () => {
    const { actor } = start();
    const s = actor.getSnapshot();
    expect(s.matches({ active: { entry: 'awaitingCode', resend: 'coolingDown' } })).toBe(true);
    expect(selectSentTo(s)).toBe(CHALLENGE.sentTo);
    expect(selectCode(s)).toBe('');
    expect(selectCodeError(s)).toBeNull();
    expect(selectResendInSeconds(s)).toBe(60);
    expect(selectCanResend(s)).toBe(false);
  });

  it('keeps digits only, at most six of them', () => {
    const { actor, type } = start();
    type('12a 3-4');
    expect(selectCode(actor.getSnapshot())).toBe('1234');
    type('98765432');
    expect(selectCode(actor.getSnapshot())).toBe('987654');
    type(' 123 456 ');
    expect(selectCode(actor.getSnapshot())).toBe('123456');
    type('abc');
    expect(selectCode(actor.getSnapshot())).toBe('');
  });

  it('refuses an incomplete code with its message, without asking the server, and clears it on typing', () => {
    const { actor, verified, type } = start();
    type('12345');
    actor.send({ type: 'emailCode.submit' });
    expect(entryOf(actor)).toBe('awaitingCode');
    expect(selectCodeError(actor.getSnapshot())).toBe(messages.emailCode.incomplete);
    expect(verified).toEqual([]);
    type('123456');
    expect(selectCodeError(actor.getSnapshot())).toBeNull();
  });
});

describe('verifying', () => {
  it('sends the challenge and the code, is busy meanwhile, and ends with the auth as output', async () => {
    let settle!: (auth: AuthResponse) => void;
    const { actor, verified, type } = start({ verify: () => new Promise((resolve) => (settle = resolve)) });
    type('123456');
    actor.send({ type: 'emailCode.submit' });
    expect(entryOf(actor)).toBe('verifying');
    expect(selectIsVerifying(actor.getSnapshot())).toBe(true);
    expect(verified).toEqual([{ challengeId: CHALLENGE.challengeId, code: '123456' }]);
    settle(AUTH);
    expect(await toPromise(actor)).toEqual({ auth: AUTH });
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('shows the server message after a wrong code (400), then lets the user type and try again', async () => {
    const answers: Array<() => Promise<AuthResponse>> = [
      async () => Promise.reject(new ApiError('That code is not correct. 4 attempts left.', 400, { error: 'That code is not correct. 4 attempts left.' })),
      async () => AUTH,
    ];
    const { actor, verified, type } = start({ verify: () => answers.shift()!() });
    type('111111');
    actor.send({ type: 'emailCode.submit' });
    await waitFor(actor, (s) => s.matches({ active: { entry: 'codeRejected' } }));
    expect(selectCodeError(actor.getSnapshot())).toBe('That code is not correct. 4 attempts left.');
    expect(selectIsVerifying(actor.getSnapshot())).toBe(false);
    expect(selectCode(actor.getSnapshot())).toBe('111111');

    type('123456');
    expect(entryOf(actor)).toBe('awaitingCode');
    expect(selectCodeError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'emailCode.submit' });
    expect(await toPromise(actor)).toEqual({ auth: AUTH });
    expect(verified.map((v) => v.code)).toEqual(['111111', '123456']);
  });

  it('can resubmit the same complete code straight from codeRejected (e.g. after a network error)', async () => {
    const answers: Array<() => Promise<AuthResponse>> = [async () => Promise.reject(new ApiError(messages.general.network, 0, null)), async () => AUTH];
    const { actor, type } = start({ verify: () => answers.shift()!() });
    type('123456');
    actor.send({ type: 'emailCode.submit' });
    await waitFor(actor, (s) => s.matches({ active: { entry: 'codeRejected' } }));
    expect(selectCodeError(actor.getSnapshot())).toBe(messages.general.network);
    actor.send({ type: 'emailCode.submit' });
    expect(entryOf(actor)).toBe('verifying');
    expect(await toPromise(actor)).toEqual({ auth: AUTH });
  });

  it('falls back to the wrong-code message when the failure has no words', async () => {
    const { actor, type } = start({ verify: async () => Promise.reject(new ApiError('', 400, null)) });
    type('123456');
    actor.send({ type: 'emailCode.submit' });
    await waitFor(actor, (s) => s.matches({ active: { entry: 'codeRejected' } }));
    expect(selectCodeError(actor.getSnapshot())).toBe(messages.emailCode.wrong);
  });

  it.each([
    [410, messages.emailCode.expired],
    [429, messages.emailCode.tooManyAttempts],
  ])('treats %i as a dead challenge: expired, with the server message, and no more submits', async (status, message) => {
    const { actor, verified, type } = start({ verify: async () => Promise.reject(new ApiError(message, status, { error: message })) });
    type('123456');
    actor.send({ type: 'emailCode.submit' });
    await waitFor(actor, (s) => s.matches({ active: { entry: 'expired' } }));
    expect(selectIsExpired(actor.getSnapshot())).toBe(true);
    expect(selectCodeError(actor.getSnapshot())).toBe(message);
    type('654321');
    actor.send({ type: 'emailCode.submit' });
    expect(entryOf(actor)).toBe('expired');
    expect(verified).toHaveLength(1);
  });

  it('falls back to the expired message when a 410 has no words', async () => {
    const { actor, type } = start({ verify: async () => Promise.reject(new ApiError('', 410, null)) });
    type('123456');
    actor.send({ type: 'emailCode.submit' });
    await waitFor(actor, (s) => s.matches({ active: { entry: 'expired' } }));
    expect(selectCodeError(actor.getSnapshot())).toBe(messages.emailCode.expired);
  });
});

describe('resending (60 s cooldown)', () => {
  it('offers no resend until 60 s have passed, counting down each second', () => {
    const { actor, resent } = start();
    actor.send({ type: 'emailCode.resend' });
    expect(resent).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(selectResendInSeconds(actor.getSnapshot())).toBe(59);
    vi.advanceTimersByTime(58_000);
    expect(selectResendInSeconds(actor.getSnapshot())).toBe(1);
    expect(selectCanResend(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'emailCode.resend' });
    expect(resent).toEqual([]);
    vi.advanceTimersByTime(999);
    expect(selectCanResend(actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(1);
    expect(selectCanResend(actor.getSnapshot())).toBe(true);
    expect(selectResendInSeconds(actor.getSnapshot())).toBe(0);
    // Nothing keeps ticking once resend is offered.
    vi.advanceTimersByTime(10_000);
    expect(selectResendInSeconds(actor.getSnapshot())).toBe(0);
  });

  it('after a resend: new challenge, empty code, the resent notice, and the cooldown again', async () => {
    let settle!: (c: CodeChallenge) => void;
    const { actor, resent, verified, type } = start({ resend: () => new Promise((resolve) => (settle = resolve)) });
    type('1234');
    vi.advanceTimersByTime(EMAIL_CODE.resendCooldownMs);
    actor.send({ type: 'emailCode.resend' });
    expect(selectIsResending(actor.getSnapshot())).toBe(true);
    expect(selectCanResend(actor.getSnapshot())).toBe(false);
    expect(resent).toEqual([{ challengeId: CHALLENGE.challengeId }]);

    settle(REISSUED);
    await waitFor(actor, (s) => s.matches({ active: { resend: 'coolingDown' } }));
    const s = actor.getSnapshot();
    expect(s.context.challengeId).toBe(REISSUED.challengeId);
    expect(selectCode(s)).toBe('');
    expect(selectCodeInfo(s)).toBe(messages.emailCode.resent);
    expect(selectCodeError(s)).toBeNull();
    expect(selectResendInSeconds(s)).toBe(60);
    expect(selectCanResend(s)).toBe(false);
    vi.advanceTimersByTime(59_000);
    expect(selectCanResend(actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(selectCanResend(actor.getSnapshot())).toBe(true);

    // The next verify answers the new challenge.
    type('123456');
    actor.send({ type: 'emailCode.submit' });
    expect(verified).toEqual([{ challengeId: REISSUED.challengeId, code: '123456' }]);
    await toPromise(actor);
  });

  it('revives an expired step: a new code can be typed and verified', async () => {
    const answers: Array<() => Promise<AuthResponse>> = [
      async () => Promise.reject(new ApiError(messages.emailCode.expired, 410, null)),
      async () => AUTH,
    ];
    const { actor, type } = start({ verify: () => answers.shift()!() });
    type('123456');
    actor.send({ type: 'emailCode.submit' });
    await waitFor(actor, (s) => s.matches({ active: { entry: 'expired' } }));
    vi.advanceTimersByTime(60_000);
    actor.send({ type: 'emailCode.resend' });
    await waitFor(actor, (s) => s.matches({ active: { entry: 'awaitingCode', resend: 'coolingDown' } }));
    expect(selectIsExpired(actor.getSnapshot())).toBe(false);
    expect(selectCodeError(actor.getSnapshot())).toBeNull();
    type('654321');
    actor.send({ type: 'emailCode.submit' });
    expect(await toPromise(actor)).toEqual({ auth: AUTH });
  });

  it('shows the server message when the resend fails and offers resend again at once', async () => {
    const throttled = 'Please wait a minute before requesting another code.';
    const { actor, resent, type } = start({ resend: async () => Promise.reject(new ApiError(throttled, 429, { error: throttled })) });
    type('12');
    vi.advanceTimersByTime(60_000);
    actor.send({ type: 'emailCode.resend' });
    await waitFor(actor, (s) => s.matches({ active: { resend: 'ready' } }));
    expect(selectCodeError(actor.getSnapshot())).toBe(throttled);
    expect(selectCode(actor.getSnapshot())).toBe('12');
    expect(actor.getSnapshot().context.challengeId).toBe(CHALLENGE.challengeId);
    expect(selectCanResend(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'emailCode.resend' });
    expect(resent).toHaveLength(2);
  });

  it('falls back to the throttle message when the resend failure has no words', async () => {
    const { actor } = start({ resend: async () => Promise.reject(new Error('')) });
    vi.advanceTimersByTime(60_000);
    actor.send({ type: 'emailCode.resend' });
    await waitFor(actor, (s) => s.matches({ active: { resend: 'ready' } }));
    expect(selectCodeError(actor.getSnapshot())).toBe(messages.emailCode.resendThrottled);
  });
});

describe('leaving', () => {
  it('goes back with no auth, from awaiting the code', async () => {
    const { actor, verified } = start();
    actor.send({ type: 'emailCode.back' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(await toPromise(actor)).toEqual({ auth: null });
    expect(verified).toEqual([]);
  });

  it('goes back with no auth even while a verify is running, ignoring its answer', async () => {
    let settle!: (auth: AuthResponse) => void;
    const { actor, type } = start({ verify: () => new Promise((resolve) => (settle = resolve)) });
    type('123456');
    actor.send({ type: 'emailCode.submit' });
    actor.send({ type: 'emailCode.back' });
    settle(AUTH);
    expect(await toPromise(actor)).toEqual({ auth: null });
  });

  it('goes back with no auth from an expired challenge', async () => {
    const { actor, type } = start({ verify: async () => Promise.reject(new ApiError(messages.emailCode.tooManyAttempts, 429, null)) });
    type('123456');
    actor.send({ type: 'emailCode.submit' });
    await waitFor(actor, (s) => s.matches({ active: { entry: 'expired' } }));
    actor.send({ type: 'emailCode.back' });
    expect(await toPromise(actor)).toEqual({ auth: null });
  });
});
