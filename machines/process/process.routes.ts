/** Route rules of spec section 2 for a signed-in user, as one pure function of the step progress. */
import type { StepProgress } from '../../src/shared/process.ts';
import { DOWNLOADS_PATH, PROCESS_STEPS, pathOfStep, type ProcessStep } from '../../src/shared/process-steps.ts';

export { DOWNLOADS_PATH };
/** What the signed-in area can show: a step's page, or the downloads page (which is no step). */
export type ProcessPageId = ProcessStep | 'downloads';

const isStep = (s: string): s is ProcessStep => (PROCESS_STEPS as readonly string[]).includes(s);

/** The current step: the server's step if the user may be there, else the furthest accessible one. */
export function currentStepOf(progress: StepProgress, serverStep: ProcessStep): ProcessStep {
  if (progress[serverStep].accessible) return serverStep;
  let step: ProcessStep = 'disclosure';
  for (const s of PROCESS_STEPS) if (progress[s].accessible) step = s;
  return step;
}

/**
 * Where a requested path leads: "/" and "/process" and the auth pages go to the current step, an
 * accessible step is shown, a step not yet accessible goes to the current step, anything unknown goes to "/"
 * (and so to the current step).
 */
export function resolveProcessPath(requested: string, progress: StepProgress, serverStep: ProcessStep): string {
  const path = requested.replace(/\/+$/, '') || '/';
  const current = pathOfStep(currentStepOf(progress, serverStep));
  if (path === DOWNLOADS_PATH) return DOWNLOADS_PATH;
  const match = /^\/process\/([^/]+)$/.exec(path);
  if (match?.[1] && isStep(match[1])) return progress[match[1]].accessible ? path : current;
  return current;
}
