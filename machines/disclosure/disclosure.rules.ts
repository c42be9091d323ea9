/** Pure helpers of the disclosure statechart (no xstate): progress bookkeeping per section. */
import {
  EMPTY_PROGRESS,
  isRequirementMet,
  progressOf,
  unlockedFlags,
  type DisclosureSection,
  type SectionProgress,
} from '../../src/shared/disclosure.ts';
import type { ProgressMap } from './disclosure.types.ts';

/** Every section present, `unlocked` derived from the order of completion. */
export function normalise(sections: readonly DisclosureSection[], map: ProgressMap): ProgressMap {
  const list = sections.map((s) => ({ ...EMPTY_PROGRESS, ...map[s.id] }));
  const unlocked = unlockedFlags(list.map((p) => p.completed));
  return Object.fromEntries(sections.map((s, i) => [s.id, { ...list[i]!, unlocked: unlocked[i]! }]));
}

export function updateSection(sections: readonly DisclosureSection[], map: ProgressMap, id: string, change: (p: SectionProgress, section: DisclosureSection) => Partial<SectionProgress>): ProgressMap {
  const section = sections.find((s) => s.id === id);
  if (!section) return map;
  const current = progressOf(map, id);
  if (current.completed) return map;
  const next = { ...current, ...change(current, section) };
  // A section completes the moment both requirements hold (spec: "Completion needs time >= minimum AND scrolled").
  next.completed = isRequirementMet(section, next);
  return normalise(sections, { ...map, [id]: next });
}

/**
 * Adopts the server's answer to a save: its credit wins for what was sent, and what accrued here after sending is
 * added on top. A completion the server did not accept is undone; one made here after sending stays.
 */
export function reconcile(sections: readonly DisclosureSection[], local: ProgressMap, sent: ProgressMap, server: ProgressMap): ProgressMap {
  const merged: ProgressMap = {};
  for (const { id } of sections) {
    const here = progressOf(local, id);
    const then = sent[id] ?? here;
    const there = progressOf(server, id);
    // A section the server holds locked has nothing of this page's to keep.
    if (!there.unlocked) {
      merged[id] = there;
      continue;
    }
    merged[id] = {
      ...there,
      opened: there.opened || here.opened,
      scrolled: there.scrolled || here.scrolled,
      timeSpent: there.timeSpent + Math.max(0, here.timeSpent - then.timeSpent),
      completed: there.completed || (here.completed && !then.completed),
    };
  }
  return normalise(sections, merged);
}

export const completedCount = (sections: readonly DisclosureSection[], map: ProgressMap): number =>
  sections.filter((s) => progressOf(map, s.id).completed).length;

/** A section opens when unlocked (any section in review). */
export const canOpen = (map: ProgressMap, id: string, review: boolean): boolean => review || progressOf(map, id).unlocked;

/** Sections whose reading clock must run: open, not complete. */
export const sectionsToTime = (openIds: readonly string[], map: ProgressMap): string[] => openIds.filter((id) => !progressOf(map, id).completed);

export const timerId = (sectionId: string) => `readingTimer:${sectionId}`;
