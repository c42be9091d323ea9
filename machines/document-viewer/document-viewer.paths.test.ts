/**
 * Model-based paths: xstate/graph generates the shortest path to every (state, incoming event) pair,
 * the paths are replayed on a real actor (the load's done/error events are fed as events), and the
 * test asserts every state node and every transition of the chart was reached.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyTransitionDefinition, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { messages } from '../../src/shared/messages.ts';
import { documentViewerMachine } from './document-viewer.machine.ts';
import { ZOOM } from './document-viewer.rules.ts';
import { selectErrorMessage, selectPageLabel } from './document-viewer.selectors.ts';
import type { DocumentViewerEvent, LoadDocumentInput, LoadDocumentOutput } from './document-viewer.types.ts';
import { definedStateIds, definedTransitionKeys, missing, transitionKey } from './path-coverage.ts';

type Snapshot = SnapshotFrom<typeof documentViewerMachine>;
/** The chart's own events plus the invoked load's completion events. */
type PathEvent =
  | DocumentViewerEvent
  | { type: 'xstate.done.actor.loadDocument'; output: LoadDocumentOutput }
  | { type: 'xstate.error.actor.loadDocument'; error: unknown };

const PAGE_COUNT = 2;
const abortError = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
const httpError = new Error(messages.pdf.http(404, 'Not Found'));

const events: PathEvent[] = [
  { type: 'xstate.done.actor.loadDocument', output: { pageCount: PAGE_COUNT } },
  { type: 'xstate.error.actor.loadDocument', error: abortError },
  { type: 'xstate.error.actor.loadDocument', error: httpError },
  { type: 'viewer.retry' },
  { type: 'viewer.reload' },
  { type: 'viewer.page.next' },
  { type: 'viewer.page.previous' },
  { type: 'viewer.page.visible', page: PAGE_COUNT },
  { type: 'viewer.page.visible', page: PAGE_COUNT + 1 },
  { type: 'viewer.zoom.in' },
  { type: 'viewer.zoom.out' },
  { type: 'viewer.scrolled.end' },
  { type: 'viewer.render.failed' },
  { type: 'viewer.source.changed', url: '/api/assets/nda', token: null },
];

/** Errors serialize to {} by default; name them so the two load failures stay distinct edges. */
const serializeEvent = (event: PathEvent): string =>
  JSON.stringify(event, (_key, value: unknown) => (value instanceof Error ? { name: value.name, message: value.message } : value));

/**
 * A vertex is the concrete snapshot plus the kind of event that led to it, so the shortest paths take
 * every kind of transition into every state at least once (what createTestModel does by default).
 */
const serializeState = (s: Snapshot, event: PathEvent | undefined): string =>
  JSON.stringify({ value: s.value, context: s.context, via: event?.type });

/**
 * Explore only events that change something, plus the silent abort (a transition that by design does
 * nothing, so `can()` says false). Zoom is explored one step either side of 100%: the bounds at 40% and
 * 300% are checked in the unit test, and walking all 14 levels here would only multiply the paths.
 */
function isExplored(s: Snapshot, e: PathEvent): boolean {
  if (e.type === 'xstate.error.actor.loadDocument') return s.matches('loading');
  if (e.type === 'viewer.zoom.in' && s.context.zoom >= ZOOM.start + ZOOM.step) return false;
  if (e.type === 'viewer.zoom.out' && s.context.zoom <= ZOOM.start - ZOOM.step) return false;
  return s.can(e as DocumentViewerEvent);
}

/** Facts that must hold in every snapshot the paths visit. */
function checkInvariants(s: Snapshot): void {
  expect(s.context.zoom).toBeGreaterThanOrEqual(ZOOM.min);
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

type Path = ReturnType<typeof getShortestPaths<typeof documentViewerMachine>>[number];
interface Reached {
  states: Set<string>;
  transitions: Set<string>;
}

const input = { url: '/api/disclosure/pdf/1', token: 'tkn' };
const paths: Path[] = getShortestPaths(documentViewerMachine, {
  input,
  events: events as DocumentViewerEvent[],
  filterEvents: (s, e) => isExplored(s, e as PathEvent),
  serializeEvent: serializeEvent as (e: DocumentViewerEvent) => string,
  serializeState: serializeState as (s: Snapshot, e: DocumentViewerEvent | undefined) => string,
});
// The real load never settles here: its outcome is fed to the machine by the path's events.
const machine = documentViewerMachine.provide({
  actors: { loadDocument: fromPromise<LoadDocumentOutput, LoadDocumentInput>(() => new Promise(() => {})) },
});

/** Runs a path on a real actor, checking each snapshot against the graph and the invariants. */
function replay(path: Path, reached: Reached): void {
  const actor = createActor(machine, {
    input,
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep' && ev.actorRef === actor) {
        for (const t of (ev as { _transitions: AnyTransitionDefinition[] })._transitions) reached.transitions.add(transitionKey(t));
      }
    },
  }).start();
  const record = (s: Snapshot) => s._nodes.forEach((n) => reached.states.add(n.id));
  record(actor.getSnapshot());
  // The first step is the initial snapshot (event xstate.init).
  for (const step of path.steps.slice(1)) {
    actor.send(step.event);
    const s = actor.getSnapshot();
    record(s);
    expect(s.value).toEqual(step.state.value);
    expect(s.context).toEqual(step.state.context);
    checkInvariants(s);
  }
  actor.stop();
}

const pathName = (p: Path) => p.steps.slice(1).map((s) => s.event.type.replace('xstate.', '')).join(' > ') || '(initial)';

describe('document viewer paths', () => {
  it.each(paths.map((p) => [pathName(p), p] as const))('path %s', (_name, path) => {
    replay(path, { states: new Set(), transitions: new Set() });
  });

  it('reach every state and every transition of the chart', () => {
    const reached: Reached = { states: new Set(), transitions: new Set() };
    for (const path of paths) replay(path, reached);
    const states = definedStateIds(documentViewerMachine);
    const transitions = definedTransitionKeys(documentViewerMachine);
    expect(missing(states, reached.states)).toEqual([]);
    expect(missing(transitions, reached.transitions)).toEqual([]);
    console.log(`document-viewer: ${states.length} states, ${transitions.length} transitions, ${paths.length} paths`);
  });
});
