import type { SnapshotFrom } from 'xstate';
import {
  allSectionsComplete,
  missingSeconds,
  minReadingSeconds,
  progressOf,
  type DisclosureSection,
  type SectionProgress,
} from '../../src/shared/disclosure.ts';
import type { disclosureMachine } from './disclosure.machine.ts';
import { canOpen, completedCount } from './disclosure.rules.ts';

type S = SnapshotFrom<typeof disclosureMachine>;

export type DisclosurePhase = 'loading' | 'failed' | 'authRequired' | 'empty' | 'reviewing' | 'reading' | 'done';

export const selectPhase = (s: S): DisclosurePhase => {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('authRequired')) return 'authRequired';
  if (s.matches('empty')) return 'empty';
  if (s.matches({ ready: 'reviewing' })) return 'reviewing';
  if (s.matches('done')) return 'done';
  return 'reading';
};

/** Spec badges: Locked / Pending / In Progress / Complete, and Available / Completed in read-only mode. */
export type SectionBadge = 'locked' | 'pending' | 'inProgress' | 'complete' | 'available' | 'completed';

export type SectionView = DisclosureSection & {
  progress: SectionProgress;
  badge: SectionBadge;
  isOpen: boolean;
  canOpen: boolean;
  minSeconds: number;
  missingSeconds: number;
};

function badgeOf(p: SectionProgress, review: boolean): SectionBadge {
  if (review) return p.completed ? 'completed' : 'available';
  if (p.completed) return 'complete';
  if (!p.unlocked) return 'locked';
  return p.opened || p.timeSpent > 0 ? 'inProgress' : 'pending';
}

export const selectSections = (s: S): SectionView[] => {
  const review = s.hasTag('readOnly');
  const { sections, progress, openIds } = s.context;
  return sections.map((section) => {
    const p = progressOf(progress, section.id);
    return {
      ...section,
      progress: p,
      badge: badgeOf(p, review),
      isOpen: openIds.includes(section.id),
      canOpen: canOpen(progress, section.id, review),
      minSeconds: minReadingSeconds(section),
      missingSeconds: missingSeconds(section, p),
    };
  });
};

export const selectCompletedCount = (s: S) => completedCount(s.context.sections, s.context.progress);
export const selectSectionCount = (s: S) => s.context.sections.length;
export const selectAllComplete = (s: S) => allSectionsComplete(s.context.sections, s.context.progress);
export const selectIsCompleting = (s: S) => s.hasTag('completing');
export const selectIsSaving = (s: S) => s.hasTag('saving');
export const selectCompletionError = (s: S) => s.context.completionError;
export const selectSaveFailed = (s: S) => s.context.saveFailed;
export const selectCompletedAt = (s: S) => s.context.completedAt;
