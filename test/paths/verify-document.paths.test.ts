/**
 * Paths of the /verify page's chart: files chosen (an ordinary one, one over the size limit, an empty one), the
 * hashing's and the check's answers arrive as events, and a new file may come at any point. Every path is replayed on
 * a real actor with fakes that never answer by themselves. Invariants after each step: exactly one effect running
 * while busy (the hash while hashing, the check while checking) and none otherwise, so a previous file's answer can
 * never land; the check is asked with the hash alone; a hash only once computed, a title only while issued, words only
 * while refused or failed, and the browser's own refusals in the page's words.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { verifyDocumentMachine } from '../../machines/verify-document/verify-document.machine.ts';
import { selectFileName, selectIsBusy, selectIssuedDocument, selectSha256, selectVerifyError, selectVerifyPhase } from '../../machines/verify-document/verify-document.selectors.ts';
import type { CheckHashInput, CheckHashOutput, ChosenFile, HashFileInput, HashFileOutput } from '../../machines/verify-document/verify-document.types.ts';
import { VERIFY_DOCUMENT, verifyWords } from '../../src/shared/verify-document.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof verifyDocumentMachine>;

const file = (name: string, size: number): ChosenFile => ({ name, size, read: async () => new ArrayBuffer(0) });
const AGREEMENT = file('Investment Agreement (signed).pdf', 180_000);
const HUGE = file('video.pdf', VERIFY_DOCUMENT.maxFileBytes + 1);
const EMPTY = file('empty.pdf', 0);
const HASH = 'a'.repeat(64);
const ISSUED = { issued: true, kind: 'agreement', title: 'Investment Agreement', signedAt: '2026-11-20T10:00:00.000Z' } as const satisfies CheckHashOutput;
const TOO_MANY = 'Too many checks from your address. Please wait a minute and try again.';

const events: AnyEventObject[] = [
  { type: 'verify.file.choose', file: AGREEMENT },
  { type: 'verify.file.choose', file: HUGE },
  { type: 'verify.file.choose', file: EMPTY },
  { type: 'xstate.done.actor.hashFile', output: { kind: 'pdf', sha256: HASH } satisfies HashFileOutput },
  { type: 'xstate.done.actor.hashFile', output: { kind: 'notPdf' } satisfies HashFileOutput },
  { type: 'xstate.error.actor.hashFile', error: new DOMException('The file could not be read.', 'NotReadableError') },
  { type: 'xstate.done.actor.checkHash', output: ISSUED },
  { type: 'xstate.done.actor.checkHash', output: { issued: false } satisfies CheckHashOutput },
  { type: 'xstate.error.actor.checkHash', error: new Error(TOO_MANY) },
  { type: 'xstate.error.actor.checkHash', error: new TypeError('') },
  { type: 'verify.retry' },
];

type Call = { kind: 'hash' | 'check'; input: HashFileInput | CheckHashInput; running: boolean };
type Fakes = { calls: Call[] };

describe('verify-document statechart paths', () => {
  const result = coverMachine(verifyDocumentMachine, { name: 'verify-document', events });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the page invariants on every path, replayed on a real actor', async () => {
    await replayPaths<typeof verifyDocumentMachine, Fakes>(result.paths, {
      setup: () => {
        const fakes: Fakes = { calls: [] };
        const pending = <I,>(kind: Call['kind']) => ({ input, signal }: { input: I; signal: AbortSignal }) => {
          const call: Call = { kind, input: input as Call['input'], running: true };
          fakes.calls.push(call);
          signal.addEventListener('abort', () => void (call.running = false));
          return new Promise<never>(() => {});
        };
        const machine = verifyDocumentMachine.provide({
          actors: { hashFile: fromPromise<HashFileOutput, HashFileInput>(pending('hash')), checkHash: fromPromise<CheckHashOutput, CheckHashInput>(pending('check')) },
        });
        return { machine, fakes };
      },
      checkStep: ({ snapshot: s, event, fakes }) => {
        // The answered effect is over; the replay delivers its answer as the event.
        if (/^xstate\.(done|error)\.actor\.hashFile/.test(event.type)) fakes.calls.filter((c) => c.kind === 'hash').forEach((c) => void (c.running = false));
        if (/^xstate\.(done|error)\.actor\.checkHash/.test(event.type)) fakes.calls.filter((c) => c.kind === 'check').forEach((c) => void (c.running = false));
        invariants(s, fakes);
        if (event.type === 'verify.file.choose') expect(selectFileName(s)).toBe((event as unknown as { file: ChosenFile }).file.name);
        if (event.type === 'verify.file.choose' && (event as unknown as { file: ChosenFile }).file === HUGE) expect(selectVerifyError(s)).toBe(verifyWords.tooLarge);
        if (event.type === 'xstate.done.actor.hashFile' && s.matches('refused')) expect(selectVerifyError(s)).toBe(verifyWords.notPdf);
        if (event.type === 'xstate.error.actor.hashFile') expect(selectVerifyError(s)).toBe(verifyWords.unreadable);
        if (event.type === 'xstate.error.actor.checkHash') expect([TOO_MANY, verifyWords.failed]).toContain(selectVerifyError(s));
      },
    });
  });
});

function invariants(s: Snapshot, fakes: Fakes) {
  const phase = selectVerifyPhase(s);
  const running = fakes.calls.filter((c) => c.running);
  expect(selectIsBusy(s)).toBe(phase === 'hashing' || phase === 'checking');
  expect(running.map((c) => c.kind)).toEqual(phase === 'hashing' ? ['hash'] : phase === 'checking' ? ['check'] : []);
  if (phase === 'hashing') expect(running[0]!.input).toEqual({ file: s.context.file });
  // The portal is asked with the hash and nothing else: never the file, its name or its size.
  if (phase === 'checking') expect(running[0]!.input).toStrictEqual({ sha256: HASH });
  expect(selectSha256(s) !== null).toBe(['checking', 'issued', 'notIssued', 'failed'].includes(phase));
  expect(selectIssuedDocument(s)).toEqual(phase === 'issued' ? { kind: ISSUED.kind, title: ISSUED.title, signedAt: ISSUED.signedAt } : null);
  expect(selectVerifyError(s) !== null).toBe(phase === 'failed' || phase === 'refused');
  if (phase !== 'idle') expect(s.context.file).not.toBeNull();
}
