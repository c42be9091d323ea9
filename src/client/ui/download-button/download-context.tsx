/**
 * Which download chart a DownloadButton runs (issue 29): each app provides its own, bound to its own token and its
 * own sign-out on a 401, so the widget belongs to neither app's session.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { downloadMachine } from '../../../../machines/download/download.machine.ts';

const DownloadContext = createContext<typeof downloadMachine | null>(null);

export function DownloadProvider({ machine, children }: { machine: typeof downloadMachine; children: ReactNode }) {
  return <DownloadContext.Provider value={machine}>{children}</DownloadContext.Provider>;
}

export function useDownloadMachine(): typeof downloadMachine {
  const machine = useContext(DownloadContext);
  if (!machine) throw new Error('DownloadButton outside DownloadProvider');
  return machine;
}
