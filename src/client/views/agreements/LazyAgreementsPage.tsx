/**
 * The entry the process uses: the agreements page's views load in a chunk of their own when the page is first shown
 * (with the signature pad's and the viewer's chunks after them), so the first script of every other page stays as it was.
 */
import { lazy, Suspense } from 'react';
import type { AgreementsActorRef } from '../../../../machines/agreements/agreements.machine.ts';
import { messages } from '../../../shared/messages.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';

const Page = lazy(() => import('./AgreementsPage.tsx').then((m) => ({ default: m.AgreementsPage })));

export function LazyAgreementsPage({ actor }: { actor: AgreementsActorRef }) {
  return (
    <Suspense fallback={<LoadingScreen title={messages.loading} detail={messages.agreementsPage.loadingDetail} />}>
      <Page actor={actor} />
    </Suspense>
  );
}
