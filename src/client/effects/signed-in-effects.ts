/**
 * The signed-in charts with the browser's effects (the process and the header's registration details): imported (a
 * chunk of their own) when the signed-in area is first shown, so the first script of the login page carries neither.
 */
import { fromPromise } from 'xstate';
import { registrationDetailsMachine } from '../../../machines/registration-details/registration-details.machine.ts';
import type { SignedInCharts } from '../../../machines/session/session.types.ts';
import { UserDetailsSchema, type UserDetails } from '../../shared/user-details.ts';
import type { ApiClient } from './api-client.ts';
import { provideProcess, type ProcessEffectOptions } from './process-effects.ts';

export function provideSignedIn(api: ApiClient, options: ProcessEffectOptions): SignedInCharts {
  return {
    process: provideProcess(api, options),
    registrationDetails: registrationDetailsMachine.provide({
      actors: { fetchUserDetails: fromPromise<UserDetails | null, void>(() => api.get('/api/user-details/status', { schema: UserDetailsSchema })) },
    }),
  };
}
