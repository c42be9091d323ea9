/**
 * Paths of the signature pad, opened empty and opened for a signed agreement. Strokes, names, the export's answers
 * and the typing pause arrive as events (at most two strokes and a two-point stroke: the drawing is what varies, not
 * the chart). Every path is replayed on a real actor under a stand-in agreement chart, and after each step the pad's
 * invariants are checked: a PNG exactly while ready and only while there is something to sign with; the stroke under
 * the pen exactly while drawing; one export running exactly while exporting, of what the mode shows; an error only
 * while the pad waits after a failure; undo takes back one stroke at most and never below none; a locked pad holds
 * only the stored PNG and takes no input; the agreement hears `agreement.signature.ready` {png} exactly when a PNG
 * appears and `agreement.signature.clear` exactly when it goes (not when the pad locks).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { signaturePadMachine } from '../../machines/signature-pad/signature-pad.machine.ts';
import { nameToWrite } from '../../machines/signature-pad/signature-pad.rules.ts';
import type { RenderSignaturePngInput, SignaturePadEvent, SignaturePadInput } from '../../machines/signature-pad/signature-pad.types.ts';
import { SIGNATURE_DATA_URL_PREFIX } from '../../src/shared/legal.ts';
import { coverMachine, coverTogether, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof signaturePadMachine>;

const PNG = `${SIGNATURE_DATA_URL_PREFIX}iVBORw0KGgo=`;
const STORED = `${SIGNATURE_DATA_URL_PREFIX}c3RvcmVk`;
const SIGNED = `${SIGNATURE_DATA_URL_PREFIX}c2lnbmVk`;

const padEvents: SignaturePadEvent[] = [
  { type: 'signaturePad.stroke.start', point: { x: 40, y: 60, pressure: 0.5 } },
  { type: 'signaturePad.stroke.extend', points: [{ x: 80, y: 50, pressure: 0.6 }] },
  { type: 'signaturePad.stroke.end' },
  { type: 'signaturePad.stroke.cancel' },
  { type: 'signaturePad.undo' },
  { type: 'signaturePad.clear' },
  { type: 'signaturePad.useTyping' },
  { type: 'signaturePad.useDrawing' },
  { type: 'signaturePad.name.change', name: 'Ada Lovelace' },
  { type: 'signaturePad.name.change', name: '  ' },
  { type: 'signaturePad.export' },
  { type: 'signaturePad.lock', signature: SIGNED },
];
const events: AnyEventObject[] = [
  ...padEvents,
  { type: 'xstate.done.actor.renderSignaturePng', output: PNG },
  { type: 'xstate.error.actor.renderSignaturePng', error: new Error('toDataURL failed') },
  { type: 'xstate.after.TYPED_NAME_SETTLE.signaturePad.type.typing' },
];

/** Generation runs the pad without a parent: its reports are no-ops there (the replays run under a real parent). */
const chart = signaturePadMachine.provide({ actions: { reportReady: () => undefined, reportCleared: () => undefined } });
/** The drawing is bounded: what matters is none, one or two strokes, and a stroke of one or two points. */
const stopWhen = (s: Snapshot) => s.context.strokes.length > 2 || (s.context.current?.length ?? 0) > 2;

type Export = { input: RenderSignaturePngInput; running: boolean };
type Fakes = { exports: Export[]; before: Snapshot | null; heard: number };

const isReady = (s: Snapshot) => s.matches({ draw: 'ready' }) || s.matches({ type: 'ready' });

function invariants(s: Snapshot, event: AnyEventObject, fakes: Fakes, sent: AnyEventObject[]) {
  const { context: c } = s;
  const before = fakes.before;
  // A PNG exactly while ready, and only of something there is to sign with.
  expect(c.png !== null, 'a PNG exactly while ready').toBe(isReady(s));
  if (s.matches({ draw: 'ready' })) expect(c.strokes.length).toBeGreaterThan(0);
  if (s.matches({ type: 'ready' })) expect(nameToWrite(c.typedName)).not.toBe('');
  expect(c.current !== null, 'a stroke under the pen exactly while drawing').toBe(s.matches({ draw: 'drawing' }));
  expect(c.error !== null, 'an error only while waiting after a failure').toBe(s.matches({ draw: 'drawn' }) || s.matches({ type: 'typed' }));

  // One export runs exactly while exporting, of what the mode shows.
  const running = fakes.exports.filter((e) => e.running);
  expect(running.length, 'one export while exporting').toBe(s.hasTag('exporting') ? 1 : 0);
  if (s.matches({ draw: 'exporting' })) expect(running[0]!.input.source).toEqual({ kind: 'strokes', strokes: c.strokes });
  if (s.matches({ type: 'exporting' })) expect(running[0]!.input.source).toEqual({ kind: 'name', name: nameToWrite(c.typedName) });

  // Undo takes back one finished stroke at most, never below none.
  if (before && event.type === 'signaturePad.undo') {
    const taken = before.context.strokes.length - c.strokes.length;
    expect(taken).toBe(before.matches('draw') && !before.matches({ draw: 'drawing' }) && before.context.strokes.length > 0 ? 1 : 0);
  }
  expect(c.strokes.length).toBeGreaterThanOrEqual(0);

  // A locked pad holds only the stored PNG and takes no input.
  expect(s.hasTag('locked')).toBe(s.matches('locked'));
  if (s.matches('locked')) {
    expect(c).toMatchObject({ strokes: [], current: null, typedName: '', png: null, error: null });
    expect(c.storedSignature).not.toBeNull();
    for (const e of padEvents) expect(s.can(e), `locked takes no ${e.type}`).toBe(false);
  } else expect(c.storedSignature).toBeNull();

  // The agreement hears ready when a PNG appears and clear when it goes (locking keeps the signature: no clear).
  const heard = sent.slice(fakes.heard);
  const had = before?.context.png ?? null;
  if (had === null && c.png !== null) expect(heard).toEqual([{ type: 'agreement.signature.ready', png: c.png }]);
  else if (had !== null && c.png === null && !s.matches('locked')) expect(heard).toEqual([{ type: 'agreement.signature.clear' }]);
  else expect(heard, `nothing to report after ${event.type}`).toEqual([]);
  fakes.heard = sent.length;
  fakes.before = s;
}

describe('signature-pad statechart paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const inputs: SignaturePadInput[] = [{}, { storedSignature: STORED }];
  const runs = inputs.map((input) => ({ input, result: coverMachine(chart, { name: 'signaturePad', events, input, stopWhen }) }));
  // Unreached only if reached from neither opening (a signed pad locks at once; an open one locks on request).
  const result = coverTogether('signaturePad', runs.map((r) => r.result));

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the pad invariants on every path, replayed on a real actor under an agreement chart', async () => {
    for (const { input, result: run } of runs) {
      await replayPaths<typeof signaturePadMachine, Fakes>(run.paths, {
        input,
        parent: true,
        setup: () => {
          const fakes: Fakes = { exports: [], before: null, heard: 0 };
          const machine = signaturePadMachine.provide({
            actors: {
              // Never answers by itself: the path's done/error events are its answers.
              renderSignaturePng: fromPromise<string, RenderSignaturePngInput>(({ input, signal }) => {
                const call = { input, running: true };
                fakes.exports.push(call);
                signal.addEventListener('abort', () => void (call.running = false));
                return new Promise(() => {});
              }),
            },
          });
          return { machine, fakes };
        },
        checkStep: ({ snapshot, event, fakes, sentToParent }) => {
          // A delivered answer ends the export it answers (the fake itself never settles).
          if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
            fakes.exports.filter((e) => e.running).forEach((e) => void (e.running = false));
            expect(snapshot.hasTag('exporting'), 'an answer never starts another export').toBe(false);
          }
          invariants(snapshot, event, fakes, sentToParent);
        },
      });
    }
  });
});
