/**
 * Fills the session statechart's placeholders with the browser's effects: storage, the API, page reloads.
 * Child machines get their effects here too, so the machines stay free of fetch, storage and window. The registration
 * and signed-in charts come with their effects from chunks of their own (registration-effects.ts,
 * signed-in-effects.ts), imported when their page is first shown: see chart-chunks.ts.
 */
import { fromPromise } from 'xstate';
import { loginMachine } from '../../../machines/login/login.machine.ts';
import { sessionMachine } from '../../../machines/session/session.machine.ts';
import type { RegistrationChart, SignedInCharts, StoredSession } from '../../../machines/session/session.types.ts';
import { AuthResponseSchema, CodeChallengeSchema, type AuthResponse, type CodeChallenge } from '../../shared/auth.ts';
import { emailCodeMachine } from '../../../machines/email-code/email-code.machine.ts';
import type { ResendCodeInput, VerifyCodeInput } from '../../../machines/email-code/email-code.types.ts';
import type { LoginRequest } from '../../../machines/login/login.types.ts';
import { prefetchHttpClient, type ApiClient } from './api-client.ts';
import { watchBrowser } from './browser-watch.ts';
import { loadOnce } from './load-once.ts';
import * as storage from './session-storage.ts';

export type BrowserEffects = {
  api: ApiClient;
  /** The stored token, for the calls that bypass the API client (uploads with progress). */
  getToken: () => string | null;
  /** A 401 outside the API client: the session's 401 path. */
  onUnauthorized: () => void;
  reload: () => void;
  replace: (path: string) => void;
  log: (message: string, detail?: unknown) => void;
};

export function provideSession({ api, getToken, onUnauthorized, reload, replace, log }: BrowserEffects) {
  const emailCode = emailCodeMachine.provide({
    actors: {
      verifyCode: fromPromise<AuthResponse, VerifyCodeInput>(({ input }) =>
        api.post('/api/auth/verify', { auth: false, loginFlow: true, json: input, schema: AuthResponseSchema }),
      ),
      resendCode: fromPromise<CodeChallenge, ResendCodeInput>(({ input }) =>
        api.post('/api/auth/resend', { auth: false, loginFlow: true, json: input, schema: CodeChallengeSchema }),
      ),
    },
  });
  // Each chunk is imported once and kept; a failed import (a lost connection, a chunk gone after a deploy) is tried
  // again by the next load (the page's retry). Both charts call the API as they start: the HTTP client's chunk comes
  // alongside, not after them.
  const loadRegistration = loadOnce(() => {
    prefetchHttpClient();
    return import('./registration-effects.ts').then((m) => m.provideRegistration(api, emailCode));
  });
  const loadSignedIn = loadOnce(() => {
    prefetchHttpClient();
    return import('./signed-in-effects.ts').then((m) => m.provideSignedIn(api, { getToken, onUnauthorized, log }));
  });
  return sessionMachine.provide({
    actors: {
      readStoredSession: fromPromise<StoredSession, void>(async () => storage.readStoredSession()),
      readPendingRegistration: fromPromise<unknown, void>(async () => storage.readPendingRegistration()),
      watchBrowser,
      logoutBackend: fromPromise<void, { token: string | null }>(async ({ input }) => {
        if (!input.token) return;
        await api.post('/api/auth/logout', { loginFlow: true });
      }),
      login: loginMachine.provide({
        actors: {
          requestLogin: fromPromise<CodeChallenge, LoginRequest>(({ input }) =>
            api.post('/api/auth/login', { auth: false, loginFlow: true, json: input, schema: CodeChallengeSchema }),
          ),
          emailCode,
        },
      }),
      loadRegistrationChart: fromPromise<RegistrationChart, void>(() => loadRegistration()),
      loadSignedInCharts: fromPromise<SignedInCharts, void>(() => loadSignedIn()),
    },
    actions: {
      storeSession: (_, auth) => storage.storeSession(auth),
      clearStoredSession: () => storage.clearStoredSession(),
      rememberNotice: (_, { notice }) => storage.rememberNotice(notice),
      reloadPage: () => reload(),
      replaceWithLogin: () => replace('/auth/login'),
      logLogoutFailure: (_, { error }) => log('Backend logout failed', error),
    },
  });
}
