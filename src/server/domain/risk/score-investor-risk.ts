/**
 * Scores one investor's risk from what their case holds now (registration, AML answers, screening hits and the
 * reviewers' words on them, the identity document's MRZ reading, the face comparison, the country-risk list in the settings) and records the score with the rules that fired,
 * what it read and an audit event, in one transaction. Run after every screening, and again when a reviewer marks a
 * hit, so the score always reflects the latest evidence.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SCREENING_ENTRY_KINDS, SCREENING_HIT_DECISIONS } from '../../../shared/admin/kyc-checks.ts';
import { ANNUAL_VOLUMES, FUNDS_SOURCES } from '../../../shared/kyc.ts';
import { kycVerifications, screeningHits, settings, userDetails } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { latestFaceFinding, latestMrzFindings } from '../checks/latest-checks.ts';
import { recordCheck } from '../checks/record-check.ts';
import { oneOf } from '../row-mapping.ts';
import { DEFAULT_COUNTRY_RISK, scoreRisk, type CountryRisk } from './risk-rules.ts';

export const RISK_ENGINE_VERSION = 'risk-rules/1';
export const COUNTRY_RISK_SETTING = 'riskCountries';

const strings = (value: unknown): string[] | null => (Array.isArray(value) && value.every((s) => typeof s === 'string') ? value : null);

/** The setting as stored, or the defaults while it is unset or not two lists of names. */
export async function readCountryRisk(db: Db): Promise<CountryRisk> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, COUNTRY_RISK_SETTING)).limit(1);
  const value = row?.value as { high?: unknown; medium?: unknown } | undefined;
  const high = strings(value?.high);
  const medium = strings(value?.medium);
  return high && medium ? { high, medium } : DEFAULT_COUNTRY_RISK;
}

export async function scoreInvestorRisk(db: Db, { userId, now, startedAt }: { userId: string; now: Date; startedAt: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ details: userDetails, kyc: { round: kycVerifications.reviewRound, fundsSource: kycVerifications.amlFundsSource, annualVolume: kycVerifications.amlAnnualVolume } })
      .from(userDetails)
      .innerJoin(kycVerifications, eq(kycVerifications.userId, userDetails.userId))
      .where(eq(userDetails.userId, userId))
      .limit(1);
    if (!row) return false;
    const [hits, countryRisk, mrz, face] = await Promise.all([
      tx.select({ id: screeningHits.id, kind: screeningHits.entryKind, decision: screeningHits.decision, entryName: screeningHits.entryName }).from(screeningHits).where(eq(screeningHits.userId, userId)),
      readCountryRisk(tx),
      latestMrzFindings(tx, userId),
      latestFaceFinding(tx, userId),
    ]);
    const { details, kyc } = row;
    const facts = {
      amountEur: details.investmentAmount,
      investorType: details.investorType === 'entity' ? ('entity' as const) : ('individual' as const),
      nationality: details.investorType === 'entity' ? details.jurisdiction : details.nationality,
      residence: details.primaryJurisdiction,
      fundsSource: kyc.fundsSource ? oneOf(kyc.fundsSource, FUNDS_SOURCES, 'other') : null,
      annualVolume: kyc.annualVolume ? oneOf(kyc.annualVolume, ANNUAL_VOLUMES, '0-25k') : null,
      hits: hits.map((h) => ({ kind: oneOf(h.kind, SCREENING_ENTRY_KINDS, 'other'), decision: h.decision ? oneOf(h.decision, SCREENING_HIT_DECISIONS, 'TRUE_MATCH') : null, entryName: h.entryName })),
      mrz,
      face,
      countryRisk,
    };
    const score = scoreRisk(facts);
    const inputs = { facts: createHash('sha256').update(JSON.stringify(facts)).digest('hex') };
    await recordCheck(tx, {
      userId,
      round: kyc.round,
      kind: 'risk',
      result: score,
      inputs,
      engine: RISK_ENGINE_VERSION,
      startedAt,
      at: now,
      audit: { level: score.level, points: score.points, rules: score.rules.map((r) => r.id) },
    });
    return true;
  });
}
