/** The admin-session chart's browser watcher: the address bar's changes (watchAddress) as route.changed, under /admin. */
import { fromCallback } from 'xstate';
import { locationFromAddress } from '../../../../machines/admin/admin-session/admin-route.rules.ts';
import type { AdminSessionEvent } from '../../../../machines/admin/admin-session/admin-session.types.ts';
import { watchAddress } from '../../runtime/watch-address.ts';

export const watchAdminRoute = fromCallback<AdminSessionEvent>(({ sendBack }) =>
  watchAddress(
    () => `${window.location.pathname}${window.location.search}`,
    () => sendBack({ type: 'route.changed', location: locationFromAddress(window.location.pathname, window.location.search) }),
  ),
);
