import { describe, it } from 'vitest';
import type { EventObject } from 'xstate';
import { registrationDetailsMachine } from '../../machines/registration-details/registration-details.machine.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';

const events: EventObject[] = [
  { type: 'details.open' },
  { type: 'details.close' },
  { type: 'details.retry' },
  { type: 'xstate.done.actor.fetchUserDetails', output: { email: 'ada@example.com' } } as EventObject,
  { type: 'xstate.done.actor.fetchUserDetails', output: null } as EventObject,
  { type: 'xstate.error.actor.fetchUserDetails', error: new ApiError('Not found', 404, null) } as EventObject,
  { type: 'xstate.error.actor.fetchUserDetails', error: new ApiError('HTTP 500', 500, null) } as EventObject,
];

describe('registration details statechart paths', () => {
  it('reaches every state and every transition', () => {
    expectFullCoverage(coverMachine(registrationDetailsMachine, { name: 'registration-details', events }));
  });
});
