import { useSelector } from '@xstate/react';
import { selectChartPhase } from '../../../machines/session/session.selectors.ts';
import { usePageView } from '../views/process/page-view.ts';
import { progressLoadingDetail, RouteLoading } from '../ui/LoadingScreen.tsx';
import { ChunkLoadFailed } from './ChunkLoadFailed.tsx';
import { signedInView } from './lazy-routes.ts';
import { useSession } from './session-context.tsx';

/**
 * The signed-in area: its view (a chunk of its own, loaded with the process chart's) once there; if it or the charts
 * failed to load, a retry that loads again what failed. The view shows its own loading words until the process runs.
 */
export function SignedInRoute() {
  const session = useSession();
  const phase = useSelector(session, selectChartPhase);
  const { View, failed, retry } = usePageView(signedInView);
  if (phase === 'failed' || failed) return <ChunkLoadFailed chartFailed={phase === 'failed'} viewFailed={failed} retryView={retry} />;
  return View ? <View /> : <RouteLoading detail={progressLoadingDetail} />;
}
