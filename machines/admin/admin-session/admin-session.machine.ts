/**
 * The back-office's root chart (issue 15): restores the tab's staff token (checked with GET /api/admin/me), else
 * signed out, where the sign-in chart (staff-sign-in) runs; a link /admin/enrol#<secret> registers a passkey
 * first. Signed in until signing out or until the server answers 401 (an ended or revoked session, a disabled
 * member): then signed out with a notice. Storage and the API are effects (src/client/admin/sign-in/sign-in-effects.ts).
 *
 * The chart owns the route (issue 29), as the investor's session chart does: it keeps the location under /admin, links
 * and pages ask it to move (route.go), the browser watcher reports Back and typed addresses (route.changed), and the
 * address bar follows the chart (AdminRouteSync). A location asked for while signed out is kept, so a member who
 * follows a link to a case lands on it after signing in.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { EnrolOptionsAnswer, StaffAuthAnswer } from '../../../src/shared/admin/sign-in.ts';
import { staffSignInMachine } from '../staff-sign-in/staff-sign-in.machine.ts';
import { cleanLocation } from './admin-route.rules.ts';
import type { AdminSessionContext, AdminSessionEvent, AdminSessionInput, EnrolInput, RestoredSession, SignOutInput } from './admin-session.types.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';

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
    /** Reports the address bar's changes as route.changed (the app provides the browser's). */
    watchRoute: fromCallback(() => {}),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    clearToken: () => {},
    /** Leaves /admin/enrol for /admin, in place, once the link is used or refused (Back must not reopen it). */
    leaveEnrolPath: assign({ location: '/', history: 'replace' as const }),
    go: assign((_, params: { location: string }) => ({ location: cleanLocation(params.location), history: 'push' as const })),
    follow: assign((_, params: { location: string }) => ({ location: cleanLocation(params.location), history: 'replace' as const })),
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
  description: 'The back-office tab: a staff member is signed in, signing in, or registering a passkey from an enrolment link; signed out when the session ends.',
  meta: {
    descriptions: {
      guards: {
        hasEnrolSecret: 'This tab was opened from an enrolment link (/admin/enrol#<secret>), which goes before anything else.',
        isRestored: "The tab's stored staff token still names a live session (GET /api/admin/me accepted it).",
        mustReload: 'The enrolment link itself was refused (used, expired or unknown): trying again cannot help.',
      },
      actions: {
        adopt: 'Takes the signed-in staff member and their token; clears any notice and the enrolment link.',
        clearToken: "Removes the staff token from the tab's storage.",
        forget: 'Forgets the signed-in staff member and their token.',
        leaveEnrolPath: 'Leaves /admin/enrol for /admin, in place, once the enrolment link is used or refused.',
        go: 'Moves the back-office to the location a link or a page asked for (a new history entry).',
        follow: 'Takes the location the address bar moved to (Back, Forward, a typed address).',
        storeToken: "Keeps the new staff token in the tab's storage so a reload stays signed in.",
      },
      actors: {
        loadEnrolment: 'Asks the server for the passkey registration options of the enrolment link.',
        registerPasskey: "Registers the new member's passkey with the browser and the server; answers with a signed-in session.",
        restoreSession: "Checks the tab's stored staff token with the server (GET /api/admin/me).",
        signOut: "Ends the staff member's session on the server.",
        staffSignIn: 'The sign-in chart: email address, emailed code, then passkey.',
        watchRoute: "Reports the address bar's changes (Back, Forward, a typed address) while the tab is open.",
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({ token: null, staff: null, enrolSecret: input.enrolSecret, enrolment: null, notice: null, location: cleanLocation(input.location), history: 'replace' as const }),
  invoke: { id: 'watchRoute', src: 'watchRoute' },
  on: {
    'route.go': { actions: { type: 'go', params: ({ event }) => ({ location: event.location }) } },
    'route.changed': { actions: { type: 'follow', params: ({ event }) => ({ location: event.location }) } },
  },
  initial: 'restoring',
  states: {
    /** The tab's token, if any, checked; an enrolment link opened in this tab goes first. */
    restoring: {
      description: "Checking the tab's stored staff token with the server; an enrolment link goes first.",
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
      description: 'A new staff member registers their passkey from an enrolment link.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Fetching the passkey registration options for the enrolment link.',
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
          description: 'The member is asked to create their passkey.',
          on: { 'enrol.start': { target: 'registering', actions: assign({ notice: null }) } },
        },
        registering: {
          description: "The browser's passkey prompt is open and the passkey is being registered.",
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
              { description: 'A cancelled prompt or a refused passkey: fresh registration options, then try again.', target: 'loading', actions: assign({ notice: ({ event }) => messageOf(event.error) }) },
            ],
          },
        },
        failed: {
          description: 'The enrolment link cannot be used; the member may go to sign-in instead.',
          on: { 'enrol.toSignIn': { target: '#adminSession.signedOut', actions: [assign({ enrolSecret: null, enrolment: null }), 'leaveEnrolPath'] } },
        },
      },
    },
    signedOut: {
      description: 'No staff member is signed in in this tab (with a notice if the session ended).',
      initial: 'signingIn',
      states: {
        signingIn: {
          description: 'The staff member signs in: email address, emailed code, then passkey.',
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
      description: 'A staff member is signed in and uses the back-office; a 401 from the server signs them out.',
      on: {
        'session.signOut': { target: 'signingOut' },
        'session.unauthorized': { description: 'The server refused the session (ended, revoked or member disabled): signed out with a notice.', target: 'signedOut', actions: ['clearToken', 'forget', assign({ notice: SIGNED_OUT_NOTICE })] },
      },
    },
    signingOut: {
      description: "Ending the staff member's session on the server; signed out whatever it answers.",
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
