import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectChartPhase, selectRegistrationActor } from '../../../machines/session/session.selectors.ts';
import { useSession } from './session-context.tsx';
import { usePageView } from '../views/process/page-view.ts';
import { RouteLoading } from '../ui/LoadingScreen.tsx';
import { prefetchSignedIn, registerView } from './lazy-routes.ts';
import { whenIdle } from '../runtime/when-idle.ts';
import { ChunkLoadFailed } from './ChunkLoadFailed.tsx';

/**
 * The register route: renders the registration child the session machine runs, once its chart and this view (chunks
 * of their own, loaded together) are there; if either failed, a retry that loads again what failed.
 */
export function RegisterRoute() {
  const session = useSession();
  const registration = useSelector(session, selectRegistrationActor);
  const phase = useSelector(session, selectChartPhase);
  const { View, failed, retry } = usePageView(registerView);
  const shown = !!(registration && View);
  // A registration ends signed in: the signed-in area's code comes while the investor fills the form.
  useEffect(() => (shown ? whenIdle(prefetchSignedIn) : undefined), [shown]);
  if (phase === 'failed' || failed) return <ChunkLoadFailed chartFailed={phase === 'failed'} viewFailed={failed} retryView={retry} />;
  return shown && registration && View ? <View actorRef={registration} /> : <RouteLoading />;
}
