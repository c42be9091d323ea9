/**
 * One MRZ from several OCR reads of it (the reader tries a few angles and scales when a check digit fails). Each
 * position takes the character most reads agree on. Where a field's check digit still fails, the field is looked
 * for among the characters the reads actually gave at its positions, plus O for 0 (and 0 for O) in alphanumeric
 * positions (the one confusion no position type settles: 'O' and '0' are near-identical in OCR-B); a combination is
 * taken only when it is the ONLY one that makes the check digit valid, and each such choice is noted for the
 * reviewer. The check digits themselves are then verified by the `mrz` parser as usual, so nothing is hidden: a
 * document whose digit is wrong whatever its positions are read as keeps that digit invalid.
 */
import { parse } from 'mrz';
import type { MrzFormat } from './mrz-text.ts';

type Group = { label: string; line: number; positions: number[]; alphanumeric: number[] };

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Check-digit groups (each with its digit's position last), as `mrz` labels their check digits. */
const GROUPS: Record<MrzFormat, Group[]> = {
  TD1: [
    { label: 'Document number check digit', line: 0, positions: range(5, 14), alphanumeric: range(5, 13) },
    { label: 'Birth date check digit', line: 1, positions: range(0, 6), alphanumeric: [] },
    { label: 'Expiration date check digit', line: 1, positions: range(8, 14), alphanumeric: [] },
  ],
  TD2: [
    { label: 'Document number check digit', line: 1, positions: range(0, 9), alphanumeric: range(0, 8) },
    { label: 'Birth date check digit', line: 1, positions: range(13, 19), alphanumeric: [] },
    { label: 'Expiration date check digit', line: 1, positions: range(21, 27), alphanumeric: [] },
  ],
  TD3: [
    { label: 'Document number check digit', line: 1, positions: range(0, 9), alphanumeric: range(0, 8) },
    { label: 'Birth date check digit', line: 1, positions: range(13, 19), alphanumeric: [] },
    { label: 'Expiration date check digit', line: 1, positions: range(21, 27), alphanumeric: [] },
    { label: 'Personal number check digit', line: 1, positions: range(28, 42), alphanumeric: range(28, 41) },
  ],
};

const MAX_COMBINATIONS = 256;

function checkValid(lines: string[], label: string): boolean {
  try {
    return parse(lines, { autocorrect: false }).details.some((d) => d.label === label && d.valid);
  } catch {
    return false;
  }
}

function consensus(reads: string[][]): string[] {
  const first = reads[0] ?? [];
  return first.map((line, li) =>
    [...line]
      .map((_, i) => {
        const counts = new Map<string, number>();
        for (const read of reads) {
          const ch = read[li]?.[i];
          if (ch && ch !== '?') counts.set(ch, (counts.get(ch) ?? 0) + 1);
        }
        let best = '?';
        let bestCount = 0;
        // Ties go to the earlier read (Map keeps insertion order).
        for (const [ch, n] of counts) {
          if (n > bestCount) {
            best = ch;
            bestCount = n;
          }
        }
        return best;
      })
      .join(''),
  );
}

export function mergeReadings(format: MrzFormat, reads: string[][]): { lines: string[]; notes: string[] } {
  const lines = consensus(reads);
  const notes: string[] = [];
  for (const group of GROUPS[format]) {
    if (checkValid(lines, group.label)) continue;
    const current = lines[group.line] ?? '';
    const options = group.positions.map((pos) => {
      const seen = new Set<string>();
      for (const read of reads) {
        const ch = read[group.line]?.[pos];
        if (ch && ch !== '?') seen.add(ch);
      }
      if (group.alphanumeric.includes(pos)) {
        if (seen.has('O')) seen.add('0');
        if (seen.has('0')) seen.add('O');
      }
      const now = current[pos] ?? '?';
      return [now, ...[...seen].filter((c) => c !== now)];
    });
    const combinations = options.reduce((n, o) => n * o.length, 1);
    if (combinations <= 1 || combinations > MAX_COMBINATIONS) continue;
    const valid: string[] = [];
    for (let k = 0; k < combinations; k++) {
      let rest = k;
      const chars = [...current];
      group.positions.forEach((pos, j) => {
        const o = options[j] ?? [];
        chars[pos] = o[rest % o.length] ?? '?';
        rest = Math.floor(rest / o.length);
      });
      const line = chars.join('');
      if (line === current) continue;
      const trial = lines.map((l, li) => (li === group.line ? line : l));
      if (checkValid(trial, group.label)) valid.push(line);
    }
    if (valid.length !== 1) continue;
    const chosen = valid[0] ?? current;
    const changed = group.positions.filter((pos) => chosen[pos] !== current[pos]);
    lines[group.line] = chosen;
    const field = group.label.replace(/ check digit$/, '').toLowerCase();
    notes.push(
      `${field}: ${changed.map((pos) => `line ${group.line + 1} position ${pos + 1} read as '${current[pos]}', taken as '${chosen[pos]}'`).join('; ')} (the only reading that satisfies its check digit)`,
    );
  }
  return { lines, notes };
}
