/**
 * The SHA-256 of a file's bytes in the browser, as lower-case hex. Web Crypto where the page is a secure context
 * (https, or http://localhost); elsewhere (plain http on another host has no crypto.subtle) @noble/hashes, loaded only
 * then, fed in slices so a large file does not freeze the page in one go.
 */
const SLICE_BYTES = 1024 * 1024;

const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  if (globalThis.crypto?.subtle) return toHex(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes)));
  const { sha256 } = await import('@noble/hashes/sha2.js');
  const hash = sha256.create();
  const view = new Uint8Array(bytes);
  for (let at = 0; at < view.length; at += SLICE_BYTES) {
    hash.update(view.subarray(at, at + SLICE_BYTES));
    // Let the page paint ("Computing...") between slices.
    if (at + SLICE_BYTES < view.length) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return toHex(hash.digest());
}

/** '%PDF-': every PDF starts with it (ISO 32000 7.5.2); the portal's sealed agreements do at byte 0. */
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

export const startsLikePdf = (bytes: Uint8Array): boolean => PDF_SIGNATURE.every((b, i) => bytes[i] === b);
