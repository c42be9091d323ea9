/**
 * Paths of the back-office content page: load (or fail and try again); open a form (a section, a new section, an
 * agreement) and cancel it; send a change (accepted: the list loaded again, the form closed, a notice that says
 * what the change did to investors; refused: the form kept open with the server's words); preview a document
 * (shown until closed, or another chosen). Replayed on a real actor with fake calls; after each step: one call
 * exactly while busy, a change sends exactly the change asked for, the notice and the error never both shown.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { GENERAL_FAILURE } from '../../machines/admin/admin-failure.ts';
import { changeNotice, contentMachine } from '../../machines/admin/content/content.machine.ts';
import { selectPhase } from '../../machines/admin/content/content.selectors.ts';
import type { ContentChangeRequest, LoadContentOutput, SubmitChangeOutput } from '../../machines/admin/content/content.types.ts';
import { AdminApiError } from '../../src/client/admin/admin-api.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof contentMachine>;

const LIST: LoadContentOutput = { sections: [], agreements: [] };
const SECTION_ID = '00000000-0000-4000-8000-000000000001';
const CHANGE: ContentChangeRequest = { kind: 'section', id: SECTION_ID, fields: { title: 'Risk', order: '1', minReadingSeconds: '60' }, file: null };
const RETIRE: ContentChangeRequest = { kind: 'retire', id: SECTION_ID };
const REFUSED = 'The file must be a PDF document.';

const events: AnyEventObject[] = [
  { type: 'content.retry' },
  { type: 'content.edit', target: { kind: 'section', id: SECTION_ID } },
  { type: 'content.cancel' },
  { type: 'content.submit', change: CHANGE },
  { type: 'content.submit', change: RETIRE },
  { type: 'content.preview', request: { title: 'Risk', path: `/api/admin/content/disclosure/${SECTION_ID}/pdf` } },
  { type: 'content.preview', request: { title: 'PPM', path: '/api/admin/content/agreements/ppm/versions/00000000-0000-4000-8000-000000000002/pdf' } },
  { type: 'content.closePreview' },
  { type: 'xstate.done.actor.loadContent', output: LIST },
  { type: 'xstate.error.actor.loadContent', error: new TypeError('network') },
  { type: 'xstate.done.actor.submitChange', output: { changed: true, resetInvestors: 2 } },
  { type: 'xstate.error.actor.submitChange', error: new AdminApiError(415, REFUSED) },
];

type Call = { running: boolean };
type Fakes = { loads: Call[]; submits: (Call & { input: ContentChangeRequest })[] };

function invariants(s: Snapshot, event: AnyEventObject, fakes: Fakes, before: Snapshot | null) {
  const running = (list: Call[]) => list.filter((c) => c.running).length;
  expect(running(fakes.loads) + running(fakes.submits), 'one call while busy').toBe(s.hasTag('busy') ? 1 : 0);
  if (event.type === 'content.submit' && s.matches({ ready: 'submitting' })) expect(fakes.submits.at(-1)!.input).toBe(event.change);
  if (event.type === 'xstate.done.actor.submitChange') {
    expect(s.context.notice).toBe(changeNotice(before!.context.pending!, event.output));
    expect(s.context.editing).toBeNull();
    expect(s.matches({ ready: 'refreshing' })).toBe(true);
  }
  if (event.type === 'xstate.error.actor.submitChange') {
    expect(s.context.error).toBe(REFUSED);
    expect(s.context.editing).toEqual(before!.context.editing);
  }
  if (event.type === 'xstate.error.actor.loadContent') expect(s.context.error).toBe(GENERAL_FAILURE);
  expect(s.context.notice !== null && s.context.error !== null, 'notice and error at once').toBe(false);
  // A new action (open a form, send, preview) starts without the last one's words.
  const accepted = before?.matches({ ready: 'idle' }) || (before?.matches({ ready: 'previewShown' }) && event.type === 'content.preview');
  if (accepted && ['content.edit', 'content.submit', 'content.preview'].includes(event.type)) expect([s.context.notice, s.context.error]).toEqual([null, null]);
  expect(s.context.preview !== null).toBe(s.matches({ ready: 'previewShown' }));
  // The preview shows the document asked for last.
  if (event.type === 'content.preview' && s.matches({ ready: 'previewShown' })) expect(s.context.preview).toEqual(event.request);
  if (s.matches('failed')) expect(selectPhase(s)).toBe('failed');
}

describe('admin content statechart paths', () => {
  const result = coverMachine(contentMachine, { name: 'admin-content', events });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the page invariants on every path, replayed on a real actor', async () => {
    let before: Snapshot | null = null;
    const ended = await replayPaths<typeof contentMachine, Fakes>(result.paths, {
      setup: () => {
        before = null;
        const fakes: Fakes = { loads: [], submits: [] };
        const pending = <T,>(list: Call[], extra: object, signal: AbortSignal) => {
          const call = { running: true, ...extra };
          list.push(call as Call & { input: never });
          signal.addEventListener('abort', () => void (call.running = false));
          return new Promise<T>(() => {});
        };
        const machine = contentMachine.provide({
          actors: {
            loadContent: fromPromise<LoadContentOutput, void>(({ signal }) => pending(fakes.loads, {}, signal)),
            submitChange: fromPromise<SubmitChangeOutput, ContentChangeRequest>(({ input, signal }) => pending(fakes.submits, { input }, signal)),
          },
        });
        return { machine, fakes };
      },
      deliver: (_event, run) => {
        before = run.actor.getSnapshot() as Snapshot;
        return false;
      },
      checkStep: ({ snapshot, event, fakes }) => {
        const answered = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)?.[2];
        const list = answered === 'submitChange' ? fakes.submits : answered === 'loadContent' ? fakes.loads : null;
        list?.forEach((c) => void (c.running = false));
        invariants(snapshot, event, fakes, before);
      },
    });
    expect(ended.length).toBeGreaterThan(0);
  });
});
