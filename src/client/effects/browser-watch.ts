/**
 * Feeds browser facts to the session machine: URL changes (popstate, plus the spec's 200 ms poll as a
 * fallback for history changes nobody announced) and storage changes made by other tabs.
 */
import { fromCallback } from 'xstate';
import { STORAGE_KEYS } from '../../shared/auth.ts';
import { TIMINGS } from '../../shared/constants.ts';
import type { SessionEvent } from '../../../machines/session/session.types.ts';

export const watchBrowser = fromCallback<SessionEvent>(({ sendBack }) => {
  let lastPath = window.location.pathname;
  const send = () => {
    lastPath = window.location.pathname;
    sendBack({ type: 'session.route.request', path: lastPath });
  };
  // The poll only sees a change when the address differs from what it saw last. The app's own move (RouteSync's
  // push) may come and go between two polls: Back right after it lands on the very address the poll saw before, and
  // a poll alone would report nothing while the page of the pushed address stays on screen (issue 31). Back and
  // Forward announce themselves (popstate): always reported; asking for the page already shown changes nothing.
  const report = () => {
    if (window.location.pathname !== lastPath) send();
  };
  const onStorage = (e: StorageEvent) => {
    if (e.key !== null && e.key !== STORAGE_KEYS.token && e.key !== STORAGE_KEYS.user) return;
    sendBack({
      type: 'session.storage.change',
      token: localStorage.getItem(STORAGE_KEYS.token),
      userRaw: localStorage.getItem(STORAGE_KEYS.user),
    });
  };
  const poll = window.setInterval(report, TIMINGS.routePollMs);
  window.addEventListener('popstate', send);
  window.addEventListener('storage', onStorage);
  return () => {
    window.clearInterval(poll);
    window.removeEventListener('popstate', send);
    window.removeEventListener('storage', onStorage);
  };
});
