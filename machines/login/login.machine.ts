/**
 * Login form: one email field, the spec's fixed placeholder password, and the spec's messages.
 * The `requestLogin` actor is a placeholder the app provides (the API call).
 */
import { assign, fromPromise, setup } from 'xstate';
import { LOGIN_PLACEHOLDER_PASSWORD } from '../../src/shared/constants.ts';
import { messages } from '../../src/shared/messages.ts';
import { isValidEmail } from '../../src/shared/rules.ts';
import type { AuthResponse } from '../../src/shared/schemas.ts';
import type { LoginContext, LoginEvent, LoginInput, LoginOutput, LoginRequest } from './login.types.ts';

export const loginMachine = setup({
  types: {} as { context: LoginContext; events: LoginEvent; input: LoginInput; output: LoginOutput },
  actors: {
    requestLogin: fromPromise<AuthResponse, LoginRequest>(async () => {
      throw new Error('requestLogin is provided by the app');
    }),
  },
  guards: {
    isEmailEmpty: ({ context }) => context.email.trim() === '',
    isEmailValid: ({ context }) => isValidEmail(context.email),
  },
  actions: {
    setEmail: assign({ email: ({ event }) => (event.type === 'login.email.change' ? event.value : ''), error: null }),
    markTouched: assign({ touched: true }),
    showEmptyError: assign({ touched: true, error: messages.login.emptyEmail }),
    showInvalidError: assign({ touched: true, error: messages.login.invalidEmail }),
    showLoginError: assign({
      error: (_, params: { error: unknown }) =>
        (params.error instanceof Error && params.error.message) || messages.login.failed,
    }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ email: input?.email ?? '', touched: false, error: null, result: null }),
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
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: { type: 'showLoginError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => context.result as AuthResponse,
});
