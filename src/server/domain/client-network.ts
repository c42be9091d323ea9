/**
 * Who a request's client is, for every per-client limit (issue 26, fault 9): the code requests and wrong codes of
 * investors and staff, the live challenges a client keeps per address, the known clients of an account and the
 * document checks of /verify. One function, `clientOf`, so no limit can count clients its own way.
 *
 * - One address is one client however it is written: `[2001:db8::1]:443`, `2001:0DB8:0:0:0:0:0:1` and
 *   `2001:db8::1` are the same, as are `198.51.100.7`, `198.51.100.7:51234` and `::ffff:198.51.100.7` (what a
 *   dual-stack listener reports for an IPv4 client), `::ffff:c633:6407` too. A zone (`%eth0`) is dropped.
 * - An IPv6 client is its /64: one subscriber (a home, a phone, a server) is routed a whole /64 and can use any of
 *   its 2^64 addresses, so counting per address let a single subscriber escape every limit.
 * - An IPv4 client is its address (one subscriber usually has one; a /24 is many people).
 * - What is not an IP address (a proxy's `unknown`) counts as its own text, lower-cased.
 */
import { isIP } from 'node:net';

type Parsed = { version: 4; text: string } | { version: 6; groups: number[] };

/** 'a.b.c.d' -> its two 16-bit groups; null when it is not a dotted IPv4 address. */
function ipv4Groups(text: string): [number, number] | null {
  if (isIP(text) !== 4) return null;
  const [a, b, c, d] = text.split('.').map(Number) as [number, number, number, number];
  return [(a << 8) | b, (c << 8) | d];
}

/** The eight groups of an address node:net accepts as IPv6 (zone already removed); an IPv4 tail is two groups. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const tail = ipv4Groups(text.slice(lastColon + 1));
    if (!tail) return null;
    text = `${text.slice(0, lastColon + 1)}${tail[0].toString(16)}:${tail[1].toString(16)}`;
  }
  const words = (part: string) => (part === '' ? [] : part.split(':').map((w) => (/^[0-9a-f]{1,4}$/.test(w) ? parseInt(w, 16) : NaN)));
  const double = text.indexOf('::');
  let groups: number[];
  if (double >= 0) {
    const left = words(text.slice(0, double));
    const right = words(text.slice(double + 2));
    const missing = 8 - left.length - right.length;
    if (missing < 1) return null;
    groups = [...left, ...Array<number>(missing).fill(0), ...right];
  } else {
    groups = words(text);
  }
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}

function parse(raw: string): Parsed | null {
  let text = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1] as string;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%.*$/, '');
  const version = isIP(text);
  if (version === 4) return { version: 4, text };
  if (version !== 6) return null;
  const groups = ipv6Groups(text);
  if (!groups) return null;
  // IPv4-mapped (::ffff:0:0/96): the IPv4 client itself.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6] as number, groups[7] as number];
    return { version: 4, text: [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.') };
  }
  return { version: 6, groups };
}

/** RFC 5952 text: lower-case hex without leading zeros, the longest run of two or more zero groups as '::'. */
function ipv6Text(groups: number[]): string {
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { at: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

/**
 * The address in one notation (RFC 5952 for IPv6, dotted for IPv4 and IPv4-mapped; no brackets, port or zone), as
 * the audit trail and the challenges record it; what is not an IP address comes back trimmed and lower-cased.
 */
export function normaliseAddress(raw: string): string {
  const parsed = parse(raw);
  if (!parsed) return raw.trim().toLowerCase();
  return parsed.version === 4 ? parsed.text : ipv6Text(parsed.groups);
}

/**
 * The client a request's address belongs to, as every per-client limit counts it: an IPv4 address, or an IPv6 /64
 * written as `<prefix>::/64` (`2001:db8:1:2::/64`). null without an address (an in-process call): no per-client
 * counting, as one shared bucket would block everyone.
 */
export function clientOf(ip: string | null | undefined): string | null {
  if (!ip || ip.trim() === '') return null;
  const parsed = parse(ip);
  if (!parsed) return ip.trim().toLowerCase();
  if (parsed.version === 4) return parsed.text;
  return `${ipv6Text([...parsed.groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}
