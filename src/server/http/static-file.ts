/**
 * One file of the built client as an HTTP answer, in the content coding the client prefers among the ones the build
 * wrote (app.js.br, app.js.gz beside app.js: src/tools/compress-assets.ts). The Content-Type is the original file's,
 * Content-Length the bytes actually sent, and every answer of a compressible file says `Vary: Accept-Encoding` (the
 * identity one too, or a shared cache would hand the plain bytes to everyone, or the brotli bytes to a client
 * without brotli). The ETag names the coding, so a cache never revalidates one coding against another's validator.
 */
import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { getMimeType } from 'hono/utils/mime';
import { chooseCoding, type ContentCoding } from './accept-encoding.ts';
import { CODING_SUFFIX, isCompressible } from './compressible.ts';

const STALE_SLACK_MS = 1_000;

export type StaticRequest = { method: string; acceptEncoding: string | undefined; ifNoneMatch: string | undefined };

async function fileStats(path: string): Promise<Stats | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/**
 * The file under `root` a URL path names, or null when it names none we may serve: undecodable, a NUL or backslash,
 * an empty, `.` or `..` segment, a dot file, a pre-compressed sibling asked for by name (its bytes would go out with
 * the wrong type and no Content-Encoding), or anything that resolves outside root.
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.slice(1).split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null;
  const last = (segments[segments.length - 1] ?? '').toLowerCase();
  if (Object.values(CODING_SUFFIX).some((suffix) => last.endsWith(suffix))) return null;
  const path = join(root, ...segments);
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) return null;
  return path;
}

const etagOf = (info: Stats, coding: ContentCoding) =>
  `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${coding === 'identity' ? '' : `-${coding}`}"`;

/** If-None-Match against one ETag (weak comparison, as RFC 9110 asks for it; `*` matches any). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',', 64).some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/** The answer for `path` (from resolveStaticPath), or null when there is no such file. */
export async function answerStaticFile(path: string, request: StaticRequest, cacheControl: string): Promise<Response | null> {
  const original = await fileStats(path);
  if (!original) return null;
  const compressible = isCompressible(path);
  let coding: ContentCoding = 'identity';
  let sent = { path, info: original };
  if (compressible && request.acceptEncoding) {
    const siblings = await Promise.all(
      (['br', 'gzip'] as const).map(async (c) => [c, await fileStats(path + CODING_SUFFIX[c])] as const),
    );
    // A sibling older than its original was left from an earlier build or an edit: never send stale bytes. The
    // second of slack is for a plain `cp -r` of dist/, which may copy app.js.br a moment before app.js.
    const fresh = new Map(siblings.filter(([, info]) => info && info.mtimeMs + STALE_SLACK_MS >= original.mtimeMs) as [ContentCoding, Stats][]);
    coding = chooseCoding(request.acceptEncoding, new Set(fresh.keys()));
    if (coding !== 'identity') sent = { path: path + CODING_SUFFIX[coding as 'br' | 'gzip'], info: fresh.get(coding) as Stats };
  }

  const etag = etagOf(sent.info, coding);
  const headers = new Headers({ 'Cache-Control': cacheControl, ETag: etag, 'Last-Modified': original.mtime.toUTCString() });
  if (compressible) headers.set('Vary', 'Accept-Encoding');
  if (matches(request.ifNoneMatch, etag)) return new Response(null, { status: 304, headers });

  headers.set('Content-Type', getMimeType(path) ?? 'application/octet-stream');
  headers.set('Content-Length', String(sent.info.size));
  if (coding !== 'identity') headers.set('Content-Encoding', coding);
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(sent.path)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
