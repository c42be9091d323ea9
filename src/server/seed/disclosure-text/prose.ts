/**
 * Helpers for writing legal text in source: paragraphs are written as indented multi-line template literals and
 * collapsed here to single-spaced plain strings, which is what the typesetter and any other reader expect.
 */
import type { LegalClause } from '../../pdf/legal-pdf.ts';

export function prose(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function clause(heading: string, paragraphs: string[]): LegalClause {
  return { heading, paragraphs: paragraphs.map(prose) };
}
