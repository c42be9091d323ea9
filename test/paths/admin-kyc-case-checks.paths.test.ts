/**
 * Paths of the reviewer aids (issue 30): the checks read again every few seconds while some are pending (a read's
 * answer, still pending or done; a failed read, tried again after the pause), and a compliance reviewer's word on a
 * screening hit (the form opened, a choice and a reason, checked before sending; the answer kept; a refusal shown),
 * and an item of the enhanced due diligence checklist ticked (sent with the round shown; the answer kept; a refusal
 * shown). Every path is replayed on a real actor with fake calls and fake time, for compliance and for an auditor, and
 * after each step: one call exactly while a call's state is active (so never two reads at once, no read without the
 * pause, never two EDD changes at once: a tick while one is sent is ignored); an auditor never sends; every decision
 * sent passes the server's schema; every EDD change passes it too and carries the round of the checks shown when it
 * was sent; after an answer the checks are that answer's (after a decision's, the form is closed), and a read begun
 * before it never overwrites it; a refusal shows the server's words (a hit's draft is kept).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { CHECKS_POLL_MS, kycCaseChecksMachine } from '../../machines/admin/kyc-case-checks/kyc-case-checks.machine.ts';
import type { DecideHitInput, KycCaseChecksInput, KycChecks, LoadChecksInput, SetEddItemInput } from '../../machines/admin/kyc-case-checks/kyc-case-checks.types.ts';
import { CASE_USER_ID, eddChecklist, pendingChecks, SANCTION_HIT_ID, screenedChecks } from '../../machines/admin/kyc-case/kyc-case.fixtures.ts';
import { EddItemUpdateSchema, ScreeningHitDecisionSchema } from '../../src/shared/admin/kyc-checks.ts';
import { kycReviewMessages } from '../../src/shared/admin/kyc-messages.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof kycCaseChecksMachine>;

/** A high-risk case: its checklist required. A read may answer a later round (resubmitted meanwhile): its own checklist. */
const PENDING: KycChecks = { ...pendingChecks(), edd: eddChecklist(true, 1) };
const DONE: KycChecks = { ...screenedChecks(), edd: eddChecklist(true, 2) };
const EDD_ITEM = 'source-of-funds';
/** The answer of an EDD item ticked: the checks with that item done. */
const EDD_ANSWER: KycChecks = {
  ...DONE,
  edd: { ...DONE.edd, items: DONE.edd.items.map((i) => (i.item === EDD_ITEM ? { ...i, done: { staffName: 'Carla', at: '2026-11-28T10:05:00.000Z' } } : i)) },
};
const staleRound = Object.assign(new Error(kycReviewMessages.staleRound), { status: 409 });
/** The answer of a decision: the sanctions hit marked a false positive, the risk scored again. */
const ANSWER: KycChecks = {
  ...DONE,
  screening: {
    ...DONE.screening!,
    hits: DONE.screening!.hits.map((h) =>
      h.id === SANCTION_HIT_ID ? { ...h, decision: { value: 'FALSE_POSITIVE', reason: 'Born in another year.', staffName: 'Carla', decidedAt: '2026-11-28T10:00:00.000Z' } } : h,
    ),
  },
  risk: { ...DONE.risk!, level: 'low', points: 10, rules: DONE.risk!.rules.filter((r) => r.id !== 'open-sanction-hit') },
};
const REASON = '  Born in another year.  ';
const notFound = Object.assign(new Error(kycReviewMessages.hitNotFound), { status: 404 });
const AFTER = 'xstate.after.CHECKS_POLL.kycCaseChecks.refresh.waiting';

/** The checks each call's answer holds, by its event. */
const ANSWERED_BY: Record<string, KycChecks> = { 'xstate.done.actor.decideHit': ANSWER, 'xstate.done.actor.setEddItem': EDD_ANSWER };

const events: AnyEventObject[] = [
  { type: 'checks.hit.open', hitId: SANCTION_HIT_ID },
  { type: 'checks.hit.open', hitId: '00000000-0000-4000-8000-000000000000' },
  { type: 'checks.hit.choose', decision: 'FALSE_POSITIVE' },
  { type: 'checks.hit.reason', value: REASON },
  { type: 'checks.hit.reason', value: '   ' },
  { type: 'checks.hit.send' },
  { type: 'checks.hit.cancel' },
  { type: 'checks.edd.toggle', item: EDD_ITEM, done: true },
  { type: 'checks.edd.toggle', item: 'not-an-item', done: true },
  { type: 'xstate.done.actor.setEddItem', output: EDD_ANSWER },
  { type: 'xstate.error.actor.setEddItem', error: staleRound },
  { type: 'xstate.done.actor.decideHit', output: ANSWER },
  { type: 'xstate.error.actor.decideHit', error: notFound },
  { type: 'xstate.done.actor.loadChecks', output: PENDING },
  { type: 'xstate.done.actor.loadChecks', output: DONE },
  { type: 'xstate.error.actor.loadChecks', error: new Error('The server could not be reached.') },
  { type: AFTER },
];

/**
 * The hits' form and an EDD change are independent but for the checks they answer: a path stops once both are under
 * way (the form open while an EDD change is sent or refused), so the product of the two stays small; an answer of one
 * followed by the other's is still covered (the form is closed after its answer).
 */
const stopWhen = (s: Snapshot) => s.context.form !== null && (s.context.eddSending !== null || s.context.eddError !== null);

type Fakes = {
  running: Record<string, number>;
  decided: DecideHitInput[];
  eddSent: SetEddItemInput[];
  /** How many EDD changes sent were compared with the round shown when they were sent. */
  eddRoundsChecked: number;
  /** The EDD region was sending before this step. */
  wasSendingEdd: boolean;
  /** A call was answered while the current read runs: that read's answer must not replace it. */
  answeredDuringLoad: boolean;
  /** The last answer of a call (a decision, an EDD item): the checks shown while a read begun before it runs. */
  lastAnswer: KycChecks | null;
};

function invariants(s: Snapshot, event: AnyEventObject, fakes: Fakes, canDecide: boolean) {
  expect(fakes.running.loadChecks ?? 0, 'a read exactly while loading').toBe(s.matches({ refresh: 'loading' }) ? 1 : 0);
  expect(fakes.running.decideHit ?? 0, 'a decision call exactly while sending').toBe(s.matches({ hits: 'sending' }) ? 1 : 0);
  expect(fakes.running.setEddItem ?? 0, 'an EDD call exactly while sending it').toBe(s.matches({ edd: 'sending' }) ? 1 : 0);
  if (!canDecide) {
    expect(fakes.decided).toEqual([]);
    expect(s.context.form).toBeNull();
    expect(fakes.eddSent).toEqual([]);
    expect(s.matches({ edd: 'idle' })).toBe(true);
  }
  // One EDD call per tick from idle (a tick while one is sent is ignored), for the round of the checks shown then.
  const fresh = fakes.eddSent.slice(fakes.eddRoundsChecked);
  expect(fresh.length, 'an EDD call only on a tick from idle').toBe(event.type === 'checks.edd.toggle' && !fakes.wasSendingEdd && s.matches({ edd: 'sending' }) ? 1 : 0);
  for (const sent of fresh) expect(sent.payload.expectedRound).toBe(s.context.checks.edd.round);
  fakes.eddRoundsChecked = fakes.eddSent.length;
  for (const sent of fakes.eddSent) {
    expect(v.safeParse(EddItemUpdateSchema, sent.payload).output).toEqual(sent.payload);
    expect([sent.userId, sent.item, sent.payload.done]).toEqual([CASE_USER_ID, EDD_ITEM, true]);
  }
  if (event.type === 'xstate.done.actor.setEddItem') {
    expect([s.context.checks, s.context.eddSending, s.context.eddError]).toEqual([EDD_ANSWER, null, null]);
    expect(s.matches({ edd: 'idle' })).toBe(true);
  }
  if (event.type === 'xstate.error.actor.setEddItem') {
    expect([s.context.eddError, s.context.eddSending]).toEqual([kycReviewMessages.staleRound, null]);
    expect(s.matches({ edd: 'idle' })).toBe(true);
  }
  expect(s.context.eddSending === null).toBe(s.matches({ edd: 'idle' }));
  fakes.wasSendingEdd = s.matches({ edd: 'sending' });
  // Every decision sent is one the server's schema takes as it is (the reason trimmed before sending).
  for (const d of fakes.decided) {
    expect(v.safeParse(ScreeningHitDecisionSchema, d.payload).output).toEqual(d.payload);
    expect([d.userId, d.hitId]).toEqual([CASE_USER_ID, SANCTION_HIT_ID]);
  }
  if (s.matches({ refresh: 'idle' })) expect(s.context.checks.pending).toEqual([]);
  // A read begun before a call's answer never replaces it.
  if (s.context.answeredSinceLoad) expect(s.context.checks).toEqual(fakes.lastAnswer);
  if (event.type === 'xstate.done.actor.loadChecks' && fakes.answeredDuringLoad) expect(s.context.checks).toEqual(fakes.lastAnswer);
  const answered = event.type === 'xstate.done.actor.decideHit' || event.type === 'xstate.done.actor.setEddItem';
  fakes.answeredDuringLoad = s.matches({ refresh: 'loading' }) && (fakes.answeredDuringLoad || answered);
  if (event.type === 'xstate.done.actor.decideHit') {
    expect([s.context.form, s.context.formError, s.context.checks]).toEqual([null, null, ANSWER]);
    expect(s.matches({ hits: 'reading' })).toBe(true);
  }
  if (event.type === 'xstate.error.actor.decideHit') {
    expect(s.context.formError).toBe(kycReviewMessages.hitNotFound);
    expect(s.context.form).toEqual({ hitId: SANCTION_HIT_ID, decision: 'FALSE_POSITIVE', reason: REASON });
  }
  // Nothing sent on an incomplete draft: the schema's words are shown.
  if (event.type === 'checks.hit.send' && s.matches({ hits: 'editing' }) && canDecide) {
    expect(['Please choose true match or false positive.', 'Please give a reason.']).toContain(s.context.formError);
  }
  // A failed read waits and tries again: never a read at once.
  if (event.type === 'xstate.error.actor.loadChecks') expect([s.matches({ refresh: 'waiting' }), s.context.refreshError]).toEqual([true, 'The server could not be reached.']);
  if (event.type === 'xstate.done.actor.loadChecks') expect(s.context.refreshError).toBeNull();
}

for (const canDecide of [true, false]) {
  describe(`reviewer aids statechart paths (${canDecide ? 'compliance' : 'auditor'})`, () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    const input: KycCaseChecksInput = { userId: CASE_USER_ID, canDecide, checks: PENDING };
    const result = coverMachine(kycCaseChecksMachine, { name: `kyc-case-checks${canDecide ? '' : '-auditor'}`, events, input, stopWhen });

    if (canDecide) it('reaches every state and transition', () => expectFullCoverage(result));

    it('keeps the invariants on every path, replayed on a real actor', async () => {
      const ended = await replayPaths<typeof kycCaseChecksMachine, Fakes>(result.paths, {
        input,
        setup: () => {
          const fakes: Fakes = { running: {}, decided: [], eddSent: [], eddRoundsChecked: 0, wasSendingEdd: false, answeredDuringLoad: false, lastAnswer: null };
          const pending = (id: string, signal: AbortSignal) => {
            fakes.running[id] = (fakes.running[id] ?? 0) + 1;
            signal.addEventListener('abort', () => void (fakes.running[id] = (fakes.running[id] ?? 1) - 1));
            return new Promise<never>(() => {});
          };
          const machine = kycCaseChecksMachine.provide({
            actors: {
              loadChecks: fromPromise<KycChecks, LoadChecksInput>(({ input: i, signal }) => {
                expect(i.userId).toBe(CASE_USER_ID);
                return pending('loadChecks', signal);
              }),
              decideHit: fromPromise<KycChecks, DecideHitInput>(({ input: i, signal }) => {
                fakes.decided.push(i);
                return pending('decideHit', signal);
              }),
              setEddItem: fromPromise<KycChecks, SetEddItemInput>(({ input: i, signal }) => {
                fakes.eddSent.push(i);
                return pending('setEddItem', signal);
              }),
            },
          });
          return { machine, fakes };
        },
        deliver: (event) => {
          // The pause is the chart's own timer: time moves on, nothing is sent.
          if (event.type !== AFTER) return false;
          vi.advanceTimersByTime(CHECKS_POLL_MS);
          return true;
        },
        checkStep: ({ snapshot, event, fakes }) => {
          const done = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
          if (done) fakes.running[done[2]!] = 0;
          fakes.lastAnswer = ANSWERED_BY[event.type] ?? fakes.lastAnswer;
          invariants(snapshot, event, fakes, canDecide);
        },
      });
      console.log(`[paths] kyc-case-checks (${canDecide ? 'compliance' : 'auditor'}): ${ended.length} paths replayed`);
    });
  });
}
