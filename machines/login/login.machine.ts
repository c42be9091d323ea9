/**
 * Login: the spec's email form, then a one-time code mailed to that address (knowing an email is not enough).
 * `requestLogin` (POST /api/auth/login, answers a code challenge) is a placeholder the app provides; the code
 * step is the emailCode child machine.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { serverMessageOf } from '../../src/shared/api-error.ts';
import { LOGIN_PLACEHOLDER_PASSWORD, isValidEmail, type AuthResponse, type CodeChallenge } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import { emailCodeMachine } from '../email-code/email-code.machine.ts';
import type { LoginContext, LoginEvent, LoginInput, LoginOutput, LoginRequest } from './login.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

export const loginMachine = setup({
  types: {} as { context: LoginContext; events: LoginEvent; input: LoginInput; output: LoginOutput },
  actors: {
    requestLogin: fromPromise<CodeChallenge, LoginRequest>(async () => {
      throw new Error('requestLogin is provided by the app');
    }),
    emailCode: emailCodeMachine,
  },
  guards: {
    hasAuth: (_, params: { auth: AuthResponse | null }) => params.auth !== null,
    isEmailEmpty: ({ context }) => context.email.trim() === '',
    isEmailValid: ({ context }) => isValidEmail(context.email),
  },
  actions: {
    setEmail: assign({ email: ({ event }) => (event.type === 'login.email.change' ? event.value : ''), error: null }),
    markTouched: assign({ touched: true }),
    showEmptyError: assign({ touched: true, error: messages.login.emptyEmail }),
    showInvalidError: assign({ touched: true, error: messages.login.invalidEmail }),
    showLoginError: assign({
      error: (_, params: { error: unknown }) => serverMessageOf(params.error) ?? messages.login.failed,
    }),
  },
}).createMachine({
  id: 'login',
  description: 'Login: the investor enters their email address, then the one-time code mailed to it.',
  meta: {
    descriptions: {
      guards: {
        hasAuth: 'The code step ended with the investor signed in (not with going back).',
        isEmailEmpty: 'No email address was entered.',
        isEmailValid: 'The email address entered looks like an email address.',
      },
      actions: {
        setEmail: 'Takes the email address typed and clears the error.',
        markTouched: 'Notes the email field was left, so its problems are shown.',
        showEmptyError: "Says, in the spec's words, that an email address is needed.",
        showInvalidError: "Says, in the spec's words, that the email address is not valid.",
        showLoginError: "Shows why the login was refused (the server's words, else the spec's).",
      },
      actors: {
        requestLogin: 'Asks the server to mail a login code to the address (POST /api/auth/login).',
        emailCode: 'The one-time code step (machines/email-code).',
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({ email: input?.email ?? '', touched: false, error: null, challenge: null, result: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The investor enters their email address.',
      on: {
        'login.email.change': { actions: 'setEmail' },
        'login.email.blur': { actions: 'markTouched' },
        'login.submit': [
          { guard: 'isEmailEmpty', actions: 'showEmptyError' },
          { guard: 'isEmailValid', target: 'submitting' },
          { actions: 'showInvalidError' },
        ],
      },
    },
    submitting: {
      description: 'Asking the server to mail a login code.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'requestLogin',
        src: 'requestLogin',
        input: ({ context }) => ({ email: context.email.trim().toLowerCase(), password: LOGIN_PLACEHOLDER_PASSWORD }),
        onDone: { target: 'confirming', actions: assign({ challenge: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: { type: 'showLoginError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirming: {
      description: 'The investor enters the code mailed to them.',
      invoke: {
        id: 'emailCode',
        src: 'emailCode',
        input: ({ context }) => context.challenge as CodeChallenge,
        onDone: [
          {
            guard: { type: 'hasAuth', params: ({ event }) => ({ auth: event.output.auth }) },
            target: 'done',
            actions: assign({ result: ({ event }) => event.output.auth }),
          },
          // Back to change the email address.
          { target: 'editing', actions: assign({ challenge: null }) },
        ],
      },
    },
    done: { description: 'The investor is signed in.', type: 'final' },
  },
  output: ({ context }) => context.result as AuthResponse,
});

/** A running login chart, as views and parent charts hold it. */
export type LoginActorRef = ActorRefFrom<typeof loginMachine>;
