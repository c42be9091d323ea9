/**
 * Paths of the downloads page: the list's answers (nothing signed, two of seven still being sealed, all seven), a
 * failed load, Refresh / Check Again, and the page's own look again while documents are being sealed arrive as
 * events. Every path is replayed on a real actor with a fake list call, and after each step the page's invariants
 * are checked: one list call exactly while loading or refreshing; 'Documents Not Generated Yet' exactly while the
 * last answer counts documents still being sealed, and the page then asks again by itself; 'No Documents Available'
 * exactly when there are none and none to come; a failure before any list is the failed page, one after it is shown
 * beside the list (and the waiting goes on); the footer's count is the list's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { DOCUMENTS_POLL_MS, downloadsMachine } from '../../machines/downloads/downloads.machine.ts';
import { selectAvailableCount, selectPhase } from '../../machines/downloads/downloads.selectors.ts';
import type { LoadDocumentsOutput } from '../../machines/downloads/downloads.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import type { DocumentsResponse, SignedDocument } from '../../src/shared/documents.ts';
import { AGREEMENT_KEYS } from '../../src/shared/legal.ts';
import { messages } from '../../src/shared/messages.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof downloadsMachine>;

const doc = (i: number): SignedDocument => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  section: AGREEMENT_KEYS[i]!,
  title: `Agreement ${i}`,
  type: 'application/pdf',
  size: 120_000 + i,
  signedAt: '2026-11-23T10:00:00.000Z',
});
const NONE: DocumentsResponse = { documents: [], hasSignedDocuments: false, message: 'No signed documents yet.', pending: 0 };
const SEALING: DocumentsResponse = { documents: [0, 1, 2, 3, 4].map(doc), hasSignedDocuments: true, message: '', pending: 2 };
const ALL: DocumentsResponse = { documents: [0, 1, 2, 3, 4, 5, 6].map(doc), hasSignedDocuments: true, message: '', pending: 0 };
const SERVER_WORDS = 'Documents are unavailable during maintenance.';

const events: AnyEventObject[] = [
  { type: 'downloads.refresh' },
  { type: 'xstate.done.actor.loadDocuments', output: NONE },
  { type: 'xstate.done.actor.loadDocuments', output: SEALING },
  { type: 'xstate.done.actor.loadDocuments', output: ALL },
  { type: 'xstate.error.actor.loadDocuments', error: new ApiError(SERVER_WORDS, 503, { error: SERVER_WORDS }) },
  { type: 'xstate.error.actor.loadDocuments', error: new ApiError(messages.general.network, 0, null) },
  { type: 'xstate.after.DOCUMENTS_POLL.downloads.shown.generating' },
];

type Fakes = { loads: { running: boolean }[] };

function invariants(s: Snapshot, event: AnyEventObject, fakes: Fakes) {
  const phase = selectPhase(s);
  const list = s.context.list;
  expect(fakes.loads.filter((l) => l.running).length, 'one list call while loading or refreshing').toBe(s.hasTag('loading') || s.hasTag('refreshing') ? 1 : 0);
  if (s.matches({ shown: 'generating' })) expect(list!.pending).toBeGreaterThan(0);
  if (s.matches({ shown: 'empty' })) expect([list!.documents.length, list!.pending]).toEqual([0, 0]);
  if (s.matches({ shown: 'listed' })) expect([list!.documents.length > 0, list!.pending]).toEqual([true, 0]);
  if (phase === 'generating') expect(list!.pending).toBeGreaterThan(0);
  expect(selectAvailableCount(s)).toBe(list?.documents.length ?? 0);
  if (event.type === 'xstate.error.actor.loadDocuments') {
    expect(s.context.error).toBe((event.error as ApiError).status === 503 ? SERVER_WORDS : messages.downloadsPage.loadFailed);
    expect(s.matches('failed')).toBe(list === null);
  }
  // The page asks again by itself while documents are being sealed.
  if (event.type === 'xstate.after.DOCUMENTS_POLL.downloads.shown.generating') expect(s.hasTag('refreshing')).toBe(true);
}

describe('downloads statechart paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const result = coverMachine(downloadsMachine, { name: 'downloads', events });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the page invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths<typeof downloadsMachine, Fakes>(result.paths, {
      setup: () => {
        const fakes: Fakes = { loads: [] };
        const machine = downloadsMachine.provide({
          actors: {
            loadDocuments: fromPromise<LoadDocumentsOutput, void>(({ signal }) => {
              const call = { running: true };
              fakes.loads.push(call);
              signal.addEventListener('abort', () => void (call.running = false));
              return new Promise(() => {});
            }),
          },
        });
        return { machine, fakes };
      },
      deliver: (event) => {
        // The poll is the chart's own timer: time moves on, nothing is sent.
        if (event.type !== 'xstate.after.DOCUMENTS_POLL.downloads.shown.generating') return false;
        vi.advanceTimersByTime(DOCUMENTS_POLL_MS);
        return true;
      },
      checkStep: ({ snapshot, event, fakes }) => {
        // A delivered answer ends the call it answers (no answer starts another).
        if (/^xstate\.(done|error)\.actor\.loadDocuments$/.test(event.type)) fakes.loads.forEach((l) => void (l.running = false));
        invariants(snapshot, event, fakes);
      },
    });
    console.log(`[paths] downloads: ${ended.length} paths replayed`);
  });
});
