/**
 * An upload's type from its first bytes (never from its name or the declared Content-Type): JPEG, PNG or PDF.
 */
import type { StoredFileType } from '../storage/stored-name.ts';

const SIGNATURES: { type: StoredFileType; magic: number[] }[] = [
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];

/** Bytes needed to tell the types apart (the longest signature). */
export const SNIFF_BYTES = Math.max(...SIGNATURES.map((s) => s.magic.length));

export function sniffFileType(head: Uint8Array): StoredFileType | null {
  const match = SIGNATURES.find(({ magic }) => head.byteLength >= magic.length && magic.every((byte, i) => head[i] === byte));
  return match?.type ?? null;
}
