import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { emailCodeMachine } from '../../machines/email-code/email-code.machine.ts';
import type { ResendCodeInput, VerifyCodeInput } from '../../machines/email-code/email-code.types.ts';
import { AUTH_RESPONSE, CHALLENGE, CODE, SETTINGS, VALID_WALLET, enterCode } from '../../machines/registration/registration.fixtures.ts';
import { registrationMachine } from '../../machines/registration/registration.machine.ts';
import { selectEmailCodeActor } from '../../machines/registration/registration.selectors.ts';
import type { FieldChangeEvent, FieldName, RegistrationInput } from '../../machines/registration/registration.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import type { AuthResponse, CodeChallenge } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import type { RegistrationPayload } from '../../src/shared/registration.ts';
import { coverMachine, expectFullCoverage, firstPathTo, type CoverPath, type CoverResult } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof registrationMachine>;

const LIMITS = { minInvestment: 30_000, maxInvestment: 100_000, tokenPrice: 5 };

/** Results of the effects and of the code step, as the synthetic events the path generator feeds the pure machine. */
const effects: AnyEventObject[] = [
  { type: 'xstate.done.actor.fetchSettings', output: SETTINGS },
  { type: 'xstate.done.actor.fetchSettings', output: { tokenPrice: 1, minInvestment: 500, maxInvestment: 100 } },
  { type: 'xstate.error.actor.fetchSettings', error: new ApiError(messages.general.network, 0, null) },
  { type: 'xstate.done.actor.submitRegistration', output: CHALLENGE },
  { type: 'xstate.error.actor.submitRegistration', error: new ApiError('Server configuration missing', 500, { error: 'Server configuration missing' }) },
  {
    type: 'xstate.error.actor.submitRegistration',
    error: new ApiError(messages.registration.limitsRejected, 422, { error: messages.registration.limitsRejected, limits: LIMITS }),
  },
  { type: 'xstate.error.actor.submitRegistration', error: new ApiError('HTTP 500', 500, null) },
  { type: 'xstate.done.actor.emailCode', output: { auth: { ...AUTH_RESPONSE, settings: SETTINGS } } },
  { type: 'xstate.done.actor.emailCode', output: { auth: null } },
];

const change = (field: FieldName, value: string | boolean) => ({ type: 'registration.field.change', field, value }) as FieldChangeEvent;

/** The values each step needs, in order (already normalised, so a filled field reads back equal). */
const fills: Record<string, (s: Snapshot) => FieldChangeEvent[]> = {
  investment: (s) => [change('investmentAmount', String(Math.max(25_000, s.context.settings?.minInvestment ?? 0)))],
  investor: () => [
    change('investorType', 'individual'),
    change('fullName', 'Ada Lovelace'),
    change('dateOfBirth', '1985-12-10'),
    change('nationality', 'British'),
    change('email', 'ada@example.com'),
    change('walletAddress', VALID_WALLET),
  ],
  qualification: () => [
    change('primaryJurisdiction', 'uk'),
    change('qualifiedInvestor', true),
    change('riskUnderstanding', true),
    change('financialCapacity', true),
  ],
};

/**
 * Events offered in a snapshot. The form fills in one chain (only the next missing value of the current
 * step), and navigation and blur are offered only at the ends of that chain (nothing yet, or everything
 * filled): enough for every transition, without every combination of half-filled steps.
 */
function events(snapshot: Snapshot): AnyEventObject[] {
  const step = typeof snapshot.value === 'string' ? snapshot.value : '';
  const chain = fills[step]?.(snapshot) ?? [];
  const missing = chain.findIndex((e) => snapshot.context.values[e.field] !== e.value);
  const atEnds = missing <= 0;
  const offered: AnyEventObject[] = [{ type: 'registration.settings.retry' }, ...effects];
  const next = chain[missing];
  if (next) offered.push(next);
  if (atEnds) {
    offered.push({ type: 'registration.next' }, { type: 'registration.previous' }, { type: 'registration.submit' });
    offered.push({ type: 'registration.field.blur', field: (next ?? chain[0])?.field ?? 'investmentAmount' });
  }
  return offered;
}

/** States and transitions are covered when either run reaches them (the valid-input skip needs its own input). */
function union(a: CoverResult, b: CoverResult): CoverResult {
  return {
    ...a,
    name: 'registration',
    paths: [...a.paths, ...b.paths],
    unreachedStates: a.unreachedStates.filter((s) => b.unreachedStates.includes(s)),
    unreachedTransitions: a.unreachedTransitions.filter((t) => b.unreachedTransitions.includes(t)),
  };
}

const INVOKING_STATE = { fetchSettings: 'loadingSettings', submitRegistration: 'submitting' } as const;
type InvokeId = keyof typeof INVOKING_STATE;
const SYNTHETIC = /^xstate\.(done|error)\.actor\.(fetchSettings|submitRegistration)$/;

/**
 * Replays generated paths on a real actor, matching the model's state and context after each step: the fake effects
 * answer with the results the path's synthetic events carry, in order (a step with such an event waits until the
 * chart has taken the answer); the code step's result is produced by driving the real child (typing and submitting
 * the code, the fake verify answering the path's auth, or going back); the path's other events are sent as they are.
 */
async function replay(paths: readonly CoverPath[], input: RegistrationInput) {
  return replayPaths(paths, {
    input,
    compareContext: true,
    setup: (path) => {
      type Result = { type: string; output?: unknown; error?: unknown };
      const queued: Record<InvokeId, Result[]> = { fetchSettings: [], submitRegistration: [] };
      for (const { event } of path.steps) {
        const m = SYNTHETIC.exec(event.type);
        if (m) queued[m[2] as InvokeId].push(event);
      }
      const answer = (id: InvokeId) => {
        const next = queued[id].shift();
        if (!next) return new Promise<never>(() => {}); // the path ends while this effect is still running
        if (next.type.startsWith('xstate.error')) throw next.error;
        return next.output;
      };
      const fakes = { verifiedAuth: null as AuthResponse | null };
      const machine = registrationMachine.provide({
        actors: {
          fetchSettings: fromPromise<unknown, void>(async () => answer('fetchSettings')),
          submitRegistration: fromPromise<CodeChallenge, RegistrationPayload>(async () => answer('submitRegistration') as CodeChallenge),
          emailCode: emailCodeMachine.provide({
            actors: {
              verifyCode: fromPromise<AuthResponse, VerifyCodeInput>(async () => fakes.verifiedAuth as AuthResponse),
              resendCode: fromPromise<CodeChallenge, ResendCodeInput>(() => new Promise(() => {})),
            },
          }),
        },
      });
      return { machine, fakes };
    },
    deliver: (event, { actor, fakes }) => {
      const m = SYNTHETIC.exec(event.type);
      if (m) return waitFor(actor, (s) => !s.matches(INVOKING_STATE[m[2] as InvokeId])).then(() => true);
      if (event.type === 'xstate.done.actor.emailCode') {
        fakes.verifiedAuth = (event.output as { auth: AuthResponse | null }).auth;
        if (fakes.verifiedAuth) enterCode(actor, CODE);
        else selectEmailCodeActor(actor.getSnapshot())?.send({ type: 'emailCode.back' });
        return waitFor(actor, (s) => !s.matches('confirming')).then(() => true);
      }
      return false;
    },
  });
}

/** Replays one path and answers where it ended. */
const replayOne = async (path: CoverPath, input: RegistrationInput) => (await replay([path], input))[0]!.snapshot;

describe('registration statechart paths', () => {
  // The code step's resend countdown must not tick on its own while paths are replayed.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  const fetching = coverMachine(registrationMachine, { name: 'registration (fetching settings)', events, input: { settings: null } });
  const given = coverMachine(registrationMachine, { name: 'registration (settings given)', events, input: { settings: SETTINGS } });

  it('reaches every state and every transition', () => {
    expectFullCoverage(union(fetching, given));
  });

  it('each run alone leaves only the other input’s initial branch', () => {
    expect(fetching.unreachedStates).toEqual([]);
    expect(fetching.unreachedTransitions).toEqual(['#registration.checkingSettings on always[0] [hasSettings] -> #registration.investment']);
    expect(given.unreachedTransitions).toContain('#registration.checkingSettings on always[1] -> #registration.loadingSettings');
  });

  const firstPath = (result: CoverResult, predicate: (s: Snapshot) => boolean) => firstPathTo(result, predicate);

  it('replays every generated path on a real actor with fake effects, ending in the same state and context', async () => {
    await replay(fetching.paths, { settings: null });
    await replay(given.paths, { settings: SETTINGS });
  });

  it('ends an accepted submit in confirming with the challenge, and no account yet', async () => {
    const actual = await replayOne(firstPath(fetching, (s) => s.matches('confirming')), { settings: null });
    expect(actual.value).toBe('confirming');
    expect(actual.status).toBe('active');
    expect(actual.context.challenge).toEqual(CHALLENGE);
    expect(selectEmailCodeActor(actual)?.getSnapshot().context.challengeId).toBe(CHALLENGE.challengeId);
  });

  it('ends a confirmed code in done with the AuthResponse as output', async () => {
    const path = firstPath(fetching, (s) => s.status === 'done');
    expect(path.steps.map((step) => step.event.type)).toContain('xstate.done.actor.emailCode');
    const actual = await replayOne(path, { settings: null });
    expect(actual.status).toBe('done');
    expect(actual.output).toEqual({ ...AUTH_RESPONSE, settings: SETTINGS });
  });

  it('ends a step back from the code in qualification, values kept and the challenge dropped', async () => {
    const path = firstPath(given, (s) => s.matches('qualification') && s.context.payload !== null && s.context.challenge === null);
    const actual = await replayOne(path, { settings: SETTINGS });
    expect(actual.value).toBe('qualification');
    expect(actual.context.challenge).toBeNull();
    expect(actual.context.values.walletAddress).toBe(VALID_WALLET);
    expect(actual.context.values.riskUnderstanding).toBe(true);
  });

  it('ends a limits rejection back on the amount with the new limits in force', async () => {
    const path = firstPath(given, (s) => s.matches('investment') && s.context.settings?.minInvestment === LIMITS.minInvestment);
    const actual = await replayOne(path, { settings: SETTINGS });
    expect(actual.value).toBe('investment');
    expect(actual.context.settings).toEqual({ tokenPrice: 5, minInvestment: 30_000, maxInvestment: 100_000 });
  });

  it('ends a failed settings load in settingsError with the load-failed message', async () => {
    const path = firstPath(fetching, (s) => s.matches('settingsError') && s.context.settingsError === messages.settings.loadFailed);
    const actual = await replayOne(path, { settings: null });
    expect(actual.value).toBe('settingsError');
    expect(actual.context.settingsError).toBe(messages.settings.loadFailed);
  });
});
