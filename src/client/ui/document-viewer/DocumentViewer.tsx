/**
 * The document viewer (spec section 2 "Document viewer"): pdf.js pages stacked on canvases in a
 * 600 px scroll area, page and zoom controls, the reached-the-end notice and review mode.
 * All state lives in the document-viewer machine; this file renders it and reports scrolling.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { documentViewerMachine } from '../../../../machines/document-viewer/document-viewer.machine.ts';
import {
  selectCanGoNext,
  selectCanGoPrevious,
  selectCanZoomIn,
  selectCanZoomOut,
  selectErrorMessage,
  selectPageLabel,
  selectPhase,
  selectReachedEnd,
  selectReviewMode,
  selectScale,
  selectZoomPercent,
} from '../../../../machines/document-viewer/document-viewer.selectors.ts';
import type { LoadDocumentInput, LoadDocumentOutput } from '../../../../machines/document-viewer/document-viewer.types.ts';
import { VIEWER } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import type { DocumentViewerProps } from './document-viewer.props.ts';
import { viewerText } from './document-viewer.text.ts';
import { loadPdf, type LoadedPdf } from './load-pdf.ts';
import { isUnauthorized } from './pdf-load-errors.ts';
import { PdfPage } from './PdfPage.tsx';
import { CheckIcon, ChevronDownIcon, ChevronUpIcon, MinusIcon, PlusIcon } from './viewer-icons.tsx';
import { isAtBottom, pageAtReadingLine, scrollToPage } from './viewer-scroll.ts';
import { ViewerError, ViewerLoading } from './ViewerStatus.tsx';
import './document-viewer.css';

export default function DocumentViewer({ url, token = null, title, reviewMode = false, onReachedEnd, onUnauthorized }: DocumentViewerProps) {
  // The open pdf.js document is a resource (worker, memory), not business state: the loader hands it
  // over before it reports the page count, and it is destroyed when replaced or on unmount.
  const [pdf, setPdf] = useState<LoadedPdf | null>(null);
  const pdfRef = useRef<LoadedPdf | null>(null);
  const replacePdf = useCallback((next: LoadedPdf | null) => {
    pdfRef.current?.destroy();
    pdfRef.current = next;
    setPdf(next);
  }, []);
  useEffect(() => () => replacePdf(null), [replacePdf]);
  const loadSeq = useRef(0);

  const onReachedEndRef = useRef(onReachedEnd);
  const onUnauthorizedRef = useRef(onUnauthorized);
  useEffect(() => {
    onReachedEndRef.current = onReachedEnd;
    onUnauthorizedRef.current = onUnauthorized;
  }, [onReachedEnd, onUnauthorized]);

  const actorRef = useActorRef(
    documentViewerMachine.provide({
      actors: {
        loadDocument: fromPromise<LoadDocumentOutput, LoadDocumentInput>(async ({ input, signal }) => {
          // Only the latest load may hand over its document: an older one can outlive its actor
          // (StrictMode's stop-and-revive leaves one running) and must not replace the current one.
          const seq = ++loadSeq.current;
          replacePdf(null);
          const loaded = await loadPdf(input, signal).catch((error: unknown) => {
            if (isUnauthorized(error)) onUnauthorizedRef.current?.();
            throw error;
          });
          if (signal.aborted || seq !== loadSeq.current) {
            loaded.destroy();
            throw signal.aborted ? signal.reason : new DOMException('Superseded by a newer load', 'AbortError');
          }
          replacePdf(loaded);
          return { pageCount: loaded.pageSizes.length };
        }),
      },
      actions: { notifyReachedEnd: () => onReachedEndRef.current?.() },
    }),
    { input: { url, token, reviewMode } },
  );

  // A new document for the same viewer: the machine aborts the running load and starts again.
  useEffect(() => {
    const { context } = actorRef.getSnapshot();
    if (context.url !== url || context.token !== token) actorRef.send({ type: 'documentViewer.source.change', url, token });
  }, [actorRef, url, token]);

  const phase = useSelector(actorRef, selectPhase);
  const errorMessage = useSelector(actorRef, selectErrorMessage);
  const pageLabel = useSelector(actorRef, selectPageLabel);
  const zoomPercent = useSelector(actorRef, selectZoomPercent);
  const scale = useSelector(actorRef, selectScale);
  const canGoNext = useSelector(actorRef, selectCanGoNext);
  const canGoPrevious = useSelector(actorRef, selectCanGoPrevious);
  const canZoomIn = useSelector(actorRef, selectCanZoomIn);
  const canZoomOut = useSelector(actorRef, selectCanZoomOut);
  const reachedEnd = useSelector(actorRef, selectReachedEnd);
  const isReview = useSelector(actorRef, selectReviewMode);

  const scrollRef = useRef<HTMLDivElement>(null);
  /** The viewport's centre as a fraction of the content when the zoom changed, to keep the place. */
  const zoomAnchor = useRef<number | null>(null);

  const reportScroll = useCallback(() => {
    const container = scrollRef.current;
    if (!container) return;
    const page = pageAtReadingLine(container);
    if (page !== null) actorRef.send({ type: 'documentViewer.page.visible', page });
    if (isAtBottom(container)) actorRef.send({ type: 'documentViewer.end.visible' });
  }, [actorRef]);

  /** The desk's width and the widest page, for the chart (which fits the page to the desk until the reader zooms). */
  const reportLayout = useCallback(() => {
    const container = scrollRef.current;
    if (!container || !pdf || pdf.pageSizes.length === 0) return;
    const pages = container.querySelector<HTMLElement>('.dv-pages');
    const style = pages ? getComputedStyle(pages) : null;
    const padding = style ? parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) : 0;
    const pageWidth = Math.max(...pdf.pageSizes.map((size) => size.width));
    actorRef.send({ type: 'documentViewer.layout', available: container.clientWidth - padding, pageWidth });
  }, [pdf, actorRef]);

  // After pages are laid out (first display, zoom): report the desk's width, keep the reading place, and a document
  // that fits without scrolling counts as read to the end.
  useLayoutEffect(() => {
    const container = scrollRef.current;
    if (phase !== 'displayed' || !container) return;
    reportLayout();
    if (zoomAnchor.current !== null) {
      container.scrollTop = zoomAnchor.current * container.scrollHeight - container.clientHeight / 2;
      // Pages wider than the desk: show their middle rather than the grey margin of a wider page.
      container.scrollLeft = (container.scrollWidth - container.clientWidth) / 2;
      zoomAnchor.current = null;
    }
    reportScroll();
  }, [phase, scale, pdf, reportScroll, reportLayout]);

  // A window narrowed or widened after the document opened (issue 31): the desk's new width, once per frame at most.
  useEffect(() => {
    const container = scrollRef.current;
    if (phase !== 'displayed' || !container || typeof ResizeObserver === 'undefined') return;
    let width = container.clientWidth;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      if (container.clientWidth === width) return;
      width = container.clientWidth;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(reportLayout);
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [phase, reportLayout]);

  const goToPage = (type: 'documentViewer.page.next' | 'documentViewer.page.previous') => {
    actorRef.send({ type });
    const container = scrollRef.current;
    if (container) scrollToPage(container, actorRef.getSnapshot().context.page);
  };
  const zoom = (type: 'documentViewer.zoom.in' | 'documentViewer.zoom.out') => {
    const container = scrollRef.current;
    if (container && container.scrollHeight > 0) {
      zoomAnchor.current = (container.scrollTop + container.clientHeight / 2) / container.scrollHeight;
    }
    actorRef.send({ type });
  };
  const onRenderFailed = useCallback(() => actorRef.send({ type: 'documentViewer.render.error' }), [actorRef]);

  const name = title ?? viewerText.document;
  const pageSizes = phase === 'displayed' && pdf ? pdf.pageSizes : [];

  return (
    // A group, not a landmark: the page around it (the NDA's section, a disclosure section) is the landmark.
    <div className="dv" role="group" aria-label={name}>
      <div className="dv-toolbar" role="toolbar" aria-label={viewerText.controls}>
        <div className="dv-toolbar__group">
          <button type="button" className="dv-icon-button" aria-label={viewerText.previousPage} disabled={!canGoPrevious} onClick={() => goToPage('documentViewer.page.previous')}>
            <ChevronUpIcon />
          </button>
          <span className="dv-toolbar__label" aria-live="polite">
            {pageLabel ?? '\u00a0'}
          </span>
          <button type="button" className="dv-icon-button" aria-label={viewerText.nextPage} disabled={!canGoNext} onClick={() => goToPage('documentViewer.page.next')}>
            <ChevronDownIcon />
          </button>
        </div>
        <div className="dv-toolbar__title">
          {title && <span className="dv-toolbar__name">{title}</span>}
          {isReview && <span className="dv-badge">{viewerText.reviewMode}</span>}
        </div>
        <div className="dv-toolbar__group">
          <button type="button" className="dv-icon-button" aria-label={viewerText.zoomOut} disabled={!canZoomOut} onClick={() => zoom('documentViewer.zoom.out')}>
            <MinusIcon />
          </button>
          <output className="dv-toolbar__label dv-toolbar__zoom" aria-label={viewerText.zoomLevel}>
            {zoomPercent}%
          </output>
          <button type="button" className="dv-icon-button" aria-label={viewerText.zoomIn} disabled={!canZoomIn} onClick={() => zoom('documentViewer.zoom.in')}>
            <PlusIcon />
          </button>
        </div>
      </div>

      <div
        ref={scrollRef}
        className="dv-viewport"
        style={{ height: VIEWER.height }}
        tabIndex={phase === 'displayed' ? 0 : -1}
        aria-label={viewerText.pagesOf(name)}
        aria-busy={phase === 'loading'}
        onScroll={phase === 'displayed' ? reportScroll : undefined}
      >
        {phase === 'loading' && <ViewerLoading />}
        {phase === 'error' && errorMessage && (
          <ViewerError message={errorMessage} actionLabel={messages.pdf.tryAgain} onAction={() => actorRef.send({ type: 'documentViewer.retry' })} />
        )}
        {phase === 'renderError' && errorMessage && (
          <ViewerError message={errorMessage} actionLabel={messages.pdf.reloadPage} onAction={() => actorRef.send({ type: 'documentViewer.reload' })} />
        )}
        {pdf && pageSizes.length > 0 && (
          <div className="dv-pages">
            {pageSizes.map((size, index) => (
              <PdfPage
                key={index}
                pdf={pdf}
                pageNumber={index + 1}
                size={size}
                scale={scale}
                label={title ? viewerText.pageImage(index + 1, title) : messages.pdf.pageOf(index + 1, pageSizes.length)}
                scrollRoot={scrollRef}
                onRenderFailed={onRenderFailed}
              />
            ))}
          </div>
        )}
      </div>

      {reachedEnd && (
        <p className="dv-end-notice" role="status">
          <CheckIcon />
          {viewerText.reachedEnd}
        </p>
      )}
    </div>
  );
}
