/**
 * The one-time code step that proves the investor controls the inbox (login and registration):
 * enter the 6-digit code, verify it, or ask for a new one once the 60 s cooldown has passed.
 * `verifyCode` and `resendCode` are placeholders the app provides (POST /api/auth/verify, /api/auth/resend).
 */
import { assign, fromPromise, raise, setup, type ActorRefFrom } from 'xstate';
import { isApiError, serverMessageOf } from '../../src/shared/api-error.ts';
import { EMAIL_CODE, CODE_PATTERN, type AuthResponse, type CodeChallenge } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import type { EmailCodeContext, EmailCodeEvent, EmailCodeInput, EmailCodeOutput, ResendCodeInput, VerifyCodeInput } from './email-code.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

const COOLDOWN_SECONDS = EMAIL_CODE.resendCooldownMs / 1000;
const statusOf = (error: unknown) => (isApiError(error) ? error.status : 0);
const messageOf = (error: unknown, fallback: string) => serverMessageOf(error) ?? fallback;

export const emailCodeMachine = setup({
  types: {} as {
    context: EmailCodeContext;
    events: EmailCodeEvent | { type: 'emailCode.resend.done' };
    input: EmailCodeInput;
    output: EmailCodeOutput;
  },
  actors: {
    verifyCode: fromPromise<AuthResponse, VerifyCodeInput>(async () => {
      throw new Error('verifyCode is provided by the app');
    }),
    resendCode: fromPromise<CodeChallenge, ResendCodeInput>(async () => {
      throw new Error('resendCode is provided by the app');
    }),
  },
  guards: {
    isCodeComplete: ({ context }) => CODE_PATTERN.test(context.code),
    /** 410: expired or already used; 429: too many wrong codes, the challenge is dead. */
    isChallengeDead: (_, params: { error: unknown }) => [410, 429].includes(statusOf(params.error)),
    isCooldownOver: ({ context }) => context.resendInSeconds <= 1,
  },
  actions: {
    setCode: assign({
      code: ({ event }) => (event.type === 'emailCode.change' ? event.value.replace(/\D/g, '').slice(0, EMAIL_CODE.length) : ''),
      error: null,
    }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
  },
  delays: { SECOND: 1000 },
}).createMachine({
  id: 'emailCode',
  description: 'The one-time code step of login and registration: the investor proves they control the inbox with the 6-digit code mailed to it.',
  meta: {
    descriptions: {
      guards: {
        isCodeComplete: 'The code entered has all six digits.',
        isChallengeDead: 'The code expired or was already used (410), or too many wrong codes were tried (429): only a new code helps.',
        isCooldownOver: 'The 60 s wait before asking for a new code is over.',
      },
      actions: {
        setCode: 'Takes the code typed (digits only, at most six) and clears the error.',
        showError: 'Shows why the code was not accepted, or why no new code was sent.',
      },
      actors: {
        verifyCode: 'Checks the code with the server; answers with the signed-in session.',
        resendCode: 'Asks the server to mail a new code.',
      },
      delays: {
        SECOND: 'One second of the resend countdown.',
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({
    challengeId: input.challengeId,
    sentTo: input.sentTo,
    code: '',
    error: null,
    info: null,
    resendInSeconds: COOLDOWN_SECONDS,
    result: null,
  }),
  initial: 'active',
  states: {
    active: {
      description: 'The investor enters the code; a new one may be asked for once the countdown ends.',
      type: 'parallel',
      on: { 'emailCode.back': '#emailCode.cancelled' },
      states: {
        entry: {
          description: 'Entering and checking the code.',
          initial: 'awaitingCode',
          on: { 'emailCode.resend.done': '.awaitingCode' },
          states: {
            awaitingCode: {
              description: 'The investor types the 6-digit code.',
              on: {
                'emailCode.change': { actions: 'setCode' },
                'emailCode.submit': [
                  { guard: 'isCodeComplete', target: 'verifying' },
                  { actions: { type: 'showError', params: { message: messages.emailCode.incomplete } } },
                ],
              },
            },
            verifying: {
              description: 'Checking the code with the server.',
              tags: ['busy'],
              entry: assign({ error: null, info: null }),
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({ challengeId: context.challengeId, code: context.code }),
                onDone: { target: '#emailCode.done', actions: assign({ result: ({ event }) => event.output }) },
                onError: [
                  {
                    guard: { type: 'isChallengeDead', params: ({ event }) => ({ error: event.error }) },
                    target: 'expired',
                    actions: { type: 'showError', params: ({ event }) => ({ message: messageOf(event.error, messages.emailCode.expired) }) },
                  },
                  {
                    target: 'codeRejected',
                    actions: { type: 'showError', params: ({ event }) => ({ message: messageOf(event.error, messages.emailCode.wrong) }) },
                  },
                ],
              },
            },
            codeRejected: {
              description: 'The code was wrong: the investor corrects it.',
              on: {
                'emailCode.change': { target: 'awaitingCode', actions: 'setCode' },
                'emailCode.submit': { guard: 'isCodeComplete', target: 'verifying' },
              },
            },
            /** The challenge cannot be answered any more: only a new code or another email helps. */
            expired: { description: 'The code cannot be used any more: only a new code or another email helps.' },
          },
        },
        resend: {
          description: 'Asking for a new code, after a 60 s countdown.',
          initial: 'coolingDown',
          states: {
            coolingDown: {
              description: 'Counting down the seconds before a new code may be asked for.',
              after: {
                SECOND: [
                  { guard: 'isCooldownOver', target: 'ready', actions: assign({ resendInSeconds: 0 }) },
                  { target: 'coolingDown', reenter: true, actions: assign({ resendInSeconds: ({ context }) => context.resendInSeconds - 1 }) },
                ],
              },
            },
            ready: { description: 'A new code may be asked for.', on: { 'emailCode.resend': 'resending' } },
            resending: {
              description: 'Asking the server to mail a new code.',
              tags: ['resending'],
              invoke: {
                id: 'resendCode',
                src: 'resendCode',
                input: ({ context }) => ({ challengeId: context.challengeId }),
                onDone: {
                  target: 'coolingDown',
                  actions: [
                    assign(({ event }) => ({
                      challengeId: event.output.challengeId,
                      sentTo: event.output.sentTo,
                      code: '',
                      error: null,
                      info: messages.emailCode.resent,
                      resendInSeconds: COOLDOWN_SECONDS,
                    })),
                    raise({ type: 'emailCode.resend.done' }),
                  ],
                },
                onError: {
                  target: 'ready',
                  actions: { type: 'showError', params: ({ event }) => ({ message: messageOf(event.error, messages.emailCode.resendThrottled) }) },
                },
              },
            },
          },
        },
      },
    },
    done: { description: 'The code was right: the investor is signed in.', type: 'final' },
    cancelled: { description: 'The investor went back to change the email address.', type: 'final' },
  },
  output: ({ context }) => ({ auth: context.result }),
});

/** A running emailCode chart, as views and parent charts hold it. */
export type EmailCodeActorRef = ActorRefFrom<typeof emailCodeMachine>;
