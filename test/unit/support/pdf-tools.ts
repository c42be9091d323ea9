/**
 * Outside checks of sealed PDFs with the tools a lawyer's IT would use: poppler's pdfsig (signature validity),
 * pdftotext and pdftoppm (what the pages say and show), openssl (the CMS structure). pdfsig exits 0 even when a
 * signature is broken, so its text is read.
 *
 * The tools are Debian packages (poppler-utils, openssl). Missing on a developer machine, the tests that need them
 * are skipped with a loud warning; under CI=true a missing tool fails the run instead.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';

const run = promisify(execFile);

export const TOOLS = { pdfsig: '/usr/bin/pdfsig', pdftotext: '/usr/bin/pdftotext', pdftoppm: '/usr/bin/pdftoppm', openssl: '/usr/bin/openssl' } as const;

/** Whether the tools are here; throws under CI when one is missing, warns (once per file) otherwise. */
export function havePdfTools(): boolean {
  const missing = Object.values(TOOLS).filter((path) => !existsSync(path));
  if (missing.length === 0) return true;
  if (process.env.CI === 'true' || process.env.CI === '1') throw new Error(`CI needs ${missing.join(', ')} (apt-get install poppler-utils openssl)`);
  console.warn(`\n!!! SKIPPING the PDF signature checks: ${missing.join(', ')} missing (apt-get install poppler-utils openssl) !!!\n`);
  return false;
}

export function tempDir(prefix: string): { path: string; file(name: string, bytes?: Uint8Array | string): string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    file(name, bytes) {
      const file = join(path, name);
      if (bytes !== undefined) writeFileSync(file, bytes);
      return file;
    },
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}

const scratch = () => tempDir('pdf-tools-');

export type PdfsigReport = {
  text: string;
  /** Signatures pdfsig checked (an unsigned signature field is listed by pdfsig too, but not counted here). */
  signatures: number;
  /** Signature fields without a signature. */
  unsignedFields: number;
  /** True only if there is a signature and each says "Signature is Valid.". */
  valid: boolean;
};

/** pdfsig's report of every signature. */
export async function pdfsig(pdf: Uint8Array): Promise<PdfsigReport> {
  const dir = scratch();
  try {
    const file = dir.file('doc.pdf', pdf);
    // pdfsig exits 0 on a digest mismatch and non-zero on a file it cannot read: keep the text either way.
    const { stdout, stderr } = await run(TOOLS.pdfsig, [file]).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }));
    const text = `${stdout}${stderr}`;
    const validations = [...text.matchAll(/Signature Validation: (.*)/g)].map((m) => m[1] as string);
    const unsignedFields = [...text.matchAll(/The signature form field is not signed/g)].length;
    return { text, signatures: validations.length, unsignedFields, valid: validations.length > 0 && validations.every((v) => v === 'Signature is Valid.') };
  } finally {
    dir.remove();
  }
}

/** The text of the pages (1-based, inclusive) as laid out (a label and its value on one line), whitespace collapsed. */
export async function pdfText(pdf: Uint8Array, first?: number, last?: number): Promise<string> {
  const dir = scratch();
  try {
    const file = dir.file('doc.pdf', pdf);
    const args = [...(first ? ['-f', String(first)] : []), ...(last ? ['-l', String(last)] : []), '-layout', '-enc', 'UTF-8', file, '-'];
    const { stdout } = await run(TOOLS.pdftotext, args, { maxBuffer: 16 * 1024 * 1024 });
    return stdout.replace(/\s+/g, ' ').trim();
  } finally {
    dir.remove();
  }
}

/** One page rendered at 72 dpi (one pixel per point), as RGBA. Row 0 is the top of the page. */
export async function renderPage(pdf: Uint8Array, page: number): Promise<PNG> {
  const dir = scratch();
  try {
    const file = dir.file('doc.pdf', pdf);
    await run(TOOLS.pdftoppm, ['-png', '-r', '72', '-f', String(page), '-l', String(page), '-singlefile', file, join(dir.path, 'page')]);
    const { readFileSync } = await import('node:fs');
    return PNG.sync.read(readFileSync(join(dir.path, 'page.png')));
  } finally {
    dir.remove();
  }
}

/** The bytes /ByteRange says are signed, and the CMS in /Contents (trailing zero padding removed), of the last signature. */
export function lastSignature(pdf: Uint8Array): { byteRange: [number, number, number, number]; cms: Uint8Array } {
  const text = Buffer.from(pdf).toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = ranges.at(-1);
  if (!last) throw new Error('no /ByteRange');
  const byteRange = [1, 2, 3, 4].map((i) => Number(last[i])) as [number, number, number, number];
  // /Contents is the gap between the two ranges: <hex...>.
  const hex = text.slice(byteRange[0] + byteRange[1] + 1, byteRange[2] - 1);
  const der = Buffer.from(hex, 'hex');
  // DER SEQUENCE with a long-form length: 0x30 0x82 hi lo (or 0x83 ...).
  const lengthBytes = (der[1] as number) & 0x7f;
  const length = der.subarray(2, 2 + lengthBytes).reduce((n, b) => n * 256 + b, 0);
  return { byteRange, cms: new Uint8Array(der.subarray(0, 2 + lengthBytes + length)) };
}

/** `openssl cms -cmsout -print` and `openssl asn1parse` of a DER CMS. */
export async function opensslCms(cms: Uint8Array): Promise<{ print: string; asn1: string }> {
  const dir = scratch();
  try {
    const file = dir.file('sig.der', cms);
    const print = await run(TOOLS.openssl, ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', file], { maxBuffer: 16 * 1024 * 1024 });
    const asn1 = await run(TOOLS.openssl, ['asn1parse', '-inform', 'DER', '-in', file], { maxBuffer: 16 * 1024 * 1024 });
    return { print: print.stdout, asn1: asn1.stdout };
  } finally {
    dir.remove();
  }
}

export const openssl = (args: string[], cwd?: string) => run(TOOLS.openssl, args, cwd ? { cwd } : {});
