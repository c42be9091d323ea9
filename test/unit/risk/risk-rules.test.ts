/** The risk score's rules (issue 30): each fires on its facts alone, in words, and the level follows the points. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY_RISK, scoreRisk, type RiskFacts } from '../../../src/server/domain/risk/risk-rules.ts';

const base: RiskFacts = {
  amountEur: 10_000,
  investorType: 'individual',
  nationality: 'German',
  residence: 'eu',
  fundsSource: 'salary',
  annualVolume: '0-25k',
  hits: [],
  mrz: null,
  face: null,
  countryRisk: { high: ['Iran'], medium: ['Atlantis'] },
};
const ids = (facts: Partial<RiskFacts>) => scoreRisk({ ...base, ...facts }).rules.map((r) => r.id);

describe('risk rules', () => {
  it('scores a plain case low with no rule fired', () => {
    expect(scoreRisk(base)).toEqual({ level: 'low', points: 0, rules: [] });
  });

  it('bands the amount', () => {
    expect(ids({ amountEur: 49_999.99 })).toEqual([]);
    expect(ids({ amountEur: 50_000 })).toEqual(['amount.medium']);
    expect(ids({ amountEur: 250_000 })).toEqual(['amount.large']);
    expect(scoreRisk({ ...base, amountEur: 250_000 }).rules[0]!.words).toBe('The amount, EUR 250,000.00, is in the highest band (EUR 250,000 or more).');
  });

  it('weighs screening hits by kind and by the reviewer’s word', () => {
    const hit = (kind: 'sanction' | 'pep' | 'other', decision: 'TRUE_MATCH' | 'FALSE_POSITIVE' | null) => ({ kind, decision, entryName: 'Listed Person' });
    expect(scoreRisk({ ...base, hits: [hit('sanction', null)] }).level).toBe('high');
    expect(scoreRisk({ ...base, hits: [hit('sanction', 'FALSE_POSITIVE')] })).toMatchObject({ level: 'low', rules: [] });
    expect(scoreRisk({ ...base, hits: [hit('sanction', 'TRUE_MATCH')] }).rules[0]).toMatchObject({ id: 'screening.sanction.confirmed' });
    expect(scoreRisk({ ...base, hits: [hit('pep', null)] })).toMatchObject({ level: 'medium', points: 2 });
    expect(scoreRisk({ ...base, hits: [hit('pep', 'TRUE_MATCH')] }).level).toBe('high');
    expect(scoreRisk({ ...base, hits: [hit('pep', null)] }).rules[0]!.words).toContain('declared they are not a politically exposed person');
    expect(ids({ hits: [hit('other', null)] })).toEqual(['screening.other']);
  });

  it('reads the nationality against the country lists, whatever its case and accents', () => {
    expect(scoreRisk({ ...base, nationality: ' iran ' }).level).toBe('high');
    expect(ids({ nationality: 'ATLANTIS' })).toEqual(['country.medium']);
    expect(ids({ nationality: null })).toEqual([]);
    expect(scoreRisk({ ...base, nationality: 'North Korea', countryRisk: DEFAULT_COUNTRY_RISK }).level).toBe('high');
    expect(scoreRisk({ ...base, investorType: 'entity', nationality: 'Iran' }).rules[0]!.words).toMatch(/^The entity’s jurisdiction, Iran/);
  });

  it('weighs what the identity document’s machine-readable zone showed', () => {
    expect(ids({ mrz: { unreadable: true, differs: [], expired: null, invalidCheckDigits: [] } })).toEqual([]);
    expect(ids({ mrz: { unreadable: false, differs: ['surname', 'date of birth'], expired: null, invalidCheckDigits: ['document number'] } })).toEqual(['mrz.differs', 'mrz.check-digits']);
    expect(scoreRisk({ ...base, mrz: { unreadable: false, differs: ['surname'], expired: 'expired on 2020-01-01', invalidCheckDigits: [] } })).toMatchObject({ level: 'high', points: 4 });
    expect(scoreRisk({ ...base, mrz: { unreadable: false, differs: ['surname'], expired: null, invalidCheckDigits: [] } }).rules[0]!.words).toBe(
      "The identity document's machine-readable zone differs from the registration: surname.",
    );
  });

  it('weighs the face comparison by its verdict, and says when there was none', () => {
    const compared = (similarity: number, verdict: 'likely same person' | 'uncertain' | 'likely different people') => ({ outcome: 'compared' as const, similarity, threshold: 0.5, verdict });
    expect(ids({ face: compared(0.82, 'likely same person') })).toEqual([]);
    expect(ids({ face: compared(0.52, 'uncertain') })).toEqual(['face.uncertain']);
    expect(scoreRisk({ ...base, face: compared(0.21, 'likely different people') })).toMatchObject({ level: 'medium', points: 3 });
    expect(scoreRisk({ ...base, face: compared(0.21, 'likely different people') }).rules[0]!.words).toBe(
      "The selfie's face and the identity document's photo look like different people (similarity 0.21; the model's threshold 0.5).",
    );
    expect(scoreRisk({ ...base, face: { outcome: 'several faces', image: 'selfie' } }).rules[0]).toMatchObject({ id: 'face.several-faces', words: 'No face comparison: several faces were found in the selfie.' });
    expect(ids({ face: { outcome: 'no face', image: 'id' } })).toEqual(['face.no-face']);
  });

  it('adds residence, funds and entity rules, and reaches medium and high by points', () => {
    expect(ids({ residence: 'other', fundsSource: 'gift', annualVolume: '500k+' })).toEqual(['residence.other', 'funds.source', 'funds.volume']);
    expect(scoreRisk({ ...base, residence: 'other', fundsSource: 'gift' }).level).toBe('medium');
    expect(scoreRisk({ ...base, residence: 'other', fundsSource: 'gift', annualVolume: '500k+', investorType: 'entity' })).toMatchObject({ level: 'high', points: 4 });
    expect(ids({ fundsSource: null, annualVolume: null })).toEqual([]);
  });
});
