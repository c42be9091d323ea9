/**
 * Picks the content coding of a static file from the request's Accept-Encoding (RFC 9110 §12.5.3): the highest q
 * among the codings we have a file for, ties going to the smaller file (br, then gzip, then identity). `q=0` refuses
 * a coding, `*` stands for every coding not named, names are case-insensitive. A missing header means identity.
 *
 * Hostile input costs little: a header longer than MAX_HEADER_LENGTH, or its entries past MAX_ENTRIES, are not read
 * (no browser sends more than a handful); a malformed q refuses that entry rather than guessing. When every coding we
 * have is refused we still answer identity: RFC 9110 allows it, and a 406 for a script would only break the page.
 */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Server preference for equal q: the smallest file first. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];
export const MAX_HEADER_LENGTH = 1024;
const MAX_ENTRIES = 32;
const Q_VALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/** q per coding name as the header gives it ('*' included, x-gzip read as gzip). */
function parse(header: string): Map<string, number> {
  const qs = new Map<string, number>();
  for (const entry of header.split(',', MAX_ENTRIES)) {
    const [rawName, ...params] = entry.split(';');
    const name = (rawName ?? '').trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const p = param.trim();
      if (!/^q=/i.test(p)) continue; // other parameters carry no meaning for codings
      const m = Q_VALUE.exec(p);
      q = m ? Number(m[1]) : 0;
    }
    // The first mention wins, as a later duplicate should not override an explicit refusal.
    const key = name === 'x-gzip' ? 'gzip' : name;
    if (!qs.has(key)) qs.set(key, q);
  }
  return qs;
}

/** `available`: the codings this file exists in besides identity (identity is always there). */
export function chooseCoding(header: string | undefined, available: ReadonlySet<ContentCoding>): ContentCoding {
  if (header === undefined || header.length > MAX_HEADER_LENGTH) return 'identity';
  const qs = parse(header);
  const star = qs.get('*');
  const qOf = (coding: ContentCoding): number => {
    const named = qs.get(coding);
    if (named !== undefined) return named;
    if (coding === 'identity') {
      // Not named: acceptable unless `*;q=0`, and below every coding the client did name (it prefers those).
      return star === 0 ? 0 : Number.MIN_VALUE;
    }
    return star ?? 0;
  };
  let best: ContentCoding = 'identity';
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available.has(coding)) continue;
    const q = qOf(coding);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}
