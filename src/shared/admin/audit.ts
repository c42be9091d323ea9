/**
 * The auditors' view of the audit trail (issue 16): the event list with its filters, the chain check and one
 * investor's journey. Server (src/server/routes/admin/audit.routes.ts) and admin client read the same shapes.
 *
 * The trail is a hash chain: each event stores the hash of the one before it (in commit order, `seq`), so altering or
 * deleting a row breaks the chain at that row, and the check names the first broken link.
 *
 * Every answer has its schema (issue 29): v.object, not strict, so a field the server adds does not break an open page.
 */
import * as v from 'valibot';

const nullableText = v.nullable(v.string());

/** GET /api/admin/audit/events query: every filter optional; `cursor` is the previous page's nextCursor. */
export type AuditEventsQuery = {
  /**
   * An investor's id (uuid), or a name or part of an email (case-insensitive; a whole email means that account):
   * at most PERSON_FILTER_MAX characters, naming at most PERSON_MATCH_LIMIT investors.
   */
  investor?: string;
  /** A staff member's id (uuid), or a display name or part of an email, as `investor`. */
  staff?: string;
  /** Exact action ('kyc.step.saved') or a prefix ending in '.' ('admin.kyc.'). */
  action?: string;
  /** ISO 8601 instants, inclusive from, exclusive to. */
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
};

export const AUDIT_PAGE_SIZE = 100;
/** The longest investor or staff filter (characters): the longest email address. */
export const PERSON_FILTER_MAX = 254;
/** How many people one investor or staff filter may name; more is a 400 asking for more of the name. */
export const PERSON_MATCH_LIMIT = 50;

/** GET /api/admin/audit/actions: the action names the trail holds, sorted, for the filter's suggestions. */
export const AuditActionsResponseSchema = v.object({ actions: v.array(v.string()) });
export type AuditActionsResponse = v.InferOutput<typeof AuditActionsResponseSchema>;
export const AUDIT_MAX_PAGE_SIZE = 500;

export const AuditEventRowSchema = v.object({
  /** Position in the chain, 1 for the first event ever recorded. */
  seq: v.number(),
  id: v.string(),
  at: v.string(),
  action: v.string(),
  userId: nullableText,
  /** The investor's email, when the event concerns one. */
  investorEmail: nullableText,
  staffId: nullableText,
  staffEmail: nullableText,
  /** The staff member's role for the call (detail.role), when staff acted. */
  role: nullableText,
  ip: nullableText,
  userAgent: nullableText,
  detail: v.record(v.string(), v.unknown()),
  /** Hex SHA-256 of this event and of the one before it in the chain. */
  hash: v.string(),
  prevHash: v.string(),
});
export type AuditEventRow = v.InferOutput<typeof AuditEventRowSchema>;

/** Newest first. */
export const AuditEventsResponseSchema = v.object({ rows: v.array(AuditEventRowSchema), nextCursor: nullableText });
export type AuditEventsResponse = v.InferOutput<typeof AuditEventsResponseSchema>;

export const AUDIT_CHAIN_BREAK_KINDS = [
  /** The row's stored hash is not the hash of its contents: the row was altered. */
  'altered',
  /** The row's prev_hash is not the previous row's hash, or a seq is missing: a row before it was deleted (or altered). */
  'deleted',
  /** The recorded head names an event that is no longer there: the last rows were deleted. */
  'truncated',
] as const;
export type AuditChainBreakKind = (typeof AUDIT_CHAIN_BREAK_KINDS)[number];

/** The broken link's event: enough to find it in the list and to say what it was. */
export const AuditChainBreakEventSchema = v.object({ seq: v.number(), id: v.string(), at: v.string(), action: v.string(), userId: nullableText, staffId: nullableText });
export type AuditChainBreakEvent = v.InferOutput<typeof AuditChainBreakEventSchema>;

export const AuditChainBreakSchema = v.object({
  kind: v.picklist(AUDIT_CHAIN_BREAK_KINDS),
  /** The seq at which the chain breaks (for 'deleted', the first seq after the gap). */
  seq: v.number(),
  /** The event id at that seq, when the row exists. */
  eventId: nullableText,
  /** In words, for the screen and the command. */
  message: v.string(),
  /**
   * The event at that seq as it is stored now (when the row exists), so the screen and the command can name it
   * without another query. Optional: added by issue 26.
   */
  event: v.optional(v.nullable(AuditChainBreakEventSchema)),
});
export type AuditChainBreak = v.InferOutput<typeof AuditChainBreakSchema>;

/** GET /api/admin/audit/chain: the whole chain checked from the first event. */
export const AuditChainReportSchema = v.object({
  ok: v.boolean(),
  /** Events checked. */
  checked: v.number(),
  /** The last event's seq and hash (the head); null on an empty trail. */
  head: v.nullable(v.object({ seq: v.number(), hash: v.string() })),
  /** The first link that does not hold; null when the chain is whole. */
  firstBroken: v.nullable(AuditChainBreakSchema),
  /**
   * Events outside the chain (no seq): the table refuses them since the chain exists, so one is a row inserted around
   * the chain (or a legacy row never chained). Any makes ok false; firstBroken stays about the chain itself.
   * Optional: added by the server side of issue 16.
   */
  unchained: v.optional(v.number()),
  checkedAt: v.string(),
  durationMs: v.number(),
});
export type AuditChainReport = v.InferOutput<typeof AuditChainReportSchema>;

export const KeptChainCheckSchema = v.object({ report: AuditChainReportSchema, source: v.picklist(['start', 'staff']) });
export type KeptChainCheck = v.InferOutput<typeof KeptChainCheckSchema>;
/**
 * GET /api/admin/audit/chain/status: the last check this server made (the one it runs at start, or the last one a
 * staff member asked for), without checking again; `running` while the start's check is still walking the chain.
 */
export const AuditChainStatusSchema = v.object({ last: v.nullable(KeptChainCheckSchema), running: v.boolean() });
export type AuditChainStatus = v.InferOutput<typeof AuditChainStatusSchema>;

/** One recorded step of an investor's journey, in time order, with where it sits on the investment's lifecycle chart. */
export const JourneyStepSchema = v.object({
  seq: v.number(),
  at: v.string(),
  action: v.string(),
  /**
   * The lifecycle chart's state the step led to (a business fact) or happened in ('investment.case.review.approved'),
   * or null for a step outside the case (a sign-in). src/shared/admin/lifecycle-journey.ts.
   */
  lifecycleState: nullableText,
  /** The chart's event when the step is a business fact ('STAFF.KYC_APPROVED'): a transition; null for a step inside a state. */
  lifecycleFact: nullableText,
  /** The chart's transitions the fact took, as recorded with it (empty for facts recorded before they were). */
  lifecycleTransitions: v.array(v.string()),
  /** A short human label ('KYC document uploaded'). */
  label: v.string(),
  ip: nullableText,
  /** SHA-256 hashes of the documents the step recorded (uploads, presented and sealed agreements). */
  documentHashes: v.array(v.string()),
  /** Staff acting on the investor's case (KYC review, money). */
  staffEmail: nullableText,
  /** That staff member's display name (issue 29: the journey in words names who acted). */
  staffName: nullableText,
});
export type JourneyStep = v.InferOutput<typeof JourneyStepSchema>;

/** GET /api/admin/audit/journey/:userId. */
export const JourneyResponseSchema = v.object({
  userId: v.string(),
  email: v.string(),
  name: nullableText,
  steps: v.array(JourneyStepSchema),
  /** True when the investor has more steps than the journey shows (the first ones are shown). Optional, additive. */
  truncated: v.optional(v.boolean()),
});
export type JourneyResponse = v.InferOutput<typeof JourneyResponseSchema>;
