/**
 * The root statechart (spec section 4 "Session"): restores the stored session, runs login and registration,
 * owns the signed-in process, checks token expiry, handles logout and 401, and decides the route.
 * Every effect (storage, network, page reload, clock-driven guards) is a named placeholder the app provides.
 */
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, stopChild, type ActorRefFrom, type AnyActorLogic } from 'xstate';
import { isTokenExpired, type AuthResponse } from '../../src/shared/auth.ts';
import { TIMINGS } from '../../src/shared/constants.ts';
import { messages } from '../../src/shared/messages.ts';
import { parseStoredUser } from '../../src/shared/validate.ts';
import { loginMachine } from '../login/login.machine.ts';
import type { ChildChartDoneEvent, RegistrationChart, SessionContext, SessionEvent, SessionInput, SignedInCharts, StoredSession } from './session.types.ts';

const REGISTER_PATH = '/auth/register';

const storedOf = (event: unknown): StoredSession => (event as { output: StoredSession }).output;


/**
 * Runs a loaded chart as the child `id` (views find it as `children[id]`). XState's types allow a child's id only for
 * the sources named in setup (children typed by id); these charts are loaded, not named, so the spawn is untyped
 * (as the process does with its page charts).
 */
type SpawnLoaded = (src: AnyActorLogic, options: { id: string; input: object }) => void;

export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent | ChildChartDoneEvent; input: SessionInput },
  actors: {
    readStoredSession: fromPromise<StoredSession, void>(async () => {
      throw new Error('readStoredSession is provided by the app');
    }),
    /** What the tab kept of a registration waiting for its code (the registration chart reads it), or null. */
    readPendingRegistration: fromPromise<unknown, void>(async () => {
      throw new Error('readPendingRegistration is provided by the app');
    }),
    /** Reports URL changes (history, 200 ms poll fallback) and storage changes from other tabs as events. */
    watchBrowser: fromCallback<SessionEvent>(() => undefined),
    logoutBackend: fromPromise<void, { token: string | null }>(async () => undefined),
    login: loginMachine,
    /**
     * The registration chart with its effects provided, and the signed-in charts (process, registration details): the
     * app imports each (a chunk of its own) when the register page or the signed-in area is first shown, so the first
     * script of the login page carries neither (session.types.ts names them as types).
     */
    loadRegistrationChart: fromPromise<RegistrationChart, void>(async () => {
      throw new Error('loadRegistrationChart is provided by the app');
    }),
    loadSignedInCharts: fromPromise<SignedInCharts, void>(async () => {
      throw new Error('loadSignedInCharts is provided by the app');
    }),
  },
  actions: {
    storeSession: (_, _params: AuthResponse) => {},
    clearStoredSession: () => {},
    /** Keeps a message for the page that loads after a reload or replace. */
    rememberNotice: (_, _params: { notice: string }) => {},
    reloadPage: () => {},
    replaceWithLogin: () => {},
    logLogoutFailure: (_, _params: { error: unknown }) => {},
    adoptAuth: assign((_, auth: AuthResponse) => ({
      token: auth.token,
      user: auth.user,
      settings: auth.settings ?? null,
      notice: null,
      elapsedSeconds: 0,
      startedAt: Date.now(),
    })),
    forgetSession: assign({ token: null, user: null, elapsedSeconds: 0 }),
    /** Elapsed time from the clock, not a count of ticks: background tabs throttle timers. */
    updateElapsed: assign({ elapsedSeconds: ({ context }) => Math.max(0, Math.floor((Date.now() - context.startedAt) / 1000)) }),
    setRequestedPath: assign({ requestedPath: (_, params: { path: string }) => params.path }),
  },
  guards: {
    hasNoStoredSession: ({ event }) => !storedOf(event).token || !storedOf(event).userRaw,
    isStoredTokenExpired: ({ event }) => isTokenExpired(storedOf(event).token, Date.now()),
    isStoredUserUnreadable: ({ event }) => parseStoredUser(storedOf(event).userRaw) === null,
    isTokenExpired: ({ context }) => isTokenExpired(context.token, Date.now()),
    isRegisterRequested: ({ context }) => context.requestedPath.startsWith(REGISTER_PATH),
    isRegisterPath: (_, params: { path: string }) => params.path.startsWith(REGISTER_PATH),
    /** Another tab signed in: both items stored, token still valid, user readable. */
    isStorageSessionValid: ({ event }) =>
      event.type === 'session.storage.change' &&
      !!event.token &&
      !isTokenExpired(event.token, Date.now()) &&
      parseStoredUser(event.userRaw) !== null,
    isStorageSameSession: ({ context, event }) => event.type === 'session.storage.change' && event.token === context.token,
  },
  delays: {
    SESSION_TICK: TIMINGS.sessionTimerTickMs,
    EXPIRY_CHECK: TIMINGS.sessionExpiryCheckMs,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: null,
    user: null,
    settings: null,
    requestedPath: input.path,
    pendingRegistration: null,
    notice: null,
    elapsedSeconds: 0,
    startedAt: 0,
  }),
  invoke: { id: 'watchBrowser', src: 'watchBrowser' },
  initial: 'restoring',
  on: {
    'session.notice.dismiss': { actions: assign({ notice: null }) },
  },
  states: {
    restoring: {
      tags: ['loading'],
      invoke: {
        id: 'readStoredSession',
        src: 'readStoredSession',
        onDone: [
          { guard: 'hasNoStoredSession', target: 'unauthenticated', actions: assign({ notice: ({ event }) => event.output.notice ?? null }) },
          { guard: 'isStoredTokenExpired', target: 'unauthenticated', actions: ['clearStoredSession', assign({ notice: ({ event }) => event.output.notice ?? null })] },
          { guard: 'isStoredUserUnreadable', target: 'unauthenticated', actions: ['clearStoredSession', assign({ notice: ({ event }) => event.output.notice ?? null })] },
          {
            target: 'authenticated',
            actions: assign(({ event }) => ({
              token: event.output.token,
              user: parseStoredUser(event.output.userRaw),
              notice: null,
              elapsedSeconds: 0,
              startedAt: Date.now(),
            })),
          },
        ],
        onError: { target: 'unauthenticated' },
      },
      on: {
        'session.route.request': { actions: { type: 'setRequestedPath', params: ({ event }) => ({ path: event.path }) } },
      },
    },

    unauthenticated: {
      initial: 'choosing',
      on: {
        'session.storage.change': {
          guard: 'isStorageSessionValid',
          target: 'authenticated',
          actions: assign(({ event }) => ({ token: event.token, user: parseStoredUser(event.userRaw), notice: null, elapsedSeconds: 0, startedAt: Date.now() })),
        },
      },
      states: {
        choosing: {
          always: [{ guard: 'isRegisterRequested', target: 'register' }, { target: 'login' }],
        },
        login: {
          invoke: {
            id: 'login',
            src: 'login',
            input: {},
            onDone: {
              target: '#session.authenticated',
              actions: [
                { type: 'storeSession', params: ({ event }) => event.output },
                { type: 'adoptAuth', params: ({ event }) => event.output },
                // Spec: a successful login sends the user to /, i.e. their current step.
                { type: 'setRequestedPath', params: { path: '/' } },
              ],
            },
          },
          on: {
            'session.route.request': [
              { guard: { type: 'isRegisterPath', params: ({ event }) => ({ path: event.path }) }, target: 'register', actions: { type: 'setRequestedPath', params: ({ event }) => ({ path: event.path }) } },
              { actions: { type: 'setRequestedPath', params: ({ event }) => ({ path: event.path }) } },
            ],
          },
        },
        register: {
          initial: 'restoring',
          states: {
            /** A registration waiting for its emailed code (kept by the tab over a reload) comes back to its code screen. */
            restoring: {
              invoke: {
                id: 'readPendingRegistration',
                src: 'readPendingRegistration',
                onDone: { target: 'loadingChart', actions: assign({ pendingRegistration: ({ event }) => event.output }) },
                onError: { target: 'loadingChart', actions: assign({ pendingRegistration: null }) },
              },
            },
            /** The registration chart's chunk; a failed load waits for a retry. Leaving the page drops a late answer. */
            loadingChart: {
              tags: ['chartLoading'],
              invoke: {
                id: 'registrationChart',
                src: 'loadRegistrationChart',
                // Runs the loaded chart (the load's output) as the child `registration`.
                onDone: {
                  target: 'open',
                  actions: enqueueActions(({ context, event, enqueue }) => {
                    const spawn = enqueue.spawnChild as unknown as SpawnLoaded;
                    spawn(event.output, { id: 'registration', input: { settings: context.settings, pending: context.pendingRegistration } });
                  }),
                },
                onError: { target: 'loadFailed' },
              },
            },
            loadFailed: { tags: ['chartLoadFailed'], on: { 'session.chart.retry': { target: 'loadingChart' } } },
            open: {
              exit: stopChild('registration'),
              on: {
                'xstate.done.actor.registration': {
                  target: '#session.authenticated',
                  actions: [
                    { type: 'storeSession', params: ({ event }) => event.output },
                    { type: 'adoptAuth', params: ({ event }) => event.output },
                    { type: 'setRequestedPath', params: { path: '/process/disclosure' } },
                  ],
                },
              },
            },
          },
          on: {
            'session.route.request': [
              { guard: { type: 'isRegisterPath', params: ({ event }) => ({ path: event.path }) } },
              { target: 'login', actions: { type: 'setRequestedPath', params: ({ event }) => ({ path: event.path }) } },
            ],
          },
        },
      },
    },

    authenticated: {
      type: 'parallel',
      // Spawned children outlive their state otherwise.
      exit: [stopChild('process'), stopChild('registrationDetails')],
      on: {
        // Until the process runs, the path asked for is kept; the process starts from it.
        'session.route.request': { actions: { type: 'setRequestedPath', params: ({ event }) => ({ path: event.path }) } },
        'session.logout': { target: 'loggingOut' },
        'session.unauthorized': { target: 'reloading' },
        'session.storage.change': [
          { guard: 'isStorageSameSession' },
          // Signed out (or in as someone else) in another tab: follow what storage now says.
          { guard: 'isStorageSessionValid', target: 'restoring' },
          { target: 'unauthenticated', actions: 'forgetSession' },
        ],
      },
      states: {
        /** The signed-in charts' chunk, then the charts running (process, registration details); a failed load waits for a retry. */
        charts: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['chartLoading'],
              invoke: {
                id: 'signedInCharts',
                src: 'loadSignedInCharts',
                // Runs the loaded charts as the children `process` (from the path asked for by then) and `registrationDetails`.
                onDone: {
                  target: 'running',
                  actions: enqueueActions(({ context, event, enqueue }) => {
                    const spawn = enqueue.spawnChild as unknown as SpawnLoaded;
                    spawn(event.output.process, { id: 'process', input: { requestedPath: context.requestedPath } });
                    spawn(event.output.registrationDetails, { id: 'registrationDetails', input: {} });
                  }),
                },
                onError: { target: 'loadFailed' },
              },
            },
            loadFailed: { tags: ['chartLoadFailed'], on: { 'session.chart.retry': { target: 'loading' } } },
            running: {
              on: {
                'session.route.request': {
                  actions: [
                    { type: 'setRequestedPath', params: ({ event }) => ({ path: event.path }) },
                    sendTo('process', ({ event }) => ({ type: 'process.route.request' as const, path: event.path })),
                  ],
                },
              },
            },
          },
        },
        clock: {
          initial: 'ticking',
          states: {
            ticking: {
              after: {
                SESSION_TICK: { target: 'ticking', reenter: true, actions: 'updateElapsed' },
              },
            },
          },
        },
        expiry: {
          initial: 'watching',
          states: {
            watching: {
              after: {
                EXPIRY_CHECK: [
                  { guard: 'isTokenExpired', target: '#session.expired' },
                  { target: 'watching', reenter: true },
                ],
              },
            },
          },
        },
      },
    },

    expired: {
      entry: [assign({ notice: messages.session.expiredPeriodic })],
      always: { target: 'loggingOut' },
    },

    loggingOut: {
      tags: ['loading'],
      invoke: {
        id: 'logoutBackend',
        src: 'logoutBackend',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'loggedOut' },
        // Spec: a failed backend logout is only logged; the local logout still happens.
        onError: { target: 'loggedOut', actions: { type: 'logLogoutFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },

    loggedOut: {
      entry: [
        'clearStoredSession',
        'forgetSession',
        { type: 'rememberNotice', params: ({ context }) => ({ notice: context.notice ?? '' }) },
        'replaceWithLogin',
        { type: 'setRequestedPath', params: { path: '/auth/login' } },
      ],
      always: { target: 'unauthenticated.login' },
    },

    reloading: {
      tags: ['loading'],
      entry: [
        'clearStoredSession',
        'forgetSession',
        { type: 'rememberNotice', params: { notice: messages.session.expired401 } },
        assign({ notice: messages.session.expired401 }),
        'reloadPage',
      ],
      // The reload replaces this page; where it cannot (tests, a blocked reload), show the login with the notice.
      always: { target: 'unauthenticated' },
    },
  },
});

/** A running session chart, as views and parent charts hold it. */
export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
