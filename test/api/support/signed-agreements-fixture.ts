/**
 * An investor who has signed the seven agreements, written straight into the tables the agreements step writes
 * (agreement_versions, agreement_signatures, legal_agreements) and, like its completion, with one `seal-agreement`
 * job per signature (dedupe key `seal-agreement:<signatureId>`). Until the legal routes land this stands in for them;
 * it uses the real seeded agreement PDFs (typeset from src/server/seed/agreement-text) and a real drawn PNG.
 *
 *   await ensureAgreementVersions(db);
 *   const signed = await signAgreements(db, userId, { now });   // { signatureIds: {ppm: ..., ...}, walletAddress }
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { AGREEMENT_KEYS, type AgreementKey } from '../../../src/shared/legal.ts';
import { agreementSignatures, agreementVersions, legalAgreements } from '../../../src/server/db/schema/index.ts';
import type { Db } from '../../../src/server/db/types.ts';
import { enqueueJob } from '../../../src/server/jobs/enqueue-job.ts';
import { createLegalPdf } from '../../../src/server/pdf/legal-pdf.ts';
import { AGREEMENTS } from '../../../src/server/seed/agreement-text/index.ts';
import { drawSignaturePng, sampleSignature } from '../../unit/support/signature-png.ts';

export type AgreementVersionRow = typeof agreementVersions.$inferSelect;

/** A mixed-case address whose EIP-55 checksum is right. */
export const CHECKSUMMED_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** The pad's 500 x 120 PNG with a drawn signature (ink enough for the server's check). */
export const drawnSignaturePng = (): Uint8Array => drawSignaturePng(sampleSignature());

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let typeset: Promise<Map<AgreementKey, Uint8Array>> | undefined;
/** The seven agreements typeset once per test file (about a second in all). */
const agreementPdfs = () =>
  (typeset ??= Promise.all(AGREEMENTS.map(async (a) => [a.key, await createLegalPdf(a.document)] as const)).then((pairs) => new Map(pairs)));

/**
 * The current version of every agreement, added from the seeded texts where there is none (a seed that loads them
 * itself leaves nothing to add). Safe to call from several tests at once: the partial unique index keeps one current
 * version per key and the loser's insert does nothing.
 */
export async function ensureAgreementVersions(db: Db): Promise<Record<AgreementKey, AgreementVersionRow>> {
  const pdfs = await agreementPdfs();
  const current = async () => db.select().from(agreementVersions).where(isNull(agreementVersions.retiredAt));
  let rows = await current();
  const missing = AGREEMENTS.filter((a) => !rows.some((r) => r.key === a.key));
  if (missing.length > 0) {
    await db
      .insert(agreementVersions)
      .values(
        missing.map((a) => {
          const pdf = pdfs.get(a.key) as Uint8Array;
          return { key: a.key, title: a.title, pdf, sha256: sha256Hex(pdf), checkboxes: a.checkboxes, signatureField: a.signature.field, dateField: a.signature.dateField };
        }),
      )
      .onConflictDoNothing();
    rows = await current();
  }
  return Object.fromEntries(rows.map((r) => [r.key, r])) as Record<AgreementKey, AgreementVersionRow>;
}

export type SignOptions = {
  now: Date;
  /** Which agreements (default all seven). */
  keys?: readonly AgreementKey[];
  /** 'required' ticks the required boxes only (default); 'all' ticks every box. */
  ticked?: 'required' | 'all';
  walletAddress?: string;
  /** Writes the completion (status COMPLETED) and a sealing job per signature, as POST /api/legal/complete does (default true). */
  complete?: boolean;
  ipAddress?: string | null;
  userAgent?: string | null;
  signaturePng?: Uint8Array;
};

export type SignedAgreements = { signatureIds: Partial<Record<AgreementKey, string>>; walletAddress: string; versions: Record<AgreementKey, AgreementVersionRow> };

export async function signAgreements(db: Db, userId: string, options: SignOptions): Promise<SignedAgreements> {
  const { now, keys = AGREEMENT_KEYS, ticked = 'required', walletAddress = CHECKSUMMED_WALLET, complete = true } = options;
  const versions = await ensureAgreementVersions(db);
  const png = options.signaturePng ?? drawnSignaturePng();
  return db.transaction(async (tx) => {
    const signatureIds: Partial<Record<AgreementKey, string>> = {};
    for (const key of keys) {
      const version = versions[key];
      const checkboxes = Object.fromEntries(version.checkboxes.filter((c) => ticked === 'all' || c.required).map((c) => [c.id, true]));
      const [row] = await tx
        .insert(agreementSignatures)
        .values({
          userId,
          key,
          versionId: version.id,
          checkboxes,
          signaturePng: png,
          signedAt: now,
          ipAddress: options.ipAddress === undefined ? '203.0.113.7' : options.ipAddress,
          userAgent: options.userAgent === undefined ? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 (fixture)' : options.userAgent,
        })
        .returning({ id: agreementSignatures.id });
      signatureIds[key] = (row as { id: string }).id;
    }
    await tx
      .insert(legalAgreements)
      .values({ userId, status: complete ? 'COMPLETED' : 'IN_PROGRESS', walletAddress, completedAt: complete ? now : null, updatedAt: now })
      .onConflictDoUpdate({
        target: legalAgreements.userId,
        set: { status: complete ? 'COMPLETED' : 'IN_PROGRESS', walletAddress, completedAt: complete ? now : null, updatedAt: now },
      });
    if (complete) {
      for (const signatureId of Object.values(signatureIds)) {
        await enqueueJob(tx, { kind: 'seal-agreement', payload: { signatureId }, dedupeKey: `seal-agreement:${signatureId}` }, now);
      }
    }
    return { signatureIds, walletAddress, versions };
  });
}

/** The signature ids of an investor, by agreement. */
export async function signatureIdsOf(db: Db, userId: string, key?: AgreementKey): Promise<string[]> {
  const rows = await db
    .select({ id: agreementSignatures.id })
    .from(agreementSignatures)
    .where(key ? and(eq(agreementSignatures.userId, userId), eq(agreementSignatures.key, key)) : eq(agreementSignatures.userId, userId));
  return rows.map((r) => r.id);
}
