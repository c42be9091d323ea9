/** The Registration Details modal of the header: closed, then loading, loaded, empty or error. */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { isApiError, serverMessageOf } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import type { UserDetails } from '../../src/shared/user-details.ts';

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
  context: { details: null, error: null },
  initial: 'closed',
  states: {
    closed: { on: { 'registrationDetails.open': 'loading' } },
    loading: {
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
    loaded: { tags: ['open'], on: { 'registrationDetails.close': 'closed' } },
    empty: { tags: ['open'], on: { 'registrationDetails.close': 'closed' } },
    error: { tags: ['open'], on: { 'registrationDetails.close': 'closed', 'registrationDetails.retry': 'loading' } },
  },
});

/** A running registrationDetails chart, as views and parent charts hold it. */
export type RegistrationDetailsActorRef = ActorRefFrom<typeof registrationDetailsMachine>;
