/**
 * What the investor's statement states, read in one snapshot (a read-only repeatable-read transaction, so the case
 * and the rows it points to agree): the answer of GET /api/investment/status (the same words, the same rules: nothing
 * decided twice), the investor as registered, the investment, the amounts and fee of the payment the case waits on or
 * was settled by with its receipts, and each signed agreement with the SHA-256 of its sealed PDF. Nothing about
 * staff: no receipt's recorder, no bank's own reference, no note.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { InvestmentStatusResponse } from '../../../shared/investment-status.ts';
import { AGREEMENT_KEYS, type AgreementKey } from '../../../shared/legal.ts';
import type { PaymentMethod } from '../../../shared/payment-status.ts';
import { agreementSignatures, agreementVersions, fundsReceipts, investments, payments, signedDocuments, storedFiles, userDetails, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { investorStatus } from '../investment/investor-status.ts';

export type StatementFacts = {
  status: InvestmentStatusResponse;
  investor: { type: 'individual' | 'entity'; name: string; authorisedSignatory: string | null; email: string };
  /** As committed at registration; null only for an account without one. */
  investment: { amountEur: number; tokenQuantity: number; tokenPrice: number } | null;
  /** The amounts of `status.payment` (null with it). */
  payment: { method: PaymentMethod; amountCents: number; feeCents: number; totalCents: number } | null;
  /** Money received on `status.payment`, oldest first: the amount and the day it arrived. */
  receipts: { amountCents: number; receivedOn: string }[];
  /** Every agreement signed, in the agreements' order; `sha256` of the sealed PDF, null while it is being sealed. */
  agreements: { title: string; signedAt: Date; sha256: string | null }[];
};

const order = (key: string) => AGREEMENT_KEYS.indexOf(key as AgreementKey);

export function readStatementFacts(db: Db, userId: string): Promise<StatementFacts> {
  return db.transaction(
    async (tx) => {
      const status = await investorStatus(tx, userId);
      const paymentId = status.payment?.paymentId ?? null;
      const [[person], [investment], [payment], receipts, signatures] = await Promise.all([
        tx
          .select({ email: users.email, type: userDetails.investorType, fullName: userDetails.fullName, entityName: userDetails.entityName, signatory: userDetails.authorizedSignatory })
          .from(users)
          .leftJoin(userDetails, eq(userDetails.userId, users.id))
          .where(eq(users.id, userId))
          .limit(1),
        tx.select().from(investments).where(eq(investments.userId, userId)).limit(1),
        paymentId
          ? tx.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.id, paymentId))).limit(1)
          : Promise.resolve([]),
        paymentId
          ? tx
              .select({ amountCents: fundsReceipts.amountCents, receivedOn: fundsReceipts.receivedOn })
              .from(fundsReceipts)
              .where(eq(fundsReceipts.paymentId, paymentId))
              .orderBy(asc(fundsReceipts.receivedOn), asc(fundsReceipts.createdAt))
          : Promise.resolve([]),
        tx
          .select({ key: agreementSignatures.key, title: agreementVersions.title, signedAt: agreementSignatures.signedAt, sha256: storedFiles.sha256 })
          .from(agreementSignatures)
          .innerJoin(agreementVersions, eq(agreementVersions.id, agreementSignatures.versionId))
          .leftJoin(signedDocuments, eq(signedDocuments.signatureId, agreementSignatures.id))
          .leftJoin(storedFiles, eq(storedFiles.id, signedDocuments.storedFileId))
          .where(eq(agreementSignatures.userId, userId)),
      ]);
      const entity = person?.type === 'ENTITY';
      return {
        status,
        investor: {
          type: entity ? 'entity' : 'individual',
          name: ((entity ? person?.entityName : person?.fullName) ?? '').trim(),
          authorisedSignatory: entity ? (person?.signatory?.trim() ?? null) : null,
          email: person?.email ?? '',
        },
        investment: investment ? { amountEur: investment.amount, tokenQuantity: investment.tokenQuantity, tokenPrice: investment.tokenPrice } : null,
        payment: payment ? { method: payment.paymentMethod as PaymentMethod, amountCents: payment.amountCents, feeCents: payment.feeCents, totalCents: payment.totalCents } : null,
        receipts,
        agreements: signatures.sort((a, b) => order(a.key) - order(b.key)).map(({ title, signedAt, sha256 }) => ({ title, signedAt, sha256 })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
