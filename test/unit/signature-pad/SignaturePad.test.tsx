// @vitest-environment happy-dom
/**
 * The pad's view on a real pad chart (a stand-in agreement chart above it, the PNG effect faked): pointer strokes
 * reach the chart in pad coordinates, Undo and Clear, the keyboard-only path (the toggle, the name, Enter), the
 * canvas's accessible name and description, and the locked pad showing the stored PNG. happy-dom has no 2D canvas:
 * painting is skipped here and was looked at in Chromium.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, type AnyEventObject } from 'xstate';
import { signaturePadMachine, type SignaturePadActorRef } from '../../../machines/signature-pad/signature-pad.machine.ts';
import type { RenderSignaturePngInput, SignaturePadInput } from '../../../machines/signature-pad/signature-pad.types.ts';
import { SIGNATURE_DATA_URL_PREFIX } from '../../../src/shared/legal.ts';
import { messages } from '../../../src/shared/messages.ts';

// React checks this flag to accept the act() that Testing Library wraps around renders and events.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The font's files are Vite assets; here only their URLs matter.
vi.mock('../../../src/client/ui/signature-pad/signature-font.ts', () => ({ SIGNATURE_FONT_FACES: [] }));

const { default: SignaturePad } = await import('../../../src/client/ui/signature-pad/SignaturePad.tsx');
const { SignaturePad: LazySignaturePad } = await import('../../../src/client/ui/signature-pad/index.ts');

const WORDS = messages.signaturePad;
const PNG = `${SIGNATURE_DATA_URL_PREFIX}iVBORw0KGgo=`;

function mount(input: SignaturePadInput = {}, lazy = false) {
  const exports: RenderSignaturePngInput[] = [];
  const sent: AnyEventObject[] = [];
  const pad = signaturePadMachine.provide({
    actors: { renderSignaturePng: fromPromise<string, RenderSignaturePngInput>(async ({ input }) => (exports.push(input), PNG)) },
  });
  const parent = setup({ actors: { pad } }).createMachine({
    invoke: { id: 'pad', src: 'pad', input },
    on: { '*': { actions: ({ event }) => void (event.type.startsWith('xstate.') || sent.push(event)) } },
  });
  const root = createActor(parent).start();
  const actor = root.getSnapshot().children.pad as SignaturePadActorRef;
  const View = lazy ? LazySignaturePad : SignaturePad;
  render(<View actor={actor} label="Signature: Terms and Conditions" />);
  return { actor, exports, sent, snap: () => actor.getSnapshot() };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

afterEach(cleanup);

describe('SignaturePad view', () => {
  it('names and describes the drawing area; Undo and Clear wait for a stroke', () => {
    mount();
    expect(screen.getByRole('group', { name: 'Signature: Terms and Conditions' })).toBeTruthy();
    const canvas = screen.getByRole('img', { name: WORDS.canvasLabel });
    expect(canvas.tagName).toBe('CANVAS');
    const described = canvas.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([WORDS.drawHint, WORDS.empty]);
    // 500x120 CSS pixels at the screen's density (happy-dom: 1).
    expect([canvas.getAttribute('width'), canvas.getAttribute('height')]).toEqual(['500', '120']);
    expect(button(WORDS.undo).disabled).toBe(true);
    expect(button(WORDS.clear).disabled).toBe(true);
    expect(button(WORDS.typeInstead).disabled).toBe(false);
  });

  it('turns pointer strokes into pad coordinates of the box as shown, and reports the signature', async () => {
    const t = mount();
    const canvas = screen.getByRole('img', { name: WORDS.canvasLabel });
    // Shown at half size, 10 px from the left and 20 px from the top.
    canvas.getBoundingClientRect = () => ({ left: 10, top: 20, width: 250, height: 60, right: 260, bottom: 80, x: 10, y: 20, toJSON: () => ({}) });
    const pointer = { pointerId: 7, isPrimary: true, pointerType: 'mouse', button: 0 };
    fireEvent.pointerDown(canvas, { ...pointer, clientX: 10, clientY: 20 });
    fireEvent.pointerMove(canvas, { ...pointer, clientX: 135, clientY: 50 });
    // Another pointer meanwhile is not part of the stroke.
    fireEvent.pointerMove(canvas, { ...pointer, pointerId: 8, clientX: 0, clientY: 0 });
    fireEvent.pointerUp(canvas, { ...pointer, clientX: 135, clientY: 50 });
    await waitFor(() => expect(screen.getByText(WORDS.ready)).toBeTruthy());
    expect(t.snap().context.strokes).toEqual([
      [
        { x: 0, y: 0, pressure: 0.5 },
        { x: 250, y: 60, pressure: 0.5 },
      ],
    ]);
    expect(t.sent).toEqual([{ type: 'agreement.signature.ready', png: PNG }]);
    expect(button(WORDS.undo).disabled).toBe(false);
    fireEvent.click(button(WORDS.undo));
    expect(t.snap().context.strokes).toEqual([]);
    expect(t.sent.at(-1)).toEqual({ type: 'agreement.signature.clear' });
  });

  it('a right click does not draw, and a cancelled pointer drops its stroke', () => {
    const t = mount();
    const canvas = screen.getByRole('img', { name: WORDS.canvasLabel });
    fireEvent.pointerDown(canvas, { pointerId: 1, isPrimary: true, pointerType: 'mouse', button: 2, clientX: 5, clientY: 5 });
    expect(t.snap().context.current).toBeNull();
    fireEvent.pointerDown(canvas, { pointerId: 2, isPrimary: true, pointerType: 'touch', button: 0, clientX: 5, clientY: 5 });
    expect(t.snap().context.current).toHaveLength(1);
    fireEvent.pointerCancel(canvas, { pointerId: 2, isPrimary: true, pointerType: 'touch' });
    expect(t.snap().value).toEqual({ draw: 'empty' });
  });

  it('signs with the keyboard alone: the toggle, the name, Enter', async () => {
    const t = mount();
    fireEvent.click(button(WORDS.typeInstead));
    const input = screen.getByRole('textbox', { name: WORDS.nameLabel }) as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('img', { name: WORDS.typedPreviewLabel })).toBeTruthy();
    expect(screen.queryByRole('button', { name: WORDS.undo })).toBeNull();
    fireEvent.change(input, { target: { value: 'Ada Lovelace' } });
    expect(input.value).toBe('Ada Lovelace');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByText(WORDS.ready)).toBeTruthy());
    expect(t.exports).toEqual([{ source: { kind: 'name', name: 'Ada Lovelace' } }]);
    expect(t.sent).toEqual([{ type: 'agreement.signature.ready', png: PNG }]);
    // Clear empties the name; the toggle goes back to drawing.
    fireEvent.click(button(WORDS.clear));
    expect(input.value).toBe('');
    fireEvent.click(button(WORDS.drawInstead));
    expect(screen.getByRole('img', { name: WORDS.canvasLabel })).toBeTruthy();
  });

  it('the typed name becomes a signature once typing pauses, without Enter', async () => {
    const t = mount();
    fireEvent.click(button(WORDS.typeInstead));
    fireEvent.change(screen.getByRole('textbox', { name: WORDS.nameLabel }), { target: { value: 'Grace Hopper' } });
    await waitFor(() => expect(t.sent).toEqual([{ type: 'agreement.signature.ready', png: PNG }]));
  });

  it('shows a failed export and retries it', async () => {
    let fail = true;
    const pad = signaturePadMachine.provide({
      actors: {
        renderSignaturePng: fromPromise<string, RenderSignaturePngInput>(async () => {
          if (fail) throw new Error('no canvas');
          return PNG;
        }),
      },
    });
    const actor = createActor(setup({ actors: { pad } }).createMachine({ invoke: { id: 'pad', src: 'pad', input: {} } })).start();
    render(<SignaturePad actor={actor.getSnapshot().children.pad as SignaturePadActorRef} />);
    fireEvent.click(button(WORDS.typeInstead));
    fireEvent.change(screen.getByRole('textbox', { name: WORDS.nameLabel }), { target: { value: 'Ada' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: WORDS.nameLabel }), { key: 'Enter' });
    await waitFor(() => expect(screen.getByText(WORDS.exportFailed)).toBeTruthy());
    fail = false;
    fireEvent.click(button(WORDS.tryAgain));
    await waitFor(() => expect(screen.getByText(WORDS.ready)).toBeTruthy());
    expect(screen.queryByRole('button', { name: WORDS.tryAgain })).toBeNull();
  });

  it('a signed agreement shows its stored signature and nothing to change it with', () => {
    mount({ storedSignature: PNG });
    const image = screen.getByRole('img', { name: WORDS.signedAlt }) as HTMLImageElement;
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe(PNG);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText(WORDS.signed)).toBeTruthy();
  });

  it('the lazy entry shows a placeholder of the same frame, then the pad', async () => {
    await act(async () => void mount({}, true));
    await waitFor(() => expect(screen.getByRole('img', { name: WORDS.canvasLabel })).toBeTruthy());
  });
});
