import { messages } from '../../shared/messages.ts';
import { STORED_INVESTOR_TYPES, USER_STATUSES, type UserDetails } from '../../shared/user-details.ts';
import { preparedStatement, type ColumnReader, type StatementRunner } from '../db/prepared-statement.ts';
import { AppError } from '../errors/app-error.ts';
import { LIVE_SESSION, NO_SESSION, liveSessionParams } from './find-active-session.ts';
import { asProcessStep, isoOrNull, oneOf } from './row-mapping.ts';

const COLUMNS = `d.investment_amount, d.token_quantity, d.investor_type, d.status, d.full_name, d.date_of_birth, d.nationality,
          d.entity_name, d.jurisdiction, d.authorized_signatory, u.email, d.wallet_address, d.primary_jurisdiction,
          d.created_at, d.submitted_at, d.reviewed_at, d.current_step, d.rejection_reason`;

const decodeDetails = (row: ColumnReader): UserDetails => ({
  investmentAmount: row.number('investment_amount'),
  tokenQuantity: row.number('token_quantity'),
  investorType: oneOf(row.text('investor_type'), STORED_INVESTOR_TYPES, 'INDIVIDUAL'),
  status: oneOf(row.text('status'), USER_STATUSES, 'UNDER_REVIEW'),
  fullName: row.textOrNull('full_name'),
  dateOfBirth: row.textOrNull('date_of_birth'),
  nationality: row.textOrNull('nationality'),
  entityName: row.textOrNull('entity_name'),
  jurisdiction: row.textOrNull('jurisdiction'),
  authorizedSignatory: row.textOrNull('authorized_signatory'),
  email: row.text('email'),
  walletAddress: row.text('wallet_address'),
  primaryJurisdiction: row.text('primary_jurisdiction'),
  createdAt: row.date('created_at').toISOString(),
  submittedAt: isoOrNull(row.dateOrNull('submitted_at')),
  reviewedAt: isoOrNull(row.dateOrNull('reviewed_at')),
  currentStep: asProcessStep(row.text('current_step')),
  rejectionReason: row.textOrNull('rejection_reason'),
});

/**
 * GET /api/user-details/status, the call every page starts with: the session check and the read in one statement
 * (bearerRead). No row: the session is not live; a row without details (details_user is null): no such investor.
 */
const USER_DETAILS_IN_SESSION = preparedStatement(
  'get_user_details_in_session',
  `select d.user_id as details_user, ${COLUMNS}
     from sessions s
     left join (user_details d join users u on u.id = d.user_id) on d.user_id = s.user_id
    where ${LIVE_SESSION}
    limit 1`,
  (row) => (row.textOrNull('details_user') === null ? null : decodeDetails(row)),
);

/** The registration details of the signed-in investor (spec "User details (as displayed)"), read with the check of the
 * token's session in the same statement: NO_SESSION when it is not live. */
export async function getUserDetailsInSession(run: StatementRunner, claims: { userId: string; jti: string }, now: Date): Promise<UserDetails | typeof NO_SESSION> {
  const [row] = await run(USER_DETAILS_IN_SESSION, liveSessionParams(claims, now));
  if (row === undefined) return NO_SESSION;
  if (row === null) throw new AppError('NOT_FOUND', messages.userDetails.emptyTitle);
  return row;
}
