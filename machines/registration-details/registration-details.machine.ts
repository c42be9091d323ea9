/** The Registration Details modal of the header: closed, then loading, loaded, empty or error. */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { isApiError, serverMessageOf } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import type { UserDetails } from '../../src/shared/user-details.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

type Context = { details: UserDetails | null; error: string | null };
type Event = { type: 'registrationDetails.open' } | { type: 'registrationDetails.close' } | { type: 'registrationDetails.retry' };

export const registrationDetailsMachine = setup({
  types: {} as { context: Context; events: Event },
  actors: {
    fetchUserDetails: fromPromise<UserDetails | null, void>(async () => {
      throw new Error('fetchUserDetails is provided by the app');
    }),
  },
  guards: {
    /** The server answers 404 when the investor has no details yet. */
    isNotFound: ({ event }) => isApiError((event as { error?: unknown }).error) && (event as unknown as { error: { status: number } }).error.status === 404,
    hasDetails: ({ event }) => (event as { output?: unknown }).output != null,
  },
}).createMachine({
  id: 'registrationDetails',
  description: "The header's Registration Details modal: the investor's registration details, on request.",
  meta: {
    descriptions: {
      guards: {
        isNotFound: 'The server answered 404: the investor has no details yet.',
        hasDetails: 'The server answered with details.',
      },
      actors: {
        fetchUserDetails: "Fetches the investor's registration details.",
      },
    },
  } satisfies MachineMeta,
  context: { details: null, error: null },
  initial: 'closed',
  states: {
    closed: { description: 'The modal is closed.', on: { 'registrationDetails.open': 'loading' } },
    loading: {
      description: "The modal is open, fetching the investor's details.",
      tags: ['open'],
      invoke: {
        id: 'fetchUserDetails',
        src: 'fetchUserDetails',
        onDone: [
          { guard: 'hasDetails', target: 'loaded', actions: assign({ details: ({ event }) => event.output, error: null }) },
          { target: 'empty' },
        ],
        onError: [
          { guard: 'isNotFound', target: 'empty' },
          {
            target: 'error',
            actions: assign({
              error: ({ event }) => serverMessageOf(event.error) ?? messages.userDetails.loadFailed,
            }),
          },
        ],
      },
      on: { 'registrationDetails.close': 'closed' },
    },
    loaded: { description: 'The modal shows the details.', tags: ['open'], on: { 'registrationDetails.close': 'closed' } },
    empty: { description: 'The modal says the investor has no details yet.', tags: ['open'], on: { 'registrationDetails.close': 'closed' } },
    error: { description: 'The modal shows why the details could not be loaded, with a retry.', tags: ['open'], on: { 'registrationDetails.close': 'closed', 'registrationDetails.retry': 'loading' } },
  },
});

/** A running registrationDetails chart, as views and parent charts hold it. */
export type RegistrationDetailsActorRef = ActorRefFrom<typeof registrationDetailsMachine>;
