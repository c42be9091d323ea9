/**
 * Paths of the back-office KYC case: the load, the decision form (compliance and auditor), the decision's answer or
 * refusal, the reload, and documents opened inline arrive as events; every path is replayed on a real actor with fake
 * effects. Invariants: a decision is sent only by compliance, only for a case under review, only as the server's
 * schema accepts it and with the round the reviewer sees; one call per running state; a document's object URL is
 * released when another is opened or it is closed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { fromPromise, type AnyEventObject } from 'xstate';
import { CASE_USER_ID, kycCase } from '../../machines/admin/kyc-case/kyc-case.fixtures.ts';
import { kycCaseMachine } from '../../machines/admin/kyc-case/kyc-case.machine.ts';
import { CHOOSE_DECISION } from '../../machines/admin/kyc-case/kyc-case.rules.ts';
import type { DecideInput, KycCase, KycDecisionResponse, LoadDocumentInput, OpenDocument } from '../../machines/admin/kyc-case/kyc-case.types.ts';
import { kycReviewMessages } from '../../src/shared/admin/kyc-messages.ts';
import { KycDecisionSchema } from '../../src/shared/admin/kyc-review.ts';
import { kycCaseActions } from '../../src/client/admin/kyc/kyc-review-effects.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

const notFound = Object.assign(new Error('Not found.'), { status: 404 });
const conflict = Object.assign(new Error(kycReviewMessages.notUnderReview), { status: 409 });
const APPROVED: KycDecisionResponse = { status: 'APPROVED', reviewRound: 1, decision: 'APPROVED', awaitingSecondApproval: false };
const DOC: OpenDocument = { documentId: '11111111-1111-4111-8111-111111111111', url: 'blob:fake-1', contentType: 'image/png' };
const STAFF_ID = '22222222-2222-4222-8222-222222222222';

const events: AnyEventObject[] = [
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
  { type: 'xstate.error.actor.reloadCase', error: new Error('The server could not be reached.') },
  { type: 'case.document.open', documentId: DOC.documentId },
  { type: 'xstate.done.actor.loadDocument', output: DOC },
  { type: 'xstate.error.actor.loadDocument', error: notFound },
  { type: 'case.document.close' },
];

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

  const input = { userId: CASE_USER_ID, staffId: STAFF_ID, canDecide };
  const result = coverMachine(kycCaseMachine, { name: 'kyc-case', events, input, ignoreContext: ['notice'] });

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
            loadDocument: fromPromise<OpenDocument, LoadDocumentInput>(() => pending('loadDocument')),
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
        if (event.type === 'case.decide' && canDecide && s.matches({ ready: { decision: 'editing' } }) && s.context.kase?.kyc.status === 'UNDER_REVIEW')
          expect([CHOOSE_DECISION, kycReviewMessages.reasonRequired, kycReviewMessages.stepsRequired, kycReviewMessages.messageRequired]).toContain(s.context.decisionError);
        if (event.type === 'xstate.error.actor.decide') expect(s.context.decisionError).toBe(kycReviewMessages.notUnderReview);
        if (s.matches('notFound')) expect(s.context.notFound).toBe(true);
        // A document's URL is given back once it is no longer shown.
        if (event.type === 'case.document.close' || event.type === 'case.document.open') expect(s.context.document).toBeNull();
        if (s.matches({ ready: { document: 'open' } })) expect(s.context.document?.url).toBe(DOC.url);
        expect(revoked.every((url) => url === DOC.url)).toBe(true);
      },
    });
  });
});
