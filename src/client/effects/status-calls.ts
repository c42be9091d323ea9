/** The status calls of step progress (PROCESS_STEP_STATUS), in parallel; one failing call leaves its answer empty. */
import { PROCESS_STEP_STATUS, STATUS_STEPS, type StatusAnswers } from '../../shared/process.ts';
import type { ApiClient } from './api-client.ts';

export async function loadStepProgress(api: ApiClient): Promise<StatusAnswers> {
  const settled = await Promise.allSettled(STATUS_STEPS.map((step) => api.get<unknown>(PROCESS_STEP_STATUS[step].path)));
  const answers = STATUS_STEPS.map((step, i) => {
    const result = settled[i];
    return [step, result?.status === 'fulfilled' ? result.value : null] as const;
  });
  // Each answer is taken as its call's response type, as the API client's get<T> does for any call.
  return Object.fromEntries(answers) as StatusAnswers;
}
