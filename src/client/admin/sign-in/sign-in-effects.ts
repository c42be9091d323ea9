/**
 * The effects of the back-office's session and sign-in charts (issue 15): the API calls, the browser's passkey
 * prompts (@simplewebauthn/browser) and the tab's token. Errors become { message, restart } for the charts:
 * restart when the server ended the challenge or the link (the member must start again).
 */
import { startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { fromPromise, type AnyActorLogic } from 'xstate';
import { adminSessionMachine } from '../../../../machines/admin/admin-session/admin-session.machine.ts';
import type { EnrolInput, RestoredSession, SignOutInput } from '../../../../machines/admin/admin-session/admin-session.types.ts';
import { staffSignInMachine } from '../../../../machines/admin/staff-sign-in/staff-sign-in.machine.ts';
import type { RequestCodeInput, SignInFailure, UsePasskeyInput, VerifyCodeInput } from '../../../../machines/admin/staff-sign-in/staff-sign-in.types.ts';
import {
  EnrolOptionsAnswerSchema,
  SignedInStaffSchema,
  SignedOutAnswerSchema,
  StaffAuthAnswerSchema,
  StaffCodeAnswerSchema,
  StaffCodeVerifyAnswerSchema,
  type EnrolOptionsAnswer,
  type StaffAuthAnswer,
  type StaffCodeAnswer,
  type StaffCodeVerifyAnswer,
} from '../../../shared/admin/sign-in.ts';
import { AdminApiError, type AdminApi } from '../admin-api.ts';
import { getAdminToken, setAdminToken } from '../admin-token.ts';

const PROMPT_CANCELLED = 'The passkey prompt was closed before it finished. Please try again.';

/** An API refusal or a browser prompt failure as the charts take it. */
export function failure(error: unknown, restartStatuses: readonly number[]): SignInFailure {
  if (error instanceof AdminApiError) return { message: error.message, restart: restartStatuses.includes(error.status) };
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return { message: PROMPT_CANCELLED, restart: false };
  return { message: (error as Error | null)?.message || 'Something went wrong. Please try again.', restart: false };
}

const rethrow = (restartStatuses: readonly number[]) => (error: unknown) => {
  throw failure(error, restartStatuses);
};

export function signInActors(api: AdminApi) {
  return {
    requestCode: fromPromise<StaffCodeAnswer, RequestCodeInput>(({ input }) => api.post('/api/admin/auth/code', input, { schema: StaffCodeAnswerSchema }).catch(rethrow([]))),
    verifyCode: fromPromise<StaffCodeVerifyAnswer, VerifyCodeInput>(({ input }) => api.post('/api/admin/auth/code/verify', input, { schema: StaffCodeVerifyAnswerSchema }).catch(rethrow([409, 410, 429]))),
    usePasskey: fromPromise<StaffAuthAnswer, UsePasskeyInput>(async ({ input }) => {
      try {
        const response = await startAuthentication({ optionsJSON: input.options as unknown as PublicKeyCredentialRequestOptionsJSON });
        return await api.post('/api/admin/auth/passkey', { challengeId: input.challengeId, response }, { schema: StaffAuthAnswerSchema });
      } catch (error) {
        // The server uses the challenge up on any answer it gets: every refusal of it means starting again.
        throw failure(error, [400, 410, 429]);
      }
    }),
  };
}

/** The root chart with its effects; `watchRoute` reports the address bar's changes. */
export function provideAdminSession(api: AdminApi, watchRoute: AnyActorLogic) {
  return adminSessionMachine.provide({
    actors: {
      restoreSession: fromPromise<RestoredSession, void>(async () => {
        const token = getAdminToken();
        if (!token) return null;
        try {
          const staff = await api.get('/api/admin/me', { schema: SignedInStaffSchema });
          return { token, staff };
        } catch (error) {
          if (error instanceof AdminApiError && error.status === 401) return null;
          throw error;
        }
      }),
      loadEnrolment: fromPromise<EnrolOptionsAnswer, { secret: string }>(({ input }) => api.post('/api/admin/auth/enrol/options', input, { schema: EnrolOptionsAnswerSchema }).catch(rethrow([410]))),
      registerPasskey: fromPromise<StaffAuthAnswer, EnrolInput>(async ({ input }) => {
        try {
          const response = await startRegistration({ optionsJSON: input.options as unknown as PublicKeyCredentialCreationOptionsJSON });
          return await api.post('/api/admin/auth/enrol', { secret: input.secret, response }, { schema: StaffAuthAnswerSchema });
        } catch (error) {
          throw failure(error, [410]);
        }
      }),
      signOut: fromPromise<void, SignOutInput>(async () => {
        await api.post('/api/admin/auth/logout', undefined, { schema: SignedOutAnswerSchema });
      }),
      staffSignIn: staffSignInMachine.provide({ actors: signInActors(api) }),
      watchRoute,
    },
    actions: {
      storeToken: (_, params: { token: string }) => setAdminToken(params.token),
      clearToken: () => setAdminToken(null),
    },
  });
}
