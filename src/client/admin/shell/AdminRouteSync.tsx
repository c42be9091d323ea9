/**
 * Keeps the address bar equal to the admin-session chart's location: a new history entry when the chart moved on
 * request (a link, a page), in place when it followed the address bar or redirected (a used enrolment link).
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { addressOf } from '../../../../machines/admin/admin-session/admin-route.rules.ts';
import type { adminSessionMachine } from '../../../../machines/admin/admin-session/admin-session.machine.ts';
import { selectHistory, selectLocation } from '../../../../machines/admin/admin-session/admin-session.selectors.ts';

export function AdminRouteSync({ actor }: { actor: ActorRefFrom<typeof adminSessionMachine> }) {
  const location = useSelector(actor, selectLocation);
  const history = useSelector(actor, selectHistory);
  useEffect(() => {
    const target = addressOf(location);
    if (`${window.location.pathname}${window.location.search}` === target) return;
    if (history === 'push') window.history.pushState(null, '', target);
    else window.history.replaceState(null, '', target);
  }, [location, history]);
  return null;
}
