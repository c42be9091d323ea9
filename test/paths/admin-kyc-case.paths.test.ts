/**
 * Paths of the back-office KYC case: the load, the decision form (compliance and auditor), the decision's answer or
 * refusal, the reload, and documents opened inline arrive as events; every path is replayed on a real actor with fake
 * effects. Invariants: a decision is sent only by compliance, only for a case under review, only as the server's
 * schema accepts it and with the round the reviewer sees; one call per running state; a document's object URL is
 * released when another is opened or it is closed, in either pane (the main one, the one beside); zoom and rotation
 * stay within their steps and start plain for each document opened.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { fromPromise, type AnyEventObject } from 'xstate';
import { CASE_USER_ID, firstApprovedCase, kycCase } from '../../machines/admin/kyc-case/kyc-case.fixtures.ts';
import { kycCaseMachine } from '../../machines/admin/kyc-case/kyc-case.machine.ts';
import { CHOOSE_DECISION, hasApprovedThisRound, ZOOM_LEVELS } from '../../machines/admin/kyc-case/kyc-case.rules.ts';
import { selectAwaitsSecondReviewer } from '../../machines/admin/kyc-case/kyc-case.selectors.ts';
import { PLAIN_VIEW, type DecideInput, type KycCase, type KycDecisionResponse, type LoadDocumentInput, type OpenDocument } from '../../machines/admin/kyc-case/kyc-case.types.ts';
import { kycReviewMessages } from '../../src/shared/admin/kyc-messages.ts';
import { KycDecisionSchema } from '../../src/shared/admin/kyc-review.ts';
import { kycCaseActions } from '../../src/client/admin/kyc/kyc-review-effects.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

const notFound = Object.assign(new Error('Not found.'), { status: 404 });
const conflict = Object.assign(new Error(kycReviewMessages.notUnderReview), { status: 409 });
const APPROVED: KycDecisionResponse = { status: 'APPROVED', reviewRound: 1, decision: 'APPROVED', awaitingSecondApproval: false };
const DOC: OpenDocument = { documentId: '11111111-1111-4111-8111-111111111111', url: 'blob:fake-1', contentType: 'image/png' };
const SELFIE: OpenDocument = { documentId: '44444444-4444-4444-8444-444444444444', url: 'blob:fake-2', contentType: 'image/jpeg' };
const STAFF_ID = '22222222-2222-4222-8222-222222222222';
/** The case as the signed-in reviewer left it after this round's first approval (four eyes). */
const FIRST_APPROVED_BY_ME = firstApprovedCase(STAFF_ID);

/** The case's load and the decision form. */
const decisionEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadCase', output: kycCase() },
  { type: 'xstate.error.actor.loadCase', error: notFound },
  { type: 'xstate.error.actor.loadCase', error: new Error('The server could not be reached.') },
  { type: 'case.retry' },
  { type: 'case.form.decision', decision: 'APPROVED' },
  { type: 'case.form.decision', decision: 'REJECTED' },
  { type: 'case.form.reason', value: 'Blurred.' },
  { type: 'case.form.message', value: 'Please upload it again.' },
  { type: 'case.form.step', step: 'identity', checked: true },
  { type: 'case.form.step', step: 'identity', checked: false },
  { type: 'case.decide' },
  { type: 'xstate.done.actor.decide', output: APPROVED },
  { type: 'xstate.error.actor.decide', error: conflict },
  { type: 'xstate.done.actor.reloadCase', output: kycCase({ status: 'APPROVED' }) },
  { type: 'xstate.done.actor.reloadCase', output: FIRST_APPROVED_BY_ME },
  { type: 'xstate.error.actor.reloadCase', error: new Error('The server could not be reached.') },
];
/** The documents: opened, side by side, zoomed and turned. */
const documentEvents: AnyEventObject[] = [
  { type: 'case.document.open', documentId: DOC.documentId },
  { type: 'xstate.done.actor.loadDocument', output: DOC },
  { type: 'xstate.error.actor.loadDocument', error: notFound },
  { type: 'case.document.close' },
  { type: 'case.beside.open', documentId: SELFIE.documentId },
  { type: 'xstate.done.actor.loadBeside', output: SELFIE },
  { type: 'xstate.error.actor.loadBeside', error: notFound },
  { type: 'case.beside.close' },
  { type: 'case.view.zoom', pane: 'main', by: 1 },
  { type: 'case.view.zoom', pane: 'beside', by: -1 },
  { type: 'case.view.rotate', pane: 'beside' },
  { type: 'case.view.rotate', pane: 'main' },
];
const events = [...decisionEvents, ...documentEvents];
type Snap = ReturnType<typeof kycCaseMachine.transition>;
const documentsClosed = (s: Snap) => !s.matches('ready') || s.matches({ ready: { document: 'closed', beside: 'closed' } });
const untouchedForm = (s: Snap) => s.matches({ ready: { decision: 'editing' } }) && s.context.form.decision === '' && s.context.notice === null && s.context.decisionError === null;
/**
 * The regions are independent: a path goes on while the documents are closed or the form is untouched, so the paths
 * cover the form and the documents each in full without their product (which would be too many to replay).
 */
const stopWhen = (s: Snap) => !documentsClosed(s) && !untouchedForm(s);

type Fakes = { decided: DecideInput[]; running: Record<string, number>; revoked: string[] };

describe.each([
  { role: 'compliance', canDecide: true },
  { role: 'auditor', canDecide: false },
])('admin kyc-case statechart paths ($role)', ({ canDecide }) => {
  let revoke: ReturnType<typeof vi.spyOn>;
  let revoked: string[] = [];
  beforeEach(() => {
    revoked = [];
    revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => void revoked.push(url));
  });
  afterEach(() => revoke.mockRestore());

  const input = { userId: CASE_USER_ID, staffId: STAFF_ID, canDecide, requestSeed: '00000000-0000-4000-8000-5eed00000000' };
  const result = coverMachine(kycCaseMachine, { name: 'kyc-case', events, input, ignoreContext: ['notice', 'views'], stopWhen });

  if (canDecide) it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the case invariants on every path, replayed on a real actor', async () => {
    await replayPaths<typeof kycCaseMachine, Fakes>(result.paths, {
      input,
      setup: () => {
        const fakes: Fakes = { decided: [], running: {}, revoked };
        const pending = (id: string) => {
          fakes.running[id] = (fakes.running[id] ?? 0) + 1;
          return new Promise<never>(() => {});
        };
        const machine = kycCaseMachine.provide({
          actions: kycCaseActions,
          actors: {
            loadCase: fromPromise<KycCase, { userId: string }>(({ input: i }) => {
              expect(i.userId).toBe(CASE_USER_ID);
              return pending('loadCase');
            }),
            decide: fromPromise<KycDecisionResponse, DecideInput>(({ input: i }) => {
              fakes.decided.push(i);
              return pending('decide');
            }),
            loadDocument: fromPromise<OpenDocument, LoadDocumentInput>(({ input: i }) => pending(i.documentId === SELFIE.documentId ? 'loadBeside' : 'loadDocument')),
          },
        });
        return { machine, fakes };
      },
      checkStep: ({ snapshot: s, event, fakes }) => {
        // Every decision sent: compliance only, the schema's shape, the round shown.
        if (!canDecide) expect(fakes.decided).toEqual([]);
        for (const sent of fakes.decided) {
          expect(v.safeParse(KycDecisionSchema, sent.payload).success).toBe(true);
          expect(sent.payload.expectedRound).toBe(1);
        }
        if (s.hasTag('deciding')) expect(s.context.kase?.kyc.status).toBe('UNDER_REVIEW');
        // Four eyes: the round's first approver is shown the notice, and never sends a second approval.
        const mine = hasApprovedThisRound(s.context.kase, STAFF_ID);
        expect(selectAwaitsSecondReviewer(s)).toBe(canDecide && mine);
        if (mine && s.hasTag('deciding')) expect(s.context.form.decision).not.toBe('APPROVED');
        if (event.type === 'case.decide' && canDecide && s.matches({ ready: { decision: 'editing' } }) && s.context.kase?.kyc.status === 'UNDER_REVIEW')
          expect([CHOOSE_DECISION, kycReviewMessages.reasonRequired, kycReviewMessages.stepsRequired, kycReviewMessages.messageRequired]).toContain(s.context.decisionError);
        if (event.type === 'xstate.error.actor.decide') expect(s.context.decisionError).toBe(kycReviewMessages.notUnderReview);
        if (s.matches('notFound')) expect(s.context.notFound).toBe(true);
        // A document's URL is given back once it is no longer shown.
        if (event.type === 'case.document.close' || event.type === 'case.document.open') expect(s.context.document).toBeNull();
        if (s.matches({ ready: { document: 'open' } })) expect(s.context.document?.url).toBe(DOC.url);
        if (event.type === 'case.beside.close' || event.type === 'case.beside.open') expect(s.context.beside).toBeNull();
        if (s.matches({ ready: { beside: 'open' } })) expect(s.context.beside?.url).toBe(SELFIE.url);
        expect(revoked.every((url) => url === DOC.url || url === SELFIE.url)).toBe(true);
        // Zoom and rotation: only of a shown pane, within the steps; a newly opened document is looked at plainly.
        for (const pane of ['main', 'beside'] as const) {
          expect(ZOOM_LEVELS).toContain(s.context.views[pane].zoom);
          expect([0, 90, 180, 270]).toContain(s.context.views[pane].rotation);
        }
        if (event.type === 'case.beside.open') expect(s.context.views.beside).toEqual(PLAIN_VIEW);
        if (event.type === 'case.document.open') expect(s.context.views.main).toEqual(PLAIN_VIEW);
      },
    });
  });
});
