import type { SnapshotFrom } from 'xstate';
import type { staffManagementMachine } from './staff-management.machine.ts';

type S = SnapshotFrom<typeof staffManagementMachine>;

export const selectList = (s: S) => s.context.list;
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectLoadFailed = (s: S) => s.matches('loadFailed');
export const selectPending = (s: S) => s.context.pending;
