/**
 * Paths of the document viewer: the load's answers (pages, an aborted load, a failed one) arrive as events, and
 * zoom is explored one step either side of 100% (the bounds at 40% and 300% are checked in the machine's unit test;
 * walking all 14 levels here would only multiply the paths). Every path is replayed on a real actor whose load never
 * settles by itself, matching the model's state and context after each step, and the viewer's invariants are checked.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { documentViewerMachine } from '../../machines/document-viewer/document-viewer.machine.ts';
import { ZOOM } from '../../machines/document-viewer/document-viewer.rules.ts';
import { selectErrorMessage, selectPageLabel } from '../../machines/document-viewer/document-viewer.selectors.ts';
import type { LoadDocumentInput, LoadDocumentOutput } from '../../machines/document-viewer/document-viewer.types.ts';
import { messages } from '../../src/shared/messages.ts';
import { coverMachine, expectFullCoverage, type CoverPath } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof documentViewerMachine>;

const PAGE_COUNT = 2;
const abortError = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
const httpError = new Error(messages.pdf.http(404, 'Not Found'));

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadDocument', output: { pageCount: PAGE_COUNT } },
  { type: 'xstate.error.actor.loadDocument', error: abortError },
  { type: 'xstate.error.actor.loadDocument', error: httpError },
  { type: 'documentViewer.retry' },
  { type: 'documentViewer.reload' },
  { type: 'documentViewer.page.next' },
  { type: 'documentViewer.page.previous' },
  { type: 'documentViewer.page.visible', page: PAGE_COUNT },
  { type: 'documentViewer.page.visible', page: PAGE_COUNT + 1 },
  { type: 'documentViewer.zoom.in' },
  { type: 'documentViewer.zoom.out' },
  { type: 'documentViewer.end.visible' },
  // A page wider than a phone's desk, and one that fits.
  { type: 'documentViewer.layout', available: 289, pageWidth: 612 },
  { type: 'documentViewer.layout', available: 900, pageWidth: 612 },
  { type: 'documentViewer.render.error' },
  { type: 'documentViewer.source.change', url: '/api/assets/nda', token: null },
];

/** Zoom one step either side of 100% is explored; beyond it the same transitions would only repeat. */
const stopWhen = (s: Snapshot) => Math.abs(s.context.zoom - ZOOM.start) > ZOOM.step;

/** Facts that must hold in every snapshot the paths visit. */
function checkInvariants(s: Snapshot, event: AnyEventObject): void {
  expect(s.context.zoom).toBeGreaterThanOrEqual(ZOOM.min);
  // Until the reader zooms, every layout fits a wider page to the desk (here 289 px for 612: 47%), and one that
  // fits shows the starting zoom.
  if (event.type === 'documentViewer.layout' && s.matches('displayed') && !s.context.readerZoomed) {
    if (event.available < event.pageWidth) expect((event.pageWidth * s.context.zoom) / 100).toBeLessThanOrEqual(event.available);
    else expect(s.context.zoom).toBe(ZOOM.start);
  }
  expect(s.context.zoom).toBeLessThanOrEqual(ZOOM.max);
  expect(s.hasTag('loading')).toBe(s.matches('loading'));
  if (s.matches('displayed')) {
    expect(s.context.page).toBeGreaterThanOrEqual(1);
    expect(s.context.page).toBeLessThanOrEqual(s.context.pageCount);
    expect(selectPageLabel(s)).toBe(messages.pdf.pageOf(s.context.page, s.context.pageCount));
  }
  if (s.matches('error')) expect(selectErrorMessage(s)).toBe(httpError.message);
  if (s.matches('renderError')) expect(selectErrorMessage(s)).toBe(messages.pdf.renderFailed);
  if (s.matches('loading')) expect(selectErrorMessage(s)).toBeNull();
}

const input = { url: '/api/disclosure/pdf/1', token: 'tkn' };
const result = coverMachine(documentViewerMachine, { name: 'document-viewer', events, input, stopWhen, byIncomingEvent: true, keepPrefixPaths: true });

/** Runs paths on a real actor whose load never settles: its outcome is the path's own event. */
const replay = (paths: readonly CoverPath[]) =>
  replayPaths(paths, {
    input,
    compareContext: true,
    setup: () => ({
      machine: documentViewerMachine.provide({
        actors: { loadDocument: fromPromise<LoadDocumentOutput, LoadDocumentInput>(() => new Promise(() => {})) },
      }),
    }),
    checkStep: ({ snapshot, event }) => checkInvariants(snapshot, event),
  });

const pathName = (p: CoverPath) => p.steps.slice(1).map((s) => s.event.type.replace('xstate.', '')).join(' > ') || '(initial)';

describe('document viewer paths', () => {
  it('reach every state and every transition of the chart', () => expectFullCoverage(result));

  it.each(result.paths.map((p) => [pathName(p), p] as const))('path %s', async (_name, path) => {
    await replay([path]);
  });
});
