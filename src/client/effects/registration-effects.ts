/**
 * The registration chart with the browser's effects: imported (a chunk of its own) when the register page is first
 * shown, so the first script of the login page carries neither the chart nor its rules.
 */
import { fromPromise } from 'xstate';
import type { emailCodeMachine } from '../../../machines/email-code/email-code.machine.ts';
import { registrationMachine } from '../../../machines/registration/registration.machine.ts';
import type { RegistrationChart } from '../../../machines/session/session.types.ts';
import { CodeChallengeSchema, type CodeChallenge } from '../../shared/auth.ts';
import type { RegistrationPayload } from '../../shared/registration.ts';
import type { ApiClient } from './api-client.ts';
import * as storage from './session-storage.ts';

/** `emailCode`: the code step's chart with its effects, the one the login runs too. */
export function provideRegistration(api: ApiClient, emailCode: typeof emailCodeMachine): RegistrationChart {
  return registrationMachine.provide({
    actors: {
      // The registration chart checks the settings itself (checkSettings), in the spec's words for what is wrong.
      fetchSettings: fromPromise<unknown, void>(() => api.get('/api/settings/investment-limits', { auth: false })),
      submitRegistration: fromPromise<CodeChallenge, RegistrationPayload>(({ input }) =>
        api.post('/api/auth/register', { auth: false, loginFlow: true, json: input, schema: CodeChallengeSchema }),
      ),
      emailCode,
    },
    actions: {
      storePendingRegistration: (_, pending) => storage.storePendingRegistration(pending),
      clearPendingRegistration: () => storage.clearPendingRegistration(),
    },
  });
}
