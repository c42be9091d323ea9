import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api-error.ts';
import { PROCESS_STEP_STATUS, STATUS_STEPS } from '../../shared/process.ts';
import type { ApiClient } from './api-client.ts';
import { loadStepProgress } from './status-calls.ts';

describe('loadStepProgress', () => {
  it('makes every status call at once and leaves a failed one empty', async () => {
    const asked: string[] = [];
    const pending: (() => void)[] = [];
    const api = {
      get: (path: string) => {
        asked.push(path);
        return new Promise((resolve, reject) => {
          pending.push(() => (path === PROCESS_STEP_STATUS.kyc.path ? reject(new ApiError('HTTP 500', 500, null)) : resolve({ from: path })));
        });
      },
    } as unknown as ApiClient;
    const loading = loadStepProgress(api);
    // All calls are out before the first answer comes back.
    expect(asked).toEqual(STATUS_STEPS.map((step) => PROCESS_STEP_STATUS[step].path));
    pending.forEach((answer) => answer());
    expect(await loading).toEqual({
      disclosure: { from: '/api/disclosure/progress' },
      kyc: null,
      agreements: { from: '/api/legal/progress' },
      payment: { from: '/api/payment/status' },
    });
  });

  it("checks each answer with its step's schema", async () => {
    const schemas: unknown[] = [];
    const api = {
      get: async (_path: string, options: { schema?: unknown }) => {
        schemas.push(options.schema);
        return {};
      },
    } as unknown as ApiClient;
    await loadStepProgress(api);
    expect(schemas).toEqual(STATUS_STEPS.map((step) => PROCESS_STEP_STATUS[step].schema));
  });
});
