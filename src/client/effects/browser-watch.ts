/**
 * Feeds browser facts to the session machine: URL changes (watchAddress: popstate, plus the spec's 200 ms poll as a
 * fallback for history changes nobody announced) and storage changes made by other tabs.
 */
import { fromCallback } from 'xstate';
import { STORAGE_KEYS } from '../../shared/auth.ts';
import type { SessionEvent } from '../../../machines/session/session.types.ts';
import { watchAddress } from '../runtime/watch-address.ts';

export const watchBrowser = fromCallback<SessionEvent>(({ sendBack }) => {
  const stopWatching = watchAddress(
    () => window.location.pathname,
    (path) => sendBack({ type: 'session.route.request', path }),
  );
  const onStorage = (e: StorageEvent) => {
    if (e.key !== null && e.key !== STORAGE_KEYS.token && e.key !== STORAGE_KEYS.user) return;
    sendBack({
      type: 'session.storage.change',
      token: localStorage.getItem(STORAGE_KEYS.token),
      userRaw: localStorage.getItem(STORAGE_KEYS.user),
    });
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopWatching();
    window.removeEventListener('storage', onStorage);
  };
});
