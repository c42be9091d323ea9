/**
 * Routes that read their request body themselves, each under its own byte limit, instead of through the JSON body
 * limit (json-body-limit.ts): streamed multipart uploads (receive-upload.ts, 10 MB), raw-byte routes that must
 * see the exact bytes, e.g. to verify a provider's signature over them (read-raw-body.ts), and JSON routes whose
 * bodies are larger by nature, under a limit of their own set by the route (the agreements' seven signature PNGs). A route declares itself
 * where its path is defined; the JSON limit skips exactly the declared paths, and readRawBody refuses a path not
 * declared raw, so forgetting the declaration fails loudly instead of silently capping the body at 64 KB.
 */
export type OwnBodyReading = 'multipart-stream' | 'raw-bytes' | 'json-own-limit';

const declared = new Map<string, OwnBodyReading>();
/** Declared paths with a `:param` segment (e.g. /api/admin/content/disclosure/:id): one segment of [A-Za-z0-9_-] each. */
const patterns: { path: string; pattern: RegExp; reading: OwnBodyReading }[] = [];

/**
 * Declares `path` (the full path, e.g. /api/kyc/upload-document) as reading its own body; returns the path. A
 * `:name` segment stands for one plain segment (letters, digits, "_", "-": a uuid, a key), nothing else.
 */
export function declareOwnBody(path: string, reading: OwnBodyReading): string {
  const known = declared.get(path) ?? patterns.find((p) => p.path === path)?.reading;
  if (known && known !== reading) throw new Error(`${path} is declared as ${known} and as ${reading}`);
  if (path.includes('/:')) {
    if (!known) {
      const source = path
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[A-Za-z0-9_-]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      patterns.push({ path, pattern: new RegExp(`^${source}$`), reading });
    }
  } else declared.set(path, reading);
  return path;
}

export const ownBodyReading = (path: string): OwnBodyReading | undefined =>
  declared.get(path) ?? patterns.find(({ pattern }) => pattern.test(path))?.reading;
