/**
 * The reviewer aids (issue 30): checks the server runs on its own machine when KYC is submitted or resubmitted, shown
 * beside the documents as evidence, never as a decision. Screening compares the investor's name (and date of birth)
 * with the sanctions and PEP lists the operator loads; the risk score sums rules over what the case holds. The answer
 * schemas are the contract the back-office reads.
 */
import * as v from 'valibot';

export const KYC_CHECK_KINDS = ['screening', 'risk', 'mrz', 'face'] as const;
export type KycCheckKind = (typeof KYC_CHECK_KINDS)[number];

export const SCREENING_LIST_FORMATS = ['eu-fsf-xml', 'opensanctions-csv'] as const;
export const SCREENING_ENTRY_KINDS = ['sanction', 'pep', 'other'] as const;
export type ScreeningEntryKind = (typeof SCREENING_ENTRY_KINDS)[number];

/** A reviewer's word on a hit: the listed person is the investor, or is someone else. */
export const SCREENING_HIT_DECISIONS = ['TRUE_MATCH', 'FALSE_POSITIVE'] as const;
export type ScreeningHitDecision = (typeof SCREENING_HIT_DECISIONS)[number];
export const SCREENING_HIT_DECISION_LABELS: Record<ScreeningHitDecision, string> = {
  TRUE_MATCH: 'True match',
  FALSE_POSITIVE: 'False positive',
};
export const SCREENING_REASON_MAX_CHARS = 1000;

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/**
 * Enhanced due diligence: what the reviewers establish, item by item, before a high-risk case can be approved (each
 * ticked item names who ticked it and when; a new review round starts a new checklist).
 */
export const EDD_ITEMS = ['source-of-wealth', 'source-of-funds', 'screening-resolved', 'purpose', 'senior-approval'] as const;
export type EddItem = (typeof EDD_ITEMS)[number];
export const EDD_ITEM_LABELS: Record<EddItem, string> = {
  'source-of-wealth': 'Source of wealth established from documents, not only declared',
  'source-of-funds': 'Source of the funds for this investment evidenced',
  'screening-resolved': 'Every screening hit marked, and adverse media searched',
  purpose: 'Purpose of the investment understood and written in an internal note',
  'senior-approval': 'Senior management approved taking on this investor',
};

const Iso = v.pipe(v.string(), v.isoTimestamp());

export const ScreeningHitSchema = v.object({
  id: v.string(),
  list: v.object({ id: v.string(), name: v.string(), loadedAt: Iso, current: v.boolean() }),
  entryRef: v.string(),
  entryName: v.string(),
  entryKind: v.picklist(SCREENING_ENTRY_KINDS),
  programme: v.nullable(v.string()),
  queryName: v.string(),
  score: v.number(),
  reasons: v.array(v.string()),
  birthDate: v.picklist(['matches', 'differs', 'unknown']),
  foundAt: Iso,
  foundInRound: v.number(),
  decision: v.nullable(
    v.object({ value: v.picklist(SCREENING_HIT_DECISIONS), reason: v.string(), staffName: v.string(), decidedAt: Iso }),
  ),
});
export type ScreeningHit = v.InferOutput<typeof ScreeningHitSchema>;

export const RiskRuleSchema = v.object({ id: v.string(), words: v.string(), points: v.number() });
export type RiskRule = v.InferOutput<typeof RiskRuleSchema>;

/** One stored run of a check: what it read (hashes, list versions), which engine, how long it took. */
export const CheckRunSchema = v.object({
  round: v.number(),
  engine: v.string(),
  durationMs: v.number(),
  finishedAt: Iso,
  inputs: v.record(v.string(), v.string()),
});

export const EddChecklistSchema = v.object({
  /** The case is scored high risk: approval waits for every item. */
  required: v.boolean(),
  round: v.number(),
  items: v.array(v.object({ item: v.picklist(EDD_ITEMS), label: v.string(), done: v.nullable(v.object({ staffName: v.string(), at: Iso })) })),
});
export type EddChecklist = v.InferOutput<typeof EddChecklistSchema>;

export const MRZ_COMPARISON_ITEMS = ['surname', 'given names', 'date of birth', 'nationality', 'sex', 'expiry'] as const;
export const MRZ_FIELD_NAMES = ['documentNumber', 'surname', 'givenNames', 'nationality', 'dateOfBirth', 'sex', 'expiryDate', 'issuingState'] as const;

/** The identity document's machine-readable zone, read on our server, compared with the registration. */
export const MrzCheckSchema = v.object({
  run: CheckRunSchema,
  document: v.object({ id: v.string(), originalName: v.string() }),
  outcome: v.picklist(['read', 'unreadable']),
  format: v.nullable(v.picklist(['TD1', 'TD2', 'TD3'])),
  lines: v.array(v.string()),
  fields: v.nullable(v.record(v.picklist(MRZ_FIELD_NAMES), v.nullable(v.string()))),
  checkDigits: v.array(v.object({ name: v.string(), valid: v.boolean() })),
  comparisons: v.array(v.object({ item: v.picklist(MRZ_COMPARISON_ITEMS), mrz: v.nullable(v.string()), registered: v.nullable(v.string()), result: v.picklist(['match', 'differs', 'unreadable']), note: v.string() })),
  /** The zone as read (PNG, base64), for the reviewer to compare by eye. */
  crop: v.nullable(v.object({ pngBase64: v.string(), width: v.number(), height: v.number() })),
  notes: v.array(v.string()),
});
export type MrzCheck = v.InferOutput<typeof MrzCheckSchema>;

const FaceBoxSchema = v.object({ x: v.number(), y: v.number(), width: v.number(), height: v.number(), score: v.number() });
export const FACE_VERDICTS = ['likely same person', 'uncertain', 'likely different people'] as const;

/** The selfie's face compared with the identity document's photo, on our server: a similarity, never a decision. */
export const FaceCheckSchema = v.object({
  run: CheckRunSchema,
  documents: v.object({ selfie: v.string(), id: v.string() }),
  result: v.variant('outcome', [
    v.object({
      outcome: v.literal('compared'),
      similarity: v.number(),
      threshold: v.number(),
      band: v.object({ low: v.number(), high: v.number() }),
      verdict: v.picklist(FACE_VERDICTS),
      faces: v.object({ selfie: FaceBoxSchema, id: FaceBoxSchema }),
    }),
    v.object({ outcome: v.literal('no face'), image: v.picklist(['selfie', 'id']) }),
    v.object({ outcome: v.literal('several faces'), image: v.picklist(['selfie', 'id']), count: v.number() }),
    v.object({ outcome: v.literal('unreadable'), image: v.picklist(['selfie', 'id']) }),
  ]),
});
export type FaceCheck = v.InferOutput<typeof FaceCheckSchema>;

export const KycChecksSchema = v.object({
  /** Whether a check of the current round is still waiting for its job. */
  pending: v.array(v.picklist(KYC_CHECK_KINDS)),
  screening: v.nullable(v.object({ run: CheckRunSchema, namesScreened: v.array(v.string()), lists: v.array(v.string()), hits: v.array(ScreeningHitSchema) })),
  risk: v.nullable(v.object({ run: CheckRunSchema, level: v.picklist(RISK_LEVELS), points: v.number(), rules: v.array(RiskRuleSchema) })),
  edd: EddChecklistSchema,
  mrz: v.nullable(MrzCheckSchema),
  face: v.nullable(FaceCheckSchema),
});
export type KycChecks = v.InferOutput<typeof KycChecksSchema>;

export const ScreeningHitDecisionSchema = v.object({
  decision: v.picklist(SCREENING_HIT_DECISIONS, 'Please choose true match or false positive.'),
  reason: v.pipe(
    v.string('Please give a reason.'),
    v.trim(),
    v.minLength(1, 'Please give a reason.'),
    v.maxLength(SCREENING_REASON_MAX_CHARS, `The reason is at most ${SCREENING_REASON_MAX_CHARS} characters.`),
  ),
});
export type ScreeningHitDecisionInput = v.InferInput<typeof ScreeningHitDecisionSchema>;

/** PUT /api/admin/kyc/cases/:userId/edd/:item: tick or untick one item of the current round's checklist. */
export const EddItemUpdateSchema = v.object({
  done: v.boolean('Say whether the item is done.'),
  expectedRound: v.pipe(v.number('The review round the change is for is missing.'), v.integer(), v.minValue(1)),
});
export type EddItemUpdate = v.InferInput<typeof EddItemUpdateSchema>;
