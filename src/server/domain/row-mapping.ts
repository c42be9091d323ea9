/** Small conversions from database rows to the wire shapes of the contract (src/shared/<area>.ts). */
import { PROCESS_STEPS, type ProcessStep } from '../../shared/process-steps.ts';

export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);

/**
 * Narrows a text column to one of the allowed values, or the fallback. The columns are CHECK-constrained to the same
 * enumeration (src/server/db/schema), so the fallback only guards against a hand-edited row.
 */
export const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

export const asProcessStep = (value: string): ProcessStep => oneOf(value, PROCESS_STEPS, 'disclosure');
