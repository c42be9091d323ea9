/**
 * The identity document's machine-readable zone (issue 30): reads the investor's current identity upload (an image,
 * or a PDF's first page) on our server, compares what it read with the registration and today's date, and records
 * the reading (with the zone's image for the reviewer), what it read (the document's SHA-256), the engine and the time
 * taken, plus an audit event naming only the outcome, in one transaction; then the risk is scored again. An entity's
 * identity document is its signatory's. An investor without an identity upload (or whose account is gone) is nothing
 * to do; a file that is no image is recorded as unreadable, never retried.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { MrzCheck } from '../../../shared/admin/kyc-checks.ts';
import { KYC_FILE_TYPES } from '../../../shared/kyc.ts';
import { compareMrz } from '../../checks/mrz/compare-mrz.ts';
import type { DecodeImage } from '../../checks/mrz/document-image.ts';
import { MRZ_ENGINE_VERSION, type MrzOcr } from '../../checks/mrz/mrz-ocr.ts';
import { readMrz } from '../../checks/mrz/read-mrz.ts';
import type { Clock } from '../../clock.ts';
import { kycDocuments, userDetails } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { oneOf } from '../row-mapping.ts';
import { scoreInvestorRisk } from '../risk/score-investor-risk.ts';
import { readStoredFile } from './read-stored-file.ts';
import { recordCheck } from './record-check.ts';

/** `decode`: the face worker's image decoder (pure JavaScript, off the event loop). */
export type DocumentCheckDeps = { db: Db; storage: FileStore; ocr: MrzOcr; clock: Clock; decode?: DecodeImage };

export async function checkIdentityDocument({ db, storage, ocr, clock, decode }: DocumentCheckDeps, { userId, round }: { userId: string; round: number }): Promise<'checked' | 'nothing'> {
  const startedAt = performance.now();
  const [[investor], [doc]] = await Promise.all([
    db
      .select({ investorType: userDetails.investorType, fullName: userDetails.fullName, signatory: userDetails.authorizedSignatory, dateOfBirth: userDetails.dateOfBirth, nationality: userDetails.nationality })
      .from(userDetails)
      .where(eq(userDetails.userId, userId))
      .limit(1),
    db
      .select()
      .from(kycDocuments)
      .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.documentType, 'identity'), isNull(kycDocuments.replacedAt)))
      .orderBy(desc(kycDocuments.seq))
      .limit(1),
  ]);
  if (!investor || !doc) return 'nothing';
  const bytes = await readStoredFile(storage, doc.fileName);
  const today = clock.now().toISOString().slice(0, 10);
  const reading = bytes ? await readMrz({ bytes, mimeType: oneOf(doc.contentType, KYC_FILE_TYPES, 'application/pdf') }, ocr, { today, decode }) : null;
  const entity = investor.investorType === 'entity';
  // The registration asks no sex: the zone's is shown among the fields, not compared.
  const comparisons = compareMrz(reading?.fields ?? null, { fullName: (entity ? investor.signatory : investor.fullName) ?? '', dateOfBirth: entity ? null : investor.dateOfBirth, nationality: entity ? null : investor.nationality }, today).filter((c) => c.item !== 'sex');
  const f = reading?.fields;
  const fields: MrzCheck['fields'] = f
    ? { documentNumber: f.documentNumber, surname: f.surname, givenNames: f.givenNames, nationality: f.nationality, dateOfBirth: f.dateOfBirth, sex: f.sex, expiryDate: f.expiryDate, issuingState: f.issuingState }
    : null;
  const result: Omit<MrzCheck, 'run'> = {
    document: { id: doc.id, originalName: doc.originalName },
    outcome: reading?.outcome ?? 'unreadable',
    format: reading?.format ?? null,
    lines: reading?.lines ?? [],
    fields,
    checkDigits: reading?.checkDigits ?? [],
    comparisons,
    crop: reading?.crop ?? null,
    notes: bytes ? (reading?.notes ?? []) : ['The file is larger than an upload may be; it was not read.'],
  };
  const now = clock.now();
  await db.transaction(async (tx) => {
    await recordCheck(tx, {
      userId,
      round,
      kind: 'mrz',
      result,
      inputs: { document: doc.sha256 },
      engine: MRZ_ENGINE_VERSION,
      startedAt,
      at: now,
      audit: { document: doc.sha256, outcome: result.outcome, format: result.format, comparisons: Object.fromEntries(comparisons.map((c) => [c.item, c.result])), invalidCheckDigits: result.checkDigits.filter((d) => !d.valid).length },
    });
  });
  await scoreInvestorRisk(db, { userId, now: clock.now(), startedAt: performance.now() });
  return 'checked';
}
