/** The path the machines decided the user is on: the session's for the signed-out pages, the process's once signed in. */
import { useSelector } from '@xstate/react';
import { selectPath } from '../../../machines/process/process.selectors.ts';
import { selectAuthPath, selectProcessActor } from '../../../machines/session/session.selectors.ts';
import { useSession } from './session-context.tsx';

export function useDecidedPath(): string | null {
  const session = useSession();
  const authPath = useSelector(session, selectAuthPath);
  const processActor = useSelector(session, selectProcessActor);
  const processPath = useSelector(processActor, (s) => (s ? selectPath(s) : null));
  return authPath ?? processPath;
}
