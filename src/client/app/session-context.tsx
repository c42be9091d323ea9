/** The running session actor, shared by every view. */
import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session/session.machine.ts';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSession outside SessionProvider');
  return actor;
}
