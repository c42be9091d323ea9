/**
 * The seven demo agreements (agreement-text/) as agreement sources: typeset once per process (the output is
 * deterministic, so an unchanged text gives the same SHA-256 and adds no version). pdf-lib is imported only here,
 * when a PDF is made.
 */
import type { AgreementSource } from '../domain/legal/replace-agreement-versions.ts';
import { AGREEMENTS } from './agreement-text/index.ts';

let made: Promise<AgreementSource[]> | null = null;

export function demoAgreementSources(): Promise<AgreementSource[]> {
  made ??= import('../pdf/legal-pdf.ts')
    .then(({ createLegalPdf }) =>
      Promise.all(
        AGREEMENTS.map(async (a): Promise<AgreementSource> => ({ key: a.key, title: a.title, pdf: await createLegalPdf(a.document), checkboxes: a.checkboxes, signature: a.signature })),
      ),
    )
    .catch((error: unknown) => {
      made = null;
      throw error;
    });
  return made;
}
