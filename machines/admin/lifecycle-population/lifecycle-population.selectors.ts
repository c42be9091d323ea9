import type { SnapshotFrom } from 'xstate';
import type { lifecyclePopulationMachine } from './lifecycle-population.machine.ts';

type S = SnapshotFrom<typeof lifecyclePopulationMachine>;

export const selectPopulation = (s: S) => s.context.population;
export const selectListedState = (s: S) => s.context.state;
export const selectInvestors = (s: S) => s.context.investors;
export const selectHasMore = (s: S) => s.context.nextCursor !== null;
export const selectError = (s: S) => s.context.error;
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectPhase = (s: S): 'closed' | 'counting' | 'countFailed' | 'idle' | 'listing' | 'listed' | 'loadingMore' | 'listFailed' => {
  if (s.matches('closed') || s.matches('counting') || s.matches('countFailed')) return s.value as 'closed' | 'counting' | 'countFailed';
  return (s.value as { counted: 'idle' | 'listing' | 'listed' | 'loadingMore' | 'listFailed' }).counted;
};

/** "12 investors" per state id, for the chart's badges (states nobody is in have none). */
export function selectBadges(s: S): ReadonlyMap<string, string> {
  const counts = s.context.population?.counts ?? {};
  return new Map(Object.entries(counts).map(([id, n]) => [id, `${n} ${n === 1 ? 'investor' : 'investors'}`]));
}
