import type { SnapshotFrom } from 'xstate';
import type { registrationDetailsMachine } from './registration-details.machine.ts';

type S = SnapshotFrom<typeof registrationDetailsMachine>;
export type DetailsView = 'closed' | 'loading' | 'loaded' | 'empty' | 'error';

export const selectDetailsView = (s: S) => s.value as DetailsView;
export const selectDetails = (s: S) => s.context.details;
export const selectDetailsError = (s: S) => s.context.error;
