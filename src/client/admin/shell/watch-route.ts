/**
 * The admin-session chart's browser watcher: the address bar's changes (popstate, and the investor app's 200 ms poll
 * for history changes nobody announced) as route.changed, under /admin.
 */
import { fromCallback } from 'xstate';
import { locationFromAddress } from '../../../../machines/admin/admin-session/admin-route.rules.ts';
import type { AdminSessionEvent } from '../../../../machines/admin/admin-session/admin-session.types.ts';
import { TIMINGS } from '../../../shared/constants.ts';

const here = () => `${window.location.pathname}${window.location.search}`;

export const watchAdminRoute = fromCallback<AdminSessionEvent>(({ sendBack }) => {
  let last = here();
  const send = () => {
    last = here();
    sendBack({ type: 'route.changed', location: locationFromAddress(window.location.pathname, window.location.search) });
  };
  // Back and Forward are always reported: the chart's own push may come and go between two polls (see the investor's
  // browser-watch.ts), and following the address shown changes nothing.
  const report = () => {
    if (here() !== last) send();
  };
  const poll = window.setInterval(report, TIMINGS.routePollMs);
  window.addEventListener('popstate', send);
  return () => {
    window.clearInterval(poll);
    window.removeEventListener('popstate', send);
  };
});
