/**
 * Paths of the back-office content page: load (or fail and try again); open a form (a section, a new section, an
 * agreement with its checkbox rows), edit it (a field, the file, a row's statement and flags, a row added, removed,
 * moved) and cancel it; save (a form the server would refuse stays open with its faults shown and nothing sent; a
 * valid one is sent: accepted, the list loaded again, the form closed, a notice that says what the change did to
 * investors; refused, the form kept open with the server's words); remove a section; preview a document beside the
 * form (shown until closed, or another chosen). Replayed on a real actor with fake calls; after each step: one call
 * exactly while busy, a save sends exactly the form's change and only a valid one, the rows keep the server's rules
 * that the form enforces itself (1 to 32, unique ids, critical only when required), notice and error never both shown.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { GENERAL_FAILURE } from '../../machines/admin/admin-failure.ts';
import { changeNotice, contentMachine } from '../../machines/admin/content/content.machine.ts';
import { changeOf, draftProblems, isDraftValid, nextBoxId, withBoxAdded, withBoxMoved } from '../../machines/admin/content/content.rules.ts';
import type { ContentDraft } from '../../machines/admin/content/content.types.ts';
import { contentMessages } from '../../src/shared/admin/content-messages.ts';
import { selectPhase } from '../../machines/admin/content/content.selectors.ts';
import type { ContentChangeRequest, LoadContentOutput, SubmitChangeOutput } from '../../machines/admin/content/content.types.ts';
import { AdminApiError } from '../../src/client/admin/admin-api.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof contentMachine>;

const SECTION_ID = '00000000-0000-4000-8000-000000000001';
const SHA = 'a'.repeat(64);
const AT = '2026-11-24T10:00:00.000Z';
const LIST: LoadContentOutput = {
  sections: [{ id: SECTION_ID, slug: 'risk', title: 'Risk', order: 1, minReadingSeconds: 60, sha256: SHA, sizeBytes: 2048, readers: 0, updatedAt: AT, retiredAt: null, history: [] }],
  agreements: [
    {
      key: 'ppm',
      order: 1,
      current: { id: 'v1', title: 'PPM', sha256: SHA, sizeBytes: 4096, checkboxes: [{ id: 'ppm_read', text: 'I read it.', required: true, critical: true }], signatureField: 'f', dateField: 'd', createdAt: AT, retiredAt: null, signers: 0 },
      versions: [],
    },
  ],
};
const REFUSED = 'The file must be a PDF document.';

const events: AnyEventObject[] = [
  { type: 'content.retry' },
  { type: 'content.edit', target: { kind: 'section', id: SECTION_ID } },
  { type: 'content.edit', target: { kind: 'newSection' } },
  { type: 'content.edit', target: { kind: 'agreement', key: 'ppm' } },
  { type: 'content.cancel' },
  { type: 'content.field', field: 'title', value: '' },
  { type: 'content.file', file: null },
  { type: 'content.box.text', index: 0, value: '' },
  { type: 'content.box.flag', index: 0, flag: 'required', value: false },
  { type: 'content.box.add' },
  { type: 'content.box.remove', index: 1 },
  { type: 'content.box.move', index: 0, by: 1 },
  { type: 'content.save' },
  { type: 'content.retire', id: SECTION_ID },
  { type: 'content.preview', request: { title: 'Risk', path: `/api/admin/content/disclosure/${SECTION_ID}/pdf` } },
  { type: 'content.preview', request: { title: 'PPM', path: '/api/admin/content/agreements/ppm/versions/v1/pdf' } },
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
  const sent = before?.matches({ ready: { work: 'editing' } }) && event.type === 'content.save';
  if (sent && isDraftValid(before!.context.draft)) expect(fakes.submits.at(-1)!.input).toEqual(changeOf(before!.context.draft!));
  if (sent && !isDraftValid(before!.context.draft)) {
    expect(s.matches({ ready: { work: 'editing' } }), 'a refused form stays open').toBe(true);
    expect(s.context.checked, 'its faults are shown').toBe(true);
    expect(fakes.submits.filter((c) => c.running)).toEqual([]);
  }
  if (event.type === 'content.retire' && s.matches({ ready: { work: 'submitting' } })) expect(fakes.submits.at(-1)!.input).toEqual({ kind: 'retire', id: event.id });
  if (event.type === 'xstate.done.actor.submitChange') {
    expect(s.context.notice).toBe(changeNotice(before!.context.pending!, event.output));
    expect(s.context.draft).toBeNull();
    expect(s.matches({ ready: { work: 'refreshing' } })).toBe(true);
  }
  if (event.type === 'xstate.error.actor.submitChange') {
    expect(s.context.error).toBe(REFUSED);
    expect(s.context.draft, 'the form keeps what was typed').toEqual(before!.context.draft);
    expect(s.matches({ ready: { work: 'editing' } })).toBe(s.context.draft !== null);
  }
  if (event.type === 'xstate.error.actor.loadContent') expect(s.context.error).toBe(GENERAL_FAILURE);
  expect(s.context.notice !== null && s.context.error !== null, 'notice and error at once').toBe(false);
  // A form opens with the server's values and without the last action's words.
  if (event.type === 'content.edit' && s.context.draft) expect([s.context.notice, s.context.error, s.context.checked]).toEqual([null, null, false]);
  if (s.matches({ ready: { work: 'editing' } })) expect(s.context.draft).not.toBeNull();
  if (s.matches({ ready: { work: 'browsing' } }) || s.matches({ ready: { work: 'refreshing' } })) expect(s.context.draft).toBeNull();
  const draft = s.context.draft;
  if (draft?.kind === 'agreement') {
    expect(draft.boxes.length).toBeGreaterThanOrEqual(1);
    expect(new Set(draft.boxes.map((b) => b.id)).size, 'row ids unique').toBe(draft.boxes.length);
    for (const box of draft.boxes) expect(!box.critical || box.required, 'critical only when required').toBe(true);
  }
  expect(s.context.preview !== null).toBe(s.matches({ ready: { preview: 'shown' } }));
  // The preview shows the document asked for last.
  if (event.type === 'content.preview' && s.matches('ready')) expect(s.context.preview).toEqual(event.request);
  if (s.matches('failed')) expect(selectPhase(s)).toBe('failed');
}

describe('admin content statechart paths', () => {
  const result = coverMachine(contentMachine, {
    name: 'admin-content',
    events,
    // Which document is shown changes nothing else: snapshots that differ only there are one.
    ignoreContext: ['preview'],
    // Rows beyond three add nothing the paths do not already show (and the cap of 32 is a rule's test).
    stopWhen: (s) => {
      const draft = (s as Snapshot).context.draft;
      return draft?.kind === 'agreement' && draft.boxes.length > 2;
    },
  });

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

describe('content form rules (the loader\'s, before sending)', () => {
  const agreement = (n: number): ContentDraft => ({
    kind: 'agreement',
    key: 'ppm',
    title: 'PPM',
    boxes: Array.from({ length: n }, (_, i) => ({ id: `box_${i + 2}`, text: `Statement ${i}`, required: true, critical: false })),
    file: null,
  });

  it('a new row takes the smallest free id and never goes past 32 rows', () => {
    expect(nextBoxId((agreement(2) as Extract<ContentDraft, { kind: 'agreement' }>).boxes)).toBe('box_1');
    expect(nextBoxId([{ id: 'box_1', text: 'A', required: true, critical: false }])).toBe('box_2');
    const full = agreement(32);
    expect(withBoxAdded(full)).toEqual(full);
    const added = withBoxAdded(agreement(1)) as Extract<ContentDraft, { kind: 'agreement' }>;
    expect(added.boxes.map((b) => b.id)).toEqual(['box_2', 'box_1']);
  });

  it('a move past either end changes nothing', () => {
    const two = agreement(2);
    expect(withBoxMoved(two, 0, -1)).toEqual(two);
    expect(withBoxMoved(two, 1, 1)).toEqual(two);
  });

  it('names the faults the server would: none required, too many, an empty statement, a bad order', () => {
    const none = agreement(1) as Extract<ContentDraft, { kind: 'agreement' }>;
    expect(draftProblems({ ...none, boxes: [{ ...none.boxes[0]!, required: false }] }).boxes).toBe(contentMessages.noRequiredBox);
    const many = agreement(33) as Extract<ContentDraft, { kind: 'agreement' }>;
    expect(draftProblems(many).boxes).toBe(contentMessages.boxCount);
    expect(draftProblems({ ...none, boxes: [{ ...none.boxes[0]!, text: '  ' }] }).rows[0]).toEqual({ text: contentMessages.boxText });
    expect(draftProblems({ kind: 'section', id: SECTION_ID, title: 'Risk', order: '0', minReadingSeconds: '36001', file: null })).toEqual({
      order: contentMessages.invalidOrder,
      minReadingSeconds: contentMessages.invalidReadingTime,
      rows: [],
    });
  });
});
