/**
 * The browser's hash of a file: Web Crypto where there is one, @noble/hashes where there is none (plain http on a host
 * other than localhost has no crypto.subtle), fed in slices: both give the SHA-256 Node gives, for an empty file, a
 * small one and one over several slices. And the PDF signature check the page refuses other files by.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex, startsLikePdf } from './sha256-file.ts';

const node = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const samples = [new Uint8Array(0), new Uint8Array(randomBytes(1000)), new Uint8Array(randomBytes(3 * 1024 * 1024 + 17))];
const bufferOf = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe('sha256Hex', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('with Web Crypto: the SHA-256 as lower-case hex', async () => {
    for (const bytes of samples) expect(await sha256Hex(bufferOf(bytes))).toBe(node(bytes));
  });

  it('without crypto.subtle (not a secure context): the same, by @noble/hashes', async () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    expect(globalThis.crypto.subtle).toBeUndefined();
    for (const bytes of samples) expect(await sha256Hex(bufferOf(bytes))).toBe(node(bytes));
  });
});

describe('startsLikePdf', () => {
  it('only bytes that start with %PDF-', () => {
    expect(startsLikePdf(new TextEncoder().encode('%PDF-1.7\n'))).toBe(true);
    for (const text of ['', '%PDF', ' %PDF-1.7', '%pdf-1.7', 'GIF89a']) expect(startsLikePdf(new TextEncoder().encode(text))).toBe(false);
  });
});
