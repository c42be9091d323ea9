/** A KYC case as the server answers it, for the case chart's and page's tests. Every name in here is made up. */
import { EDD_ITEM_LABELS, EDD_ITEMS, type EddChecklist, type FaceCheck, type KycChecks, type MrzCheck } from '../../../src/shared/admin/kyc-checks.ts';
import type { KycCase } from '../../../src/shared/admin/kyc-review.ts';

export const CASE_USER_ID = '2f1c7a3e-7d55-4a8e-9a53-3c9d2b7f0a11';

export function kycCase(over: Partial<KycCase['kyc']> = {}, fourEyes = false): KycCase {
  return {
    userId: CASE_USER_ID,
    email: 'ada@example.com',
    registration: {
      investorType: 'INDIVIDUAL',
      fullName: 'Ada Lovelace',
      dateOfBirth: '1985-12-10',
      nationality: 'British',
      entityName: null,
      jurisdiction: null,
      authorizedSignatory: null,
      walletAddress: '0x' + 'ab'.repeat(20),
      primaryJurisdiction: 'uk',
      investmentAmount: fourEyes ? 150_000 : 25_000,
      tokenQuantity: 29_411.764706,
      currentStep: 'agreements',
      registeredAt: '2026-11-20T09:00:00.000Z',
    },
    wallets: { signed: null, registration: '0x' + 'ab'.repeat(20) },
    disclosure: { completed: true, completedAt: '2026-11-20T10:00:00.000Z', reads: [{ section: 'Risk Factors', readAt: '2026-11-20T09:30:00.000Z', detail: { timeSpentSeconds: 120 } }] },
    kyc: { status: 'UNDER_REVIEW', reviewRound: 1, submittedAt: '2026-11-21T10:00:00.000Z', aml: null, resubmission: null, ...over },
    documents: [
      { id: '11111111-1111-4111-8111-111111111111', documentType: 'identity', step: 1, originalName: 'passport.png', contentType: 'image/png', sizeBytes: 2048, sha256: 'a'.repeat(64), uploadedAt: '2026-11-21T09:00:00.000Z', replacedAt: null },
      { id: '22222222-2222-4222-8222-222222222222', documentType: 'identity', step: 1, originalName: 'old-passport.pdf', contentType: 'application/pdf', sizeBytes: 4096, sha256: 'b'.repeat(64), uploadedAt: '2026-11-20T09:00:00.000Z', replacedAt: '2026-11-21T09:00:00.000Z' },
    ],
    reviews: [],
    fourEyes: { applies: fourEyes, aboveEur: 100_000, approvalsThisRound: [] },
    assignee: null,
    notes: [],
    reviewers: [],
    payment: null,
    checks: { pending: [], screening: null, risk: null, edd: eddChecklist(), mrz: null, face: null },
  };
}

/** A four-eyes case whose round already has the first approval, given by `reviewerId`. */
export function firstApprovedCase(reviewerId: string, reviewerName = 'Grace Compliance'): KycCase {
  const kase = kycCase({}, true);
  const decidedAt = '2026-11-22T10:00:00.000Z';
  return {
    ...kase,
    reviews: [{ id: '33333333-3333-4333-8333-333333333333', round: 1, decision: 'APPROVED', reason: null, steps: [], message: null, reviewerId, reviewerName, decidedAt }],
    fourEyes: { ...kase.fourEyes, approvalsThisRound: [{ reviewerId, reviewerName, decidedAt }] },
  };
}

/** The round's enhanced due diligence checklist as the server answers it: every item, none ticked. */
export const eddChecklist = (required = false, round = 1): EddChecklist => ({ required, round, items: EDD_ITEMS.map((item) => ({ item, label: EDD_ITEM_LABELS[item], done: null })) });

/** The screening hits of the checked case: a sanctions entry with a near name, and a PEP entry decided already. */
export const SANCTION_HIT_ID = '55555555-5555-4555-8555-555555555555';
export const PEP_HIT_ID = '66666666-6666-4666-8666-666666666666';

/** The reviewer aids as the server answers them once screening and risk scoring ran: two hits, a medium risk. */
export function screenedChecks(): KycChecks {
  const run = (engine: string, round: number) => ({ round, engine, durationMs: 42, finishedAt: '2026-11-21T10:00:05.000Z', inputs: { name: 'sha256:' + 'c'.repeat(12) } });
  return {
    pending: [],
    screening: {
      run: run('name-match 1.0', 1),
      namesScreened: ['Ada Lovelace'],
      lists: ['EU financial sanctions (2026-11-01)', 'Sample PEP list (2026-10-15)'],
      hits: [
        {
          id: SANCTION_HIT_ID,
          list: { id: 'eu-fsf', name: 'EU financial sanctions', loadedAt: '2026-11-01T08:00:00.000Z', current: true },
          entryRef: 'EU.1234.56',
          entryName: 'Adah Lovelaze',
          entryKind: 'sanction',
          programme: 'Sample programme',
          queryName: 'Ada Lovelace',
          score: 0.91,
          reasons: ['Names close after transliteration', 'Surname differs by one letter'],
          birthDate: 'differs',
          foundAt: '2026-11-21T10:00:05.000Z',
          foundInRound: 1,
          decision: null,
        },
        {
          id: PEP_HIT_ID,
          list: { id: 'sample-pep', name: 'Sample PEP list', loadedAt: '2026-10-15T08:00:00.000Z', current: false },
          entryRef: 'PEP-0099',
          entryName: 'Ada Lovelace-Byrne',
          entryKind: 'pep',
          programme: null,
          queryName: 'Ada Lovelace',
          score: 0.78,
          reasons: ['Given name and surname match'],
          birthDate: 'unknown',
          foundAt: '2026-11-21T10:00:05.000Z',
          foundInRound: 1,
          decision: { value: 'FALSE_POSITIVE', reason: 'A different person: the entry is a member of a regional assembly.', staffName: 'Grace Compliance', decidedAt: '2026-11-22T09:00:00.000Z' },
        },
      ],
    },
    risk: {
      run: run('risk-rules 1.0', 1),
      level: 'medium',
      points: 35,
      rules: [
        { id: 'open-sanction-hit', words: 'A sanctions hit awaits a reviewer’s word', points: 25 },
        { id: 'amount', words: 'Investment above EUR 20,000', points: 10 },
      ],
    },
    edd: eddChecklist(),
    mrz: null,
    face: null,
  };
}

/** The same case while its screening and risk scoring still run (round 2: the first round's results stay shown). */
export const pendingChecks = (): KycChecks => ({ ...screenedChecks(), pending: ['screening', 'risk'] });

/** A case whose reviewer aids hold hits and a risk score, for the view tests. */
export const checkedCase = (checks: KycChecks = screenedChecks()): KycCase => ({ ...kycCase(), checks });

/** A 1x1 PNG: the zone's image in the fixtures (the view only needs its bytes and size). */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const mrzRun = (): MrzCheck['run'] => ({ round: 1, engine: 'tesseract.js 5.1.1', durationMs: 1840, finishedAt: '2026-11-21T10:00:07.000Z', inputs: { document: 'sha256:' + 'a'.repeat(12) } });
const passport = (): MrzCheck['document'] => ({ id: '11111111-1111-4111-8111-111111111111', originalName: 'passport.png' });

/**
 * The passport's machine-readable zone read (TD3): the names and nationality match the registration, the date of
 * birth differs (day and month swapped) and its check digit is wrong.
 */
export function mrzChecked(): MrzCheck {
  return {
    run: mrzRun(),
    document: passport(),
    outcome: 'read',
    format: 'TD3',
    lines: ['P<GBRLOVELACE<<ADA<<<<<<<<<<<<<<<<<<<<<<<<<<', 'X123456785GBR8510120F3101159<<<<<<<<<<<<<<<3'],
    fields: { documentNumber: 'X12345678', surname: 'LOVELACE', givenNames: 'ADA', nationality: 'GBR', dateOfBirth: '1985-10-12', sex: 'F', expiryDate: '2031-01-15', issuingState: 'GBR' },
    checkDigits: [
      { name: 'Document number check digit', valid: true },
      { name: 'Birth date check digit', valid: false },
      { name: 'Expiration date check digit', valid: true },
      { name: 'Personal number check digit', valid: true },
      { name: 'Composite check digit', valid: true },
    ],
    comparisons: [
      { item: 'surname', mrz: 'LOVELACE', registered: 'Ada Lovelace', result: 'match', note: 'surname found in the registered name' },
      { item: 'given names', mrz: 'ADA', registered: 'Ada Lovelace', result: 'match', note: 'given names found in the registered name' },
      { item: 'date of birth', mrz: '1985-10-12', registered: '1985-12-10', result: 'differs', note: 'MRZ 1985-10-12, registered 1985-12-10' },
      { item: 'nationality', mrz: 'GBR', registered: 'British', result: 'match', note: 'GBR (United Kingdom) is what was registered' },
      { item: 'sex', mrz: 'F', registered: null, result: 'unreadable', note: 'not asked at registration' },
      { item: 'expiry', mrz: '2031-01-15', registered: null, result: 'match', note: 'valid until 2031-01-15' },
    ],
    crop: { pngBase64: ONE_PIXEL_PNG, width: 1, height: 1 },
    notes: [],
  };
}

/** The passport's zone not found on the image: nothing read, every comparison unreadable. */
export function mrzUnreadable(): MrzCheck {
  return {
    run: mrzRun(),
    document: passport(),
    outcome: 'unreadable',
    format: null,
    lines: [],
    fields: null,
    checkDigits: [],
    comparisons: [
      { item: 'surname', mrz: null, registered: 'Ada Lovelace', result: 'unreadable', note: 'no surname read from the MRZ' },
      { item: 'given names', mrz: null, registered: 'Ada Lovelace', result: 'unreadable', note: 'no given names read from the MRZ' },
      { item: 'date of birth', mrz: null, registered: '1985-12-10', result: 'unreadable', note: 'no valid date of birth read from the MRZ' },
      { item: 'nationality', mrz: null, registered: 'British', result: 'unreadable', note: 'no nationality read from the MRZ' },
      { item: 'sex', mrz: null, registered: null, result: 'unreadable', note: 'not asked at registration; not stated in the MRZ' },
      { item: 'expiry', mrz: null, registered: null, result: 'unreadable', note: 'no valid expiry date read from the MRZ' },
    ],
    crop: null,
    notes: ['No machine-readable zone was found on the image.'],
  };
}

/** The screened case's checks with its identity document's zone read too (`mrz`: the reading shown). */
export const mrzScreenedChecks = (mrz: MrzCheck = mrzChecked()): KycChecks => ({ ...screenedChecks(), mrz });

type FaceCompared = Extract<FaceCheck['result'], { outcome: 'compared' }>;
type FaceNotCompared = Exclude<FaceCheck['result'], { outcome: 'compared' }>;
const faceRun = (): FaceCheck['run'] => ({
  round: 1,
  engine: '@vladmandic/human 3.3.6 (WASM, CPU)',
  durationMs: 2310,
  finishedAt: '2026-11-21T10:00:09.000Z',
  inputs: { selfie: 'sha256:' + 'd'.repeat(12), id: 'sha256:' + 'a'.repeat(12) },
});
const faceDocuments = (): FaceCheck['documents'] => ({ selfie: 'selfie.jpg', id: 'passport.png' });

/** The selfie's face compared with the passport's photo: `similarity` (0..1) with the server's `verdict` on it. */
export function faceCompared(similarity: number, verdict: FaceCompared['verdict']): FaceCheck {
  const box = (x: number) => ({ x, y: 40, width: 120, height: 150, score: 0.93 });
  return {
    run: faceRun(),
    documents: faceDocuments(),
    result: { outcome: 'compared', similarity, threshold: 0.5, band: { low: 0.45, high: 0.6 }, verdict, faces: { selfie: box(200), id: box(30) } },
  };
}

/** No comparison: no face, several faces (`count`), or an image that could not be read, in the selfie or the ID. */
export function faceNotCompared(outcome: FaceNotCompared['outcome'], image: FaceNotCompared['image'], count = 3): FaceCheck {
  const result: FaceNotCompared = outcome === 'several faces' ? { outcome, image, count } : { outcome, image };
  return { run: faceRun(), documents: faceDocuments(), result };
}
