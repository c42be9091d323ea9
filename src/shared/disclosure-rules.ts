/**
 * The reading rules of spec section 4 "Disclosure sections", shared by the disclosure statechart and the server:
 * the first section is unlocked, the next unlocks when the previous is completed, and a section completes when its
 * minimum reading time has passed and its document was scrolled to the end.
 */
import type { DisclosureSection, SectionProgress } from './schemas.ts';

export const EMPTY_PROGRESS: SectionProgress = { unlocked: false, opened: false, timeSpent: 0, scrolled: false, completed: false };

/** Minimum reading time in whole seconds (minutes may be fractional). */
export const minReadingSeconds = (section: Pick<DisclosureSection, 'minReadingTime'>): number =>
  Math.max(0, Math.ceil(section.minReadingTime * 60 - 1e-9));

/** Seconds of reading still missing, never negative. */
export const missingSeconds = (section: Pick<DisclosureSection, 'minReadingTime'>, progress: Pick<SectionProgress, 'timeSpent'>): number =>
  Math.max(0, minReadingSeconds(section) - progress.timeSpent);

/**
 * Time and scroll are both met. A section without a document can never be met: nobody can attest to having read
 * a document that is not there (docs/decisions.md, "Disclosure").
 */
export const isRequirementMet = (section: Pick<DisclosureSection, 'minReadingTime' | 'hasPDF'>, progress: SectionProgress): boolean =>
  section.hasPDF && progress.scrolled && missingSeconds(section, progress) === 0;

/** Which sections are unlocked, in reading order: the first always, each next one once the previous is completed. */
export function unlockedFlags(completed: readonly boolean[]): boolean[] {
  return completed.map((_, i) => i === 0 || completed[i - 1] === true);
}

export const progressOf = (map: Record<string, SectionProgress>, id: string): SectionProgress => map[id] ?? EMPTY_PROGRESS;

/** Every section complete (and at least one section exists: no documents is no disclosure). */
export const allSectionsComplete = (sections: readonly Pick<DisclosureSection, 'id'>[], map: Record<string, SectionProgress>): boolean =>
  sections.length > 0 && sections.every((s) => progressOf(map, s.id).completed);

/** 'm:ss' for a count of seconds. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A reading time as words: '1 minute', '2 minutes', '30 seconds', '1 minute 30 seconds'. */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return part(seconds, 'second');
  return seconds === 0 ? part(minutes, 'minute') : `${part(minutes, 'minute')} ${part(seconds, 'second')}`;
}
