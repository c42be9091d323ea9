/**
 * Keeps the URL equal to where the machines say the user is. A URL the user typed or reached with the
 * back button is only a request (sent by the browser watcher); when the machine redirects it, the address
 * is replaced so Back does not bounce; when the machine moves on by itself, the new address is pushed.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { selectRequestedPath } from '../../../machines/session/session.selectors.ts';
import { useSession } from './session-context.tsx';
import { useDecidedPath } from './use-decided-path.ts';

export function RouteSync() {
  const session = useSession();
  const requested = useSelector(session, selectRequestedPath);
  const target = useDecidedPath();
  const lastTarget = useRef<string | null>(null);

  useEffect(() => {
    if (!target) return;
    const previous = lastTarget.current;
    lastTarget.current = target;
    const here = window.location.pathname;
    if (here === target) return;
    // The address still shows where the machine last put the user: the machine moved on by itself (push).
    // Otherwise the user asked for this address and the machine redirected the request (replace).
    navigate(target, { replace: here !== previous });
  }, [target, requested]);

  return null;
}
