/** The running session actor, shared by every view. */
import { createContext, useContext, type ReactNode } from 'react';
import type { SessionActorRef } from '../../../machines/session/session.machine.ts';

const SessionContext = createContext<SessionActorRef | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActorRef; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionActorRef {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSession outside SessionProvider');
  return actor;
}
