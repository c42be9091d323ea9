/** The status page's effect: where the investor's investment stands (its statement is a download button's, download-effects.ts). */
import { fromPromise } from 'xstate';
import { investmentStatusMachine } from '../../../machines/investment-status/investment-status.machine.ts';
import type { LoadStatusOutput } from '../../../machines/investment-status/investment-status.types.ts';
import { InvestmentStatusSchema } from '../../shared/investment-status.ts';
import type { ApiClient } from './api-client.ts';

export const INVESTMENT_STATUS_PATH = '/api/investment/status';

export function provideInvestmentStatus(api: ApiClient) {
  return investmentStatusMachine.provide({
    actors: {
      loadStatus: fromPromise<LoadStatusOutput, void>(async ({ signal }) => ({
        status: await api.get(INVESTMENT_STATUS_PATH, { signal, schema: InvestmentStatusSchema }),
        checkedAt: new Date().toISOString(),
      })),
    },
  });
}
