/**
 * The entry the views use. The viewer and pdf.js live in lazy chunks: nothing of them is downloaded
 * until a viewer is actually rendered. (pdf.js itself is a further chunk, imported by the loader.)
 */
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { VIEWER } from '../../../shared/constants.ts';
import type { DocumentViewerProps } from './document-viewer.props.ts';
import { viewerText } from './document-viewer.text.ts';
import { prefetchPdf } from './pdf-bytes.ts';
import { ViewerChunkBoundary } from './ViewerChunkBoundary.tsx';
import { ViewerLoading } from './ViewerStatus.tsx';
import './document-viewer.css';

const importViewer = () => {
  // The loader imports pdf.js only once the viewer has mounted (and React may hold a fresh Suspense fallback for up
  // to 300 ms first); asking for it now downloads both at once. A failure here is the loader's to report.
  import('pdfjs-dist').catch(() => undefined);
  return import('./DocumentViewer.tsx');
};

/**
 * A page that shows documents calls this when it shows (the disclosure and agreements pages): the viewer's chunk,
 * pdf.js and its worker (by far the largest file) download and start while the investor reads the page, so opening
 * the first section waits for none of them. Where there are no workers (tests, old browsers) nothing is started.
 */
export function prewarmPdfViewer(): void {
  if (typeof Worker !== 'function') return;
  import('./DocumentViewer.tsx').catch(() => undefined);
  import('./load-pdf.ts').then((m) => m.warmPdfWorker()).catch(() => undefined);
}

/** Shown while the viewer's chunk downloads: the same frame, so nothing jumps when it arrives. */
function ViewerPlaceholder({ title }: { title?: string }) {
  return (
    <section className="dv" aria-label={title ?? viewerText.document} aria-busy="true">
      <div className="dv-toolbar">
        <div className="dv-toolbar__title">{title && <span className="dv-toolbar__name">{title}</span>}</div>
      </div>
      <div className="dv-viewport" style={{ height: VIEWER.height }}>
        <ViewerLoading />
      </div>
    </section>
  );
}

export function DocumentViewer(props: DocumentViewerProps) {
  // The bytes start on their way with the chunks, not after them. A layout effect: it runs before the viewer's
  // actor starts (a passive effect of the child) even when the viewer chunk is already loaded and renders at once.
  useLayoutEffect(() => prefetchPdf({ url: props.url, token: props.token ?? null }), [props.url, props.token]);
  // A failed chunk import stays failed inside one lazy(); 'Try Again' makes a fresh one.
  const [Viewer, setViewer] = useState(() => lazy(importViewer));
  return (
    <ViewerChunkBoundary onRetry={() => setViewer(() => lazy(importViewer))}>
      <Suspense fallback={<ViewerPlaceholder title={props.title} />}>
        <Viewer {...props} />
      </Suspense>
    </ViewerChunkBoundary>
  );
}
