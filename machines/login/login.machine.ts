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
  context: ({ input }) => ({ email: input?.email ?? '', touched: false, error: null, challenge: null, result: null }),
  initial: 'editing',
  states: {
    editing: {
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
    done: { type: 'final' },
  },
  output: ({ context }) => context.result as AuthResponse,
});

/** A running login chart, as views and parent charts hold it. */
export type LoginActorRef = ActorRefFrom<typeof loginMachine>;
