/**
 * Paths of the one-time code step. The 60 one-second ticks of the resend cooldown are walked one by one,
 * but only from the untouched form: a snapshot in the middle of the countdown with anything typed, an error
 * or a notice is not explored further (the same transitions are taken at 60 s and once resend is offered).
 * Every generated path is replayed on a real actor with fake timers and fake effects, step by step.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { emailCodeMachine } from '../../machines/email-code/email-code.machine.ts';
import type { ResendCodeInput, VerifyCodeInput } from '../../machines/email-code/email-code.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { EMAIL_CODE, type AuthResponse, type CodeChallenge } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import { coverMachine, expectFullCoverage, firstPathTo, type CoverPath } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof emailCodeMachine>;

const CHALLENGE: CodeChallenge = { challengeId: '0b6f3c52-8d1e-4f7a-b2c9-5e4d3a2f1b10', sentTo: 'a***@example.com' };
const REISSUED: CodeChallenge = { challengeId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', sentTo: 'a***@example.com' };
const AUTH: AuthResponse = {
  token: 'header.payload.signature',
  user: { userId: 'u-1', userDetailsId: 'd-1', email: 'ada@example.com', investmentAmount: 25_000 },
};
const TICK = 'xstate.after.SECOND.emailCode.active.resend.coolingDown';
const COOLDOWN_SECONDS = EMAIL_CODE.resendCooldownMs / 1000;

const events: AnyEventObject[] = [
  { type: 'emailCode.change', value: '12' },
  { type: 'emailCode.change', value: '123456' },
  { type: 'emailCode.submit' },
  { type: 'emailCode.resend' },
  { type: 'emailCode.back' },
  { type: TICK },
  { type: 'xstate.done.actor.verifyCode', output: AUTH },
  { type: 'xstate.error.actor.verifyCode', error: new ApiError(messages.emailCode.wrong, 400, { error: messages.emailCode.wrong }) },
  { type: 'xstate.error.actor.verifyCode', error: new ApiError(messages.emailCode.expired, 410, { error: messages.emailCode.expired }) },
  { type: 'xstate.error.actor.verifyCode', error: new ApiError(messages.emailCode.tooManyAttempts, 429, { error: messages.emailCode.tooManyAttempts }) },
  { type: 'xstate.done.actor.resendCode', output: REISSUED },
  { type: 'xstate.error.actor.resendCode', error: new ApiError(messages.emailCode.resendThrottled, 429, { error: messages.emailCode.resendThrottled }) },
];

/** Mid-countdown with anything on the form: the countdown's own transitions are walked from the untouched form. */
const stopWhen = (s: Snapshot) => {
  const { code, error, info, resendInSeconds } = s.context;
  const midCountdown = resendInSeconds > 0 && resendInSeconds < COOLDOWN_SECONDS;
  const untouched = s.matches({ active: { entry: 'awaitingCode' } }) && code === '' && error === null && info === null;
  return midCountdown && !untouched;
};

type EffectId = 'verifyCode' | 'resendCode';
type Pending = { resolve: (v: never) => void; reject: (e: unknown) => void };
const SYNTHETIC = /^xstate\.(done|error)\.actor\.(verifyCode|resendCode)$/;
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Replays paths on a real actor, matching the model's state and context after each step. The fake effects hang until
 * the path's synthetic event for them comes; it settles the running one (the latest started), and a tick is one
 * second of fake time.
 */
async function replay(paths: readonly CoverPath[]) {
  return replayPaths(paths, {
    input: CHALLENGE,
    compareContext: true,
    setup: () => {
      const running: Record<EffectId, Pending[]> = { verifyCode: [], resendCode: [] };
      const hang = (id: EffectId) => () => new Promise<never>((resolve, reject) => running[id].push({ resolve, reject }));
      const machine = emailCodeMachine.provide({
        actors: {
          verifyCode: fromPromise<AuthResponse, VerifyCodeInput>(hang('verifyCode')),
          resendCode: fromPromise<CodeChallenge, ResendCodeInput>(hang('resendCode')),
        },
      });
      return { machine, fakes: running };
    },
    deliver: (event, { fakes: running }) => {
      const m = SYNTHETIC.exec(event.type);
      if (m) {
        const effect = running[m[2] as EffectId].at(-1);
        if (!effect) throw new Error(`${event.type}: no ${m[2]} is running`);
        if (m[1] === 'done') effect.resolve(event.output as never);
        else effect.reject(event.error);
        return flush().then(() => true);
      }
      if (event.type === TICK) {
        vi.advanceTimersByTime(1_000);
        return true;
      }
      return false;
    },
  });
}

/** Replays one path and answers where it ended. */
const replayOne = async (path: CoverPath) => (await replay([path]))[0]!.snapshot;

describe('email code statechart paths', () => {
  const result = coverMachine(emailCodeMachine, { name: 'email-code', events, input: CHALLENGE, stopWhen });

  it('reaches every state and every transition', () => {
    expectFullCoverage(result);
  });

  describe('on a real actor with fake timers and fake effects', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => vi.useRealTimers());

    it('replays every generated path, matching the model after each step', async () => {
      await replay(result.paths);
      expect(result.paths.length).toBeGreaterThan(60);
    });

    const firstPath = (predicate: (s: Snapshot) => boolean) => firstPathTo(result, predicate);

    it('ends a verified path in done with the auth as output', async () => {
      const s = await replayOne(firstPath((x) => x.value === 'done'));
      expect(s.status).toBe('done');
      expect(s.output).toEqual({ auth: AUTH });
    });

    it('ends a path that goes back in cancelled with no auth', async () => {
      const s = await replayOne(firstPath((x) => x.value === 'cancelled'));
      expect(s.output).toEqual({ auth: null });
    });

    it('offers resend only after the 60 ticks of the cooldown', async () => {
      const path = firstPath((x) => x.matches({ active: { resend: 'ready' } }));
      expect(path.steps.filter((step) => step.event.type === TICK)).toHaveLength(COOLDOWN_SECONDS);
      const s = await replayOne(path);
      expect(s.context.resendInSeconds).toBe(0);
    });
  });
});
