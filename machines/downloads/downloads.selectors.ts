/** Named reads of the downloads page for its view. */
import type { SnapshotFrom } from 'xstate';
import type { SignedDocument } from '../../src/shared/documents.ts';
import { AGREEMENT_KEYS } from '../../src/shared/legal.ts';
import type { downloadsMachine } from './downloads.machine.ts';

type S = SnapshotFrom<typeof downloadsMachine>;

export type DownloadsPhase = 'loading' | 'failed' | 'generating' | 'empty' | 'listed';

/** While a refresh runs, the page goes on showing what the last answer said. */
export const selectPhase = (s: S): DownloadsPhase => {
  if (s.hasTag('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  const list = s.context.list;
  if ((list?.pending ?? 0) > 0) return 'generating';
  return (list?.documents.length ?? 0) === 0 ? 'empty' : 'listed';
};

export const selectDocuments = (s: S): SignedDocument[] => s.context.list?.documents ?? [];
/** The footer's N of 7. */
export const selectAvailableCount = (s: S): number => s.context.list?.documents.length ?? 0;
export const DOCUMENT_TOTAL = AGREEMENT_KEYS.length;
export const selectPendingCount = (s: S): number => s.context.list?.pending ?? 0;
export const selectLoadError = (s: S): string | null => s.context.error;
export const selectIsRefreshing = (s: S): boolean => s.hasTag('refreshing');
