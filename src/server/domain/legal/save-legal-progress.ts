/**
 * POST /api/legal/save-progress: the investor's agreements as the page holds them, and on the final save the wallet.
 * One transaction on the investor's locked row; any refusal leaves everything as it was.
 *
 * Per agreement sent (by name):
 * - not signed yet, `signed: false`: a draft; the ticked boxes are kept (ids the agreement does not have: 400), the
 *   drawn image is not (it is checked and stored only when signing).
 * - not signed yet, `signed: true`: a signing. Every required box ticked ('Please complete all checkboxes first.'),
 *   the signature a real PNG with ink (check-signature-png.ts; a blank pad 'Please provide your signature first.'),
 *   and when the page says which version it showed (`sha256`), that version still current (409 otherwise). Stored
 *   with the server's time, the client address and user agent, bound to the current version; the draft goes.
 * - already signed: never changes (409 'already signed') when the page tries to unsign it or sends another image.
 *   The same signed state sent again (the page holds it and re-sends all seven with the wallet) is accepted and
 *   ignored: `signed: true` with the stored image or none; its boxes are not compared, the confirmed ones stand.
 * Wallet (when sent): trimmed, 0x + 40 hex, an EIP-55 checksum when in mixed case; stored as entered. Once the step is
 * complete it cannot change (409), but the same address again is accepted.
 *
 * Parallel signings of one agreement: the row lock puts them in a line; the first signs, the others find it signed
 * (accepted if the same, 409 if not). The unique (user_id, key) index is the last word should anything bypass it.
 */
import { eq } from 'drizzle-orm';
import { agreementKeyOfName, type AgreementKey, type AgreementSubmission, type SaveLegalProgressPayload } from '../../../shared/legal.ts';
import { messages } from '../../../shared/messages.ts';
import { agreementWalletError } from '../../../shared/wallet.ts';
import { agreementSignatures, legalAgreements } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors/app-error.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { RequestContext } from '../request-context.ts';
import { currentVersions, signatureDataUrl, signaturesOf, signedAgreementsOf, type AgreementSignature } from './agreement-versions.ts';
import { draftTicks, type LegalDraft } from './legal-draft.ts';
import { lockLegalForChange } from './legal-access.ts';
import { readSignatureDataUrl, type SignatureRead } from './read-signature-data-url.ts';

const conflict = (message: string) => new AppError('CONFLICT', message);

/** The wallet as it will be stored, or the refusal in the step's words (naming the field for the page). */
export function walletToStore(input: string): string {
  const problem = agreementWalletError(input, 'proceed');
  if (problem) throw new AppError('BAD_REQUEST', problem, { field: 'walletAddress' });
  return input.trim();
}

function refuseChangeOfSigned(submission: AgreementSubmission, signature: AgreementSignature): void {
  const sameImage = submission.signature === '' || submission.signature === signatureDataUrl(signature.signaturePng);
  if (!submission.signed || !sameImage) throw conflict(messages.legal.alreadySigned);
}

const ticked = (submission: AgreementSubmission) => Object.keys(submission.checkboxes).filter((id) => submission.checkboxes[id] === true);

export async function saveLegalProgress(db: Db, payload: SaveLegalProgressPayload, { userId, now, meta }: RequestContext): Promise<void> {
  const entries = Object.entries(payload.agreements).map(([name, submission]) => ({ name, key: agreementKeyOfName(name) as AgreementKey, submission }));
  const wallet = payload.walletAddress === undefined ? undefined : walletToStore(payload.walletAddress);

  // The PNGs are decoded before the transaction (CPU work must not hold the investor's row or PGlite's one
  // connection), but only for agreements not signed when we look: re-sent signed states cost no decoding.
  const signedBefore = await signedAgreementsOf(db, userId);
  const reads = new Map<AgreementKey, SignatureRead>();
  for (const { key, submission } of entries) {
    if (submission.signed && !signedBefore.has(key)) reads.set(key, readSignatureDataUrl(submission.signature));
  }

  try {
    await db.transaction(async (tx) => {
      const legal = await lockLegalForChange(tx, userId);
      const completed = legal.status === 'COMPLETED';
      const [current, signed] = await Promise.all([currentVersions(tx), signaturesOf(tx, userId)]);
      const drafts: LegalDraft = { ...(legal.agreements as LegalDraft) };
      const changedDrafts: string[] = [];
      const signings: Record<string, unknown>[] = [];

      for (const { name, key, submission } of entries) {
        const signature = signed.get(key);
        if (signature) {
          refuseChangeOfSigned(submission, signature);
          continue;
        }
        // (Unreachable while completion needs all seven signed; kept so a completed step can never take a change.)
        if (completed) throw conflict(messages.legal.alreadyComplete);
        const version = current.get(key);
        if (!version) throw new Error(`No current version of ${key}`);
        if (submission.sha256 !== undefined && submission.sha256 !== version.sha256) throw conflict(messages.legal.versionChanged);
        const known = new Set(version.checkboxes.map((box) => box.id));
        if (Object.keys(submission.checkboxes).some((id) => !known.has(id))) throw new AppError('BAD_REQUEST', messages.legal.unknownCheckbox);
        const ticks = ticked(submission);

        if (!submission.signed) {
          const before = [...draftTicks(legal.agreements, key, version)].sort();
          const after = [...ticks].sort();
          if (JSON.stringify(before) !== JSON.stringify(after)) {
            drafts[name] = { checkboxes: after };
            changedDrafts.push(name);
          }
          continue;
        }

        if (version.checkboxes.some((box) => box.required && !ticks.includes(box.id))) throw new AppError('BAD_REQUEST', messages.legal.checkboxesRequired, { field: 'checkboxes' });
        const read = reads.get(key) ?? readSignatureDataUrl(submission.signature);
        if (!read.ok) throw read.error;
        const [row] = await tx
          .insert(agreementSignatures)
          .values({
            userId,
            key,
            versionId: version.id,
            checkboxes: Object.fromEntries(ticks.map((id) => [id, true])),
            signaturePng: read.png,
            signedAt: now,
            ipAddress: meta.ip,
            userAgent: meta.userAgent,
            createdAt: now,
          })
          .returning({ id: agreementSignatures.id });
        delete drafts[name];
        signings.push({ key, name, signatureId: row?.id, versionId: version.id, sha256: version.sha256, checkboxes: ticks });
      }

      let walletChanged = false;
      if (wallet !== undefined && wallet !== legal.walletAddress) {
        if (completed) throw conflict(messages.legal.alreadyComplete);
        walletChanged = true;
      }
      if (!changedDrafts.length && !signings.length && !walletChanged) return;

      await tx
        .update(legalAgreements)
        .set({
          agreements: drafts,
          ...(walletChanged ? { walletAddress: wallet } : {}),
          status: completed ? 'COMPLETED' : 'IN_PROGRESS',
          updatedAt: now,
        })
        .where(eq(legalAgreements.userId, userId));
      for (const signing of signings) await recordAuditEvent(tx, { userId, action: 'legal.agreement.signed', detail: signing, meta, at: now });
      if (changedDrafts.length) await recordAuditEvent(tx, { userId, action: 'legal.draft.saved', detail: { agreements: changedDrafts }, meta, at: now });
      if (walletChanged) await recordAuditEvent(tx, { userId, action: 'legal.wallet.saved', detail: { walletAddress: wallet, previous: legal.walletAddress }, meta, at: now });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'agreement_signatures_user_key')) throw conflict(messages.legal.alreadySigned);
    throw error;
  }
}
