/**
 * Issuer content in the back-office (issue 15): the disclosure sections and the seven agreements as staff see them
 * (current version, history, how many investors read or signed), and the fields of the forms that change them. The
 * rules of a change are the loader's (replace-disclosure-sections.ts, replace-agreement-versions.ts); these schemas
 * only shape the form's fields.
 */
import * as v from 'valibot';
import { AGREEMENT_KEYS, type AgreementCheckbox, type AgreementKey } from '../legal.ts';
import { checkJsonShape } from '../plain-data.ts';
import { contentMessages } from './content-messages.ts';

/** Largest PDF the back-office accepts (the loader's agreement limit, for sections too). */
export const CONTENT_PDF_MAX_BYTES = 20 * 1024 * 1024;
/** The checkbox list travels as one JSON form field: 32 boxes of up to 2000 characters fit. */
export const CHECKBOXES_FIELD_MAX_BYTES = 160 * 1024;

export type ContentChange = {
  at: string;
  action: string;
  staffName: string | null;
  oldSha256: string | null;
  newSha256: string | null;
};

export type AdminDisclosureSection = {
  id: string;
  slug: string;
  title: string;
  order: number;
  minReadingSeconds: number;
  sha256: string | null;
  sizeBytes: number | null;
  /** Investors who completed reading this section (its current document, or an earlier one before they finished). */
  readers: number;
  updatedAt: string;
  retiredAt: string | null;
  /** Changes made in the back-office, newest first (the loader's changes are in the audit trail as one event). */
  history: ContentChange[];
};

export type AdminAgreementVersion = {
  id: string;
  title: string;
  sha256: string;
  sizeBytes: number;
  checkboxes: AgreementCheckbox[];
  signatureField: string;
  dateField: string;
  createdAt: string;
  retiredAt: string | null;
  /** Investors who signed exactly this version. */
  signers: number;
};

export type AdminAgreement = {
  key: AgreementKey;
  order: number;
  current: AdminAgreementVersion | null;
  /** Every version, newest first (the current one included). */
  versions: AdminAgreementVersion[];
};

export type AdminContentResponse = { sections: AdminDisclosureSection[]; agreements: AdminAgreement[] };

export type ContentChangeResponse = { changed: boolean; resetInvestors: number };

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
