/**
 * The investment's lifecycle in the back-office (issue 27): how many investors each state of the chart holds now,
 * and who they are. State ids are the explorer's ('investment.case.review.approved'); a compound state counts every
 * investor inside it, the root every investor.
 */
import * as v from 'valibot';

/** Investors listed per page. */
export const LIFECYCLE_PAGE_SIZE = 50;

/** A state id of the lifecycle chart: 'investment' and dotted names below it, as XState writes them. */
export const LIFECYCLE_STATE_ID = /^investment(\.[A-Za-z][A-Za-z0-9]{0,40}){0,6}$/;

export const lifecycleMessages = {
  unknownState: 'There is no such state in the investment lifecycle.',
  badCursor: 'The page link is not valid: start again from the first page.',
} as const;

export const LifecycleInvestorsQuerySchema = v.object({
  state: v.pipe(v.string(lifecycleMessages.unknownState), v.maxLength(300, lifecycleMessages.unknownState), v.regex(LIFECYCLE_STATE_ID, lifecycleMessages.unknownState)),
  cursor: v.optional(v.pipe(v.string(lifecycleMessages.badCursor), v.uuid(lifecycleMessages.badCursor))),
});

/** GET /api/admin/lifecycle. Answers are v.object, not strict: a field the server adds does not break a page. */
export const LifecyclePopulationSchema = v.object({
  /** Investors per state id (states nobody is in are absent). */
  counts: v.record(v.string(), v.number()),
  investors: v.number(),
  /** Cases whose rows today's rules could not have produced (e.g. two settled payments): to look at. */
  anomalies: v.number(),
  asOf: v.string(),
});
export type LifecyclePopulation = v.InferOutput<typeof LifecyclePopulationSchema>;

export const LifecycleInvestorSchema = v.object({
  userId: v.string(),
  name: v.string(),
  email: v.string(),
  amount: v.number(),
  /** The leaf states the case is in ('case.review.approved', 'case.investing.settled.paid'). */
  states: v.array(v.string()),
  anomalies: v.array(v.string()),
});
export type LifecycleInvestor = v.InferOutput<typeof LifecycleInvestorSchema>;

/** GET /api/admin/lifecycle/investors?state=&cursor= : by user id, a page at a time. */
export const LifecycleInvestorsPageSchema = v.object({ state: v.string(), investors: v.array(LifecycleInvestorSchema), nextCursor: v.nullable(v.string()) });
export type LifecycleInvestorsPage = v.InferOutput<typeof LifecycleInvestorsPageSchema>;
