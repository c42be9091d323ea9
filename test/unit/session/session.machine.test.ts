import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { sessionMachine } from '../../../machines/session/session.machine.ts';
import { selectAuthPath, selectChartPhase, selectDetailsActor, selectProcessActor, selectRegistrationActor, selectView } from '../../../machines/session/session.selectors.ts';
import { registrationDetailsMachine } from '../../../machines/registration-details/registration-details.machine.ts';
import { selectPath } from '../../../machines/process/process.selectors.ts';
import { processMachine } from '../../../machines/process/process.machine.ts';
import { loginMachine } from '../../../machines/login/login.machine.ts';
import type { registrationMachine } from '../../../machines/registration/registration.machine.ts';
import { selectEmailCodeActor } from '../../../machines/login/login.selectors.ts';
import type { LoginRequest } from '../../../machines/login/login.types.ts';
import { emailCodeMachine } from '../../../machines/email-code/email-code.machine.ts';
import type { ResendCodeInput, VerifyCodeInput } from '../../../machines/email-code/email-code.types.ts';
import {
  CHALLENGE,
  enterCode,
  fillIndividual,
  fillInvestment,
  fillQualification,
  machineWithFakes,
} from '../../../machines/registration/registration.fixtures.ts';
import type { RegistrationChart, SignedInCharts, StoredSession } from '../../../machines/session/session.types.ts';
import type { AuthResponse, CodeChallenge } from '../../../src/shared/auth.ts';
import { messages } from '../../../src/shared/messages.ts';
import type { StatusAnswers } from '../../../src/shared/process.ts';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tokenWithExp = (expSeconds: number) => `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: expSeconds, jti: 'abcdef123456' })}.sig`;
const user = { userId: 'u1', userDetailsId: 'd1', email: 'ada@example.com', investmentAmount: 25000 };
const nowSeconds = () => Math.floor(Date.now() / 1000);

const newInvestor: StatusAnswers = {
  disclosure: { currentStep: 'disclosure', disclosuresCompleted: false, disclosureProgress: {}, disclosureCompletedAt: null, isReadingMode: false },
  kyc: null,
  agreements: null,
  payment: null,
};

/** The login with fake effects: any email gets CHALLENGE, and the code step's verify answers `verify`. */
const fakeLogin = (verify: () => Promise<AuthResponse>) =>
  loginMachine.provide({
    actors: {
      requestLogin: fromPromise<CodeChallenge, LoginRequest>(async () => CHALLENGE),
      emailCode: emailCodeMachine.provide({
        actors: {
          verifyCode: fromPromise<AuthResponse, VerifyCodeInput>(verify),
          resendCode: fromPromise<CodeChallenge, ResendCodeInput>(async () => CHALLENGE),
        },
      }),
    },
  });

/** The signed-in charts as their load answers them: the process with fake status calls, the details chart as it is. */
const signedInCharts = (answers?: StatusAnswers): SignedInCharts => ({
  process: processMachine.provide({ actors: { loadStepProgress: fromPromise(async () => answers ?? newInvestor) } }),
  registrationDetails: registrationDetailsMachine,
});

type SessionOptions = {
  path?: string;
  answers?: StatusAnswers;
  login?: () => Promise<AuthResponse>;
  pending?: unknown;
  loadSignedIn?: ReturnType<typeof fromPromise<SignedInCharts, void>>;
};

function makeSession(stored: StoredSession, opts: SessionOptions = {}) {
  const effects = { stored: [] as AuthResponse[], cleared: 0, reloaded: 0, replaced: 0, notices: [] as string[], loggedOut: 0 };
  const machine = sessionMachine.provide({
    actors: {
      readStoredSession: fromPromise(async () => stored),
      readPendingRegistration: fromPromise<unknown, void>(async () => opts.pending ?? null),
      logoutBackend: fromPromise(async () => {
        effects.loggedOut++;
      }),
      login: fakeLogin(opts.login ?? (async () => ({ token: tokenWithExp(nowSeconds() + 3600), user }))),
      loadRegistrationChart: fromPromise<RegistrationChart, void>(async () => machineWithFakes({ verify: async () => ({ token: tokenWithExp(nowSeconds() + 3600), user }) }).machine),
      loadSignedInCharts: opts.loadSignedIn ?? fromPromise<SignedInCharts, void>(async () => signedInCharts(opts.answers)),
    },
    actions: {
      storeSession: (_, auth) => void effects.stored.push(auth),
      clearStoredSession: () => void effects.cleared++,
      reloadPage: () => void effects.reloaded++,
      replaceWithLogin: () => void effects.replaced++,
      rememberNotice: (_, { notice }) => void effects.notices.push(notice),
    },
  });
  const actor = createActor(machine, { input: { path: opts.path ?? '/' } }).start();
  return { actor, effects };
}

const loginOf = (actor: ReturnType<typeof makeSession>['actor']) => actor.getSnapshot().children.login as ActorRefFrom<typeof loginMachine>;
const registrationOf = (actor: ReturnType<typeof makeSession>['actor']) =>
  selectRegistrationActor(actor.getSnapshot()) as ActorRefFrom<typeof registrationMachine>;

const processPath = (actor: ReturnType<typeof makeSession>['actor']) => {
  const child = selectProcessActor(actor.getSnapshot());
  return child ? selectPath(child.getSnapshot()) : null;
};

describe('session restore (spec section 4 "Session")', () => {
  it('goes to login when nothing is stored', async () => {
    const { actor, effects } = makeSession({ token: null, userRaw: null });
    await waitFor(actor, (s) => selectView(s) === 'login');
    expect(selectAuthPath(actor.getSnapshot())).toBe('/auth/login');
    expect(effects.cleared).toBe(0);
  });

  it('clears storage and stays signed out when the stored token has expired', async () => {
    const { actor, effects } = makeSession({ token: tokenWithExp(nowSeconds() - 10), userRaw: JSON.stringify(user) });
    await waitFor(actor, (s) => selectView(s) === 'login');
    expect(effects.cleared).toBe(1);
  });

  it('clears storage when the stored user cannot be parsed', async () => {
    const { actor, effects } = makeSession({ token: tokenWithExp(nowSeconds() + 600), userRaw: '{not json' });
    await waitFor(actor, (s) => selectView(s) === 'login');
    expect(effects.cleared).toBe(1);
  });

  it('restores a valid session and sends "/" to the current step', async () => {
    const { actor } = makeSession({ token: tokenWithExp(nowSeconds() + 600), userRaw: JSON.stringify(user) }, { path: '/' });
    await waitFor(actor, (s) => selectView(s) === 'process');
    await vi.waitFor(() => expect(processPath(actor)).not.toBeNull());
    expect(processPath(actor)).toBe('/process/disclosure');
    expect(actor.getSnapshot().context.user?.email).toBe('ada@example.com');
  });

  it('sends a signed-out visitor of /auth/register to registration and anything else to login', async () => {
    const { actor } = makeSession({ token: null, userRaw: null }, { path: '/auth/register' });
    await waitFor(actor, (s) => selectView(s) === 'register');
    actor.send({ type: 'session.route.request', path: '/process/kyc' });
    expect(selectView(actor.getSnapshot())).toBe('login');
  });
});

describe('signed-in routing', () => {
  const signedIn = (answers?: StatusAnswers, path = '/') =>
    makeSession({ token: tokenWithExp(nowSeconds() + 600), userRaw: JSON.stringify(user) }, { path, ...(answers ? { answers } : {}) });

  it('redirects a step that is not yet accessible to the current step, and unknown paths to it too', async () => {
    const { actor } = signedIn(undefined, '/process/payment');
    await vi.waitFor(() => expect(processPath(actor)).not.toBeNull());
    expect(processPath(actor)).toBe('/process/disclosure');
    actor.send({ type: 'session.route.request', path: '/nowhere' });
    expect(processPath(actor)).toBe('/process/disclosure');
    actor.send({ type: 'session.route.request', path: '/auth/login' });
    expect(processPath(actor)).toBe('/process/disclosure');
    actor.send({ type: 'session.route.request', path: '/process' });
    expect(processPath(actor)).toBe('/process/disclosure');
  });

  it('lets a user with disclosure complete open kyc and review disclosure', async () => {
    const answers: StatusAnswers = {
      ...newInvestor,
      disclosure: { ...newInvestor.disclosure!, currentStep: 'kyc', disclosuresCompleted: true },
    };
    const { actor } = signedIn(answers, '/');
    await vi.waitFor(() => expect(processPath(actor)).not.toBeNull());
    expect(processPath(actor)).toBe('/process/kyc');
    actor.send({ type: 'session.route.request', path: '/process/disclosure' });
    expect(processPath(actor)).toBe('/process/disclosure');
    actor.send({ type: 'session.route.request', path: '/process/agreements' });
    expect(processPath(actor)).toBe('/process/kyc');
  });
});

describe('login, logout, expiry and 401', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('logs in through the code step, stores the session and goes to "/"', async () => {
    const { actor, effects } = makeSession({ token: null, userRaw: null }, { path: '/auth/login' });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('login'));
    const login = loginOf(actor);
    login.send({ type: 'login.email.change', value: 'ada@example.com' });
    login.send({ type: 'login.submit' });
    await waitFor(login, (s) => s.matches('confirming'));
    // Knowing the email is not enough: still signed out, nothing stored, until the code is confirmed.
    expect(selectView(actor.getSnapshot())).toBe('login');
    expect(effects.stored).toEqual([]);
    const code = selectEmailCodeActor(login.getSnapshot())!;
    code.send({ type: 'emailCode.change', value: '123456' });
    code.send({ type: 'emailCode.submit' });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('process'));
    expect(effects.stored).toHaveLength(1);
    expect(effects.stored[0]?.user).toEqual(user);
    expect(actor.getSnapshot().context.token).toBe(effects.stored[0]?.token);
    expect(actor.getSnapshot().context.requestedPath).toBe('/');
  });

  it('stays signed out after going back from the code step', async () => {
    const { actor, effects } = makeSession({ token: null, userRaw: null }, { path: '/auth/login' });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('login'));
    const login = loginOf(actor);
    login.send({ type: 'login.email.change', value: 'ada@example.com' });
    login.send({ type: 'login.submit' });
    await waitFor(login, (s) => s.matches('confirming'));
    selectEmailCodeActor(login.getSnapshot())!.send({ type: 'emailCode.back' });
    expect(login.getSnapshot().value).toBe('editing');
    expect(selectView(actor.getSnapshot())).toBe('login');
    expect(effects.stored).toEqual([]);
  });

  it('registers through the code step, stores the session and goes to disclosure', async () => {
    const { actor, effects } = makeSession({ token: null, userRaw: null }, { path: '/auth/register' });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('register'));
    const registration = registrationOf(actor);
    await waitFor(registration, (s) => s.matches('investment'));
    fillInvestment.forEach((e) => registration.send(e));
    registration.send({ type: 'registration.next' });
    fillIndividual.forEach((e) => registration.send(e));
    registration.send({ type: 'registration.next' });
    fillQualification.forEach((e) => registration.send(e));
    registration.send({ type: 'registration.submit' });
    await waitFor(registration, (s) => s.matches('confirming'));
    expect(selectView(actor.getSnapshot())).toBe('register');
    expect(effects.stored).toEqual([]);
    enterCode(registration);
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('process'));
    expect(effects.stored).toHaveLength(1);
    expect(actor.getSnapshot().context.requestedPath).toBe('/process/disclosure');
  });

  it('opens the register page on the code screen of a registration the tab kept over a reload, and finishes it', async () => {
    const pending = { challenge: CHALLENGE, values: { investmentAmount: '25000', email: 'ada@example.com' } };
    const { actor, effects } = makeSession({ token: null, userRaw: null }, { path: '/auth/register', pending });
    await vi.waitFor(() => expect(registrationOf(actor)).toBeDefined());
    const registration = registrationOf(actor);
    await waitFor(registration, (s) => s.matches('confirming'));
    expect(registration.getSnapshot().context.values.email).toBe('ada@example.com');
    enterCode(registration);
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('process'));
    expect(effects.stored).toHaveLength(1);
  });

  it('ticks the elapsed timer every second and logs out with the alert when the token expires', async () => {
    const { actor, effects } = makeSession({ token: tokenWithExp(nowSeconds() + 400), userRaw: JSON.stringify(user) });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('process'));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(actor.getSnapshot().context.elapsedSeconds).toBe(3);
    await vi.advanceTimersByTimeAsync(297_000); // first 5-minute check: token still valid (exp in 400 s)
    expect(selectView(actor.getSnapshot())).toBe('process');
    await vi.advanceTimersByTimeAsync(300_000); // second check: expired
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('login'));
    expect(effects.loggedOut).toBe(1);
    expect(effects.cleared).toBe(1);
    expect(effects.replaced).toBe(1);
    expect(effects.notices).toContain(messages.session.expiredPeriodic);
  });

  it('logs out even when the backend logout fails', async () => {
    const machine = sessionMachine.provide({
      actors: {
        readStoredSession: fromPromise<StoredSession, void>(async () => ({ token: tokenWithExp(nowSeconds() + 600), userRaw: JSON.stringify(user) })),
        logoutBackend: fromPromise<void, { token: string | null }>(async () => {
          throw new Error('offline');
        }),
        loadSignedInCharts: fromPromise<SignedInCharts, void>(async () => signedInCharts()),
      },
      actions: { logLogoutFailure: () => {}, clearStoredSession: () => {}, replaceWithLogin: () => {} },
    });
    const actor = createActor(machine, { input: { path: '/' } }).start();
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('process'));
    actor.send({ type: 'session.logout' });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('login'));
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('on a 401 clears the session, reloads and keeps the spec message', async () => {
    const { actor, effects } = makeSession({ token: tokenWithExp(nowSeconds() + 600), userRaw: JSON.stringify(user) });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('process'));
    actor.send({ type: 'session.unauthorized' });
    expect(effects.cleared).toBe(1);
    expect(effects.reloaded).toBe(1);
    expect(effects.notices).toEqual([messages.session.expired401]);
    expect(actor.getSnapshot().context.notice).toBe(messages.session.expired401);
  });

  it('follows a logout in another tab', async () => {
    const { actor } = makeSession({ token: tokenWithExp(nowSeconds() + 600), userRaw: JSON.stringify(user) });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('process'));
    actor.send({ type: 'session.storage.change', token: null, userRaw: null });
    expect(selectView(actor.getSnapshot())).toBe('login');
    actor.send({ type: 'session.storage.change', token: tokenWithExp(nowSeconds() + 600), userRaw: JSON.stringify(user) });
    expect(selectView(actor.getSnapshot())).toBe('process');
  });
});

describe('the register page and the signed-in area load their charts (chunks of their own)', () => {
  const stored = () => ({ token: tokenWithExp(nowSeconds() + 600), userRaw: JSON.stringify(user) });

  it('keeps the path asked for while the signed-in charts load, and starts the process from it', async () => {
    let answer!: (charts: SignedInCharts) => void;
    const answers: StatusAnswers = { ...newInvestor, disclosure: { ...newInvestor.disclosure!, currentStep: 'kyc', disclosuresCompleted: true } };
    const loadSignedIn = fromPromise<SignedInCharts, void>(() => new Promise((resolve) => (answer = resolve)));
    const { actor } = makeSession(stored(), { path: '/', loadSignedIn });
    await vi.waitFor(() => expect(selectChartPhase(actor.getSnapshot())).toBe('loading'));
    expect(selectView(actor.getSnapshot())).toBe('process');
    expect(selectProcessActor(actor.getSnapshot())).toBeUndefined();
    // No process to tell yet: the request is kept (and nothing throws for a missing child).
    actor.send({ type: 'session.route.request', path: '/process/disclosure' });
    answer(signedInCharts(answers));
    await vi.waitFor(() => expect(processPath(actor)).not.toBeNull());
    expect(processPath(actor)).toBe('/process/disclosure');
    expect(selectDetailsActor(actor.getSnapshot())).toBeDefined();
    expect(selectChartPhase(actor.getSnapshot())).toBe('running');
  });

  it('shows a failed load and loads again on retry', async () => {
    let attempts = 0;
    const loadSignedIn = fromPromise<SignedInCharts, void>(async () => {
      attempts++;
      if (attempts === 1) throw new Error('chunk gone');
      return signedInCharts();
    });
    const { actor } = makeSession(stored(), { loadSignedIn });
    await vi.waitFor(() => expect(selectChartPhase(actor.getSnapshot())).toBe('failed'));
    expect(selectProcessActor(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'session.chart.retry' });
    await vi.waitFor(() => expect(processPath(actor)).toBe('/process/disclosure'));
    expect(attempts).toBe(2);
  });

  it('stops the signed-in charts when the session ends, and the registration chart when the page is left', async () => {
    const { actor } = makeSession(stored());
    await vi.waitFor(() => expect(processPath(actor)).not.toBeNull());
    const process = selectProcessActor(actor.getSnapshot())!;
    const details = selectDetailsActor(actor.getSnapshot())!;
    actor.send({ type: 'session.storage.change', token: null, userRaw: null });
    expect(selectView(actor.getSnapshot())).toBe('login');
    expect(process.getSnapshot().status).toBe('stopped');
    expect(details.getSnapshot().status).toBe('stopped');
    expect(selectProcessActor(actor.getSnapshot())).toBeUndefined();

    actor.send({ type: 'session.route.request', path: '/auth/register' });
    await vi.waitFor(() => expect(registrationOf(actor)).toBeDefined());
    const registration = registrationOf(actor);
    actor.send({ type: 'session.route.request', path: '/auth/login' });
    expect(registration.getSnapshot().status).toBe('stopped');
    expect(selectRegistrationActor(actor.getSnapshot())).toBeUndefined();
  });

  it('a registration chart arriving after the page was left starts nothing', async () => {
    let answer!: (chart: RegistrationChart) => void;
    const machine = sessionMachine.provide({
      actors: {
        readStoredSession: fromPromise<StoredSession, void>(async () => ({ token: null, userRaw: null })),
        readPendingRegistration: fromPromise<unknown, void>(async () => null),
        loadRegistrationChart: fromPromise<RegistrationChart, void>(() => new Promise((resolve) => (answer = resolve))),
      },
    });
    const actor = createActor(machine, { input: { path: '/auth/register' } }).start();
    await vi.waitFor(() => expect(selectChartPhase(actor.getSnapshot())).toBe('loading'));
    actor.send({ type: 'session.route.request', path: '/auth/login' });
    answer(machineWithFakes({ verify: async () => ({ token: tokenWithExp(nowSeconds() + 3600), user }) }).machine);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectView(actor.getSnapshot())).toBe('login');
    expect(selectRegistrationActor(actor.getSnapshot())).toBeUndefined();
  });
});
