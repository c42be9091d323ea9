/**
 * Which version of each agreement an investor is presented: the version they signed for a signed agreement (it never
 * changes again), the current version for the others. The configurations, the progress answer, signing and the PDF
 * route all read it from here.
 */
import { and, eq, isNull } from 'drizzle-orm';
import {
  AGREEMENT_KEYS,
  agreementPdfPath,
  SIGNATURE_DATA_URL_PREFIX,
  type AgreementCheckbox,
  type AgreementConfiguration,
  type AgreementConfigurations,
  type AgreementKey,
} from '../../../shared/legal.ts';
import { agreementSignatures, agreementVersions } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

/** A version without its PDF bytes. */
export type AgreementVersion = {
  id: string;
  key: AgreementKey;
  title: string;
  sha256: string;
  checkboxes: AgreementCheckbox[];
  signatureField: string;
  dateField: string;
};

export type SignedAgreement = {
  id: string;
  key: AgreementKey;
  version: AgreementVersion;
  checkboxes: Record<string, boolean>;
  signedAt: Date;
};

export type AgreementSignature = SignedAgreement & { signaturePng: Uint8Array };

/** The columns of a version as the step reads it (everything but the PDF's bytes). */
export const VERSION_COLUMNS = {
  id: agreementVersions.id,
  key: agreementVersions.key,
  title: agreementVersions.title,
  sha256: agreementVersions.sha256,
  checkboxes: agreementVersions.checkboxes,
  signatureField: agreementVersions.signatureField,
  dateField: agreementVersions.dateField,
};

const asVersion = (row: { key: string } & Omit<AgreementVersion, 'key'>): AgreementVersion => ({ ...row, key: row.key as AgreementKey });

/** The current version of each of the seven agreements (the seed and the loader keep one per key). */
export async function currentVersions(db: Db): Promise<Map<AgreementKey, AgreementVersion>> {
  const rows = await db.select(VERSION_COLUMNS).from(agreementVersions).where(isNull(agreementVersions.retiredAt));
  const byKey = new Map(rows.map((row) => [row.key as AgreementKey, asVersion(row)]));
  const missing = AGREEMENT_KEYS.filter((key) => !byKey.has(key));
  // Seeding at start puts every key in place; a missing one is a broken database, not an investor's problem.
  if (missing.length) throw new Error(`No current agreement version for ${missing.join(', ')}`);
  return byKey;
}

const SIGNED_COLUMNS = {
  id: agreementSignatures.id,
  checkboxes: agreementSignatures.checkboxes,
  signedAt: agreementSignatures.signedAt,
  version: VERSION_COLUMNS,
};

const SIGNED_VERSION = eq(agreementVersions.id, agreementSignatures.versionId);

const byVersionKey = <R extends { version: { key: string } & Omit<AgreementVersion, 'key'> }>(rows: R[]) =>
  new Map(rows.map((row) => [row.version.key as AgreementKey, { ...row, key: row.version.key as AgreementKey, version: asVersion(row.version) }]));

/** The investor's signatures by key, each with the version signed, without the drawn images (which signed, and what). */
export async function signedAgreementsOf(db: Db, userId: string): Promise<Map<AgreementKey, SignedAgreement>> {
  const rows = await db.select(SIGNED_COLUMNS).from(agreementSignatures).innerJoin(agreementVersions, SIGNED_VERSION).where(eq(agreementSignatures.userId, userId));
  return byVersionKey(rows);
}

/** The same with each drawn image (up to 200 KB each): only where the images are shown or compared. */
export async function signaturesOf(db: Db, userId: string): Promise<Map<AgreementKey, AgreementSignature>> {
  const rows = await db
    .select({ ...SIGNED_COLUMNS, signaturePng: agreementSignatures.signaturePng })
    .from(agreementSignatures)
    .innerJoin(agreementVersions, SIGNED_VERSION)
    .where(eq(agreementSignatures.userId, userId));
  return byVersionKey(rows);
}

/** What the investor is presented, key by key: the signed version where signed, else the current one. */
export function presentedVersions(current: Map<AgreementKey, AgreementVersion>, signed: Map<AgreementKey, SignedAgreement>): Record<AgreementKey, AgreementVersion> {
  return Object.fromEntries(AGREEMENT_KEYS.map((key) => [key, signed.get(key)?.version ?? (current.get(key) as AgreementVersion)])) as Record<AgreementKey, AgreementVersion>;
}

export const toConfiguration = (version: AgreementVersion): AgreementConfiguration => ({
  key: version.key,
  title: version.title,
  pdfPath: agreementPdfPath(version.id),
  sha256: version.sha256,
  checkboxes: version.checkboxes.map(({ id, text, required, critical }) => ({ id, text, required, critical })),
  signature: { field: version.signatureField, dateField: version.dateField },
});

export const toConfigurations = (presented: Record<AgreementKey, AgreementVersion>): AgreementConfigurations =>
  Object.fromEntries(AGREEMENT_KEYS.map((key) => [key, toConfiguration(presented[key])])) as AgreementConfigurations;

export async function getAgreementConfigurations(db: Db, userId: string): Promise<AgreementConfigurations> {
  const [current, signed] = await Promise.all([currentVersions(db), signedAgreementsOf(db, userId)]);
  return toConfigurations(presentedVersions(current, signed));
}

export const signatureDataUrl = (png: Uint8Array): string => SIGNATURE_DATA_URL_PREFIX + Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64');

/** Whether the investor signed this version (for the PDF route: a retired version stays readable to its signers). */
export async function hasSignedVersion(db: Db, userId: string, versionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agreementSignatures.id })
    .from(agreementSignatures)
    .where(and(eq(agreementSignatures.userId, userId), eq(agreementSignatures.versionId, versionId)))
    .limit(1);
  return !!row;
}
