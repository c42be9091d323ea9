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

/** Declares `path` (the full path, e.g. /api/kyc/upload-document) as reading its own body; returns the path. */
export function declareOwnBody(path: string, reading: OwnBodyReading): string {
  const known = declared.get(path);
  if (known && known !== reading) throw new Error(`${path} is declared as ${known} and as ${reading}`);
  declared.set(path, reading);
  return path;
}

export const ownBodyReading = (path: string): OwnBodyReading | undefined => declared.get(path);
