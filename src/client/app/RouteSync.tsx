/**
 * Keeps the URL equal to where the machines say the user is. A URL the user typed or reached with the
 * back button is only a request (sent by the browser watcher); when the machine redirects it, the address
 * is replaced so Back does not bounce; when the machine moves on by itself, the new address is pushed.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { selectPath } from '../../../machines/process/process.selectors.ts';
import { selectAuthPath, selectProcessActor, selectRequestedPath } from '../../../machines/session/session.selectors.ts';
import { useSession } from './session-context.tsx';

export function RouteSync() {
  const session = useSession();
  const authPath = useSelector(session, selectAuthPath);
  const requested = useSelector(session, selectRequestedPath);
  const processActor = useSelector(session, selectProcessActor);
  const processPath = useSelector(processActor, (s) => (s ? selectPath(s) : null));
  const target = authPath ?? processPath;

  useEffect(() => {
    if (!target || window.location.pathname === target) return;
    const redirecting = window.location.pathname === requested;
    navigate(target, { replace: redirecting });
  }, [target, requested]);

  return null;
}
