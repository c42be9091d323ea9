/**
 * GET /api/legal/progress: the agreements status (what the process reads: status, completedAt, walletAddress) with
 * everything the agreements page shows: the configuration presented for each agreement and the investor's state of
 * each. A signed agreement comes from its signature row (the drawn PNG as a data URL, the server's signedAt, the boxes
 * confirmed); an unsigned one from the draft (ticked boxes of the current version; the server decides `accepted`).
 * Readable before KYC is complete, as KYC's status is before disclosure: the process asks on every page.
 */
import { eq } from 'drizzle-orm';
import { AGREEMENT_KEYS, AGREEMENT_NAMES, AGREEMENT_STATUSES, type AgreementState, type LegalProgressResponse } from '../../shared/legal.ts';
import { messages } from '../../shared/messages.ts';
import { legalAgreements } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { currentVersions, presentedVersions, signatureDataUrl, signaturesOf, toConfigurations, type AgreementVersion } from './legal/agreement-versions.ts';
import { draftTicks } from './legal/legal-draft.ts';
import { oneOf } from './row-mapping.ts';

/** Every box of the version, ticked or not. */
const boxesOf = (version: AgreementVersion, ticked: (id: string) => boolean) => Object.fromEntries(version.checkboxes.map((box) => [box.id, ticked(box.id)]));

export async function getLegalProgress(db: Db, userId: string): Promise<LegalProgressResponse> {
  const [legal] = await db.select().from(legalAgreements).where(eq(legalAgreements.userId, userId)).limit(1);
  if (!legal) throw new AppError('NOT_FOUND', messages.server.notFound);
  const [current, signed] = await Promise.all([currentVersions(db), signaturesOf(db, userId)]);
  const presented = presentedVersions(current, signed);

  const agreements = Object.fromEntries(
    AGREEMENT_KEYS.map((key): [string, AgreementState] => {
      const version = presented[key];
      const signature = signed.get(key);
      if (signature) {
        return [
          AGREEMENT_NAMES[key],
          { accepted: true, signature: signatureDataUrl(signature.signaturePng), signed: true, signedAt: signature.signedAt.toISOString(), checkboxes: boxesOf(version, (id) => signature.checkboxes[id] === true) },
        ];
      }
      const ticks = draftTicks(legal.agreements, key, version);
      return [
        AGREEMENT_NAMES[key],
        { accepted: version.checkboxes.every((box) => !box.required || ticks.has(box.id)), signature: '', signed: false, signedAt: null, checkboxes: boxesOf(version, (id) => ticks.has(id)) },
      ];
    }),
  ) as LegalProgressResponse['agreements'];

  return {
    status: oneOf(legal.status, AGREEMENT_STATUSES, 'PENDING'),
    completedAt: legal.completedAt?.toISOString() ?? null,
    walletAddress: legal.walletAddress,
    configurations: toConfigurations(presented),
    agreements,
  };
}
