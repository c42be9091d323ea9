/** For runners a test builds for mail or sealing alone: the reviewer aids' kinds, refused if one ever reaches them. */
import { PermanentJobError, type JobHandlers } from '../../../src/server/jobs/job-runner.ts';

const refuse = { parse: (payload: unknown) => payload, run: async () => { throw new PermanentJobError('not a kind this test runs'); } };

export const SCREENING_KINDS_UNUSED: Pick<JobHandlers, 'kyc-screening' | 'screening-rescreen' | 'kyc-document-checks'> = { 'kyc-screening': refuse, 'screening-rescreen': refuse, 'kyc-document-checks': refuse };
