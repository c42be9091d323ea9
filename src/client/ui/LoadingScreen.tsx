import { messages } from '../../shared/messages.ts';

/** The signed-in area's words while the step progress (and, before it, the area's chunks) load. */
export const progressLoadingDetail = 'Loading your investment progress...';

export function LoadingScreen({
  title = messages.loading,
  detail = messages.initializingAuth,
  delayed = false,
}: {
  title?: string;
  detail?: string;
  /** Fade in only after a moment (CSS): a route whose code arrives quickly shows no spinner in between. */
  delayed?: boolean;
}) {
  return (
    <div className={`loading-screen${delayed ? ' loading-screen--delayed' : ''}`} role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p className="loading-screen__title">{title}</p>
      <p className="loading-screen__detail">{detail}</p>
    </div>
  );
}

/**
 * While a route's code (its view's and its charts' chunks) loads: the loading screen, which keeps the page's space
 * (nothing shifts) but appears only if the load takes a while, so going from one page to the next does not flash it.
 */
export function RouteLoading({ detail }: { detail?: string }) {
  return <LoadingScreen delayed {...(detail ? { detail } : {})} />;
}
