/** Named reads of the investment's status page for its view. */
import type { SnapshotFrom } from 'xstate';
import type { InvestmentStatusResponse } from '../../src/shared/investment-status.ts';
import type { investmentStatusMachine } from './investment-status.machine.ts';

type S = SnapshotFrom<typeof investmentStatusMachine>;

export type InvestmentStatusPhase = 'loading' | 'failed' | 'shown';

export const selectPhase = (s: S): InvestmentStatusPhase => (s.hasTag('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'shown');
export const selectStatus = (s: S): InvestmentStatusResponse | null => s.context.status;
export const selectLoadError = (s: S): string | null => s.context.error;
export const selectCheckedAt = (s: S): string | null => s.context.checkedAt;
export const selectIsRefreshing = (s: S): boolean => s.hasTag('refreshing');
/** Whether the page asks again by itself (the view says so). */
export const selectIsWatching = (s: S): boolean => s.matches({ shown: 'waiting' }) || s.matches({ shown: 'refreshing' });
