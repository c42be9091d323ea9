/**
 * The KYC queue's keyset cursor (issue 29): the last row's sort key under the order it was read in. It names its sort
 * and status, so a cursor from another order (or another status's queue) is refused rather than skipping or repeating
 * rows. Opaque to the client: base64url of a small JSON object, checked field by field when it comes back.
 */
import * as v from 'valibot';
import { kycReviewMessages } from '../../../shared/admin/kyc-messages.ts';
import { KYC_QUEUE_SORTS, KYC_QUEUE_STATUSES, type KycQueueSort } from '../../../shared/admin/kyc-review.ts';
import { PRIMARY_JURISDICTIONS } from '../../../shared/registration.ts';
import { AppError } from '../../errors/app-error.ts';

export type QueueCursor = {
  sort: KycQueueSort;
  status: (typeof KYC_QUEUE_STATUSES)[number];
  at: Date;
  userId: string;
  /** The amount (sort 'amount') or the country (sort 'country') of the last row. */
  amount?: number | undefined;
  country?: string | undefined;
};

const CursorSchema = v.pipe(
  v.strictObject({
    s: v.picklist(KYC_QUEUE_SORTS),
    st: v.picklist(KYC_QUEUE_STATUSES),
    t: v.pipe(v.string(), v.isoTimestamp()),
    u: v.pipe(v.string(), v.uuid()),
    a: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0))),
    c: v.optional(v.picklist(PRIMARY_JURISDICTIONS)),
  }),
  v.check((c) => (c.s === 'amount') === (c.a !== undefined) && (c.s === 'country') === (c.c !== undefined)),
);

export function encodeQueueCursor(cursor: QueueCursor): string {
  const body = { s: cursor.sort, st: cursor.status, t: cursor.at.toISOString(), u: cursor.userId, a: cursor.amount, c: cursor.country };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** The cursor, provided it was made for this sort and status; else a 400 asking to reload the queue. */
export function decodeQueueCursor(raw: string, sort: KycQueueSort, status: QueueCursor['status']): QueueCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', kycReviewMessages.badCursor);
  }
  const result = v.safeParse(CursorSchema, parsed);
  if (!result.success || result.output.s !== sort || result.output.st !== status) throw new AppError('BAD_REQUEST', kycReviewMessages.badCursor);
  const at = new Date(result.output.t);
  if (Number.isNaN(at.getTime())) throw new AppError('BAD_REQUEST', kycReviewMessages.badCursor);
  return { sort, status, at, userId: result.output.u, amount: result.output.a, country: result.output.c };
}
