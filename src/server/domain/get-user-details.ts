import { messages } from '../../shared/messages.ts';
import { STORED_INVESTOR_TYPES, USER_STATUSES, type UserDetails } from '../../shared/user-details.ts';
import { preparedStatement, type StatementRunner } from '../db/prepared-statement.ts';
import { AppError } from '../errors/app-error.ts';
import { asProcessStep, isoOrNull, oneOf } from './row-mapping.ts';

const USER_DETAILS = preparedStatement(
  'get_user_details',
  `select d.investment_amount, d.token_quantity, d.investor_type, d.status, d.full_name, d.date_of_birth, d.nationality,
          d.entity_name, d.jurisdiction, d.authorized_signatory, u.email, d.wallet_address, d.primary_jurisdiction,
          d.created_at, d.submitted_at, d.reviewed_at, d.current_step, d.rejection_reason
     from user_details d join users u on u.id = d.user_id
    where d.user_id = $1
    limit 1`,
  (row): UserDetails => ({
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
  }),
);

/** The registration details of the signed-in investor (spec "User details (as displayed)"). */
export async function getUserDetails(run: StatementRunner, userId: string): Promise<UserDetails> {
  const [details] = await run(USER_DETAILS, [userId]);
  if (!details) throw new AppError('NOT_FOUND', messages.userDetails.emptyTitle);
  return details;
}
