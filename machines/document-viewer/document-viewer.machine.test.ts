import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { messages } from '../../src/shared/messages.ts';
import { documentViewerMachine } from './document-viewer.machine.ts';
import {
  selectCanGoNext,
  selectCanGoPrevious,
  selectCanZoomIn,
  selectCanZoomOut,
  selectErrorMessage,
  selectPageLabel,
  selectPhase,
  selectZoomPercent,
} from './document-viewer.selectors.ts';
import type { LoadDocumentInput, LoadDocumentOutput } from './document-viewer.types.ts';

interface LoadCall {
  input: LoadDocumentInput;
  signal: AbortSignal;
  resolve: (output: LoadDocumentOutput) => void;
  reject: (error: unknown) => void;
}

/** A loader whose every call is held until the test settles it. */
function controlledLoader() {
  const calls: LoadCall[] = [];
  const logic = fromPromise<LoadDocumentOutput, LoadDocumentInput>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        calls.push({ input, signal, resolve, reject });
      }),
  );
  return { calls, logic };
}

function start(input = { url: '/api/disclosure/pdf/1', token: 'tkn' as string | null, reviewMode: false }) {
  const loader = controlledLoader();
  const reached: number[] = [];
  const actor = createActor(
    documentViewerMachine.provide({
      actors: { loadDocument: loader.logic },
      actions: { notifyReachedEnd: () => reached.push(Date.now()) },
    }),
    { input },
  ).start();
  return { actor, calls: loader.calls, reached };
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

describe('document viewer machine', () => {
  it('loads with the url and token, then displays page 1 of n at 100%', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.input).toEqual({ url: '/api/disclosure/pdf/1', token: 'tkn' });
    calls[0]!.resolve({ pageCount: 3 });
    const s = await waitFor(actor, (x) => x.matches('displayed'));
    expect(selectPageLabel(s)).toBe('Page 1 of 3');
    expect(selectZoomPercent(s)).toBe(100);
    expect(selectCanGoPrevious(s)).toBe(false);
    expect(selectCanGoNext(s)).toBe(true);
  });

  it('fits a page wider than the desk to its width at every layout until the reader zooms, keeps 100% where it fits, and zooms in steps from there', async () => {
    const displayed = async () => {
      const { actor, calls } = start();
      calls[0]!.resolve({ pageCount: 1 });
      await waitFor(actor, (x) => x.matches('displayed'));
      return actor;
    };
    const phone = await displayed();
    phone.send({ type: 'documentViewer.layout', available: 289, pageWidth: 612 });
    expect(selectZoomPercent(phone.getSnapshot())).toBe(47);
    // A wider desk (a rotated phone, a widened window) goes back up to 100%, never above; a narrowed one fits again.
    phone.send({ type: 'documentViewer.layout', available: 900, pageWidth: 612 });
    expect(selectZoomPercent(phone.getSnapshot())).toBe(100);
    phone.send({ type: 'documentViewer.layout', available: 289, pageWidth: 612 });
    expect(selectZoomPercent(phone.getSnapshot())).toBe(47);
    // 27% would be below the 40% minimum.
    expect(selectCanZoomOut(phone.getSnapshot())).toBe(false);
    phone.send({ type: 'documentViewer.zoom.out' });
    expect(selectZoomPercent(phone.getSnapshot())).toBe(47);
    phone.send({ type: 'documentViewer.zoom.in' });
    expect(selectZoomPercent(phone.getSnapshot())).toBe(67);
    // Once the reader has zoomed, the zoom is theirs: a later layout leaves it alone.
    phone.send({ type: 'documentViewer.layout', available: 900, pageWidth: 612 });
    expect(selectZoomPercent(phone.getSnapshot())).toBe(67);
    const desk = await displayed();
    desk.send({ type: 'documentViewer.layout', available: 900, pageWidth: 612 });
    expect(selectZoomPercent(desk.getSnapshot())).toBe(100);
    const tiny = await displayed();
    tiny.send({ type: 'documentViewer.layout', available: 120, pageWidth: 612 });
    expect(selectZoomPercent(tiny.getSnapshot())).toBe(40);
  });

  it('shows the loader error message and loads again on Try Again', async () => {
    const { actor, calls } = start();
    calls[0]!.reject(new Error(messages.pdf.http(404, 'Not Found')));
    const failed = await waitFor(actor, (x) => x.matches('error'));
    expect(selectErrorMessage(failed)).toBe('HTTP 404: Not Found');
    actor.send({ type: 'documentViewer.retry' });
    expect(selectPhase(actor.getSnapshot())).toBe('loading');
    expect(calls).toHaveLength(2);
    calls[1]!.resolve({ pageCount: 1 });
    const shown = await waitFor(actor, (x) => x.matches('displayed'));
    expect(selectErrorMessage(shown)).toBeNull();
  });

  it('shows "Failed to initialize PDF viewer" when no loader was provided or the error has no text', async () => {
    const bare = createActor(documentViewerMachine, { input: { url: '/x.pdf', token: null } }).start();
    const s = await waitFor(bare, (x) => x.matches('error'));
    expect(selectErrorMessage(s)).toBe(messages.pdf.initFailed);

    const { actor, calls } = start();
    calls[0]!.reject('not an Error');
    expect(selectErrorMessage(await waitFor(actor, (x) => x.matches('error')))).toBe(messages.pdf.initFailed);
  });

  it('keeps an aborted load silent: no error state, and a viewer still alive loads again', async () => {
    const { actor, calls } = start();
    calls[0]!.reject(abortError());
    await waitFor(actor, () => calls.length === 2);
    const s = actor.getSnapshot();
    expect(s.matches('loading')).toBe(true);
    expect(selectErrorMessage(s)).toBeNull();
    calls[1]!.resolve({ pageCount: 1 });
    expect(selectPageLabel(await waitFor(actor, (x) => x.matches('displayed')))).toBe('Page 1 of 1');
  });

  it('aborts the running load when the source changes, and loads the new one', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'documentViewer.source.change', url: '/api/assets/nda', token: null });
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.input).toEqual({ url: '/api/assets/nda', token: null });
    calls[0]!.reject(abortError());
    calls[1]!.resolve({ pageCount: 2 });
    const s = await waitFor(actor, (x) => x.matches('displayed'));
    expect(s.context.url).toBe('/api/assets/nda');
    expect(selectPageLabel(s)).toBe('Page 1 of 2');
  });

  it('aborts the load when the viewer stops (unmount)', () => {
    const { actor, calls } = start();
    actor.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('pages within bounds, and follows the scrolled-to page only when it exists', async () => {
    const { actor, calls } = start();
    calls[0]!.resolve({ pageCount: 2 });
    await waitFor(actor, (x) => x.matches('displayed'));
    actor.send({ type: 'documentViewer.page.previous' });
    expect(actor.getSnapshot().context.page).toBe(1);
    actor.send({ type: 'documentViewer.page.next' });
    actor.send({ type: 'documentViewer.page.next' });
    expect(selectPageLabel(actor.getSnapshot())).toBe('Page 2 of 2');
    expect(selectCanGoNext(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'documentViewer.page.visible', page: 7 });
    expect(actor.getSnapshot().context.page).toBe(2);
    actor.send({ type: 'documentViewer.page.visible', page: 1 });
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  it('zooms in 20% steps from 100% between 40% and 300%', async () => {
    const { actor, calls } = start();
    calls[0]!.resolve({ pageCount: 1 });
    await waitFor(actor, (x) => x.matches('displayed'));
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) {
      actor.send({ type: 'documentViewer.zoom.in' });
      seen.push(selectZoomPercent(actor.getSnapshot()));
    }
    expect(seen).toEqual([120, 140, 160, 180, 200, 220, 240, 260, 280, 300, 300, 300]);
    expect(selectCanZoomIn(actor.getSnapshot())).toBe(false);
    for (let i = 0; i < 20; i++) actor.send({ type: 'documentViewer.zoom.out' });
    expect(selectZoomPercent(actor.getSnapshot())).toBe(40);
    expect(selectCanZoomOut(actor.getSnapshot())).toBe(false);
  });

  it('marks the end once and notifies once', async () => {
    const { actor, calls, reached } = start();
    calls[0]!.resolve({ pageCount: 1 });
    await waitFor(actor, (x) => x.matches('displayed'));
    actor.send({ type: 'documentViewer.end.visible' });
    actor.send({ type: 'documentViewer.end.visible' });
    expect(actor.getSnapshot().context.reachedEnd).toBe(true);
    expect(reached).toHaveLength(1);
  });

  it('shows the rendering error and reloads the document on Reload Page, keeping zoom and end mark', async () => {
    const { actor, calls, reached } = start();
    calls[0]!.resolve({ pageCount: 2 });
    await waitFor(actor, (x) => x.matches('displayed'));
    actor.send({ type: 'documentViewer.zoom.in' });
    actor.send({ type: 'documentViewer.end.visible' });
    actor.send({ type: 'documentViewer.render.error' });
    expect(selectPhase(actor.getSnapshot())).toBe('renderError');
    expect(selectErrorMessage(actor.getSnapshot())).toBe('Error rendering PDF pages');
    actor.send({ type: 'documentViewer.reload' });
    expect(calls).toHaveLength(2);
    calls[1]!.resolve({ pageCount: 2 });
    const s = await waitFor(actor, (x) => x.matches('displayed'));
    expect(selectZoomPercent(s)).toBe(120);
    expect(s.context.reachedEnd).toBe(true);
    actor.send({ type: 'documentViewer.end.visible' });
    expect(reached).toHaveLength(1);
  });

  it('carries review mode from the input', () => {
    const { actor } = start({ url: '/a.pdf', token: null, reviewMode: true });
    expect(actor.getSnapshot().context.reviewMode).toBe(true);
  });
});
