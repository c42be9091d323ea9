import { useEffect, useRef, type RefObject } from 'react';
import type { LoadedPdf, PageSize } from './load-pdf.ts';
import { useNearViewport } from './use-near-viewport.ts';

interface PdfPageProps {
  pdf: LoadedPdf;
  pageNumber: number;
  size: PageSize;
  scale: number;
  label: string;
  scrollRoot: RefObject<HTMLElement | null>;
  /** Must be stable (it is an effect dependency). */
  onRenderFailed: () => void;
}

/** One page: a box of the page's size at the current zoom, drawn on a canvas while near the viewport. */
export function PdfPage({ pdf, pageNumber, size, scale, label, scrollRoot, onRenderFailed }: PdfPageProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(boxRef, scrollRoot);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    if (!near) {
      // Far from the reader: give the bitmap back; it is drawn again on the way back.
      canvas.width = 0;
      canvas.height = 0;
      return;
    }
    const job = pdf.renderPage(pageNumber, canvas, scale);
    job.done.catch(onRenderFailed);
    return () => job.cancel();
  }, [pdf, pageNumber, scale, near, onRenderFailed]);

  return (
    <div
      ref={boxRef}
      className="dv-page"
      data-page={pageNumber}
      style={{ width: Math.floor(size.width * scale), height: Math.floor(size.height * scale) }}
    >
      <canvas ref={canvasRef} className="dv-page__canvas" role="img" aria-label={label} />
    </div>
  );
}
