/**
 * The risk score of a KYC case (issue 30): plain rules over what the case holds, each worth points and written as a
 * sentence the reviewer reads. Low below 2 points, medium below 4, high from 4; a rule marked `decisive` makes the
 * case high whatever the sum (a confirmed sanctions match, a high-risk country). Evidence for the reviewer, who
 * decides; a high score asks for four-eyes and enhanced due diligence.
 */
import { eurAmount } from '../../../shared/admin/money.ts';
import type { RiskLevel, RiskRule } from '../../../shared/admin/kyc-checks.ts';
import { FUNDS_SOURCE_LABELS, type AnnualVolume, type FundsSource } from '../../../shared/kyc.ts';
import { jurisdictionLabel } from '../../../shared/registration.ts';

export type CountryRisk = { high: string[]; medium: string[] };

/** Starting values for the operator to review in Settings: FATF's "call for action" jurisdictions as high. */
export const DEFAULT_COUNTRY_RISK: CountryRisk = {
  high: ["Democratic People's Republic of Korea", 'North Korea', 'KP', 'PRK', 'Iran', 'IR', 'IRN', 'Myanmar', 'MM', 'MMR'],
  medium: [],
};

export type HitSummary = { kind: 'sanction' | 'pep' | 'other'; decision: 'TRUE_MATCH' | 'FALSE_POSITIVE' | null; entryName: string };

/** What the identity document's machine-readable zone showed (null: not read yet). */
export type MrzFindings = { unreadable: boolean; differs: string[]; expired: string | null; invalidCheckDigits: string[] };

/** What the face comparison showed (null: not compared yet). */
export type FaceFinding =
  | { outcome: 'compared'; similarity: number; threshold: number; verdict: 'likely same person' | 'uncertain' | 'likely different people' }
  | { outcome: 'no face' | 'several faces' | 'unreadable'; image: 'selfie' | 'id' };

export type RiskFacts = {
  amountEur: number;
  investorType: 'individual' | 'entity';
  /** Free text as registered (individuals' nationality, entities' jurisdiction). */
  nationality: string | null;
  residence: string;
  fundsSource: FundsSource | null;
  annualVolume: AnnualVolume | null;
  hits: HitSummary[];
  mrz: MrzFindings | null;
  face: FaceFinding | null;
  countryRisk: CountryRisk;
};

export type RiskScore = { level: RiskLevel; points: number; rules: RiskRule[] };

const HIGH_FROM = 4;
const MEDIUM_FROM = 2;
/** Funds whose origin a reviewer must see evidence of. */
const EVIDENCE_SOURCES: readonly FundsSource[] = ['inheritance', 'gift', 'other'];

const normal = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const listed = (text: string | null, countries: string[]) => {
  if (!text) return null;
  const t = normal(text);
  return countries.find((c) => normal(c) === t) ?? null;
};

export function scoreRisk(facts: RiskFacts): RiskScore {
  const rules: (RiskRule & { decisive?: boolean })[] = [];
  const amount = eurAmount(facts.amountEur);
  if (facts.amountEur >= 250_000) rules.push({ id: 'amount.large', words: `The amount, ${amount}, is in the highest band (EUR 250,000 or more).`, points: 2 });
  else if (facts.amountEur >= 50_000) rules.push({ id: 'amount.medium', words: `The amount, ${amount}, is in the middle band (EUR 50,000 to 249,999.99).`, points: 1 });

  const open = (kind: HitSummary['kind']) => facts.hits.filter((h) => h.kind === kind && h.decision === null);
  const confirmed = (kind: HitSummary['kind']) => facts.hits.filter((h) => h.kind === kind && h.decision === 'TRUE_MATCH');
  const names = (hits: HitSummary[]) => hits.map((h) => `"${h.entryName}"`).join(', ');
  if (confirmed('sanction').length) rules.push({ id: 'screening.sanction.confirmed', words: `A reviewer confirmed a sanctions list match: ${names(confirmed('sanction'))}.`, points: 4, decisive: true });
  if (open('sanction').length) rules.push({ id: 'screening.sanction.open', words: `A sanctions list names someone like the investor, not yet reviewed: ${names(open('sanction'))}.`, points: 4 });
  if (confirmed('pep').length)
    rules.push({ id: 'screening.pep.confirmed', words: `The investor declared they are not a politically exposed person, but a reviewer confirmed a PEP list match: ${names(confirmed('pep'))}.`, points: 4, decisive: true });
  if (open('pep').length)
    rules.push({ id: 'screening.pep.open', words: `The investor declared they are not a politically exposed person; a PEP list names someone like them, not yet reviewed: ${names(open('pep'))}.`, points: 2 });
  const otherHits = [...open('other'), ...confirmed('other')];
  if (otherHits.length) rules.push({ id: 'screening.other', words: `Another screening list names someone like the investor: ${names(otherHits)}.`, points: 1 });

  const highCountry = listed(facts.nationality, facts.countryRisk.high);
  const mediumCountry = listed(facts.nationality, facts.countryRisk.medium);
  const what = facts.investorType === 'entity' ? 'The entity’s jurisdiction' : 'The nationality';
  if (highCountry) rules.push({ id: 'country.high', words: `${what}, ${facts.nationality}, is on the high-risk country list in Settings.`, points: 4, decisive: true });
  else if (mediumCountry) rules.push({ id: 'country.medium', words: `${what}, ${facts.nationality}, is on the medium-risk country list in Settings.`, points: 1 });
  if (facts.residence === 'other') rules.push({ id: 'residence.other', words: `The investor’s primary jurisdiction is ${jurisdictionLabel(facts.residence)}: outside the UK, the EU and the US.`, points: 1 });

  if (facts.mrz?.differs.length) rules.push({ id: 'mrz.differs', words: `The identity document's machine-readable zone differs from the registration: ${facts.mrz.differs.join(', ')}.`, points: 2 });
  if (facts.mrz?.invalidCheckDigits.length)
    rules.push({ id: 'mrz.check-digits', words: `Check digits of the identity document's machine-readable zone are wrong: ${facts.mrz.invalidCheckDigits.join(', ')}.`, points: 2 });
  if (facts.mrz?.expired) rules.push({ id: 'mrz.expired', words: `The identity document has expired (${facts.mrz.expired}).`, points: 2 });

  const face = facts.face;
  const picture = (image: 'selfie' | 'id') => (image === 'selfie' ? 'the selfie' : "the identity document's photo");
  if (face?.outcome === 'compared' && face.verdict === 'likely different people')
    rules.push({ id: 'face.different', words: `The selfie's face and the identity document's photo look like different people (similarity ${face.similarity.toFixed(2)}; the model's threshold ${face.threshold}).`, points: 3 });
  else if (face?.outcome === 'compared' && face.verdict === 'uncertain')
    rules.push({ id: 'face.uncertain', words: `The face comparison is uncertain (similarity ${face.similarity.toFixed(2)}): compare the selfie with the identity document's photo by eye.`, points: 1 });
  else if (face && face.outcome !== 'compared') rules.push({ id: `face.${face.outcome.replace(' ', '-')}`, words: `No face comparison: ${face.outcome === 'no face' ? 'no face was found in' : face.outcome === 'several faces' ? 'several faces were found in' : 'the program could not read'} ${picture(face.image)}.`, points: 1 });

  if (facts.fundsSource && EVIDENCE_SOURCES.includes(facts.fundsSource))
    rules.push({ id: 'funds.source', words: `The source of funds, ${FUNDS_SOURCE_LABELS[facts.fundsSource]}, needs evidence of where the money comes from.`, points: 1 });
  if (facts.annualVolume === '500k+') rules.push({ id: 'funds.volume', words: 'The expected annual volume is EUR 500,000 or more.', points: 1 });
  if (facts.investorType === 'entity') rules.push({ id: 'investor.entity', words: 'An entity invests: its beneficial owners are not screened by name.', points: 1 });

  const points = rules.reduce((sum, r) => sum + r.points, 0);
  const level: RiskLevel = rules.some((r) => r.decisive) || points >= HIGH_FROM ? 'high' : points >= MEDIUM_FROM ? 'medium' : 'low';
  return { level, points, rules: rules.map(({ id, words, points: p }) => ({ id, words, points: p })) };
}
