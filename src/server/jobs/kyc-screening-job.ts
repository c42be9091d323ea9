/**
 * The `kyc-screening` job (payload {userId, round}, enqueued when KYC is submitted or resubmitted): screens the
 * investor against the current lists, then scores the risk, each recorded with its inputs and an audit event. Delivery
 * is at least once: a repeat records another run and finds no new hit (hits are unique per investor and entry).
 * An investor whose account was deleted meanwhile is nothing to do.
 */
import * as v from 'valibot';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/types.ts';
import type { ScreeningLists } from '../domain/screening/current-screening-lists.ts';
import { screenInvestor } from '../domain/screening/screen-investor.ts';
import { scoreInvestorRisk } from '../domain/risk/score-investor-risk.ts';
import type { Log } from '../log.ts';
import type { JobHandler } from './job-runner.ts';
import type { RequestsFirst } from './requests-first.ts';

export const KycScreeningPayloadSchema = v.strictObject({ userId: v.pipe(v.string(), v.uuid()), round: v.pipe(v.number(), v.integer(), v.minValue(1)) });
export type KycScreeningPayload = v.InferOutput<typeof KycScreeningPayloadSchema>;


export type ScreeningJobDeps = { db: Db; lists: ScreeningLists; clock: Clock; log: Log; requestsFirst?: RequestsFirst };

export function kycScreeningJobHandler(deps: ScreeningJobDeps): JobHandler<KycScreeningPayload> {
  return {
    parse: (payload) => v.parse(KycScreeningPayloadSchema, payload),
    async run({ userId, round }) {
      await deps.requestsFirst?.();
      const startedAt = performance.now();
      const lists = await deps.lists.current(deps.db);
      const outcome = await screenInvestor(deps.db, lists, { userId, round, purpose: 'review', now: deps.clock.now(), startedAt });
      if (outcome === 'no-investor') return;
      await scoreInvestorRisk(deps.db, { userId, now: deps.clock.now(), startedAt: performance.now() });
      if (outcome.newHits) deps.log.info('Screening found hits for a KYC review', { userId, round, hits: outcome.hits, newHits: outcome.newHits });
    },
  };
}
