/** The reviewer aids' job handlers, one list cache shared by both (src/server/domain/screening/). */
import { createScreeningLists } from '../domain/screening/current-screening-lists.ts';
import type { JobHandlers } from './job-runner.ts';
import { kycScreeningJobHandler, type ScreeningJobDeps } from './kyc-screening-job.ts';
import { screeningRescreenJobHandler } from './screening-rescreen-job.ts';

export function screeningJobHandlers(deps: Omit<ScreeningJobDeps, 'lists'> & { wake?: () => void }): Pick<JobHandlers, 'kyc-screening' | 'screening-rescreen'> {
  const lists = createScreeningLists();
  return {
    'kyc-screening': kycScreeningJobHandler({ ...deps, lists }),
    'screening-rescreen': screeningRescreenJobHandler({ ...deps, lists }),
  };
}
