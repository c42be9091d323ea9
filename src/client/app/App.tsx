import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { SessionActorRef } from '../../../machines/session/session.machine.ts';
import { createApiClient } from '../effects/api-client.ts';
import { provideDownload } from '../effects/download-effects.ts';
import { provideSession } from '../effects/session-effects.ts';
import { getStoredToken } from '../effects/session-storage.ts';
import { RouteSync } from './RouteSync.tsx';
import { SessionProvider } from './session-context.tsx';
import { DownloadProvider } from '../ui/download-button/download-context.tsx';
import { Shell } from './Shell.tsx';

// The live statechart inspector, in `npm run dev` only (not under vitest): a production build folds this to undefined
// and drops the module (the bench checks the built files).
const devInspector = import.meta.env.DEV && import.meta.env.MODE !== 'test' ? await import('../dev-inspector/index.ts') : undefined;

export function App() {
  // The 401 handler needs the actor, and the actor needs the client: a late-bound reference closes the loop.
  const ref = useMemo(() => ({ current: null as SessionActorRef | null }), []);
  const download = useMemo(() => provideDownload(getStoredToken, { onUnauthorized: () => ref.current?.send({ type: 'session.unauthorized' }) }), [ref]);
  const machine = useMemo(() => {
    const onUnauthorized = () => ref.current?.send({ type: 'session.unauthorized' });
    const log = (message: string, detail?: unknown) => console.warn(message, detail);
    const api = createApiClient({ baseUrl: window.location.origin, getToken: () => getStoredToken(), onUnauthorized, log });
    return provideSession({
      api,
      getToken: () => getStoredToken(),
      onUnauthorized,
      reload: () => window.location.reload(),
      replace: (path) => window.location.replace(path),
      log,
    });
  }, [ref]);
  const actor = useActorRef(machine, { input: { path: window.location.pathname }, inspect: devInspector?.devInspectorStore.inspect });
  ref.current = actor;
  return (
    <SessionProvider actor={actor}>
      <DownloadProvider machine={download}>
        <RouteSync />
        <Shell />
        {devInspector && <devInspector.DevInspector store={devInspector.devInspectorStore} />}
      </DownloadProvider>
    </SessionProvider>
  );
}
