/**
 * The `screening-rescreen` job (payload {listId, after}): ongoing monitoring. When a list is loaded, every investor
 * whose KYC was submitted (under review or approved) is screened against it again, a chunk of investors per job so no
 * run outlives its lease; each chunk enqueues the next. A list replaced meanwhile stops its rescreen (the newer list
 * has its own). New hits are recorded as new; an approved case goes back to compliance (reopen-on-new-hit.ts), any
 * other is scored again.
 */
import { and, asc, gt, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { kycVerifications } from '../db/schema/index.ts';
import { screenInvestor } from '../domain/screening/screen-investor.ts';
import { scoreInvestorRisk } from '../domain/risk/score-investor-risk.ts';
import { reopenOnNewHit } from '../domain/screening/reopen-on-new-hit.ts';
import { enqueueJob } from './enqueue-job.ts';
import type { JobHandler } from './job-runner.ts';
import type { ScreeningJobDeps } from './kyc-screening-job.ts';

export const RescreenPayloadSchema = v.strictObject({ listId: v.pipe(v.string(), v.uuid()), after: v.optional(v.nullable(v.pipe(v.string(), v.uuid())), null) });
export type RescreenPayload = v.InferOutput<typeof RescreenPayloadSchema>;

/** Investors per job: about a second of screening, well inside the lease. */
export const RESCREEN_CHUNK = 200;

export function screeningRescreenJobHandler(deps: ScreeningJobDeps & { wake?: () => void }): JobHandler<RescreenPayload> {
  return {
    parse: (payload) => v.parse(RescreenPayloadSchema, payload),
    async run({ listId, after }) {
      const { db, clock, log } = deps;
      // Not among the current versions: replaced meanwhile (its successor has a rescreen of its own). A current list
      // whose index cannot be built throws in current(), and the job is retried.
      const list = (await deps.lists.current(db)).find((l) => l.id === listId);
      if (!list) return;
      const investors = await db
        .select({ userId: kycVerifications.userId, round: kycVerifications.reviewRound })
        .from(kycVerifications)
        .where(and(inArray(kycVerifications.status, ['UNDER_REVIEW', 'APPROVED']), after ? gt(kycVerifications.userId, after) : undefined))
        .orderBy(asc(kycVerifications.userId))
        .limit(RESCREEN_CHUNK);
      let newHits = 0;
      let reopenedCases = 0;
      for (const { userId, round } of investors) {
        await deps.requestsFirst?.();
        const outcome = await screenInvestor(db, [list], { userId, round, purpose: 'monitoring', now: clock.now(), startedAt: performance.now() });
        if (outcome === 'no-investor') continue;
        newHits += outcome.newHits;
        if (!outcome.newHits) continue;
        // An approved case goes back to compliance (its new round's checks are a job of their own); any other is
        // scored again now, beside the new hit.
        const reopened = await reopenOnNewHit(db, userId, { list: list.source, now: clock.now() });
        if (reopened === null) await scoreInvestorRisk(db, { userId, now: clock.now(), startedAt: performance.now() });
        else reopenedCases++;
      }
      const last = investors.at(-1);
      if (investors.length === RESCREEN_CHUNK && last) {
        await enqueueJob(db, { kind: 'screening-rescreen', payload: { listId, after: last.userId }, dedupeKey: `screening-rescreen:${listId}:${last.userId}` }, clock.now());
      }
      if (reopenedCases || investors.length === RESCREEN_CHUNK) deps.wake?.();
      log.info('Rescreened investors against a new list', { list: list.source, investors: investors.length, newHits, reopenedCases });
    },
  };
}
