/**
 * Paths of one agreement, opened unsigned and opened signed. Checkbox ticks, the pad's reports, 'Complete Agreement'
 * and the save's answers arrive as events. Every path is replayed on a real actor (with a real signature pad child)
 * under a stand-in agreements page, and after each step the agreement's invariants are checked: unchecked / accepted
 * follow the required boxes; saving runs exactly one save, of a signed submission with every required box and the
 * pad's PNG; 'Complete Agreement' short of a box or a signature says which in the spec's words; signed exactly when
 * the server said so, then locked (nothing changes it), its required boxes ticked, its pad locked on the stored PNG,
 * and the page told once; a 409 tells the page to load the server's account again; clearing the signature resets
 * signature, signed and signedAt.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { SIGNATURE_PNG, SIGNED, UNSIGNED, configurationOf, signedAnswer, progressAnswer } from '../../machines/agreement/agreement.fixtures.ts';
import { agreementMachine } from '../../machines/agreement/agreement.machine.ts';
import { areRequiredTicked } from '../../machines/agreement/agreement.rules.ts';
import { selectAgreementPhase, selectPadActor } from '../../machines/agreement/agreement.selectors.ts';
import type { AgreementEvent, AgreementInput, SaveAgreementInput, SaveAgreementOutput } from '../../machines/agreement/agreement.types.ts';
import { signaturePadMachine } from '../../machines/signature-pad/signature-pad.machine.ts';
import type { RenderSignaturePngInput } from '../../machines/signature-pad/signature-pad.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import { coverMachine, coverTogether, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof agreementMachine>;

const KEY = 'terms' as const;
const configuration = configurationOf(KEY);
const SERVER_REFUSAL = messages.legal.signatureRequired;

const agreementEvents: AgreementEvent[] = [
  { type: 'agreement.checkbox.set', id: 'read', checked: true },
  { type: 'agreement.checkbox.set', id: 'read', checked: false },
  { type: 'agreement.checkbox.set', id: 'bound', checked: true },
  { type: 'agreement.checkbox.set', id: 'copy', checked: true },
  { type: 'agreement.checkbox.set', id: 'unknown', checked: true },
  { type: 'agreement.signature.ready', png: SIGNATURE_PNG },
  { type: 'agreement.signature.clear' },
  { type: 'agreement.complete' },
];
const events: AnyEventObject[] = [
  ...agreementEvents,
  { type: 'xstate.done.actor.saveAgreement', output: signedAnswer(KEY, SIGNATURE_PNG, { read: true, bound: true, copy: false }) },
  { type: 'xstate.done.actor.saveAgreement', output: progressAnswer([]) },
  { type: 'xstate.error.actor.saveAgreement', error: new ApiError(SERVER_REFUSAL, 400, { error: SERVER_REFUSAL }) },
  { type: 'xstate.error.actor.saveAgreement', error: new ApiError(messages.general.network, 0, null) },
  { type: 'xstate.error.actor.saveAgreement', error: new ApiError(messages.legal.versionChanged, 409, { error: messages.legal.versionChanged }) },
  { type: 'xstate.after.DRAFT_SETTLE.agreement.open.draft.waiting' },
  { type: 'xstate.done.actor.saveDraft', output: progressAnswer([]) },
  { type: 'xstate.error.actor.saveDraft', error: new ApiError(messages.general.network, 0, null) },
];

/** Generation runs the chart alone: what it tells the page is a no-op there (the replays run under a real parent). */
const chart = agreementMachine.provide({ actions: { reportSigned: () => undefined, reportStale: () => undefined, lockPad: () => undefined } });

type Save = { input: SaveAgreementInput; running: boolean };
type Fakes = { saves: Save[]; drafts: Save[]; before: Snapshot | null; heard: number };

const requiredTicked = (s: Snapshot) => areRequiredTicked(s.context.configuration, s.context.checkboxes);

function invariants(s: Snapshot, event: AnyEventObject, fakes: Fakes, sent: AnyEventObject[]) {
  const c = s.context;
  const phase = selectAgreementPhase(s);
  const before = fakes.before;
  // Every box of the configuration, and only those.
  expect(Object.keys(c.checkboxes).sort()).toEqual(configuration.checkboxes.map((b) => b.id).sort());
  if (phase === 'unchecked') expect(requiredTicked(s)).toBe(false);
  if (phase === 'accepted' || phase === 'saving' || phase === 'signed') expect(requiredTicked(s)).toBe(true);

  // One save exactly while saving, of a signed submission with the required boxes and a signature.
  const running = fakes.saves.filter((x) => x.running);
  expect(running.length, 'one save while saving').toBe(phase === 'saving' ? 1 : 0);
  if (phase === 'saving') {
    const { name, submission } = running[0]!.input;
    expect(name).toBe('termsConditions');
    expect(submission).toMatchObject({ accepted: true, signed: true, sha256: configuration.sha256 });
    expect(submission.signature).not.toBe('');
    expect(submission).not.toHaveProperty('signedAt');
  }

  // A draft of the boxes exactly while the draft is sent (never the image, never signed), and none once signed.
  const drafts = fakes.drafts.filter((x) => x.running);
  expect(drafts.length, 'one draft while sending it').toBe(s.matches({ open: { draft: 'sending' } }) ? 1 : 0);
  if (drafts[0]) expect(drafts[0].input).toEqual({ name: 'termsConditions', submission: { accepted: requiredTicked(s), signature: '', signed: false, checkboxes: c.checkboxes } });
  if (event.type === 'xstate.after.DRAFT_SETTLE.agreement.open.draft.waiting') expect(drafts.length).toBe(1);

  // Signed exactly when the server said so (or it loaded signed), then locked on the stored PNG.
  expect(c.signed).toBe(phase === 'signed');
  if (phase === 'signed') {
    expect(c.signature).not.toBe('');
    expect(c.signedAt).not.toBeNull();
    const pad = selectPadActor(s)!.getSnapshot();
    expect(pad.matches('locked'), 'the pad is locked').toBe(true);
    expect(pad.context.storedSignature).toBe(c.signature);
    for (const e of agreementEvents) expect(s.can(e), `signed takes no ${e.type}`).toBe(false);
  } else expect(c.signedAt).toBeNull();

  // 'Complete Agreement' short of something says what, in the spec's words.
  if (event.type === 'agreement.complete' && before?.matches({ open: { form: 'unchecked' } })) expect(c.error).toBe(messages.legal.checkboxesRequired);
  if (event.type === 'agreement.complete' && before?.matches({ open: { form: 'accepted' } }) && before.context.signature === '') expect(c.error).toBe(messages.legal.signatureRequired);
  if (event.type === 'xstate.error.actor.saveAgreement') {
    const { status, message } = event.error as ApiError;
    expect(c.error).toBe(status === 400 || status === 409 ? message : messages.legal.saveSignatureFailed);
  }
  if (event.type === 'xstate.done.actor.saveAgreement' && phase !== 'signed') expect(c.error).toBe(messages.legal.saveSignatureFailed);
  if (event.type === 'agreement.signature.clear' && phase !== 'signed') expect([c.signature, c.signed, c.signedAt]).toEqual(['', false, null]);

  // The page hears of a signing once, as the server stored it, and of a 409 (to load the server's account again).
  const heard = sent.slice(fakes.heard);
  if (event.type === 'xstate.error.actor.saveAgreement' && (event.error as ApiError).status === 409) {
    expect(heard).toEqual([{ type: 'agreements.agreement.stale', key: KEY, message: messages.legal.versionChanged }]);
  } else if (before && !before.hasTag('signed') && phase === 'signed') {
    expect(heard).toEqual([{ type: 'agreements.agreement.signed', key: KEY, state: { accepted: true, signature: c.signature, signed: true, signedAt: c.signedAt, checkboxes: c.checkboxes } }]);
  } else expect(heard).toEqual([]);
  fakes.heard = sent.length;
  fakes.before = s;
}

describe('agreement statechart paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const inputs: AgreementInput[] = [
    { key: KEY, configuration, state: UNSIGNED },
    { key: KEY, configuration, state: SIGNED },
  ];
  const runs = inputs.map((input) => ({ input, result: coverMachine(chart, { name: 'agreement', events, input }) }));
  const result = coverTogether('agreement', runs.map((r) => r.result));

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('loads a signed agreement locked, with its required boxes restored', () => {
    const signed = runs[1]!.result.paths[0]!.steps[0]!.state as Snapshot;
    expect(signed.context.checkboxes).toEqual({ read: true, bound: true, copy: false });
    expect(selectAgreementPhase(signed)).toBe('signed');
  });

  it('keeps the agreement invariants on every path, replayed on a real actor under the page', async () => {
    let count = 0;
    for (const { input, result: run } of runs) {
      count += run.paths.length;
      await replayPaths<typeof agreementMachine, Fakes>(run.paths, {
        input,
        parent: true,
        setup: () => {
          const fakes: Fakes = { saves: [], drafts: [], before: null, heard: 0 };
          const recorder = (calls: Save[]) =>
            fromPromise<SaveAgreementOutput, SaveAgreementInput>(({ input, signal }) => {
              const call = { input, running: true };
              calls.push(call);
              signal.addEventListener('abort', () => void (call.running = false));
              return new Promise(() => {});
            });
          const machine = agreementMachine.provide({
            actors: {
              // Never answer by themselves: the path's done/error events are their answers.
              saveAgreement: recorder(fakes.saves),
              saveDraft: recorder(fakes.drafts),
              signaturePad: signaturePadMachine.provide({ actors: { renderSignaturePng: fromPromise<string, RenderSignaturePngInput>(() => new Promise(() => {})) } }),
            },
          });
          return { machine, fakes };
        },
        checkStep: ({ snapshot, event, fakes, sentToParent }) => {
          if (/^xstate\.(done|error)\.actor\.saveAgreement$/.test(event.type)) fakes.saves.forEach((x) => void (x.running = false));
          if (/^xstate\.(done|error)\.actor\.saveDraft$/.test(event.type)) fakes.drafts.forEach((x) => void (x.running = false));
          invariants(snapshot, event, fakes, sentToParent);
        },
      });
    }
    console.log(`[paths] agreement: ${count} paths replayed`);
  });
});
