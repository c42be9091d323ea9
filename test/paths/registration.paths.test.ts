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
/** A new code asked for on the code screen: the kept challenge follows it. */
const RESENT: CodeChallenge = { challengeId: '9d1c7e2a-4b6f-4c3d-8e5a-2f7b1a9c0d34', sentTo: CHALLENGE.sentTo };
/** A registration kept by the tab across a reload: the form as it was submitted (what `fills` enters). */
const PENDING = {
  challenge: CHALLENGE,
  values: {
    investmentAmount: '25000',
    investorType: 'individual',
    fullName: 'Ada Lovelace',
    dateOfBirth: '1985-12-10',
    nationality: 'British',
    email: 'ada@example.com',
    walletAddress: VALID_WALLET,
    primaryJurisdiction: 'uk',
    qualifiedInvestor: true,
    riskUnderstanding: true,
    financialCapacity: true,
  },
};
/** A refusal naming a field, as the server answers it (400 { error, field }, the amount's with the limits). */
const refusal = (field: string, error: string, extra: object = {}) =>
  new ApiError(error, 400, { error, field, ...extra });

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
  { type: 'xstate.error.actor.submitRegistration', error: refusal('investmentAmount', messages.registration.limitsRejected, { limits: LIMITS }) },
  { type: 'xstate.error.actor.submitRegistration', error: refusal('email', messages.login.invalidEmail) },
  { type: 'xstate.error.actor.submitRegistration', error: refusal('primaryJurisdiction', 'Invalid key') },
  // The code step's snapshot after a resend: a new challenge.
  { type: 'xstate.snapshot.emailCode', snapshot: { context: RESENT } },
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

/** States and transitions are covered when any run reaches them (the valid-input skip and a kept registration need their own input). */
function union(...runs: CoverResult[]): CoverResult {
  return {
    ...runs[0]!,
    name: 'registration',
    paths: runs.flatMap((r) => r.paths),
    unreachedStates: runs[0]!.unreachedStates.filter((s) => runs.every((r) => r.unreachedStates.includes(s))),
    unreachedTransitions: runs[0]!.unreachedTransitions.filter((t) => runs.every((r) => r.unreachedTransitions.includes(t))),
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
    ignoreContext: bounds.ignoreContext,
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
      const fakes = { verifiedAuth: null as AuthResponse | null, kept: [] as unknown[], cleared: 0, lastWrite: null as 'keep' | 'clear' | null };
      const machine = registrationMachine.provide({
        actors: {
          fetchSettings: fromPromise<unknown, void>(async () => answer('fetchSettings')),
          submitRegistration: fromPromise<CodeChallenge, RegistrationPayload>(async () => answer('submitRegistration') as CodeChallenge),
          emailCode: emailCodeMachine.provide({
            actors: {
              verifyCode: fromPromise<AuthResponse, VerifyCodeInput>(async () => fakes.verifiedAuth as AuthResponse),
              resendCode: fromPromise<CodeChallenge, ResendCodeInput>(async () => RESENT),
            },
          }),
        },
        actions: {
          storePendingRegistration: (_, pending) => {
            fakes.kept.push(pending);
            fakes.lastWrite = 'keep';
          },
          clearPendingRegistration: () => {
            fakes.cleared += 1;
            fakes.lastWrite = 'clear';
          },
        },
      });
      return { machine, fakes };
    },
    // The tab keeps exactly the challenge the code screen answers, and forgets it once the account exists.
    checkStep: ({ snapshot: s, fakes }) => {
      const kept = fakes.kept.length > 0 ? (fakes.kept.at(-1) as { challenge: CodeChallenge }).challenge : (input.pending as typeof PENDING | undefined)?.challenge;
      if (s.matches('confirming')) expect(kept).toEqual(s.context.challenge);
      if (s.matches('confirming')) expect(fakes.lastWrite).not.toBe('clear');
      if (s.status === 'done') expect(fakes.lastWrite).toBe('clear');
    },
    deliver: (event, { actor, fakes }) => {
      const m = SYNTHETIC.exec(event.type);
      if (m) return waitFor(actor, (s) => !s.matches(INVOKING_STATE[m[2] as InvokeId])).then(() => true);
      if (event.type === 'xstate.snapshot.emailCode') {
        // A resend on the real code step, once its cooldown has passed.
        vi.advanceTimersByTime(60_000);
        selectEmailCodeActor(actor.getSnapshot())?.send({ type: 'emailCode.resend' });
        return waitFor(actor, (s) => s.context.challenge?.challengeId === RESENT.challengeId).then(() => true);
      }
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

// Where focus goes next is not a state of its own; and what follows a server's refusal of a field (the investor
// corrects it) runs the same transitions as before it, so exploring stops there.
const bounds = { ignoreContext: ['focus'], stopWhen: (s: Snapshot) => Object.keys(s.context.serverErrors).length > 0 };

/** Replays one path and answers where it ended. */
const replayOne = async (path: CoverPath, input: RegistrationInput) => (await replay([path], input))[0]!.snapshot;

describe('registration statechart paths', () => {
  // The code step's resend countdown must not tick on its own while paths are replayed.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  const cover = (name: string, input: RegistrationInput) => coverMachine(registrationMachine, { name: `registration (${name})`, events, input, ...bounds });
  const fetching = cover('fetching settings', { settings: null });
  const given = cover('settings given', { settings: SETTINGS });
  const kept = cover('kept over a reload', { settings: null, pending: PENDING });

  it('reaches every state and every transition', () => {
    expectFullCoverage(union(fetching, given, kept));
  });

  it('each run alone leaves only the other inputs’ initial branches', () => {
    expect(fetching.unreachedStates).toEqual([]);
    expect(fetching.unreachedTransitions).toEqual(['#registration.checkingSettings on always[0] [and(hasSettings, isAwaitingCode)] -> #registration.confirming']);
    expect(given.unreachedTransitions).toContain('#registration.checkingSettings on always[2] -> #registration.loadingSettings');
    expect(kept.unreachedTransitions).toContain('#registration.checkingSettings on always[1] [hasSettings] -> #registration.investment');
  });

  it('replays the kept registration: the code screen after the settings, the form as entered behind it', async () => {
    await replay(kept.paths, { settings: null, pending: PENDING });
    const path = firstPathTo(kept, (s) => s.matches('confirming'));
    expect(path.steps.map((step) => step.event.type)).toEqual(['xstate.init', 'xstate.done.actor.fetchSettings']);
    const actual = await replayOne(path, { settings: null, pending: PENDING });
    expect(actual.context.challenge).toEqual(CHALLENGE);
    expect(actual.context.values).toMatchObject(PENDING.values);
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

  it('ends a step back from the code on the email field of step 2, values kept and the challenge dropped', async () => {
    const path = firstPath(given, (s) => s.matches('investor') && s.context.payload !== null && s.context.challenge === null);
    const [run] = await replay([path], { settings: SETTINGS });
    const actual = run!.snapshot;
    expect(actual.value).toBe('investor');
    expect(actual.context.challenge).toBeNull();
    expect(actual.context.focus?.field).toBe('email');
    expect(actual.context.values.walletAddress).toBe(VALID_WALLET);
    expect(actual.context.values.riskUnderstanding).toBe(true);
    expect(run!.fakes.kept).toEqual([{ challenge: CHALLENGE, values: actual.context.values }]);
    expect(run!.fakes.cleared).toBe(1);
  });

  it('keeps a new code’s challenge for a reload, and forgets it once the account exists', async () => {
    const path = firstPath(given, (s) => s.status === 'done' && s.context.challenge?.challengeId === RESENT.challengeId);
    const [run] = await replay([path], { settings: SETTINGS });
    expect(run!.fakes.kept.map((p) => (p as { challenge: CodeChallenge }).challenge)).toEqual([CHALLENGE, RESENT]);
    expect(run!.fakes.cleared).toBe(1);
  });

  it.each([
    ['investmentAmount', 'investment', messages.registration.limitsRejected],
    ['email', 'investor', messages.login.invalidEmail],
    ['primaryJurisdiction', 'qualification', 'Invalid key'],
  ] as const)('shows a refusal of %s next to it, on the step that holds it, and takes the investor there', async (field, step, words) => {
    const path = firstPath(given, (s) => s.context.serverErrors[field] !== undefined);
    const actual = await replayOne(path, { settings: SETTINGS });
    expect(actual.value).toBe(step);
    expect(actual.context.serverErrors).toEqual({ [field]: words });
    expect(actual.context.focus?.field).toBe(field);
    expect(actual.context.submitError).toBeNull();
    if (field === 'investmentAmount') expect(actual.context.settings).toEqual(LIMITS);
  });

  it('ends a limits rejection back on the amount with the new limits in force', async () => {
    const path = firstPath(given, (s) => s.matches('investment') && s.context.settings?.minInvestment === LIMITS.minInvestment && s.context.submitError !== null);
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
