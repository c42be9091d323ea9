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

/** GET /api/admin/lifecycle */
export type LifecyclePopulation = {
  /** Investors per state id (states nobody is in are absent). */
  counts: Record<string, number>;
  investors: number;
  /** Cases whose rows today's rules could not have produced (e.g. two settled payments): to look at. */
  anomalies: number;
  asOf: string;
};

export type LifecycleInvestor = {
  userId: string;
  name: string;
  email: string;
  amount: number;
  /** The leaf states the case is in ('case.review.approved', 'case.investing.settled.paid'). */
  states: string[];
  anomalies: string[];
};

/** GET /api/admin/lifecycle/investors?state=&cursor= : by user id, a page at a time. */
export type LifecycleInvestorsPage = { state: string; investors: LifecycleInvestor[]; nextCursor: string | null };
