/**
 * The status calls of step progress (PROCESS_STEP_STATUS), in parallel, each answer checked by its schema; one failing
 * call (an answer its schema refuses included) leaves its answer empty.
 */
import { PROCESS_STEP_STATUS, STATUS_STEPS, type StatusAnswers } from '../../shared/process.ts';
import type { ApiClient } from './api-client.ts';

export async function loadStepProgress(api: ApiClient): Promise<StatusAnswers> {
  const settled = await Promise.allSettled(STATUS_STEPS.map((step) => api.get<unknown>(PROCESS_STEP_STATUS[step].path, { schema: PROCESS_STEP_STATUS[step].schema })));
  const answers = STATUS_STEPS.map((step, i) => {
    const result = settled[i];
    return [step, result?.status === 'fulfilled' ? result.value : null] as const;
  });
  // Each answer has passed its own step's schema; TypeScript cannot follow the pairing through the list.
  return Object.fromEntries(answers) as StatusAnswers;
}
