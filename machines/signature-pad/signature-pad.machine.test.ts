/**
 * The signature pad with a fake renderSignaturePng and fake timers, run under a stand-in agreement chart that
 * records what the pad tells it: drawing, undo and clear, the typed name and its pause, failures and retries,
 * the mode switches, and the locked pad that takes no input.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, type AnyEventObject } from 'xstate';
import { messages } from '../../src/shared/messages.ts';
import { SIGNATURE_DATA_URL_PREFIX } from '../../src/shared/legal.ts';
import { signaturePadMachine, type SignaturePadActorRef } from './signature-pad.machine.ts';
import { TYPED_NAME_MAX_LENGTH, TYPED_NAME_SETTLE_MS } from './signature-pad.rules.ts';
import { selectCanClear, selectCanUndo, selectPadMode, selectPadPhase } from './signature-pad.selectors.ts';
import type { RenderSignaturePngInput, SignaturePadEvent, SignaturePadInput, SignaturePoint } from './signature-pad.types.ts';

const PNG = (n: number) => `${SIGNATURE_DATA_URL_PREFIX}PNG${n}`;
const p = (x: number, y: number, pressure = 0.5): SignaturePoint => ({ x, y, pressure });

type Call = { input: RenderSignaturePngInput; resolve: (png: string) => void; reject: (error: unknown) => void };

function start(input: SignaturePadInput = {}) {
  const calls: Call[] = [];
  const sent: AnyEventObject[] = [];
  const pad = signaturePadMachine.provide({
    actors: {
      renderSignaturePng: fromPromise<string, RenderSignaturePngInput>(
        ({ input }) => new Promise<string>((resolve, reject) => calls.push({ input, resolve, reject })),
      ),
    },
  });
  const parent = setup({ actors: { pad } }).createMachine({
    invoke: { id: 'pad', src: 'pad', input },
    on: { '*': { actions: ({ event }) => void (event.type.startsWith('xstate.') || sent.push(event)) } },
  });
  const root = createActor(parent).start();
  const actor = root.getSnapshot().children.pad as SignaturePadActorRef;
  const send = (...events: SignaturePadEvent[]) => events.forEach((e) => actor.send(e));
  const draw = (...points: SignaturePoint[]) =>
    send({ type: 'signaturePad.stroke.start', point: points[0]! }, { type: 'signaturePad.stroke.extend', points: points.slice(1) }, { type: 'signaturePad.stroke.end' });
  return { actor, root, calls, sent, send, draw, snap: () => actor.getSnapshot(), types: () => sent.map((e) => e.type) };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('signature pad', () => {
  it('draws a stroke, makes its PNG and tells the agreement it is ready', async () => {
    const t = start();
    expect(t.snap().value).toEqual({ draw: 'empty' });
    t.send({ type: 'signaturePad.stroke.start', point: p(10, 20, 0.3) });
    expect(selectPadPhase(t.snap())).toBe('drawing');
    t.send({ type: 'signaturePad.stroke.extend', points: [p(11, 21), p(12, 22)] }, { type: 'signaturePad.stroke.extend', points: [p(13, 23)] });
    expect(t.snap().context.current).toHaveLength(4);
    t.send({ type: 'signaturePad.stroke.end' });
    expect(selectPadPhase(t.snap())).toBe('exporting');
    expect(t.snap().context.strokes).toEqual([[p(10, 20, 0.3), p(11, 21), p(12, 22), p(13, 23)]]);
    expect(t.snap().context.current).toBeNull();
    expect(t.calls.map((c) => c.input)).toEqual([{ source: { kind: 'strokes', strokes: t.snap().context.strokes } }]);
    expect(t.sent).toEqual([]);
    t.calls[0]!.resolve(PNG(1));
    await settle();
    expect(selectPadPhase(t.snap())).toBe('ready');
    expect(t.snap().context.png).toBe(PNG(1));
    expect(t.sent).toEqual([{ type: 'agreement.signature.ready', png: PNG(1) }]);
  });

  it('keeps points inside the pad and pressure within 0..1', () => {
    const t = start();
    t.send({ type: 'signaturePad.stroke.start', point: p(-5, 500, 2) }, { type: 'signaturePad.stroke.extend', points: [p(Number.NaN, 60, -1), p(600, -3, 0.7)] });
    expect(t.snap().context.current).toEqual([p(0, 120, 1), p(0, 60, 0), p(500, 0, 0.7)]);
  });

  it('a new stroke after the PNG drops it (clear), and the new drawing is made and reported again', async () => {
    const t = start();
    t.draw(p(1, 1), p(2, 2));
    t.calls[0]!.resolve(PNG(1));
    await settle();
    t.send({ type: 'signaturePad.stroke.start', point: p(5, 5) });
    expect(t.snap().context.png).toBeNull();
    expect(t.types()).toEqual(['agreement.signature.ready', 'agreement.signature.clear']);
    t.send({ type: 'signaturePad.stroke.end' });
    expect(t.calls[1]!.input.source).toEqual({ kind: 'strokes', strokes: [[p(1, 1), p(2, 2)], [p(5, 5)]] });
    t.calls[1]!.resolve(PNG(2));
    await settle();
    expect(t.sent.at(-1)).toEqual({ type: 'agreement.signature.ready', png: PNG(2) });
  });

  it('a stroke started during an export abandons that export; its late answer changes nothing', async () => {
    const t = start();
    t.draw(p(1, 1));
    t.send({ type: 'signaturePad.stroke.start', point: p(2, 2) });
    t.calls[0]!.resolve(PNG(1));
    await settle();
    expect(selectPadPhase(t.snap())).toBe('drawing');
    expect(t.sent).toEqual([]);
  });

  it('undo removes the last stroke (clear once), makes the rest again, and empties the pad at the first stroke', async () => {
    const t = start();
    t.draw(p(1, 1));
    t.draw(p(2, 2));
    t.calls[1]!.resolve(PNG(2));
    await settle();
    expect(selectCanUndo(t.snap())).toBe(true);
    t.send({ type: 'signaturePad.undo' });
    expect(t.snap().context.strokes).toEqual([[p(1, 1)]]);
    expect(selectPadPhase(t.snap())).toBe('exporting');
    expect(t.types()).toEqual(['agreement.signature.ready', 'agreement.signature.clear']);
    t.send({ type: 'signaturePad.undo' });
    expect(t.snap().value).toEqual({ draw: 'empty' });
    expect(selectCanUndo(t.snap())).toBe(false);
    // Nothing left to undo: nothing happens, nothing is reported.
    t.send({ type: 'signaturePad.undo' });
    expect(t.snap().context.strokes).toEqual([]);
    expect(t.types()).toEqual(['agreement.signature.ready', 'agreement.signature.clear']);
  });

  it('ignores Undo and a second pointer while the pen is down, and drops a cancelled stroke', async () => {
    const t = start();
    t.draw(p(1, 1));
    t.calls[0]!.resolve(PNG(1));
    await settle();
    t.send({ type: 'signaturePad.stroke.start', point: p(3, 3) });
    t.send({ type: 'signaturePad.undo' }, { type: 'signaturePad.stroke.start', point: p(9, 9) });
    expect(t.snap().context.current).toEqual([p(3, 3)]);
    expect(t.snap().context.strokes).toHaveLength(1);
    t.send({ type: 'signaturePad.stroke.cancel' });
    expect(t.snap().context.current).toBeNull();
    expect(selectPadPhase(t.snap())).toBe('exporting');
    expect(t.calls[1]!.input.source).toEqual({ kind: 'strokes', strokes: [[p(1, 1)]] });
    // A cancelled first stroke leaves the pad empty.
    const u = start();
    u.send({ type: 'signaturePad.stroke.start', point: p(1, 1) }, { type: 'signaturePad.stroke.cancel' });
    expect(u.snap().value).toEqual({ draw: 'empty' });
    expect(u.calls).toEqual([]);
  });

  it('clear empties the drawing; after a PNG it tells the agreement', async () => {
    const t = start();
    t.draw(p(1, 1));
    t.send({ type: 'signaturePad.clear' });
    expect(t.snap().value).toEqual({ draw: 'empty' });
    expect(t.sent).toEqual([]);
    t.draw(p(1, 1));
    t.calls[1]!.resolve(PNG(1));
    await settle();
    expect(selectCanClear(t.snap())).toBe(true);
    t.send({ type: 'signaturePad.clear' });
    expect(t.snap().context).toMatchObject({ strokes: [], png: null });
    expect(selectCanClear(t.snap())).toBe(false);
    expect(t.types()).toEqual(['agreement.signature.ready', 'agreement.signature.clear']);
  });

  it('a failed export says so, keeps the strokes, and is retried on request', async () => {
    const t = start();
    t.draw(p(1, 1));
    t.calls[0]!.reject(new Error('toDataURL failed'));
    await settle();
    expect(selectPadPhase(t.snap())).toBe('failed');
    expect(t.snap().context.error).toBe(messages.signaturePad.exportFailed);
    t.send({ type: 'signaturePad.export' });
    expect(selectPadPhase(t.snap())).toBe('exporting');
    t.calls[1]!.resolve(PNG(1));
    await settle();
    expect(t.snap().context.error).toBeNull();
    expect(t.sent).toEqual([{ type: 'agreement.signature.ready', png: PNG(1) }]);
  });

  it('types a name: the PNG is made once typing pauses, with the name trimmed', async () => {
    const t = start();
    t.send({ type: 'signaturePad.useTyping' });
    expect(selectPadMode(t.snap())).toBe('type');
    expect(t.snap().value).toEqual({ type: 'empty' });
    t.send({ type: 'signaturePad.name.change', name: ' Ada' });
    expect(selectPadPhase(t.snap())).toBe('pending');
    await vi.advanceTimersByTimeAsync(TYPED_NAME_SETTLE_MS - 1);
    // Another key restarts the pause.
    t.send({ type: 'signaturePad.name.change', name: ' Ada  Lovelace ' });
    await vi.advanceTimersByTimeAsync(TYPED_NAME_SETTLE_MS - 1);
    expect(t.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.calls.map((c) => c.input)).toEqual([{ source: { kind: 'name', name: 'Ada Lovelace' } }]);
    t.calls[0]!.resolve(PNG(1));
    await settle();
    expect(t.sent).toEqual([{ type: 'agreement.signature.ready', png: PNG(1) }]);
    // Typing again drops the PNG; erasing the name empties the pad.
    t.send({ type: 'signaturePad.name.change', name: ' Ada  Lovelac' });
    expect(t.types()).toEqual(['agreement.signature.ready', 'agreement.signature.clear']);
    t.send({ type: 'signaturePad.name.change', name: '   ' });
    expect(t.snap().value).toEqual({ type: 'empty' });
    await vi.advanceTimersByTimeAsync(10 * TYPED_NAME_SETTLE_MS);
    expect(t.calls).toHaveLength(1);
  });

  it('Enter (export) makes the typed PNG at once; without a name it does nothing', async () => {
    const t = start();
    t.send({ type: 'signaturePad.useTyping' }, { type: 'signaturePad.export' });
    expect(t.snap().value).toEqual({ type: 'empty' });
    t.send({ type: 'signaturePad.name.change', name: 'Ada' }, { type: 'signaturePad.export' });
    expect(t.calls).toHaveLength(1);
    t.calls[0]!.resolve(PNG(1));
    await settle();
    // Already made: asking again changes nothing.
    t.send({ type: 'signaturePad.export' });
    expect(t.calls).toHaveLength(1);
    expect(t.snap().value).toEqual({ type: 'ready' });
  });

  it('keeps names clean and short', () => {
    const t = start();
    t.send({ type: 'signaturePad.useTyping' }, { type: 'signaturePad.name.change', name: `A\u202eda\u0007 ${'x'.repeat(200)}` });
    expect(t.snap().context.typedName).toBe(`Ada ${'x'.repeat(TYPED_NAME_MAX_LENGTH - 4)}`);
  });

  it('switching modes keeps both drawing and name, and makes the PNG of the one in use', async () => {
    const t = start();
    t.draw(p(1, 1));
    t.calls[0]!.resolve(PNG(1));
    await settle();
    t.send({ type: 'signaturePad.useTyping' });
    expect(t.types()).toEqual(['agreement.signature.ready', 'agreement.signature.clear']);
    expect(t.snap().context.png).toBeNull();
    t.send({ type: 'signaturePad.name.change', name: 'Ada' }, { type: 'signaturePad.export' });
    t.calls[1]!.resolve(PNG(2));
    await settle();
    t.send({ type: 'signaturePad.useDrawing' });
    expect(t.calls[2]!.input.source).toEqual({ kind: 'strokes', strokes: [[p(1, 1)]] });
    t.send({ type: 'signaturePad.useTyping' });
    expect(t.calls[3]!.input.source).toEqual({ kind: 'name', name: 'Ada' });
    expect(t.types()).toEqual(['agreement.signature.ready', 'agreement.signature.clear', 'agreement.signature.ready', 'agreement.signature.clear']);
    // Clear in type mode clears the name only.
    t.send({ type: 'signaturePad.clear' });
    expect(t.snap().context).toMatchObject({ typedName: '', strokes: [[p(1, 1)]] });
  });

  it('a pad opened for a signed agreement is locked and takes no input', async () => {
    const t = start({ storedSignature: PNG(9) });
    expect(t.snap().value).toBe('locked');
    expect(selectPadMode(t.snap())).toBe('locked');
    const before = t.snap();
    t.send(
      { type: 'signaturePad.stroke.start', point: p(1, 1) },
      { type: 'signaturePad.stroke.end' },
      { type: 'signaturePad.useTyping' },
      { type: 'signaturePad.name.change', name: 'Ada' },
      { type: 'signaturePad.export' },
      { type: 'signaturePad.clear' },
      { type: 'signaturePad.undo' },
      { type: 'signaturePad.lock', signature: PNG(10) },
    );
    await vi.advanceTimersByTimeAsync(10 * TYPED_NAME_SETTLE_MS);
    expect(t.snap().value).toBe('locked');
    expect(t.snap().context).toEqual(before.context);
    expect(t.calls).toEqual([]);
    expect(t.sent).toEqual([]);
  });

  it('locks when the agreement is signed, without telling it the signature went', async () => {
    const t = start();
    t.draw(p(1, 1));
    t.calls[0]!.resolve(PNG(1));
    await settle();
    t.send({ type: 'signaturePad.lock', signature: PNG(1) });
    expect(t.snap().value).toBe('locked');
    expect(t.snap().context).toMatchObject({ storedSignature: PNG(1), strokes: [], png: null, typedName: '' });
    expect(t.types()).toEqual(['agreement.signature.ready']);
  });
});
