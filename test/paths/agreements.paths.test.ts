/**
 * Paths of the agreements page, loaded fresh (nothing signed), with six of seven signed, completed (review), or
 * failing. Signings arrive as the agreements' reports, the address as typed values (valid, too short, a broken
 * EIP-55 checksum, empty), and the save and completion as their answers. Every path is replayed on a real actor (with
 * real agreement charts as children) under a stand-in process, and after each step the page's invariants are
 * checked: seven agreement charts exactly once loaded; the progress is section 9's formula; the final save runs
 * exactly while saving, with the trimmed address and no signed agreement sent again, the completion exactly while
 * completing; Proceed short of something says what in the spec's words; a save refused over the wallet address says
 * the wallet sentence; an agreement's 409 loads the page again (seven fresh charts) with the reason; review mode takes neither address nor Proceed and 'RETURN TO CURRENT STEP' asks the process
 * for the current step; the chart finishes only after the server completed the step.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { REGISTERED_WALLET, SIGNATURE_PNG, SIGNED_AT, progressAnswer } from '../../machines/agreement/agreement.fixtures.ts';
import { agreementMachine } from '../../machines/agreement/agreement.machine.ts';
import type { SaveAgreementInput, SaveAgreementOutput } from '../../machines/agreement/agreement.types.ts';
import { agreementsMachine } from '../../machines/agreements/agreements.machine.ts';
import { allSigned, signedCount } from '../../machines/agreements/agreements.rules.ts';
import { selectAgreementItems, selectPhase, selectProgressPercent } from '../../machines/agreements/agreements.selectors.ts';
import type { AgreementsEvent, CompleteLegalInput, CompleteLegalOutput, SaveAgreementsInput } from '../../machines/agreements/agreements.types.ts';
import { signaturePadMachine } from '../../machines/signature-pad/signature-pad.machine.ts';
import type { RenderSignaturePngInput } from '../../machines/signature-pad/signature-pad.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { AGREEMENT_KEYS, type AgreementState, type LegalProgressResponse } from '../../src/shared/legal.ts';
import { messages } from '../../src/shared/messages.ts';
import { checkWalletAddress } from '../../src/shared/wallet.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof agreementsMachine>;

const FRESH = progressAnswer([]);
const SIX_SIGNED = progressAnswer(AGREEMENT_KEYS.filter((key) => key !== 'risk'));
const COMPLETED: LegalProgressResponse = { ...progressAnswer([...AGREEMENT_KEYS]), status: 'COMPLETED', completedAt: SIGNED_AT };
const JUST_SIGNED: AgreementState = { accepted: true, signature: SIGNATURE_PNG, signed: true, signedAt: SIGNED_AT, checkboxes: { read: true, bound: true, copy: false } };
/** The registered address with one letter's case flipped: well formed, checksum broken. */
const BAD_CHECKSUM = REGISTERED_WALLET.replace('aA', 'AA');
const WALLET_REFUSAL = 'Invalid wallet address: the checksum does not match.';

const WALLETS = [`  ${REGISTERED_WALLET.toLowerCase()} `, '0x1234', BAD_CHECKSUM, ''];

const pageEvents: AgreementsEvent[] = [
  { type: 'agreements.retry' },
  { type: 'agreements.agreement.toggle', key: 'ppm' },
  { type: 'agreements.agreement.toggle', key: 'risk' },
  ...WALLETS.map((value) => ({ type: 'agreements.wallet.change' as const, value })),
  { type: 'agreements.agreement.signed', key: 'risk', state: JUST_SIGNED },
  { type: 'agreements.agreement.signed', key: 'ppm', state: JUST_SIGNED },
  { type: 'agreements.proceed' },
  { type: 'agreements.returnToCurrentStep' },
  { type: 'agreements.agreement.stale', key: 'risk', message: messages.legal.versionChanged },
];
const events: AnyEventObject[] = [
  ...pageEvents,
  { type: 'xstate.done.actor.loadLegalProgress', output: FRESH },
  { type: 'xstate.done.actor.loadLegalProgress', output: SIX_SIGNED },
  { type: 'xstate.done.actor.loadLegalProgress', output: COMPLETED },
  { type: 'xstate.error.actor.loadLegalProgress', error: new ApiError('HTTP 500', 500, null) },
  { type: 'xstate.done.actor.saveAgreements', output: COMPLETED },
  { type: 'xstate.error.actor.saveAgreements', error: new ApiError(WALLET_REFUSAL, 400, { error: WALLET_REFUSAL }) },
  { type: 'xstate.error.actor.saveAgreements', error: new ApiError(messages.general.network, 0, null) },
  { type: 'xstate.done.actor.completeLegal', output: { status: 'COMPLETED', completedAt: SIGNED_AT, walletAddress: REGISTERED_WALLET, nextStep: 'payment' } },
  { type: 'xstate.error.actor.completeLegal', error: new ApiError(messages.legal.completeAllRequired, 409, { error: messages.legal.completeAllRequired }) },
];

/** Generation runs the chart alone: what it asks of the process is a no-op there, and its children are not started. */
const chart = agreementsMachine.provide({ actions: { returnToCurrentStep: () => undefined, spawnAgreements: () => undefined, stopAgreements: () => undefined } });
/** Past one failed Proceed the chart decides nothing new. */
const stopWhen = (s: Snapshot) => s.context.error !== null && s.matches({ ready: { signing: 'idle' } }) && s.context.walletAddress === '';

type Call<I> = { input: I; running: boolean };
type Fakes = { saves: Call<SaveAgreementsInput>[]; completions: Call<CompleteLegalInput>[]; before: Snapshot | null };

/** A fake effect that never answers by itself (the path's events are its answers) and notes whether it still runs. */
function pending<I, O>(calls: Call<I>[]) {
  return fromPromise<O, I>(({ input, signal }) => {
    const call = { input, running: true };
    calls.push(call);
    signal.addEventListener('abort', () => void (call.running = false));
    return new Promise<O>(() => {});
  });
}

function invariants(s: Snapshot, event: AnyEventObject, fakes: Fakes) {
  const c = s.context;
  const phase = selectPhase(s);
  const before = fakes.before;
  const shown = phase === 'reviewing' || phase === 'signing';

  // Seven agreement charts exactly while the agreements are shown (a reload stops them and starts seven fresh ones).
  const items = selectAgreementItems(s);
  expect(items.filter((item) => item.actor).length).toBe(shown ? 7 : 0);
  if (shown) for (const item of items) expect(item.actor?.getSnapshot().context.key).toBe(item.key);

  // Section 9's formula.
  const valid = checkWalletAddress(c.walletAddress).valid;
  expect(selectProgressPercent(s)).toBe(Math.round(((signedCount(c.agreements) + (valid ? 1 : 0)) / 8) * 100));

  // The final save exactly while saving, the completion exactly while completing.
  const saves = fakes.saves.filter((x) => x.running);
  const completions = fakes.completions.filter((x) => x.running);
  expect(saves.length).toBe(s.matches({ ready: { signing: 'saving' } }) ? 1 : 0);
  expect(completions.length).toBe(s.matches({ ready: { signing: 'completing' } }) ? 1 : 0);
  if (saves[0]) {
    expect(allSigned(c.agreements) && valid).toBe(true);
    expect(saves[0].input).toEqual({ agreements: {}, walletAddress: c.walletAddress.trim() });
  }
  if (completions[0]) expect(completions[0].input).toEqual({ agreements: {} });

  // Proceed short of something says what.
  if (event.type === 'agreements.proceed' && before?.matches({ ready: { signing: 'idle' } }) && !s.hasTag('proceeding')) {
    const expected = !allSigned(c.agreements)
      ? messages.legal.completeAllRequired
      : checkWalletAddress(c.walletAddress).valid
        ? null
        : c.walletAddress.trim() === BAD_CHECKSUM
          ? messages.legal.walletChecksum
          : messages.legal.walletRequired;
    expect(c.error?.message).toBe(expected);
  }
  if (event.type === 'xstate.error.actor.saveAgreements') {
    expect(c.error?.message).toBe((event.error as ApiError).status === 400 ? messages.legal.walletSaveInvalid : messages.legal.saveAgreementsFailed);
  }
  if (event.type === 'xstate.error.actor.completeLegal') expect(c.error).toEqual({ message: messages.legal.saveAgreementsFailed, detail: messages.legal.completeAllRequired });

  // Review mode takes neither an address nor Proceed.
  if (phase === 'reviewing') {
    expect(s.can({ type: 'agreements.proceed' })).toBe(false);
    expect(s.can({ type: 'agreements.wallet.change', value: REGISTERED_WALLET })).toBe(false);
    expect(c.status).toBe('COMPLETED');
  }
  // An agreement that met a 409 has the page load the server's account again, saying why until the next action.
  if (event.type === 'agreements.agreement.stale' && before?.matches({ ready: 'signing' })) {
    expect(s.hasTag('loading')).toBe(true);
    expect(c.notice).toBe(messages.legal.versionChanged);
  }
  if (event.type === 'agreements.wallet.change' || event.type === 'agreements.agreement.signed') {
    if (s.matches({ ready: { signing: 'idle' } })) expect(c.notice).toBeNull();
  }
  // Done only once the server completed the step.
  if (phase === 'done') expect(event.type).toBe('xstate.done.actor.completeLegal');
  fakes.before = s;
}

describe('agreements statechart paths', () => {
  const result = coverMachine(chart, { name: 'agreements', events, stopWhen });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the page invariants on every path, replayed on a real actor with its agreement charts', async () => {
    const ended = await replayPaths<typeof agreementsMachine, Fakes>(result.paths, {
      parent: true,
      setup: () => {
        const fakes: Fakes = { saves: [], completions: [], before: null };
        const machine = agreementsMachine.provide({
          actors: {
            loadLegalProgress: fromPromise<LegalProgressResponse, void>(() => new Promise(() => {})),
            saveAgreements: pending<SaveAgreementsInput, LegalProgressResponse>(fakes.saves),
            completeLegal: pending<CompleteLegalInput, CompleteLegalOutput>(fakes.completions),
            agreement: agreementMachine.provide({
              actors: {
                saveAgreement: fromPromise<SaveAgreementOutput, SaveAgreementInput>(() => new Promise(() => {})),
                saveDraft: fromPromise<SaveAgreementOutput, SaveAgreementInput>(() => new Promise(() => {})),
                signaturePad: signaturePadMachine.provide({ actors: { renderSignaturePng: fromPromise<string, RenderSignaturePngInput>(() => new Promise(() => {})) } }),
              },
            }),
          },
        });
        return { machine, fakes };
      },
      checkStep: ({ snapshot, event, fakes }) => {
        // A delivered answer ends the call it answers (the fakes themselves never settle).
        if (/^xstate\.(done|error)\.actor\.saveAgreements$/.test(event.type)) fakes.saves.forEach((x) => void (x.running = false));
        if (/^xstate\.(done|error)\.actor\.completeLegal$/.test(event.type)) fakes.completions.forEach((x) => void (x.running = false));
        invariants(snapshot, event, fakes);
      },
    });
    for (const { path, sentToParent, output } of ended) {
      if (path.steps.some((step) => step.event.type === 'agreements.returnToCurrentStep')) expect(sentToParent).toContainEqual({ type: 'process.route.request', path: '/' });
      const finished = path.steps.some((step) => step.event.type === 'xstate.done.actor.completeLegal');
      expect(output).toEqual(finished ? expect.objectContaining({ completed: true, completedAt: SIGNED_AT }) : undefined);
    }
    console.log(`[paths] agreements: ${ended.length} paths replayed`);
  });
});
