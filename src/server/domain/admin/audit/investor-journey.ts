/**
 * GET /api/admin/audit/journey/:userId: one investor's recorded steps in chain order, each placed on the investment's
 * lifecycle chart (src/shared/admin/lifecycle-journey.ts: a business fact is the transition it caused) with its time, address, the document hashes it recorded and the staff
 * member who acted, if one did (email and display name). At most JOURNEY_MAX_STEPS, the first ones (a journey is tens of steps; the full
 * trail is the list's).
 */
import { asc, eq, and, isNotNull } from 'drizzle-orm';
import type { JourneyResponse } from '../../../../shared/admin/audit.ts';
import { documentHashesOf, journeyLabelOf } from '../../../../shared/admin/audit-journey.ts';
import { placeOnLifecycle } from '../../../../shared/admin/lifecycle-journey.ts';
import { auditEvents, staffMembers, userDetails, users } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { AppError } from '../../../errors/app-error.ts';
import { isUuid } from '../../is-uuid.ts';

export const JOURNEY_MAX_STEPS = 2000;

const notFound = () => new AppError('NOT_FOUND', 'No investor has this id.');

export async function getInvestorJourney(db: Db, userId: string): Promise<JourneyResponse> {
  if (!isUuid(userId)) throw notFound();
  const id = userId.toLowerCase();
  const [investor] = await db
    .select({ email: users.email, fullName: userDetails.fullName, entityName: userDetails.entityName })
    .from(users)
    .leftJoin(userDetails, eq(userDetails.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!investor) throw notFound();
  const rows = await db
    .select({ event: auditEvents, staffEmail: staffMembers.email, staffName: staffMembers.displayName })
    .from(auditEvents)
    .leftJoin(staffMembers, eq(staffMembers.id, auditEvents.staffId))
    .where(and(eq(auditEvents.userId, id), isNotNull(auditEvents.seq)))
    .orderBy(asc(auditEvents.seq))
    .limit(JOURNEY_MAX_STEPS + 1);
  const shown = rows.slice(0, JOURNEY_MAX_STEPS);
  const placed = placeOnLifecycle(shown.map(({ event }) => ({ action: event.action, detail: event.detail })));
  return {
    userId: id,
    email: investor.email,
    name: investor.fullName ?? investor.entityName ?? null,
    steps: shown.map(({ event, staffEmail, staffName }, i) => ({
      seq: event.seq!,
      at: event.at.toISOString(),
      action: event.action,
      lifecycleState: placed[i]!.state,
      lifecycleFact: placed[i]!.fact,
      lifecycleTransitions: placed[i]!.via,
      label: journeyLabelOf(event.action),
      ip: event.ip,
      documentHashes: documentHashesOf(event.detail),
      staffEmail: staffEmail ?? null,
      staffName: staffName ?? null,
    })),
    ...(rows.length > JOURNEY_MAX_STEPS ? { truncated: true } : {}),
  };
}
