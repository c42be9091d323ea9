// @vitest-environment happy-dom
/**
 * The viewer's React side, with pdf.js replaced at the loader boundary (load-pdf.ts): the machine,
 * selectors, controls, scrolling, errors and aborts are real. Layout is faked minimally: pages are
 * 842 px tall with 16 px gaps inside a 600 px desk whose content is 2000 px high.
 */
import { StrictMode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadedPdf, LoadPdfRequest, RenderJob } from './load-pdf.ts';

// React checks this flag to accept the act() that Testing Library wraps around renders and events.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const loadPdf = vi.fn<(request: LoadPdfRequest, signal: AbortSignal) => Promise<LoadedPdf>>();
vi.mock('./load-pdf.ts', () => ({ loadPdf: (request: LoadPdfRequest, signal: AbortSignal) => loadPdf(request, signal) }));

const { default: DocumentViewer } = await import('./DocumentViewer.tsx');
const { DocumentViewer: LazyDocumentViewer } = await import('./index.ts');

const PAGE_STRIDE = 858;

function fakePdf(pageCount: number, render: () => Promise<'rendered' | 'cancelled'> = () => Promise.resolve('rendered')) {
  const renders: Array<{ page: number; scale: number }> = [];
  const pdf: LoadedPdf = {
    pageSizes: Array.from({ length: pageCount }, () => ({ width: 595, height: 842 })),
    renderPage: (page, _canvas, scale): RenderJob => {
      renders.push({ page, scale });
      return { done: render(), cancel: () => {} };
    },
    destroy: vi.fn(),
  };
  return { pdf, renders };
}

/** A load the test settles by hand. */
function deferredLoad() {
  let resolve!: (pdf: LoadedPdf) => void;
  let reject!: (error: unknown) => void;
  let signal!: AbortSignal;
  loadPdf.mockImplementationOnce((_request, s) => {
    signal = s;
    return new Promise<LoadedPdf>((res, rej) => {
      resolve = res;
      reject = rej;
      // like the real loader: an aborted load rejects with the signal's AbortError
      s.addEventListener('abort', () => rej(s.reason), { once: true });
    });
  });
  return {
    resolve: (pdf: LoadedPdf) => act(async () => resolve(pdf)),
    reject: (e: unknown) => act(async () => reject(e)),
    signal: () => signal,
  };
}

const viewport = () => document.querySelector<HTMLElement>('.dv-viewport')!;
const pageLabel = () => document.querySelector('.dv-toolbar__label')!.textContent;

beforeEach(() => {
  loadPdf.mockReset();
  // Without IntersectionObserver every page counts as near the viewport and is drawn.
  vi.stubGlobal('IntersectionObserver', undefined);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(2000);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const page = Number(this.dataset.page ?? 0);
    const scrolled = this.closest<HTMLElement>('.dv-viewport')?.scrollTop ?? 0;
    const top = page ? 16 + (page - 1) * PAGE_STRIDE - scrolled : 0;
    return DOMRect.fromRect({ x: 0, y: top, width: 595, height: page ? 842 : 600 });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DocumentViewer', () => {
  it('loads with the token, shows Page 1 of n at 100%, and labels every canvas', async () => {
    const load = deferredLoad();
    const { pdf, renders } = fakePdf(3);
    render(<DocumentViewer url="/api/disclosure/pdf/7" token="tkn" title="Risk Factors" />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(loadPdf).toHaveBeenCalledWith({ url: '/api/disclosure/pdf/7', token: 'tkn' }, expect.any(AbortSignal));
    await load.resolve(pdf);
    expect(pageLabel()).toBe('Page 1 of 3');
    expect(screen.getByRole('toolbar').textContent).toContain('100%');
    const canvases = screen.getAllByRole('img');
    expect(canvases.map((c) => c.getAttribute('aria-label'))).toEqual(['Page 1 of Risk Factors', 'Page 2 of Risk Factors', 'Page 3 of Risk Factors']);
    expect(renders).toEqual([1, 2, 3].map((page) => ({ page, scale: 1 })));
    expect(viewport().style.height).toBe('600px');
    expect(screen.queryByText('Review mode')).toBeNull();
  });

  it('pages with the buttons (scrolling the desk) and follows the scroll position', async () => {
    const load = deferredLoad();
    render(<DocumentViewer url="/a.pdf" />);
    await load.resolve(fakePdf(3).pdf);
    const previous = screen.getByRole('button', { name: 'Previous page' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(previous).toHaveProperty('disabled', true);
    fireEvent.click(next);
    expect(pageLabel()).toBe('Page 2 of 3');
    expect(viewport().scrollTop).toBe(PAGE_STRIDE);
    fireEvent.click(next);
    expect(pageLabel()).toBe('Page 3 of 3');
    expect(next).toHaveProperty('disabled', true);
    viewport().scrollTop = 100;
    fireEvent.scroll(viewport());
    expect(pageLabel()).toBe('Page 1 of 3');
  });

  it('zooms in 20% steps and redraws the pages at the new scale', async () => {
    const load = deferredLoad();
    const { pdf, renders } = fakePdf(1);
    render(<DocumentViewer url="/a.pdf" />);
    await load.resolve(pdf);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByRole('toolbar').textContent).toContain('120%');
    expect(renders.at(-1)).toEqual({ page: 1, scale: 1.2 });
    expect(document.querySelector<HTMLElement>('[data-page="1"]')!.style.width).toBe('714px');
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByRole('toolbar').textContent).toContain('40%');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveProperty('disabled', true);
  });

  it('shows the end notice within 5 px of the bottom and calls onReachedEnd once', async () => {
    const load = deferredLoad();
    const onReachedEnd = vi.fn();
    render(<DocumentViewer url="/a.pdf" onReachedEnd={onReachedEnd} />);
    await load.resolve(fakePdf(3).pdf);
    viewport().scrollTop = 1394; // 6 px short
    fireEvent.scroll(viewport());
    expect(screen.queryByText('You have reached the end of this document')).toBeNull();
    viewport().scrollTop = 1396; // 4 px short
    fireEvent.scroll(viewport());
    expect(screen.getByText('You have reached the end of this document')).toBeTruthy();
    viewport().scrollTop = 0;
    fireEvent.scroll(viewport());
    viewport().scrollTop = 1400;
    fireEvent.scroll(viewport());
    expect(onReachedEnd).toHaveBeenCalledTimes(1);
  });

  it('shows the loader error with Try Again, which loads again', async () => {
    const first = deferredLoad();
    render(<DocumentViewer url="/missing.pdf" />);
    await first.reject(new Error('HTTP 404: Not Found'));
    expect(screen.getByRole('alert').textContent).toContain('HTTP 404: Not Found');
    const second = deferredLoad();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(loadPdf).toHaveBeenCalledTimes(2);
    await second.resolve(fakePdf(1).pdf);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(pageLabel()).toBe('Page 1 of 1');
  });

  it('shows "Error rendering PDF pages" when a page fails to draw; Reload Page loads again', async () => {
    const load = deferredLoad();
    const broken = fakePdf(2, () => Promise.reject(new Error('canvas lost')));
    render(<DocumentViewer url="/a.pdf" />);
    await load.resolve(broken.pdf);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Error rendering PDF pages'));
    const again = deferredLoad();
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(broken.pdf.destroy).toHaveBeenCalled();
    await again.resolve(fakePdf(2).pdf);
    expect(pageLabel()).toBe('Page 1 of 2');
  });

  it('aborts silently: a new url aborts the running load, unmounting aborts too', async () => {
    const first = deferredLoad();
    const { rerender, unmount } = render(<DocumentViewer url="/slow.pdf" token="t" />);
    const second = deferredLoad();
    rerender(<DocumentViewer url="/public.pdf" token={null} />);
    expect(first.signal().aborted).toBe(true);
    expect(loadPdf).toHaveBeenLastCalledWith({ url: '/public.pdf', token: null }, expect.any(AbortSignal));
    await first.reject(new DOMException('aborted', 'AbortError'));
    expect(screen.queryByRole('alert')).toBeNull();
    await second.resolve(fakePdf(2).pdf);
    expect(pageLabel()).toBe('Page 1 of 2');

    const third = deferredLoad();
    rerender(<DocumentViewer url="/other.pdf" token={null} />);
    unmount();
    expect(third.signal().aborted).toBe(true);
  });

  it('works under React StrictMode, whose effect re-run stops and revives the actor mid-load', async () => {
    const pending: Array<{ resolve: (pdf: LoadedPdf) => void; signal: AbortSignal }> = [];
    loadPdf.mockImplementation(
      (_request, signal) =>
        new Promise<LoadedPdf>((resolve, reject) => {
          pending.push({ resolve, signal });
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    );
    render(
      <StrictMode>
        <DocumentViewer url="/a.pdf" />
      </StrictMode>,
    );
    await act(async () => {});
    // The revived actor restarted the load; an older, superseded load may still be running.
    const live = pending.filter((p) => !p.signal.aborted);
    expect(pending.length).toBeGreaterThan(1);
    const current = live.at(-1)!;
    await act(async () => current.resolve(fakePdf(2).pdf));
    expect(pageLabel()).toBe('Page 1 of 2');
    const stale = fakePdf(5).pdf;
    await act(async () => live.slice(0, -1).forEach((p) => p.resolve(stale)));
    expect(pageLabel()).toBe('Page 1 of 2');
    expect(screen.getAllByRole('img')).toHaveLength(2);
    if (live.length > 1) expect(stale.destroy).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('labels review mode without blocking anything', async () => {
    const load = deferredLoad();
    render(<DocumentViewer url="/a.pdf" reviewMode />);
    await load.resolve(fakePdf(2).pdf);
    expect(screen.getByText('Review mode')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pageLabel()).toBe('Page 2 of 2');
  });

  it('the public entry shows a loading frame, then the lazily loaded viewer', async () => {
    const load = deferredLoad();
    render(<LazyDocumentViewer url="/api/assets/nda" title="Non-Disclosure Agreement" />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    await waitFor(() => expect(loadPdf).toHaveBeenCalledTimes(1));
    await load.resolve(fakePdf(1).pdf);
    expect(pageLabel()).toBe('Page 1 of 1');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Page 1 of Non-Disclosure Agreement');
  });
});
