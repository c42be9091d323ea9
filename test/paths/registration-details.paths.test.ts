import { describe, expect, it } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import { registrationDetailsMachine } from '../../machines/registration-details/registration-details.machine.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import type { UserDetails } from '../../src/shared/user-details.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

const events: EventObject[] = [
  { type: 'registrationDetails.open' },
  { type: 'registrationDetails.close' },
  { type: 'registrationDetails.retry' },
  { type: 'xstate.done.actor.fetchUserDetails', output: { email: 'ada@example.com' } } as EventObject,
  { type: 'xstate.done.actor.fetchUserDetails', output: null } as EventObject,
  { type: 'xstate.error.actor.fetchUserDetails', error: new ApiError('Not found', 404, null) } as EventObject,
  { type: 'xstate.error.actor.fetchUserDetails', error: new ApiError('HTTP 500', 500, null) } as EventObject,
];

describe('registration details statechart paths', () => {
  const result = coverMachine(registrationDetailsMachine, { name: 'registration-details', events });

  it('reaches every state and every transition', () => {
    expectFullCoverage(result);
  });

  it('is open exactly while not closed, with details only once loaded, on every path replayed on a real actor', async () => {
    await replayPaths(result.paths, {
      compareContext: true,
      setup: () => ({
        machine: registrationDetailsMachine.provide({
          actors: { fetchUserDetails: fromPromise<UserDetails | null, void>(() => new Promise(() => {})) },
        }),
      }),
      checkStep: ({ snapshot: s }) => {
        expect(s.hasTag('open')).toBe(!s.matches('closed'));
        if (s.matches('loaded')) expect(s.context.details).not.toBeNull();
        if (s.matches('error')) expect(s.context.error).not.toBeNull();
      },
    });
  });
});
