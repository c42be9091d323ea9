/**
 * Issuer content in the back-office (issue 15): the disclosure sections and the seven agreements as staff see them
 * (current version, history, how many investors read or signed), the answers' schemas (the page checks every answer),
 * and the fields of the forms that change them. The rules of a change are the loader's (replace-disclosure-sections.ts,
 * replace-agreement-versions.ts); the form checks the same ones before sending (sectionFieldProblems,
 * checkboxListProblems), so a staff member sees a fault at its field rather than a refusal.
 */
import * as v from 'valibot';
import { AGREEMENT_KEYS, AgreementCheckboxSchema, type AgreementCheckbox, type AgreementKey } from '../legal.ts';
import { checkJsonShape } from '../plain-data.ts';
import { contentMessages } from './content-messages.ts';

/** Largest PDF the back-office accepts (the loader's agreement limit, for sections too). */
export const CONTENT_PDF_MAX_BYTES = 20 * 1024 * 1024;
/** The checkbox list travels as one JSON form field: 32 boxes of up to 2000 characters fit. */
export const CHECKBOXES_FIELD_MAX_BYTES = 160 * 1024;

/** One back-office change of a section, from the audit trail (its action code is worded by the view). */
export const ContentChangeSchema = v.object({
  at: v.string(),
  action: v.string(),
  staffName: v.nullable(v.string()),
  oldSha256: v.nullable(v.string()),
  newSha256: v.nullable(v.string()),
});
export type ContentChange = v.InferOutput<typeof ContentChangeSchema>;

export const AdminDisclosureSectionSchema = v.object({
  id: v.string(),
  slug: v.string(),
  title: v.string(),
  order: v.number(),
  minReadingSeconds: v.number(),
  sha256: v.nullable(v.string()),
  sizeBytes: v.nullable(v.number()),
  /** Investors who completed reading this section (its current document, or an earlier one before they finished). */
  readers: v.number(),
  updatedAt: v.string(),
  retiredAt: v.nullable(v.string()),
  /** Changes made in the back-office, newest first (the loader's changes are in the audit trail as one event). */
  history: v.array(ContentChangeSchema),
});
export type AdminDisclosureSection = v.InferOutput<typeof AdminDisclosureSectionSchema>;

export const AdminAgreementVersionSchema = v.object({
  id: v.string(),
  title: v.string(),
  sha256: v.string(),
  sizeBytes: v.number(),
  checkboxes: v.array(AgreementCheckboxSchema),
  signatureField: v.string(),
  dateField: v.string(),
  createdAt: v.string(),
  retiredAt: v.nullable(v.string()),
  /** Investors who signed exactly this version. */
  signers: v.number(),
});
export type AdminAgreementVersion = v.InferOutput<typeof AdminAgreementVersionSchema>;

export const AdminAgreementSchema = v.object({
  key: v.picklist(AGREEMENT_KEYS),
  order: v.number(),
  current: v.nullable(AdminAgreementVersionSchema),
  /** Every version, newest first (the current one included). */
  versions: v.array(AdminAgreementVersionSchema),
});
export type AdminAgreement = v.InferOutput<typeof AdminAgreementSchema>;

/** GET /api/admin/content. */
export const AdminContentResponseSchema = v.object({ sections: v.array(AdminDisclosureSectionSchema), agreements: v.array(AdminAgreementSchema) });
export type AdminContentResponse = v.InferOutput<typeof AdminContentResponseSchema>;

/** The answer of every change (a new section's also carries its `id`, which the page does not need). */
export const ContentChangeResponseSchema = v.object({ changed: v.boolean(), resetInvestors: v.number() });
export type ContentChangeResponse = v.InferOutput<typeof ContentChangeResponseSchema>;

const digits = (max: number) => v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(max));

export const TITLE = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200));

/** The section form's fields (multipart text): all present when the form is sent. */
export const SectionFieldsSchema = v.object({
  title: TITLE,
  order: v.pipe(digits(9999), v.minValue(1)),
  minReadingSeconds: digits(36000),
});
export type SectionFields = v.InferOutput<typeof SectionFieldsSchema>;

export const SECTION_SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

export const NewSectionFieldsSchema = v.object({
  ...SectionFieldsSchema.entries,
  slug: v.pipe(v.string(), v.regex(SECTION_SLUG, contentMessages.invalidSlug)),
});

const BOX = contentMessages.invalidCheckboxes;
/** A checkbox list as the loader's manifest has it (every fault named as the list's). */
export const CheckboxListSchema = v.array(
  v.strictObject({ id: v.string(BOX), text: v.string(BOX), required: v.boolean(BOX), critical: v.optional(v.boolean(BOX), false) }, BOX),
  BOX,
);

/**
 * The agreement form's fields: title and the checkbox list (JSON). The list is held to the JSON reader's rules
 * (plain-data.ts: no NUL or lone surrogate escape, no __proto__ key, not too deep) before its schema sees it.
 */
export const AgreementFieldsSchema = v.object({
  title: TITLE,
  checkboxes: v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(dataset.value) as unknown;
      } catch {
        addIssue({ message: contentMessages.invalidCheckboxes });
        return NEVER;
      }
      if (checkJsonShape(parsed)) return parsed;
      addIssue({ message: contentMessages.invalidCheckboxes });
      return NEVER;
    }),
    CheckboxListSchema,
  ),
});

/** A checkbox list's limits: the server's loader (replace-agreement-versions.ts) and the back-office's form check the same. */
export const AGREEMENT_MAX_CHECKBOXES = 32;
export const CHECKBOX_TEXT_MAX = 2000;
export const CHECKBOX_ID = /^[a-z][a-z0-9_]{0,63}$/;

/** A section form's fields as typed (numbers as text, as the multipart form sends them). */
export type SectionDraftFields = { title: string; order: string; minReadingSeconds: string; slug?: string };
export type SectionFieldProblems = Partial<Record<'title' | 'order' | 'minReadingSeconds' | 'slug', string>>;

/** Each field's fault, by the schemas the server reads the form with. */
export function sectionFieldProblems(fields: SectionDraftFields): SectionFieldProblems {
  const problems: SectionFieldProblems = {};
  const { entries } = NewSectionFieldsSchema;
  if (!v.is(entries.title, fields.title)) problems.title = contentMessages.invalidTitle;
  if (!v.is(entries.order, fields.order)) problems.order = contentMessages.invalidOrder;
  if (!v.is(entries.minReadingSeconds, fields.minReadingSeconds)) problems.minReadingSeconds = contentMessages.invalidReadingTime;
  if (fields.slug !== undefined && !v.is(entries.slug, fields.slug)) problems.slug = contentMessages.invalidSlug;
  return problems;
}

export const agreementTitleProblem = (title: string): string | null => (v.is(TITLE, title) ? null : contentMessages.invalidTitle);

export type CheckboxRowProblems = { text?: string; critical?: string; id?: string };
/** The list's own fault (count, none required, too long to send) and each row's, in the rows' order. */
export type CheckboxListProblems = { list: string | null; rows: CheckboxRowProblems[] };

export function checkboxListProblems(boxes: readonly AgreementCheckbox[]): CheckboxListProblems {
  const seen = new Set<string>();
  const rows = boxes.map((box) => {
    const row: CheckboxRowProblems = {};
    if (!box.text.trim() || box.text.length > CHECKBOX_TEXT_MAX) row.text = contentMessages.boxText;
    if (box.critical && !box.required) row.critical = contentMessages.criticalNotRequired;
    if (!CHECKBOX_ID.test(box.id) || seen.has(box.id)) row.id = contentMessages.boxId;
    seen.add(box.id);
    return row;
  });
  const list =
    boxes.length < 1 || boxes.length > AGREEMENT_MAX_CHECKBOXES
      ? contentMessages.boxCount
      : !boxes.some((box) => box.required)
        ? contentMessages.noRequiredBox
        : new TextEncoder().encode(JSON.stringify(boxes)).byteLength > CHECKBOXES_FIELD_MAX_BYTES
          ? contentMessages.boxesTooLong
          : null;
  return { list, rows };
}

export const isAgreementKey = (value: string): value is AgreementKey => (AGREEMENT_KEYS as readonly string[]).includes(value);

export const AGREEMENT_TITLES_FALLBACK: Record<AgreementKey, string> = {
  ppm: 'Private Placement Memorandum',
  investment: 'Investment Agreement',
  token_purchase: 'Token Purchase Agreement',
  terms: 'Terms and Conditions',
  qualified_investor: 'Qualified Investor Agreement',
  privacy: 'Privacy Policy',
  risk: 'Risk Acknowledgment',
};
