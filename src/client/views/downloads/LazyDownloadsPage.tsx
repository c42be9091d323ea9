/** The entry the process uses: the downloads page's views load in a chunk of their own when the page is first shown. */
import { lazy, Suspense } from 'react';
import type { DownloadsActorRef } from '../../../../machines/downloads/downloads.machine.ts';
import { messages } from '../../../shared/messages.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';

const Page = lazy(() => import('./DownloadsPage.tsx').then((m) => ({ default: m.DownloadsPage })));

export function LazyDownloadsPage({ actor }: { actor: DownloadsActorRef }) {
  return (
    <Suspense fallback={<LoadingScreen title={messages.loading} detail={messages.downloadsPage.loadingDetail} />}>
      <Page actor={actor} />
    </Suspense>
  );
}
