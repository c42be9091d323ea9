/**
 * Disclosure review (spec sections 3 and 4 "Disclosure sections"): the sections, the reading progress the browser
 * saves and the server credits, the progress answer, and the reading rules shared by the disclosure statechart and
 * the server: the first section is unlocked, the next unlocks when the previous is completed, and a section
 * completes when its minimum reading time has passed and its document was scrolled to the end.
 */
import * as v from 'valibot';
import { PROCESS_STEPS } from './process-steps.ts';

/** GET /api/disclosure/sections: one offering document (spec "Disclosure": id, title, minReadingTime, hasPDF). */
export const DisclosureSectionSchema = v.object({
  id: v.string(),
  title: v.string(),
  order: v.number(),
  minReadingTime: v.number(),
  hasPDF: v.boolean(),
});
export type DisclosureSection = v.InferOutput<typeof DisclosureSectionSchema>;
/** The sections in reading order. */
export const DisclosureSectionsResponseSchema = v.array(DisclosureSectionSchema);

/** One section's reading, as saved by the browser and as the server credits it (timeSpent in seconds). */
export const SectionProgressSchema = v.object({
  unlocked: v.optional(v.boolean(), false),
  opened: v.optional(v.boolean(), false),
  timeSpent: v.optional(v.pipe(v.number(), v.integer('Reading time must be whole seconds.'), v.minValue(0), v.maxValue(31_536_000)), 0),
  scrolled: v.optional(v.boolean(), false),
  completed: v.optional(v.boolean(), false),
});
export type SectionProgress = v.InferOutput<typeof SectionProgressSchema>;

const SectionIdSchema = v.pipe(v.string(), v.uuid('Unknown disclosure section.'));

/**
 * sectionProgress: the map keyed by section id (POST save-progress and complete). valibot's record() passes over the
 * keys `__proto__`, `constructor` and `prototype` without checking them (nor copying them), so a map of such keys
 * would pass as an empty one: every own key of the input is checked to be a section id first.
 */
export const SaveDisclosureProgressSchema = v.object({
  sectionProgress: v.pipe(
    v.custom<Record<string, unknown>>(
      (input) => typeof input === 'object' && input !== null && Object.keys(input).every((key) => v.is(SectionIdSchema, key)),
      'Unknown disclosure section.',
    ),
    v.record(SectionIdSchema, SectionProgressSchema),
    v.check((map) => Object.keys(map).length <= 200, 'Too many sections.'),
  ),
});
export type SaveDisclosureProgressPayload = v.InferOutput<typeof SaveDisclosureProgressSchema>;

/** A section's reading as the server answers it: every field present (the request's defaults would hide a gap). */
const CreditedProgressSchema = v.object({
  unlocked: v.boolean(),
  opened: v.boolean(),
  timeSpent: v.number(),
  scrolled: v.boolean(),
  completed: v.boolean(),
});

/** GET /api/disclosure/progress, and the answer of POST save-progress and complete. */
export const DisclosureProgressResponseSchema = v.object({
  currentStep: v.picklist(PROCESS_STEPS),
  disclosuresCompleted: v.boolean(),
  disclosureProgress: v.record(v.string(), CreditedProgressSchema),
  disclosureCompletedAt: v.nullable(v.string()),
  isReadingMode: v.boolean(),
});
export type DisclosureProgressResponse = v.InferOutput<typeof DisclosureProgressResponseSchema>;

export const EMPTY_PROGRESS: SectionProgress = { unlocked: false, opened: false, timeSpent: 0, scrolled: false, completed: false };

/** Minimum reading time in whole seconds (minutes may be fractional). */
export const minReadingSeconds = (section: Pick<DisclosureSection, 'minReadingTime'>): number =>
  Math.max(0, Math.ceil(section.minReadingTime * 60 - 1e-9));

/** Seconds of reading still missing, never negative. */
export const missingSeconds = (section: Pick<DisclosureSection, 'minReadingTime'>, progress: Pick<SectionProgress, 'timeSpent'>): number =>
  Math.max(0, minReadingSeconds(section) - progress.timeSpent);

/**
 * Time and scroll are both met. A section without a document can never be met: nobody can attest to having read
 * a document that is not there (docs/decisions.md, "Disclosure").
 */
export const isRequirementMet = (section: Pick<DisclosureSection, 'minReadingTime' | 'hasPDF'>, progress: SectionProgress): boolean =>
  section.hasPDF && progress.scrolled && missingSeconds(section, progress) === 0;

/** Which sections are unlocked, in reading order: the first always, each next one once the previous is completed. */
export function unlockedFlags(completed: readonly boolean[]): boolean[] {
  return completed.map((_, i) => i === 0 || completed[i - 1] === true);
}

export const progressOf = (map: Record<string, SectionProgress>, id: string): SectionProgress => map[id] ?? EMPTY_PROGRESS;

/** Every section complete (and at least one section exists: no documents is no disclosure). */
export const allSectionsComplete = (sections: readonly Pick<DisclosureSection, 'id'>[], map: Record<string, SectionProgress>): boolean =>
  sections.length > 0 && sections.every((s) => progressOf(map, s.id).completed);
