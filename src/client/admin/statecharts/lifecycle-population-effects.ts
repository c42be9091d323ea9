/** The lifecycle population's effects: the two back-office calls, through the signed-in staff member's API. */
import { fromPromise } from 'xstate';
import type { LoadInvestorsInput } from '../../../../machines/admin/lifecycle-population/lifecycle-population.types.ts';
import { LifecycleInvestorsPageSchema, LifecyclePopulationSchema, type LifecycleInvestorsPage, type LifecyclePopulation } from '../../../shared/admin/lifecycle.ts';
import type { AdminApi } from '../admin-api.ts';

export const LIFECYCLE_API = {
  population: '/api/admin/lifecycle',
  investors: ({ state, cursor }: LoadInvestorsInput) =>
    `/api/admin/lifecycle/investors?state=${encodeURIComponent(state)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
} as const;

export type PopulationLoaders = {
  loadPopulation: (signal: AbortSignal) => Promise<LifecyclePopulation>;
  loadInvestors: (input: LoadInvestorsInput, signal: AbortSignal) => Promise<LifecycleInvestorsPage>;
};

export const apiPopulationLoaders = (api: AdminApi): PopulationLoaders => ({
  loadPopulation: (signal) => api.get(LIFECYCLE_API.population, { schema: LifecyclePopulationSchema, signal }),
  loadInvestors: (input, signal) => api.get(LIFECYCLE_API.investors(input), { schema: LifecycleInvestorsPageSchema, signal }),
});

export function lifecyclePopulationEffects(loaders: PopulationLoaders) {
  return {
    actors: {
      loadPopulation: fromPromise<LifecyclePopulation, void>(({ signal }) => loaders.loadPopulation(signal)),
      loadInvestors: fromPromise<LifecycleInvestorsPage, LoadInvestorsInput>(({ input, signal }) => loaders.loadInvestors(input, signal)),
    },
  };
}
