/** The server's check of a drawn signature: real PNG, canvas size or 2x/3x, at most 200 KB, enough ink. */
import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { checkSignaturePng, MAX_SIGNATURE_PNG_BYTES } from '../../../src/server/domain/legal/check-signature-png.ts';
import { messages } from '../../../src/shared/messages.ts';
import { blankSignaturePng, drawSignaturePng, sampleSignature } from '../support/signature-png.ts';

describe('signature PNG: accepted', () => {
  it.each([1, 2, 3])('a drawn signature at %ix', (scale) => {
    const result = checkSignaturePng(drawSignaturePng(sampleSignature(), { scale }));
    expect(result).toMatchObject({ ok: true, width: 500 * scale, height: 120 * scale, scale });
  });

  it('dark strokes on an opaque white canvas', () => {
    expect(checkSignaturePng(drawSignaturePng(sampleSignature(), { background: 'white' })).ok).toBe(true);
  });

  it('two short initials, the smallest real signature', () => {
    // "J" and "D" about 40 x 45 px together, 3 px pen.
    const initials = [
      [[230, 40], [250, 40], [245, 40], [245, 75], [238, 84], [228, 78]],
      [[258, 40], [258, 84], [272, 80], [278, 62], [272, 44], [258, 40]],
    ] as [number, number][][];
    const result = checkSignaturePng(drawSignaturePng(initials));
    expect(result.ok, JSON.stringify(result)).toBe(true);
  });
});

describe('signature PNG: refused', () => {
  const blank = messages.legal.signatureRequired;

  it.each([
    ['an empty transparent pad', blankSignaturePng()],
    ['an empty white pad', blankSignaturePng({ background: 'white' })],
    ['a dot', drawSignaturePng([[[250, 60], [251, 60]]], { stroke: 6 })],
    ['a tap at 3x', drawSignaturePng([[[250, 60], [252, 61]]], { scale: 3, stroke: 5 })],
    ['a long straight horizontal line', drawSignaturePng([[[20, 60], [480, 60]]], { stroke: 4 })],
    ['a straight vertical line', drawSignaturePng([[[250, 5], [250, 115]]], { stroke: 4 })],
    ['a short scribble', drawSignaturePng([[[240, 55], [252, 62], [246, 66]]])],
    ['light grey strokes (not ink)', drawSignaturePng(sampleSignature(), { color: [220, 220, 220] })],
  ])('%s as blank, with the spec words', (_, png) => {
    expect(checkSignaturePng(png)).toMatchObject({ ok: false, problem: 'blank', message: blank });
    expect(blank).toBe('Please provide your signature first.');
  });

  it.each([
    ['499 x 120', 499, 120],
    ['500 x 121', 500, 121],
    ['750 x 180 (1.5x)', 750, 180],
    ['2000 x 480 (4x)', 2000, 480],
    ['120 x 500 (turned)', 120, 500],
  ])('%s as the wrong size', (_, width, height) => {
    const png = new PNG({ width, height });
    png.data.fill(0);
    expect(checkSignaturePng(new Uint8Array(PNG.sync.write(png)))).toMatchObject({ ok: false, problem: 'wrong-size', message: messages.legal.signatureWrongSize });
  });

  it('a small file that declares a huge image, without inflating it', () => {
    // 40000 x 40000 RGBA would be 6.4 GB of pixels; the header alone decides.
    const png = Buffer.from(PNG.sync.write(Object.assign(new PNG({ width: 1, height: 1 }), {})));
    png.writeUInt32BE(40000, 16);
    png.writeUInt32BE(40000, 20);
    expect(checkSignaturePng(new Uint8Array(png))).toMatchObject({ ok: false, problem: 'wrong-size' });
  });

  it('more than 200 KB', () => {
    // A valid 3x signature with noise: incompressible, so well over the limit.
    const png = new PNG({ width: 1500, height: 360 });
    for (let i = 0; i < png.data.length; i++) png.data[i] = (i * 2654435761) >>> 24;
    const bytes = new Uint8Array(PNG.sync.write(png));
    expect(bytes.byteLength).toBeGreaterThan(MAX_SIGNATURE_PNG_BYTES);
    expect(checkSignaturePng(bytes)).toMatchObject({ ok: false, problem: 'too-large', message: messages.legal.signatureTooLarge });
  });

  it.each([
    ['a JPEG', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])],
    ['a PDF', new TextEncoder().encode('%PDF-1.7\n1 0 obj << >> endobj\n')],
    ['an SVG', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="500" height="120"/>')],
    ['a data URL instead of bytes', new TextEncoder().encode('data:image/png;base64,iVBORw0KGgo=')],
    ['nothing', new Uint8Array(0)],
  ])('%s as not a PNG', (_, bytes) => {
    expect(checkSignaturePng(bytes)).toMatchObject({ ok: false, problem: 'not-png', message: messages.legal.signatureNotPng });
  });

  it('a truncated PNG as damaged', () => {
    const good = drawSignaturePng(sampleSignature());
    for (const length of [20, 40, Math.floor(good.length / 2), good.length - 13]) {
      expect(checkSignaturePng(good.subarray(0, length)), `first ${length} bytes`).toMatchObject({ ok: false, problem: 'damaged', message: messages.legal.signatureDamaged });
    }
  });

  it('a PNG with a corrupted chunk (CRC mismatch) as damaged', () => {
    const bytes = Uint8Array.from(drawSignaturePng(sampleSignature()));
    bytes[60] = (bytes[60] as number) ^ 0xff; // inside the first IDAT's data
    expect(checkSignaturePng(bytes)).toMatchObject({ ok: false, problem: 'damaged' });
  });

  it('bytes after the end chunk as damaged', () => {
    const good = drawSignaturePng(sampleSignature());
    const padded = new Uint8Array(good.length + 16);
    padded.set(good);
    expect(checkSignaturePng(padded)).toMatchObject({ ok: false, problem: 'damaged' });
  });

  it('a PNG whose image data does not inflate as damaged', () => {
    // A well-formed chunk structure (valid CRCs) around data that is not a zlib stream.
    const good = Buffer.from(drawSignaturePng(sampleSignature()));
    const ihdr = good.subarray(8, 33);
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(data.length, 0);
      head.write(type, 4, 'latin1');
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
      return Buffer.concat([head, data, crc]);
    };
    const bogus = Buffer.concat([good.subarray(0, 8), ihdr, chunk('IDAT', Buffer.from('not zlib at all')), chunk('IEND', Buffer.alloc(0))]);
    expect(checkSignaturePng(new Uint8Array(bogus))).toMatchObject({ ok: false, problem: 'damaged' });
    // And rows that inflate but are too short for the declared size.
    const short = Buffer.concat([good.subarray(0, 8), ihdr, chunk('IDAT', deflateSync(Buffer.alloc(100))), chunk('IEND', Buffer.alloc(0))]);
    expect(checkSignaturePng(new Uint8Array(short))).toMatchObject({ ok: false, problem: 'damaged' });
  });
});

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c;
}
