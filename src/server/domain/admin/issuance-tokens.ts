/**
 * POST /api/admin/investors/:userId/issuance (finance) {requestId, transactionHash}: records the tokens sent to an
 * investor on chain. Only when the investor's KYC is APPROVED and a payment of theirs is COMPLETED (a refunded one is
 * REFUNDED, so it never counts): 409 otherwise. The quantity is the investment's, the wallet the one recorded with
 * the investor's signed agreements (investor-wallets.ts; the sealed PDFs name it: never the registration wallet, which
 * the investor may have replaced on the agreements page; 409 while there is none), the transaction hash 0x + 64 hex
 * (stored lower case, unique). One issuance per investor:
 * a second is 409; the same requestId again answers the issuance recorded. One transaction under the investment's
 * lock with the audit event and the investor's mail.
 * GET /api/admin/issuances: newest first, keyset-paginated.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { IssuancePage, IssuanceRequest, IssuanceView } from '../../../shared/admin/money.ts';
import { MAX_PAGE_SIZE, PAYMENT_PAGE_SIZE } from '../../../shared/admin/money.ts';
import { moneyMessages } from '../../../shared/admin/money-messages.ts';
import { investments, tokenIssuances, userDetails, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors/app-error.ts';
import { enqueueMail } from '../../jobs/mail-job.ts';
import { isUuid } from '../is-uuid.ts';
import { decideOnCase } from '../investment/case-decision.ts';
import { recordCase } from '../investment/record-case.ts';
import type { InvestorCase } from '../investment/investor-cases.ts';
import { investorWallets } from './investor-wallets.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { withStatusPageLine } from '../status-page-link.ts';
import type { StaffRequestContext } from '../request-context.ts';

type IssuanceRow = typeof tokenIssuances.$inferSelect;

export const issuanceView = (row: IssuanceRow): IssuanceView => ({
  id: row.id,
  userId: row.userId,
  paymentId: row.paymentId,
  tokenQuantity: row.tokenQuantity,
  walletAddress: row.walletAddress,
  transactionHash: row.transactionHash,
  staffId: row.staffId,
  issuedAt: row.issuedAt.toISOString(),
});

/** Why the lifecycle refuses the tokens, from where the case stands (the rules: the chart's guards on STAFF.TOKENS_ISSUED). */
function issuanceRefusal(c: InvestorCase | null): string {
  if (!c) return moneyMessages.investorNotFound;
  if (c.context.kyc !== 'approved') return moneyMessages.issuanceKycNotApproved;
  if (c.context.signedWallet === null) return moneyMessages.issuanceNoSignedWallet;
  if (c.states.includes('case.investing.settled.tokensIssued')) return moneyMessages.alreadyIssued;
  return moneyMessages.issuanceNoFunds;
}

export async function issueTokens(db: Db, userId: string, request: IssuanceRequest, ctx: StaffRequestContext): Promise<IssuanceView> {
  if (!isUuid(userId)) throw new AppError('NOT_FOUND', moneyMessages.investorNotFound);
  const transactionHash = request.transactionHash.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      const [investment] = await tx.select().from(investments).where(eq(investments.userId, userId)).for('update');
      if (!investment) throw new AppError('NOT_FOUND', moneyMessages.investorNotFound);
      const [existing] = await tx.select().from(tokenIssuances).where(eq(tokenIssuances.userId, userId)).limit(1);
      if (existing) {
        if (existing.requestId === request.requestId) return issuanceView(existing);
        throw new AppError('CONFLICT', moneyMessages.alreadyIssued);
      }
      const wallets = await investorWallets(tx, userId);
      if (!wallets) throw new AppError('NOT_FOUND', moneyMessages.investorNotFound);
      // The lifecycle decides: KYC approved, the investment settled, the tokens to the wallet signed for.
      const decision = await decideOnCase(tx, userId, { type: 'STAFF.TOKENS_ISSUED', staffId: ctx.staffId, wallet: wallets.signed ?? '', transactionHash }, issuanceRefusal);
      const paid = decision.before.context.payment!;
      const [used] = await tx.select({ id: tokenIssuances.id }).from(tokenIssuances).where(eq(tokenIssuances.transactionHash, transactionHash)).limit(1);
      if (used) throw new AppError('CONFLICT', moneyMessages.issuanceHashUsed);
      const [row] = await tx
        .insert(tokenIssuances)
        .values({
          userId,
          investmentId: investment.id,
          paymentId: paid.id,
          requestId: request.requestId,
          tokenQuantity: investment.tokenQuantity,
          walletAddress: wallets.signed!,
          transactionHash,
          staffId: ctx.staffId,
          issuedAt: ctx.now,
        })
        .returning();
      if (!row) throw new Error('issuance not recorded');
      await recordCase(tx, userId, decision.trace, ctx.now);
      await recordAuditEvent(tx, {
        userId,
        staffId: ctx.staffId,
        action: 'admin.money.issue',
        detail: {
          role: 'finance',
          issuanceId: row.id,
          paymentId: paid.id,
          tokenQuantity: row.tokenQuantity,
          walletAddress: row.walletAddress,
          // The registration wallet, when the investor replaced it on the agreements page (the tokens did not go there).
          ...(wallets.registration !== wallets.signed ? { registrationWallet: wallets.registration } : {}),
          transactionHash,
          lifecycle: decision.trace,
        },
        meta: ctx.meta,
        at: ctx.now,
      });
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      if (user) {
        const text = [
          'Your G2G tokens have been issued.',
          '',
          `Tokens: ${row.tokenQuantity.toLocaleString('en-GB', { maximumFractionDigits: 6 })} G2G`,
          `Wallet: ${row.walletAddress}`,
          `Transaction: ${transactionHash}`,
          '',
          'You can look the transaction up on any Ethereum block explorer.',
        ].join('\n');
        await enqueueMail(tx, withStatusPageLine({ to: user.email, subject: 'G2G: your tokens have been issued', text }, ctx.linkBase), ctx.now, `token-issuance:${userId}`);
      }
      return issuanceView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'token_issuances_user_id_unique')) throw new AppError('CONFLICT', moneyMessages.alreadyIssued);
    if (isUniqueViolation(error, 'token_issuances_transaction_hash_unique')) throw new AppError('CONFLICT', moneyMessages.issuanceHashUsed);
    if (isUniqueViolation(error, 'token_issuances_request_id_unique')) throw new AppError('CONFLICT', moneyMessages.requestIdReused);
    throw error;
  }
}

const issuedAtText = sql<string>`to_char(${tokenIssuances.issuedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function issuanceQuery(db: Db) {
  return db
    .select({ issuance: tokenIssuances, email: users.email, fullName: userDetails.fullName, entityName: userDetails.entityName, cursorAt: issuedAtText })
    .from(tokenIssuances)
    .innerJoin(users, eq(users.id, tokenIssuances.userId))
    .leftJoin(userDetails, eq(userDetails.userId, tokenIssuances.userId))
    .$dynamic();
}

export async function listIssuances(db: Db, cursor: { at: string; id: string } | null, limit = PAYMENT_PAGE_SIZE): Promise<IssuancePage> {
  const size = Math.min(Math.max(1, limit), MAX_PAGE_SIZE);
  const rows = await issuanceQuery(db)
    .where(cursor ? sql`(${tokenIssuances.issuedAt}, ${tokenIssuances.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined)
    .orderBy(desc(tokenIssuances.issuedAt), desc(tokenIssuances.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return {
    issuances: page.map((r) => ({ ...issuanceView(r.issuance), investorEmail: r.email, investorName: r.fullName ?? r.entityName ?? null })),
    nextCursor: rows.length > size && last ? Buffer.from(`${last.cursorAt}|${last.issuance.id}`, 'utf8').toString('base64url') : null,
  };
}
