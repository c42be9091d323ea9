/**
 * Paths of the case work panel (issue 29): taking, letting go and giving a case, a refusal (someone changed it first)
 * followed by the case read again, and notes written (checked before sending, the request id kept for a retry). Every
 * path is replayed on a real actor with fake calls, for compliance and for an auditor, and after each step: one call
 * exactly while one runs; an auditor never sends anything; a change of holder is asked "as I saw it" (the holder shown
 * is the one expected); a note is sent only when the server's schema would take it, and a retry of an unwritten note
 * keeps its request id; a written note is listed once and the draft empties.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { kycCaseWorkMachine } from '../../machines/admin/kyc-case-work/kyc-case-work.machine.ts';
import { noteProblem } from '../../src/shared/admin/kyc-review.ts';
import type { AddNoteInput, AssignInput, KycAssignmentResponse, KycCaseNote, KycCaseWorkInput } from '../../machines/admin/kyc-case-work/kyc-case-work.types.ts';
import { kycCase } from '../../machines/admin/kyc-case/kyc-case.fixtures.ts';
import { kycReviewMessages } from '../../src/shared/admin/kyc-messages.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof kycCaseWorkMachine>;

const ME = '22222222-2222-4222-8222-222222222222';
const DAN = '33333333-3333-4333-8333-333333333333';
const since = '2026-11-28T10:00:00.000Z';
const HELD_BY_ME: KycAssignmentResponse = { assignee: { staffId: ME, name: 'Carla', since, assignedByName: 'Carla' } };
const HELD_BY_DAN: KycAssignmentResponse = { assignee: { staffId: DAN, name: 'Dan', since, assignedByName: 'Carla' } };
const NOTE: KycCaseNote = { id: '44444444-4444-4444-8444-444444444444', staffId: ME, staffName: 'Carla', body: 'Checked the passport.', at: since };
const conflict = Object.assign(new Error(kycReviewMessages.heldByOther('Dan')), { status: 409 });

// The page's seed of request ids: the chart makes the ids from it and a count, never at random.
const REQUEST_SEED = '00000000-0000-4000-8000-5eed00000000';

const events: AnyEventObject[] = [
  { type: 'work.take' },
  { type: 'work.release' },
  { type: 'work.giveTo.choose', staffId: DAN },
  { type: 'work.give' },
  { type: 'work.note.draft', value: 'Checked the passport.' },
  { type: 'work.note.draft', value: '  ' },
  { type: 'work.note.add' },
  { type: 'xstate.done.actor.assign', output: HELD_BY_ME },
  { type: 'xstate.done.actor.assign', output: HELD_BY_DAN },
  { type: 'xstate.error.actor.assign', error: conflict },
  { type: 'xstate.done.actor.loadCase', output: { ...kycCase(), assignee: HELD_BY_DAN.assignee } },
  { type: 'xstate.error.actor.loadCase', error: new Error('offline') },
  { type: 'xstate.done.actor.addNote', output: { note: NOTE } },
  { type: 'xstate.error.actor.addNote', error: new Error('The note could not be saved.') },
];

type Fakes = { running: Record<string, number>; assigned: AssignInput[]; notes: AddNoteInput[] };

function invariants(s: Snapshot, event: AnyEventObject, fakes: Fakes, canWork: boolean) {
  expect(fakes.running.assign ?? 0, 'an assign call exactly while changing').toBe(s.matches({ holder: 'changing' }) ? 1 : 0);
  expect(fakes.running.loadCase ?? 0, 'a case read exactly while reading').toBe(s.matches({ holder: 'reading' }) ? 1 : 0);
  expect(fakes.running.addNote ?? 0, 'a note call exactly while adding').toBe(s.matches({ notes: 'adding' }) ? 1 : 0);
  if (!canWork) expect([fakes.assigned, fakes.notes]).toEqual([[], []]);
  // A change is asked as the reviewer sees it: the holder on screen is the one expected.
  if (s.matches({ holder: 'changing' })) expect(fakes.assigned.at(-1)?.payload.expectedAssignee).toBe(s.context.assignee?.staffId ?? null);
  for (const n of fakes.notes) expect(noteProblem(n.payload.body)).toBeNull();
  if (s.matches({ notes: 'adding' })) expect(s.context.requestId).toMatch(/^[0-9a-f-]{36}$/);
  if (event.type === 'xstate.done.actor.addNote') {
    expect(s.context.notes.filter((n) => n.id === NOTE.id)).toHaveLength(1);
    expect([s.context.draft, s.context.requestId]).toEqual(['', null]);
  }
  if (event.type === 'xstate.error.actor.addNote') expect(s.context.requestId).not.toBeNull();
  if (event.type === 'xstate.error.actor.assign') expect(s.context.holderError).toBe(kycReviewMessages.heldByOther('Dan'));
}

for (const canWork of [true, false]) {
  describe(`case work statechart paths (${canWork ? 'compliance' : 'auditor'})`, () => {
    const input: KycCaseWorkInput = { userId: '2f1c7a3e-7d55-4a8e-9a53-3c9d2b7f0a11', staffId: ME, canWork, assignee: null, notes: [], reviewers: [{ staffId: ME, name: 'Carla' }, { staffId: DAN, name: 'Dan' }], requestSeed: REQUEST_SEED };
    const result = coverMachine(kycCaseWorkMachine, { name: `kyc-case-work${canWork ? '' : '-auditor'}`, events, input, ignoreContext: ['requestId', 'made'] });

    if (canWork) it('reaches every state and transition', () => expectFullCoverage(result));

    it('keeps the invariants on every path, replayed on a real actor', async () => {
      const ended = await replayPaths<typeof kycCaseWorkMachine, Fakes>(result.paths, {
        input,
        setup: () => {
          const fakes: Fakes = { running: {}, assigned: [], notes: [] };
          const pending = (id: string, signal: AbortSignal) => {
            fakes.running[id] = (fakes.running[id] ?? 0) + 1;
            signal.addEventListener('abort', () => void (fakes.running[id] = (fakes.running[id] ?? 1) - 1));
            return new Promise<never>(() => {});
          };
          const machine = kycCaseWorkMachine.provide({
            actors: {
              assign: fromPromise<KycAssignmentResponse, AssignInput>(({ input: i, signal }) => {
                fakes.assigned.push(i);
                return pending('assign', signal);
              }),
              addNote: fromPromise<{ note: KycCaseNote }, AddNoteInput>(({ input: i, signal }) => {
                fakes.notes.push(i);
                return pending('addNote', signal);
              }),
              loadCase: fromPromise(({ signal }) => pending('loadCase', signal)),
            },
          });
          return { machine, fakes };
        },
        checkStep: ({ snapshot, event, fakes }) => {
          const done = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
          if (done) fakes.running[done[2]!] = 0;
          invariants(snapshot, event, fakes, canWork);
        },
      });
      console.log(`[paths] kyc-case-work (${canWork ? 'compliance' : 'auditor'}): ${ended.length} paths replayed`);
    });
  });
}
