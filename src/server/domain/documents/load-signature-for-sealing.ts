/**
 * Everything the sealing job needs about one signature, read from the rows as they are now: the signature itself,
 * the exact agreement version signed (its PDF as presented, checkboxes and signature fields), and the investor as
 * registered (name, type, authorised signatory, email) with the wallet of the agreements step. Null when the
 * signature is gone (the investor's account was deleted, which removes it by cascade).
 */
import { eq, sql } from 'drizzle-orm';
import type { AgreementKey } from '../../../shared/legal.ts';
import { agreementSignatures, agreementVersions, legalAgreements, signedDocuments, userDetails, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { SignatureRecord } from '../../pdf/signature-record.ts';
import { agreementVersionPdf, VersionPdfMismatchError } from '../legal/agreement-version-pdf.ts';
import { readBytea, SLICE_BYTES } from './read-bytea.ts';

export type SignatureForSealing = {
  signatureId: string;
  userId: string;
  key: AgreementKey;
  versionId: string;
  title: string;
  /** The version's PDF exactly as presented (checked against its SHA-256), and that SHA-256 as recorded. */
  presentedPdf: Uint8Array;
  presentedSha256: string;
  fields: { field: string; dateField: string };
  signaturePng: Uint8Array;
  record: SignatureRecord;
};

/** Why a signature cannot be sealed however often it is tried (the job gives up at once). */
export class UnsealableSignatureError extends Error {
  override readonly name = 'UnsealableSignatureError';
}

/**
 * The signature as the job needs it; 'sealed' when its document exists already (one query tells both); null when the
 * signature is gone.
 */
export async function loadSignatureForSealing(db: Db, signatureId: string): Promise<SignatureForSealing | 'sealed' | null> {
  const [row] = await db
    .select({
      signature: {
        id: agreementSignatures.id,
        userId: agreementSignatures.userId,
        key: agreementSignatures.key,
        checkboxes: agreementSignatures.checkboxes,
        signedAt: agreementSignatures.signedAt,
        ipAddress: agreementSignatures.ipAddress,
        userAgent: agreementSignatures.userAgent,
        // A small drawing comes with the row; a large one (up to 200 KB at 3x) is read in slices below.
        pngBytes: sql<number>`octet_length(${agreementSignatures.signaturePng})`.mapWith(Number),
        pngInline: sql<string | null>`case when octet_length(${agreementSignatures.signaturePng}) <= ${SLICE_BYTES} then encode(${agreementSignatures.signaturePng}, 'base64') end`,
      },
      version: {
        id: agreementVersions.id,
        title: agreementVersions.title,
        sha256: agreementVersions.sha256,
        checkboxes: agreementVersions.checkboxes,
        signatureField: agreementVersions.signatureField,
        dateField: agreementVersions.dateField,
      },
      email: users.email,
      details: {
        investorType: userDetails.investorType,
        fullName: userDetails.fullName,
        entityName: userDetails.entityName,
        authorizedSignatory: userDetails.authorizedSignatory,
        walletAddress: userDetails.walletAddress,
      },
      agreementsWallet: legalAgreements.walletAddress,
      sealedDocument: signedDocuments.id,
    })
    .from(agreementSignatures)
    .innerJoin(agreementVersions, eq(agreementVersions.id, agreementSignatures.versionId))
    .innerJoin(users, eq(users.id, agreementSignatures.userId))
    .leftJoin(userDetails, eq(userDetails.userId, agreementSignatures.userId))
    .leftJoin(legalAgreements, eq(legalAgreements.userId, agreementSignatures.userId))
    .leftJoin(signedDocuments, eq(signedDocuments.signatureId, agreementSignatures.id))
    .where(eq(agreementSignatures.id, signatureId))
    .limit(1);
  if (!row) return null;
  if (row.sealedDocument !== null) return 'sealed';
  const { signature, version, details } = row;
  if (!details?.investorType) throw new UnsealableSignatureError('the investor has no registration details');
  const entity = details.investorType === 'ENTITY';
  const name = (entity ? details.entityName : details.fullName)?.trim();
  if (!name) throw new UnsealableSignatureError('the registration has no name to print on the signature page');
  // The wallet entered in the agreements step (completion stores it); the registration's until then.
  const walletAddress = row.agreementsWallet ?? details.walletAddress;
  // The confirmations as shown: the version's boxes in their order, those this signature ticked, with their words.
  let presentedPdf: Uint8Array | null;
  try {
    presentedPdf = await agreementVersionPdf(db, version.id);
  } catch (error) {
    if (error instanceof VersionPdfMismatchError) throw new UnsealableSignatureError(error.message);
    throw error;
  }
  if (!presentedPdf) return null;
  const signaturePng =
    signature.pngInline !== null
      ? new Uint8Array(Buffer.from(signature.pngInline, 'base64'))
      : await readBytea(db, agreementSignatures, agreementSignatures.signaturePng, agreementSignatures.id, signature.id);
  if (!signaturePng) return null;
  const confirmations = version.checkboxes.filter((box) => signature.checkboxes[box.id] === true).map(({ id, text }) => ({ id, text }));
  return {
    signatureId: signature.id,
    userId: signature.userId,
    key: signature.key as AgreementKey,
    versionId: version.id,
    title: version.title,
    presentedPdf,
    presentedSha256: version.sha256,
    fields: { field: version.signatureField, dateField: version.dateField },
    signaturePng,
    record: {
      agreement: { key: signature.key, title: version.title },
      investor: {
        type: entity ? 'entity' : 'individual',
        name,
        authorisedSignatory: entity ? (details.authorizedSignatory?.trim() ?? null) : null,
        email: row.email,
        walletAddress,
      },
      confirmations,
      signedAt: signature.signedAt,
      ipAddress: signature.ipAddress,
      userAgent: signature.userAgent,
    },
  };
}
