import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ProcessActorRef } from '../../../../machines/process/process.machine.ts';
import { isPageStep, type PageStep } from '../../../../machines/process/process.pages.ts';
import { PROCESS_STEPS } from '../../../shared/process-steps.ts';
import type { ProcessPageId } from '../../../../machines/process/process.routes.ts';
import {
  selectIsLoading,
  selectPageActor,
  selectPageChartPhase,
  selectViewedStep,
} from '../../../../machines/process/process.selectors.ts';
import { selectProcessActor } from '../../../../machines/session/session.selectors.ts';
import { useSession } from '../../app/session-context.tsx';
import { whenIdle } from '../../runtime/when-idle.ts';
import { prefetchPageChart } from '../../effects/process-effects.ts';
import { messages } from '../../../shared/messages.ts';
import { LoadingScreen, progressLoadingDetail } from '../../ui/LoadingScreen.tsx';
import { LoadFailedNotice } from '../../ui/PageNotices.tsx';
import { usePageView } from './page-view.ts';
import { PROCESS_PAGE_VIEWS, type PageChartViewEntry } from './process-page-views.ts';
import { StepIndicator } from './StepIndicator.tsx';
import './process.css';

/** The signed-in area: the step indicator above the page the process machine says is shown. */
export function ProcessPage() {
  const session = useSession();
  const processActor = useSelector(session, selectProcessActor);
  const loading = useSelector(processActor, (s) => (s ? selectIsLoading(s) : true));
  const viewed = useSelector(processActor, (s) => (s ? selectViewedStep(s) : 'disclosure'));
  const heading = useRef<HTMLHeadingElement>(null);
  // A new page: start keyboard and screen-reader users at its heading.
  useEffect(() => heading.current?.focus(), [viewed, loading]);
  // Once the page is up, the next step's code (view and chart) downloads in idle time: going on does not wait for it.
  useEffect(() => (loading ? undefined : whenIdle(() => prefetchNextStep(viewed))), [viewed, loading]);
  if (!processActor || loading) return <LoadingScreen detail={progressLoadingDetail} />;
  return (
    <div className="process">
      <StepIndicator actor={processActor} />
      <section className="process__page" aria-labelledby="step-heading" data-step={viewed}>
        <h1 id="step-heading" ref={heading} tabIndex={-1}>{PROCESS_PAGE_VIEWS[viewed].heading}</h1>
        <PageChartView key={viewed} step={viewed} process={processActor} />
      </section>
    </div>
  );
}

/** The step after this page (none after the last step, nor from the downloads page, which is no step). */
function prefetchNextStep(viewed: ProcessPageId): void {
  if (viewed === 'downloads') return;
  const next = PROCESS_STEPS[PROCESS_STEPS.indexOf(viewed) + 1];
  if (!next) return;
  PROCESS_PAGE_VIEWS[next].view.load().catch(() => undefined);
  if (isPageStep(next)) prefetchPageChart(next);
}

/**
 * A page's chart rendered by its view once the process runs the chart and the view has loaded (both load when the
 * page is first shown, at the same time); until then the page's loading words, and if either failed its load-failed
 * words with a retry that loads again what failed.
 */
export function PageChartView<S extends PageStep>({ step, process }: { step: S; process: ProcessActorRef }) {
  const phase = useSelector(process, selectPageChartPhase);
  const actor = useSelector(process, (s) => selectPageActor(s, step));
  const page: PageChartViewEntry<S> = PROCESS_PAGE_VIEWS[step];
  const { view, loadingDetail, loadFailed, retry } = page;
  const { View, failed: viewFailed, retry: retryView } = usePageView(view);
  if (phase === 'failed' || viewFailed) {
    const retryFailed = () => {
      if (phase === 'failed') process.send({ type: 'process.page.retry' });
      if (viewFailed) retryView();
    };
    return <LoadFailedNotice message={loadFailed} retryLabel={retry} onRetry={retryFailed} />;
  }
  if (phase === 'loading' || !actor || !View) return <LoadingScreen title={messages.loading} detail={loadingDetail} />;
  return <View actor={actor} />;
}
