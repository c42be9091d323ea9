/**
 * Credits a browser's reading claims against the server's own clock (POST save-progress, and the first half of
 * POST complete). The server is the authority:
 * - a section is touched only when unlocked (the first, or the previous one completed, in reading order);
 * - time counts from when the server first heard the section was open, so no claim is credited beyond the
 *   seconds that have passed since then (plus a small latency tolerance); claims never lower a saved time;
 * - a section is completed by the server when its time and scroll requirements are met, whatever the claim says;
 * - a completed section, or a completed disclosure step, never changes again.
 * Claims beyond the server's clock are not credited and are written to the audit trail.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { DISCLOSURE } from '../../../shared/constants.ts';
import { isRequirementMet, type SectionProgress } from '../../../shared/disclosure.ts';
import { messages } from '../../../shared/messages.ts';
import { disclosureProgress, disclosureReads, disclosureSections } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { recordAuditEvent, type AuditEvent } from '../record-audit-event.ts';
import type { RequestContext } from '../request-context.ts';

type Read = { openedAt: Date; timeSpent: number; scrolledAt: Date | null; completedAt: Date | null };

const wantsAnything = (claim: SectionProgress) => claim.opened || claim.timeSpent > 0 || claim.scrolled || claim.completed;

/** Locks the investor's disclosure row (concurrent saves of one investor run one after the other). */
export async function lockDisclosure(tx: Db, userId: string) {
  const [row] = await tx
    .select({ completed: disclosureProgress.completed })
    .from(disclosureProgress)
    .where(eq(disclosureProgress.userId, userId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', messages.server.notFound);
  return row;
}

/** Applies `claims` inside the caller's transaction. Returns whether anything was written. */
async function applyReadingClaims(tx: Db, claims: Record<string, SectionProgress>, { userId, now, meta }: RequestContext): Promise<boolean> {
  const { completed: stepCompleted } = await lockDisclosure(tx, userId);
  const sections = await tx
    .select({ id: disclosureSections.id, slug: disclosureSections.slug, minReadingTime: disclosureSections.minReadingMinutes, sha256: disclosureSections.pdfSha256 })
    .from(disclosureSections)
    .where(isNull(disclosureSections.retiredAt))
    .orderBy(asc(disclosureSections.position), asc(disclosureSections.slug));
  const known = new Set(sections.map((s) => s.id));
  if (Object.keys(claims).some((id) => !known.has(id))) throw new AppError('BAD_REQUEST', messages.disclosure.unknownSection);
  // Review of a completed step is reading without consequences: nothing is saved.
  if (stepCompleted) return false;

  const rows = await tx
    .select({ sectionId: disclosureReads.sectionId, openedAt: disclosureReads.openedAt, timeSpent: disclosureReads.timeSpent, scrolledAt: disclosureReads.scrolledAt, completedAt: disclosureReads.completedAt })
    .from(disclosureReads)
    .where(eq(disclosureReads.userId, userId));
  const reads = new Map<string, Read>(rows.map(({ sectionId, ...read }) => [sectionId, read]));

  let changed = false;
  // Recorded after the rows: from the first audit event to the commit the transaction holds the audit chain's head.
  const audits: AuditEvent[] = [];
  // When the previous section was completed: a section is unlocked from then on (the first one always is).
  let previous: { completed: boolean; at: Date | null } = { completed: true, at: null };
  for (const section of sections) {
    const read = reads.get(section.id) ?? null;
    const claim = claims[section.id];
    const unlocked = previous;
    previous = { completed: read?.completedAt != null, at: read?.completedAt ?? null };
    if (!claim || read?.completedAt) continue;
    if (!wantsAnything(claim)) continue;
    if (!unlocked.completed) throw new AppError('CONFLICT', messages.disclosure.sectionLocked, { sectionId: section.id });

    const hasPDF = section.sha256 !== null;
    const openedAt = read?.openedAt ?? now;
    // Time counts from the later of the opening and the unlocking: a section opened before an earlier document was
    // replaced (and had to be read again) is not credited for the time it sat locked.
    const countFrom = unlocked.at && unlocked.at > openedAt ? unlocked.at : openedAt;
    const elapsed = Math.max(0, Math.floor((now.getTime() - countFrom.getTime()) / 1000));
    // A section the server hears of for the first time opens now: time claimed before that is not credited.
    const creditable = read ? elapsed + DISCLOSURE.claimToleranceSeconds : 0;
    const saved = read?.timeSpent ?? 0;
    const timeSpent = Math.max(saved, Math.min(claim.timeSpent, creditable));
    const scrolledAt = read?.scrolledAt ?? (claim.scrolled && hasPDF ? now : null);
    const met = isRequirementMet({ minReadingTime: section.minReadingTime, hasPDF }, { ...claim, timeSpent, scrolled: scrolledAt !== null });
    const completedAt = met ? now : null;

    let written = false;
    if (!read) {
      await tx.insert(disclosureReads).values({ userId, sectionId: section.id, openedAt, timeSpent, scrolledAt, completedAt, updatedAt: now });
      audits.push({ userId, action: 'disclosure.section.opened', detail: { sectionId: section.id, slug: section.slug }, meta, at: now });
      written = true;
    } else if (timeSpent !== read.timeSpent || scrolledAt !== read.scrolledAt || completedAt) {
      await tx
        .update(disclosureReads)
        .set({ timeSpent, scrolledAt, completedAt, updatedAt: now })
        .where(and(eq(disclosureReads.userId, userId), eq(disclosureReads.sectionId, section.id)));
      written = true;
    }
    // Recorded with a change only, so repeating one claim cannot grow the audit trail.
    if (written && claim.timeSpent > creditable && claim.timeSpent > saved) {
      audits.push({
        userId,
        action: 'disclosure.time_claim.reduced',
        detail: { sectionId: section.id, slug: section.slug, claimed: claim.timeSpent, credited: timeSpent, secondsCounted: read ? elapsed : 0 },
        meta,
        at: now,
      });
    }
    if (completedAt) {
      audits.push({
        userId,
        action: 'disclosure.section.completed',
        detail: { sectionId: section.id, slug: section.slug, pdfSha256: section.sha256, timeSpent },
        meta,
        at: now,
      });
    }
    changed ||= written;
    previous = { completed: completedAt !== null, at: completedAt };
  }
  if (changed) await tx.update(disclosureProgress).set({ updatedAt: now }).where(eq(disclosureProgress.userId, userId));
  for (const event of audits) await recordAuditEvent(tx, event);
  return changed;
}

/** POST save-progress: one transaction; idempotent (the same claims twice change nothing the second time). */
export async function saveDisclosureProgress(db: Db, claims: Record<string, SectionProgress>, ctx: RequestContext): Promise<void> {
  await db.transaction((tx) => applyReadingClaims(tx, claims, ctx));
}
