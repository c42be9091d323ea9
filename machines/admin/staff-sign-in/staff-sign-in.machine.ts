/**
 * Staff sign-in (issue 15): the address, the emailed code, then the passkey. Effects (the API, the browser's
 * WebAuthn prompt) are provided by src/client/admin/sign-in/sign-in-effects.ts. Finishes with { token, staff }.
 * A refusal that ends the challenge (expired, too many codes, a refused passkey) sends the member back to the start.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { StaffAuthAnswer, StaffCodeAnswer, StaffCodeVerifyAnswer } from '../../../src/shared/admin/sign-in.ts';
import type { RequestCodeInput, SignInFailure, StaffSignInContext, StaffSignInEvent, UsePasskeyInput, VerifyCodeInput } from './staff-sign-in.types.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const CODE = /^\d{6}$/;
const failureOf = (error: unknown): SignInFailure =>
  typeof error === 'object' && error !== null && 'message' in error
    ? { message: String((error as SignInFailure).message), restart: Boolean((error as SignInFailure).restart) }
    : { message: 'Something went wrong. Please try again.', restart: false };

export const staffSignInMachine = setup({
  types: {} as { context: StaffSignInContext; events: StaffSignInEvent; output: StaffAuthAnswer },
  actors: {
    requestCode: fromPromise<StaffCodeAnswer, RequestCodeInput>(async () => {
      throw new Error('requestCode is provided by the app');
    }),
    verifyCode: fromPromise<StaffCodeVerifyAnswer, VerifyCodeInput>(async () => {
      throw new Error('verifyCode is provided by the app');
    }),
    usePasskey: fromPromise<StaffAuthAnswer, UsePasskeyInput>(async () => {
      throw new Error('usePasskey is provided by the app');
    }),
  },
  guards: {
    isEmailValid: ({ context }) => EMAIL.test(context.email.trim()),
    isCodeValid: ({ context }) => CODE.test(context.code.trim()),
    mustRestart: (_, params: { error: unknown }) => failureOf(params.error).restart,
  },
  actions: {
    setError: assign({ error: (_, params: { error: unknown }) => failureOf(params.error).message }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'staffSignIn',
  description: 'Staff sign-in: the email address, the code emailed to it, then the passkey; finishes with a staff session.',
  meta: {
    descriptions: {
      guards: {
        isEmailValid: 'The email address entered looks like an email address.',
        isCodeValid: 'The code entered is six digits.',
        mustRestart: 'The server ended the sign-in challenge (expired, too many codes, a refused passkey): start again from the email address.',
      },
      actions: {
        setError: "Shows the server's refusal in plain words.",
        clearError: 'Clears the error shown.',
      },
      actors: {
        requestCode: 'Asks the server to email a sign-in code to the address entered.',
        verifyCode: 'Checks the emailed code with the server; answers with the passkey challenge.',
        usePasskey: "Opens the browser's passkey prompt and has the server check the answer; answers with a staff session.",
      },
    },
  } satisfies MachineMeta,
  context: { email: '', code: '', challengeId: null, options: null, error: null, result: null },
  initial: 'email',
  output: ({ context }) => context.result as StaffAuthAnswer,
  states: {
    email: {
      description: 'The staff member enters their email address.',
      on: {
        'signIn.email.change': { actions: assign({ email: ({ event }) => event.value, error: null }) },
        'signIn.email.submit': [
          { guard: 'isEmailValid', target: 'requestingCode', actions: 'clearError' },
          { actions: assign({ error: 'Please enter a valid email address.' }) },
        ],
      },
    },
    requestingCode: {
      description: 'Asking the server to email a sign-in code.',
      tags: ['busy'],
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'code', actions: assign({ challengeId: ({ event }) => event.output.challengeId, code: '' }) },
        onError: { target: 'email', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    code: {
      description: 'The staff member enters the code from the email.',
      on: {
        'signIn.code.change': { actions: assign({ code: ({ event }) => event.value, error: null }) },
        'signIn.code.submit': [
          { guard: 'isCodeValid', target: 'verifyingCode', actions: 'clearError' },
          { actions: assign({ error: 'Please enter the 6-digit code from the email.' }) },
        ],
        'signIn.restart': { target: 'email', actions: assign({ challengeId: null, code: '', error: null }) },
      },
    },
    verifyingCode: {
      description: 'Checking the code with the server.',
      tags: ['busy'],
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ challengeId: context.challengeId as string, code: context.code.trim() }),
        onDone: { target: 'passkey', actions: assign({ options: ({ event }) => event.output.options }) },
        onError: [
          {
            guard: { type: 'mustRestart', params: ({ event }) => ({ error: event.error }) },
            target: 'email',
            actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, assign({ challengeId: null, code: '' })],
          },
          { target: 'code', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    passkey: {
      description: 'The code was right: the staff member proves themselves with their passkey.',
      initial: 'ready',
      on: { 'signIn.restart': { target: 'email', actions: assign({ challengeId: null, options: null, code: '', error: null }) } },
      states: {
        ready: {
          description: 'Waiting for the staff member to start the passkey prompt.',
          on: { 'signIn.passkey.start': { target: 'authenticating', actions: 'clearError' } },
        },
        authenticating: {
          description: "The browser's passkey prompt is open and the answer is being checked.",
          tags: ['busy'],
          invoke: {
            id: 'usePasskey',
            src: 'usePasskey',
            input: ({ context }) => ({ challengeId: context.challengeId as string, options: context.options as NonNullable<StaffSignInContext['options']> }),
            onDone: { target: '#staffSignIn.done', actions: assign({ result: ({ event }) => event.output }) },
            onError: [
              {
                guard: { type: 'mustRestart', params: ({ event }) => ({ error: event.error }) },
                target: '#staffSignIn.email',
                actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, assign({ challengeId: null, options: null, code: '' })],
              },
              // The prompt was cancelled: the challenge is still good, the member may try again.
              { description: 'The prompt was cancelled: the challenge is still good, the member may try again.', target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    done: { description: 'Signed in: the staff session is handed to the back-office.', type: 'final' },
  },
});
