// Issue 12 in progress: the sealing handler (jobs/seal-agreement-job.ts) replaces this before any job of the kind is
// enqueued. Until then a row of this kind (none can exist) would be retried, never dropped.
export const sealingNotWiredYet = {
  parse: (payload: unknown) => payload,
  run: async () => {
    throw new Error('Sealing is not wired yet');
  },
};
