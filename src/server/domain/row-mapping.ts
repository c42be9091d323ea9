/** Small conversions from database rows to the wire shapes of src/shared/schemas.ts. */
import { PROCESS_STEPS, type ProcessStep } from '../../shared/constants.ts';

export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The column is CHECK-constrained to these values; the fallback only guards against a hand-edited row. */
export const asProcessStep = (value: string): ProcessStep => (PROCESS_STEPS as readonly string[]).includes(value) ? (value as ProcessStep) : 'disclosure';

/** Narrows a text column to one of the allowed values, or the fallback. */
export const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
