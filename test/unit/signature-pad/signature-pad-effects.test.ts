/**
 * The pad chart as the app provides it: its export hands the chart's source and the screen's pixel ratio (read at
 * the time of the export) to the drawing code, which is imported only then.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, setup, waitFor } from 'xstate';
import type { SignatureSource } from '../../../machines/signature-pad/signature-pad.types.ts';
import { SIGNATURE_DATA_URL_PREFIX } from '../../../src/shared/legal.ts';

const rendered: { source: SignatureSource; ratio: number }[] = [];
vi.mock('../../../src/client/ui/signature-pad/signature-ink.ts', () => ({
  renderSignatureDataUrl: async (source: SignatureSource, ratio: number) => {
    rendered.push({ source, ratio });
    return `${SIGNATURE_DATA_URL_PREFIX}AAAA`;
  },
}));

const { provideSignaturePad } = await import('../../../src/client/effects/signature-pad-effects.ts');

describe('signature pad effects', () => {
  it('exports with the pixel ratio of the moment, through the lazily imported drawing code', async () => {
    let ratio = 2;
    const pad = provideSignaturePad({ devicePixelRatio: () => ratio });
    const root = createActor(setup({ actors: { pad } }).createMachine({ invoke: { id: 'pad', src: 'pad', input: {} } })).start();
    const actor = root.getSnapshot().children.pad!;
    actor.send({ type: 'signaturePad.useTyping' });
    ratio = 3;
    actor.send({ type: 'signaturePad.name.change', name: 'Ada' });
    actor.send({ type: 'signaturePad.export' });
    await waitFor(actor, (s) => s.matches({ type: 'ready' }));
    expect(rendered).toEqual([{ source: { kind: 'name', name: 'Ada' }, ratio: 3 }]);
    expect(actor.getSnapshot().context.png).toBe(`${SIGNATURE_DATA_URL_PREFIX}AAAA`);
    root.stop();
  });
});
