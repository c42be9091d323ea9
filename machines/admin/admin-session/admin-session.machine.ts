/**
 * The back-office's root chart (issue 15): restores the tab's staff token (checked with GET /api/admin/me), else
 * signed out, where the sign-in chart (staff-sign-in) runs; a link /admin/enrol#<secret> registers a passkey
 * first. Signed in until signing out or until the server answers 401 (an ended or revoked session, a disabled
 * member): then signed out with a notice. Storage and the API are effects (src/client/admin/sign-in/sign-in-effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { EnrolOptionsAnswer, StaffAuthAnswer } from '../../../src/shared/admin/sign-in.ts';
import { staffSignInMachine } from '../staff-sign-in/staff-sign-in.machine.ts';
import type { AdminSessionContext, AdminSessionEvent, AdminSessionInput, EnrolInput, RestoredSession, SignOutInput } from './admin-session.types.ts';

const messageOf = (error: unknown) => (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error) ? String((error as Error).message) : 'Something went wrong.');
const gone = (error: unknown) => typeof error === 'object' && error !== null && (error as { restart?: boolean }).restart === true;

export const SIGNED_OUT_NOTICE = 'Your back-office session has ended. Please sign in again.';

export const adminSessionMachine = setup({
  types: {} as { context: AdminSessionContext; events: AdminSessionEvent; input: AdminSessionInput },
  actors: {
    restoreSession: fromPromise<RestoredSession, void>(async () => {
      throw new Error('restoreSession is provided by the app');
    }),
    loadEnrolment: fromPromise<EnrolOptionsAnswer, { secret: string }>(async () => {
      throw new Error('loadEnrolment is provided by the app');
    }),
    registerPasskey: fromPromise<StaffAuthAnswer, EnrolInput>(async () => {
      throw new Error('registerPasskey is provided by the app');
    }),
    signOut: fromPromise<void, SignOutInput>(async () => {
      throw new Error('signOut is provided by the app');
    }),
    staffSignIn: staffSignInMachine,
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    clearToken: () => {},
    /** Leaves /admin/enrol for /admin once the link is used or refused. */
    leaveEnrolPath: () => {},
    adopt: assign((_, answer: StaffAuthAnswer) => ({ token: answer.token, staff: answer.staff, notice: null, enrolSecret: null, enrolment: null })),
    forget: assign({ token: null, staff: null }),
  },
  guards: {
    hasEnrolSecret: ({ context }) => context.enrolSecret !== null,
    isRestored: (_, params: { output: RestoredSession }) => params.output !== null,
    mustReload: (_, params: { error: unknown }) => gone(params.error),
  },
}).createMachine({
  id: 'adminSession',
  context: ({ input }) => ({ token: null, staff: null, enrolSecret: input.enrolSecret, enrolment: null, notice: null }),
  initial: 'restoring',
  states: {
    /** The tab's token, if any, checked; an enrolment link opened in this tab goes first. */
    restoring: {
      tags: ['loading'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          { guard: 'hasEnrolSecret', target: 'enrolling' },
          {
            guard: { type: 'isRestored', params: ({ event }) => ({ output: event.output }) },
            target: 'signedIn',
            actions: { type: 'adopt', params: ({ event }) => event.output as StaffAuthAnswer },
          },
          { target: 'signedOut', actions: 'clearToken' },
        ],
        onError: [{ guard: 'hasEnrolSecret', target: 'enrolling' }, { target: 'signedOut', actions: 'clearToken' }],
      },
    },
    enrolling: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadEnrolment',
            src: 'loadEnrolment',
            input: ({ context }) => ({ secret: context.enrolSecret as string }),
            onDone: { target: 'ready', actions: assign({ enrolment: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ notice: ({ event }) => messageOf(event.error) }) },
          },
        },
        ready: {
          on: { 'enrol.start': { target: 'registering', actions: assign({ notice: null }) } },
        },
        registering: {
          tags: ['busy'],
          invoke: {
            id: 'registerPasskey',
            src: 'registerPasskey',
            input: ({ context }) => ({ secret: context.enrolSecret as string, options: (context.enrolment as EnrolOptionsAnswer).options }),
            onDone: {
              target: '#adminSession.signedIn',
              actions: [{ type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) }, { type: 'adopt', params: ({ event }) => event.output }, 'leaveEnrolPath'],
            },
            onError: [
              { guard: { type: 'mustReload', params: ({ event }) => ({ error: event.error }) }, target: 'failed', actions: assign({ notice: ({ event }) => messageOf(event.error) }) },
              // A cancelled prompt or a refused answer: the server dropped that challenge; fresh options, then try again.
              { target: 'loading', actions: assign({ notice: ({ event }) => messageOf(event.error) }) },
            ],
          },
        },
        failed: {
          on: { 'enrol.toSignIn': { target: '#adminSession.signedOut', actions: [assign({ enrolSecret: null, enrolment: null }), 'leaveEnrolPath'] } },
        },
      },
    },
    signedOut: {
      initial: 'signingIn',
      states: {
        signingIn: {
          invoke: {
            id: 'staffSignIn',
            src: 'staffSignIn',
            onDone: {
              target: '#adminSession.signedIn',
              actions: [{ type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) }, { type: 'adopt', params: ({ event }) => event.output }],
            },
          },
        },
      },
    },
    signedIn: {
      on: {
        'session.signOut': { target: 'signingOut' },
        'session.unauthorized': { target: 'signedOut', actions: ['clearToken', 'forget', assign({ notice: SIGNED_OUT_NOTICE })] },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'signedOut', actions: ['clearToken', 'forget', assign({ notice: null })] },
        // Signed out here whatever the server said: the token is forgotten; a live session row expires on its own.
        onError: { target: 'signedOut', actions: ['clearToken', 'forget', assign({ notice: null })] },
      },
    },
  },
});
