/**
 * POST save-step: steps 1 to 4 in order (a step needs every earlier one saved: 409). Steps 1 to 3 name files this
 * investor uploaded for that step (identity; selfie; utility bill and bank statement); step 4 holds the AML answers.
 * Saving a step again replaces its document (the earlier file of that type is marked replaced, kept for the record).
 * One transaction with an audit event; the same save twice writes nothing the second time.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import { KYC_RESUBMIT_STEPS, type KycDocumentType, type SaveKycStepPayload } from '../../../shared/kyc.ts';
import { kycDocuments, kycVerifications } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { isStoredFileName } from '../../storage/stored-name.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { RequestContext } from '../request-context.ts';
import { lockKycForChange, refuseIfKycComplete, refuseIfNotRequested } from './kyc-access.ts';
import { savedSteps, type KycRow } from './kyc-row.ts';

/**
 * Makes `fileName` the investor's current file of `type`: it must be theirs and of that type (400 otherwise, the
 * same answer for another investor's file as for none). Returns whether anything changed.
 */
async function chooseDocument(tx: Db, userId: string, type: KycDocumentType, fileName: string, now: Date): Promise<boolean> {
  const mine = and(eq(kycDocuments.userId, userId), eq(kycDocuments.documentType, type));
  const [doc] = await tx
    .select({ id: kycDocuments.id, replacedAt: kycDocuments.replacedAt })
    .from(kycDocuments)
    .where(and(mine, eq(kycDocuments.fileName, fileName)));
  if (!doc) throw new AppError('BAD_REQUEST', messages.kyc.unknownFile);
  const replaced = await tx
    .update(kycDocuments)
    .set({ replacedAt: now })
    .where(and(mine, ne(kycDocuments.id, doc.id), isNull(kycDocuments.replacedAt)))
    .returning({ id: kycDocuments.id });
  if (doc.replacedAt) await tx.update(kycDocuments).set({ replacedAt: null }).where(eq(kycDocuments.id, doc.id));
  return replaced.length > 0 || doc.replacedAt !== null;
}

type KycChange = Partial<Omit<KycRow, 'userId'>>;

/** The columns a step sets, the documents it chose, and what the audit trail records of it. */
async function applyStep(tx: Db, payload: SaveKycStepPayload, { userId, now }: RequestContext): Promise<{ set: KycChange; documentsChanged: boolean; detail: Record<string, unknown> }> {
  switch (payload.step) {
    case 1:
    case 2: {
      const { fileName } = payload.stepData;
      const documentsChanged = await chooseDocument(tx, userId, payload.step === 1 ? 'identity' : 'selfie', fileName, now);
      const set: KycChange =
        payload.step === 1 ? { identityDocumentUploaded: true, identityDocumentName: fileName } : { biometricCompleted: true, selfieDocumentName: fileName };
      return { set, documentsChanged, detail: { fileName } };
    }
    case 3: {
      const { utilityBillFileName, bankStatementFileName } = payload.stepData;
      const utility = await chooseDocument(tx, userId, 'address_utility', utilityBillFileName, now);
      const bank = await chooseDocument(tx, userId, 'address_bank', bankStatementFileName, now);
      return {
        set: { addressDocumentUploaded: true, addressDocumentName: `${utilityBillFileName}, ${bankStatementFileName}` },
        documentsChanged: utility || bank,
        detail: { utilityBillFileName, bankStatementFileName },
      };
    }
    case 4: {
      const aml = payload.stepData;
      const set: KycChange = {
        amlScreeningCompleted: true,
        amlFundsSource: aml.fundsSource,
        amlAnnualVolume: aml.annualVolume,
        amlOccupation: aml.occupation,
        amlAdditionalInfo: aml.additionalInfo,
        amlPepDeclared: aml.declarations.pep,
        amlSanctionsDeclared: aml.declarations.sanctions,
        amlCriminalDeclared: aml.declarations.criminal,
        amlFundsDeclared: aml.declarations.funds,
      };
      // What the investor declared, in the words they were shown.
      const declarations = Object.fromEntries(Object.entries(messages.kyc.declarations).map(([key, text]) => [key, { text, confirmed: aml.declarations[key as keyof typeof aml.declarations] }]));
      return { set, documentsChanged: false, detail: { fundsSource: aml.fundsSource, annualVolume: aml.annualVolume, declarations } };
    }
  }
}

/** The stored names a step's payload points at. */
function namedFiles(payload: SaveKycStepPayload): string[] {
  if (payload.step === 1 || payload.step === 2) return [payload.stepData.fileName];
  if (payload.step === 3) return [payload.stepData.utilityBillFileName, payload.stepData.bankStatementFileName];
  return [];
}

export async function saveKycStep(db: Db, payload: SaveKycStepPayload, ctx: RequestContext): Promise<void> {
  const { userId, now, meta } = ctx;
  // A name the server cannot have generated is refused before anything is read or locked (the shared schema only
  // bounds its length); one it generated but not for this investor and step is refused by chooseDocument, alike.
  if (!namedFiles(payload).every(isStoredFileName)) throw new AppError('BAD_REQUEST', messages.kyc.unknownFile);
  await db.transaction(async (tx) => {
    const kyc = await lockKycForChange(tx, userId);
    refuseIfKycComplete(kyc);
    refuseIfNotRequested(kyc, KYC_RESUBMIT_STEPS[payload.step - 1]!);
    if (savedSteps(kyc).slice(0, payload.step - 1).some((saved) => !saved)) throw new AppError('CONFLICT', messages.kyc.stepsFirst);

    const { set, documentsChanged, detail } = await applyStep(tx, payload, ctx);
    // Only forward: saving an earlier step again keeps the investor where they are.
    // A resubmission stays one until it is submitted again (complete).
    const status = kyc.status === 'RESUBMISSION_REQUESTED' ? kyc.status : 'IN_PROGRESS';
    const change: KycChange = { ...set, status, currentStep: Math.max(kyc.currentStep, payload.step + 1) };
    const changed = documentsChanged || Object.entries(change).some(([key, value]) => kyc[key as keyof KycRow] !== value);
    if (!changed) return;

    if (payload.step === 4) change.amlSubmittedAt = now;
    await tx
      .update(kycVerifications)
      .set({ ...change, updatedAt: now })
      .where(eq(kycVerifications.userId, userId));
    await recordAuditEvent(tx, { userId, action: 'kyc.step.saved', detail: { step: payload.step, ...detail }, meta, at: now });
  });
}
