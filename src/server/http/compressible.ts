/**
 * Which built files are worth compressing, shared by the build step (src/tools/compress-assets.ts writes .br and
 * .gz beside them) and the static handler (which looks for those siblings and sends Vary: Accept-Encoding). Text
 * formats only: woff2, png, jpg and pdf are compressed already and would not shrink.
 */
import { extname } from 'node:path';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest', '.ico', '.map', '.xml', '.wasm']);

/** The suffix of each pre-compressed sibling, e.g. app.js.br. */
export const CODING_SUFFIX = { br: '.br', gzip: '.gz' } as const;

export const isCompressible = (path: string) => COMPRESSIBLE.has(extname(path).toLowerCase());
