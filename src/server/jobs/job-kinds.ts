/**
 * The kinds of durable job, written once: the `jobs` table's CHECK constraint is built from JOB_KINDS, and each kind's
 * retry policy is here, next to its name. A kind's handler lives in src/server/jobs/<kind>-job.ts.
 */
export const JOB_KINDS = ['mail', 'seal-agreement', 'kyc-screening', 'screening-rescreen', 'kyc-document-checks'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export type JobPolicy = {
  /** Runs of the handler before the job is given up (kept, with its last error, for inspection). */
  maxAttempts: number;
  /** Wait before retry n (1-based): backoffSeconds * 2^(n-1), at most maxBackoffSeconds. */
  backoffSeconds: number;
  maxBackoffSeconds: number;
  /** The payload holds a secret (a one-time code): it is cleared when the job gives up, as it is when it succeeds. */
  secretPayload: boolean;
};

export const JOB_POLICIES: Record<JobKind, JobPolicy> = {
  // A code is valid 10 minutes: 6 runs over about 5 minutes (10, 20, 40, 80, 160 s apart) cover a short mail outage.
  mail: { maxAttempts: 6, backoffSeconds: 10, maxBackoffSeconds: 300, secretPayload: true },
  // Payload {signatureId}. A signed document may come minutes late but must come: 10 runs over about 4 hours.
  'seal-agreement': { maxAttempts: 10, backoffSeconds: 30, maxBackoffSeconds: 3_600, secretPayload: false },
  // Payload {userId, round}: screens the investor and scores the risk of a review round. Evidence for the reviewer,
  // so worth retrying for a while; a given-up job leaves the case showing the check as pending.
  'kyc-screening': { maxAttempts: 8, backoffSeconds: 15, maxBackoffSeconds: 1_800, secretPayload: false },
  // Payload {userId, round}: reads the identity document's machine-readable zone (OCR: seconds of CPU per document).
  'kyc-document-checks': { maxAttempts: 5, backoffSeconds: 30, maxBackoffSeconds: 1_800, secretPayload: false },
  // Payload {listId}: screens every approved investor against a newly loaded list (ongoing monitoring).
  'screening-rescreen': { maxAttempts: 5, backoffSeconds: 60, maxBackoffSeconds: 3_600, secretPayload: false },
};

/** Seconds to wait after the `attempts`-th failed run. */
export const backoffSeconds = (policy: JobPolicy, attempts: number): number =>
  Math.min(policy.backoffSeconds * 2 ** Math.min(Math.max(attempts - 1, 0), 30), policy.maxBackoffSeconds);
