/**
 * The latest run of each reviewer aid of an investor (issue 30), as the rules read them: the risk level the lifecycle's
 * approval rules take, the MRZ reading's discrepancies and the face comparison the risk score weighs, and whether the round's
 * enhanced-due-diligence checklist is complete. "Latest" is the run written last (kyc_checks.seq).
 */
import { and, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { EDD_ITEMS, FaceCheckSchema, MrzCheckSchema, RISK_LEVELS, RiskRuleSchema, type KycCheckKind, type RiskLevel } from '../../../shared/admin/kyc-checks.ts';
import { kycChecks, kycEddItems } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { FaceFinding, MrzFindings } from '../risk/risk-rules.ts';

export const RiskResultSchema = v.object({ level: v.picklist(RISK_LEVELS), points: v.number(), rules: v.array(RiskRuleSchema) });
export const MrzResultSchema = v.omit(MrzCheckSchema, ['run']);
export const FaceResultSchema = v.omit(FaceCheckSchema, ['run']);

export type CheckRow = typeof kycChecks.$inferSelect;

export async function latestCheck(db: Db, userId: string, kind: KycCheckKind): Promise<CheckRow | null> {
  const [row] = await db.select().from(kycChecks).where(and(eq(kycChecks.userId, userId), eq(kycChecks.kind, kind))).orderBy(desc(kycChecks.seq)).limit(1);
  return row ?? null;
}

/** The risk level as last scored (null: never scored), what the lifecycle's approval rules read. */
export async function latestRiskLevel(db: Db, userId: string): Promise<RiskLevel | null> {
  const row = await latestCheck(db, userId, 'risk');
  const parsed = row ? v.safeParse(RiskResultSchema, row.result) : null;
  return parsed?.success ? parsed.output.level : null;
}

/** The latest MRZ reading's discrepancies, what the risk rules read (null: never read). */
export async function latestMrzFindings(db: Db, userId: string): Promise<MrzFindings | null> {
  const row = await latestCheck(db, userId, 'mrz');
  const parsed = row ? v.safeParse(MrzResultSchema, row.result) : null;
  if (!parsed?.success) return null;
  const { comparisons, checkDigits, outcome } = parsed.output;
  return {
    unreadable: outcome === 'unreadable',
    differs: comparisons.filter((c) => c.result === 'differs' && c.item !== 'expiry').map((c) => c.item),
    expired: comparisons.find((c) => c.item === 'expiry' && c.result === 'differs')?.note ?? null,
    invalidCheckDigits: checkDigits.filter((d) => !d.valid).map((d) => d.name),
  };
}

/** What the latest face comparison showed, as the risk rules read it (null: not compared yet). */
export async function latestFaceFinding(db: Db, userId: string): Promise<FaceFinding | null> {
  const row = await latestCheck(db, userId, 'face');
  const parsed = row ? v.safeParse(FaceResultSchema, row.result) : null;
  if (!parsed?.success) return null;
  const { result } = parsed.output;
  if (result.outcome === 'compared') return { outcome: 'compared', similarity: result.similarity, threshold: result.threshold, verdict: result.verdict };
  return { outcome: result.outcome, image: result.image };
}

/** Whether every item of the round's enhanced-due-diligence checklist is ticked. */
export async function dueDiligenceComplete(db: Db, userId: string, round: number): Promise<boolean> {
  const rows = await db.select({ item: kycEddItems.item }).from(kycEddItems).where(and(eq(kycEddItems.userId, userId), eq(kycEddItems.round, round)));
  return EDD_ITEMS.every((item) => rows.some((r) => r.item === item));
}
