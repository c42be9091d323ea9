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
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

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
  description: "The investor's session, the portal's root chart: restores the stored session, runs login and registration, owns the signed-in process, and signs out on expiry, logout or 401.",
  meta: {
    descriptions: {
      guards: {
        hasNoStoredSession: 'The tab has no stored session (no token or no user).',
        isStoredTokenExpired: "The stored session's token has expired.",
        isStoredUserUnreadable: "The stored session's user cannot be read.",
        isTokenExpired: "The signed-in investor's token has expired.",
        isRegisterRequested: 'The investor asked for the register page.',
        isRegisterPath: 'The path asked for is the register page.',
        isStorageSessionValid: 'Another tab signed in: both items stored, the token still valid, the user readable.',
        isStorageSameSession: "Storage changed in another tab but still holds this tab's session.",
      },
      actions: {
        storeSession: "Stores the investor's session (token and user) in the browser.",
        clearStoredSession: 'Removes the stored session from the browser.',
        rememberNotice: 'Keeps a message for the page that loads after a reload or replace.',
        reloadPage: 'Reloads the page.',
        replaceWithLogin: 'Replaces the page with the login page.',
        logLogoutFailure: 'Logs that the server could not end the session (the local logout still happens).',
        adoptAuth: "Takes the signed-in investor, their token and the portal's settings; the session clock starts.",
        forgetSession: "Forgets the investor's token and user.",
        updateElapsed: 'Updates the time signed in, from the clock (background tabs throttle timers).',
        setRequestedPath: 'Keeps the path the investor asked for.',
      },
      actors: {
        readStoredSession: 'Reads the session stored in the browser, and any notice left for this page.',
        readPendingRegistration: 'Reads a registration the tab kept while it waits for its emailed code.',
        watchBrowser: 'Reports URL changes and storage changes from other tabs.',
        logoutBackend: "Ends the investor's session on the server.",
        login: 'The login chart: email address, then the emailed code (machines/login).',
        loadRegistrationChart: 'Loads the registration chart (its own script chunk) when the register page is first shown.',
        loadSignedInCharts: 'Loads the signed-in charts (process, registration details; their own script chunk).',
      },
      delays: {
        SESSION_TICK: 'How often the time signed in is updated (TIMINGS.sessionTimerTickMs).',
        EXPIRY_CHECK: "How often the token's expiry is checked (TIMINGS.sessionExpiryCheckMs).",
      },
    },
  } satisfies MachineMeta,
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
      description: 'Reading the session stored in the browser.',
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
      description: 'No investor is signed in: login or registration.',
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
          description: 'Login, or registration if the register page was asked for.',
          always: [{ guard: 'isRegisterRequested', target: 'register' }, { target: 'login' }],
        },
        login: {
          description: 'The investor signs in: email address, then the emailed code.',
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
          description: 'The investor registers.',
          initial: 'restoring',
          states: {
            /** A registration waiting for its emailed code (kept by the tab over a reload) comes back to its code screen. */
            restoring: {
              description: 'A registration waiting for its emailed code (kept by the tab over a reload) comes back to its code screen.',
              invoke: {
                id: 'readPendingRegistration',
                src: 'readPendingRegistration',
                onDone: { target: 'loadingChart', actions: assign({ pendingRegistration: ({ event }) => event.output }) },
                onError: { target: 'loadingChart', actions: assign({ pendingRegistration: null }) },
              },
            },
            /** The registration chart's chunk; a failed load waits for a retry. Leaving the page drops a late answer. */
            loadingChart: {
              description: 'Loading the registration chart; leaving the page drops a late answer.',
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
            loadFailed: { description: 'The registration chart could not be loaded: the page offers a retry.', tags: ['chartLoadFailed'], on: { 'session.chart.retry': { target: 'loadingChart' } } },
            open: {
              description: 'The registration chart runs until the investor is registered and signed in.',
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
      description: "An investor is signed in: their process runs, the session clock counts, the token's expiry is watched.",
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
          { description: 'Signed in anew (perhaps as someone else) in another tab: restore what storage now holds.', guard: 'isStorageSessionValid', target: 'restoring' },
          { description: 'Signed out in another tab: this tab signs out too.', target: 'unauthenticated', actions: 'forgetSession' },
        ],
      },
      states: {
        /** The signed-in charts' chunk, then the charts running (process, registration details); a failed load waits for a retry. */
        charts: {
          description: "The signed-in charts: the investor's process and the registration details.",
          initial: 'loading',
          states: {
            loading: {
              description: 'Loading the signed-in charts.',
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
            loadFailed: { description: 'The signed-in charts could not be loaded: the page offers a retry.', tags: ['chartLoadFailed'], on: { 'session.chart.retry': { target: 'loading' } } },
            running: {
              description: 'The process and the registration details run; routes go to the process.',
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
          description: 'The time signed in.',
          initial: 'ticking',
          states: {
            ticking: {
              description: 'Counting the time signed in.',
              after: {
                SESSION_TICK: { target: 'ticking', reenter: true, actions: 'updateElapsed' },
              },
            },
          },
        },
        expiry: {
          description: "The token's expiry.",
          initial: 'watching',
          states: {
            watching: {
              description: "Checking the token's expiry periodically.",
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
      description: 'The token expired: the investor is signed out with a notice.',
      entry: [assign({ notice: messages.session.expiredPeriodic })],
      always: { target: 'loggingOut' },
    },

    loggingOut: {
      description: 'Ending the session on the server; a failure is only logged.',
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
      description: 'Signed out: the stored session is removed and the login page shown.',
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
      description: 'The server refused the session (401): the stored session is removed and the page reloaded with a notice.',
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
