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
      type: 'parallel',
      on: { 'emailCode.back': '#emailCode.cancelled' },
      states: {
        entry: {
          initial: 'awaitingCode',
          on: { 'emailCode.resend.done': '.awaitingCode' },
          states: {
            awaitingCode: {
              on: {
                'emailCode.change': { actions: 'setCode' },
                'emailCode.submit': [
                  { guard: 'isCodeComplete', target: 'verifying' },
                  { actions: { type: 'showError', params: { message: messages.emailCode.incomplete } } },
                ],
              },
            },
            verifying: {
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
              on: {
                'emailCode.change': { target: 'awaitingCode', actions: 'setCode' },
                'emailCode.submit': { guard: 'isCodeComplete', target: 'verifying' },
              },
            },
            /** The challenge cannot be answered any more: only a new code or another email helps. */
            expired: {},
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: {
              after: {
                SECOND: [
                  { guard: 'isCooldownOver', target: 'ready', actions: assign({ resendInSeconds: 0 }) },
                  { target: 'coolingDown', reenter: true, actions: assign({ resendInSeconds: ({ context }) => context.resendInSeconds - 1 }) },
                ],
              },
            },
            ready: { on: { 'emailCode.resend': 'resending' } },
            resending: {
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
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ auth: context.result }),
});

/** A running emailCode chart, as views and parent charts hold it. */
export type EmailCodeActorRef = ActorRefFrom<typeof emailCodeMachine>;
