/**
 * The overall progress, apart from process.selectors.ts: it reads the step-status table (src/shared/process.ts), whose
 * answer schemas would otherwise ride in the first script of every page with `selectPath` (the route sync reads it).
 */
import type { SnapshotFrom } from 'xstate';
import { overallProgress } from '../../src/shared/process.ts';
import type { processMachine } from './process.machine.ts';

export const selectOverallProgress = (s: SnapshotFrom<typeof processMachine>) => (s.context.progress ? overallProgress(s.context.progress) : 0);
