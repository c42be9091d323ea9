/** Named reads of a download button. */
import type { SnapshotFrom } from 'xstate';
import type { downloadMachine } from './download.machine.ts';

type S = SnapshotFrom<typeof downloadMachine>;

export type DownloadPhase = 'idle' | 'downloading' | 'downloaded' | 'failed';

export const selectDownloadPhase = (s: S): DownloadPhase => (['downloading', 'downloaded', 'failed'] as const).find((p) => s.matches(p)) ?? 'idle';
export const selectIsDownloading = (s: S): boolean => s.hasTag('downloading');
/** Why it failed, while the failure shows (3 s). */
export const selectDownloadError = (s: S): string | null => s.context.error;
/** The name the file was saved under, while the success shows (2 s). */
export const selectSavedAs = (s: S): string | null => s.context.savedAs;
