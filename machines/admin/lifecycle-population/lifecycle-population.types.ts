import type { LifecycleInvestor, LifecycleInvestorsPage, LifecyclePopulation } from '../../../src/shared/admin/lifecycle.ts';

export type LoadInvestorsInput = { state: string; cursor: string | null };

export type LifecyclePopulationContext = {
  population: LifecyclePopulation | null;
  /** The state whose investors are listed (the state clicked on the lifecycle chart). */
  state: string | null;
  investors: LifecycleInvestor[];
  /** Where the next page starts (null: the list is whole). */
  nextCursor: string | null;
  /** Why the counts or the list could not be loaded, in words. */
  error: string | null;
};

export type LifecyclePopulationEvent =
  /** The lifecycle chart is shown: count its investors. */
  | { type: 'population.open' }
  /** Count again (and list the chosen state again). */
  | { type: 'population.refresh' }
  /** List the investors in this state (null: none chosen). */
  | { type: 'population.state.choose'; state: string | null }
  /** The next page of the list. */
  | { type: 'population.more' }
  | { type: 'population.retry' };

export type { LifecycleInvestorsPage, LifecyclePopulation };
