import { messages } from '../../shared/messages.ts';
import { LoadFailedNotice } from '../ui/PageNotices.tsx';
import { useSession } from './session-context.tsx';

/**
 * A route whose code could not be loaded (a lost connection, a chunk gone after a deploy): the network words and a
 * retry that loads again what failed, the route's charts (the session's retry) and/or its view.
 */
export function ChunkLoadFailed({ chartFailed, viewFailed, retryView }: { chartFailed: boolean; viewFailed: boolean; retryView: () => void }) {
  const session = useSession();
  const retry = () => {
    if (chartFailed) session.send({ type: 'session.chart.retry' });
    if (viewFailed) retryView();
  };
  return <LoadFailedNotice message={messages.general.network} retryLabel={messages.payment.retry} onRetry={retry} />;
}
