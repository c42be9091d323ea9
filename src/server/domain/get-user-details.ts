import { messages } from '../../shared/messages.ts';
import type { UserDetails } from '../../shared/schemas.ts';
import { field, preparedStatement, type StatementRunner } from '../db/prepared-statement.ts';
import { AppError } from '../errors/app-error.ts';
import { asProcessStep, isoOrNull } from './row-mapping.ts';

const USER_DETAILS = preparedStatement(
  'get_user_details',
  `select d.investment_amount, d.token_quantity, d.investor_type, d.status, d.full_name, d.date_of_birth, d.nationality,
          d.entity_name, d.jurisdiction, d.authorized_signatory, u.email, d.wallet_address, d.primary_jurisdiction,
          d.created_at, d.submitted_at, d.reviewed_at, d.current_step, d.rejection_reason
     from user_details d join users u on u.id = d.user_id
    where d.user_id = $1
    limit 1`,
  (r): UserDetails => ({
    investmentAmount: field.number(r[0]),
    tokenQuantity: field.number(r[1]),
    investorType: field.text(r[2]) === 'ENTITY' ? 'ENTITY' : 'INDIVIDUAL',
    status: field.text(r[3]),
    fullName: field.textOrNull(r[4]),
    dateOfBirth: field.textOrNull(r[5]),
    nationality: field.textOrNull(r[6]),
    entityName: field.textOrNull(r[7]),
    jurisdiction: field.textOrNull(r[8]),
    authorizedSignatory: field.textOrNull(r[9]),
    email: field.text(r[10]),
    walletAddress: field.text(r[11]),
    primaryJurisdiction: field.text(r[12]),
    createdAt: field.date(r[13]).toISOString(),
    submittedAt: isoOrNull(field.dateOrNull(r[14])),
    reviewedAt: isoOrNull(field.dateOrNull(r[15])),
    currentStep: asProcessStep(field.text(r[16])),
    rejectionReason: field.textOrNull(r[17]),
  }),
);

/** The registration details of the signed-in investor (spec "User details (as displayed)"). */
export async function getUserDetails(run: StatementRunner, userId: string): Promise<UserDetails> {
  const [details] = await run(USER_DETAILS, [userId]);
  if (!details) throw new AppError('NOT_FOUND', messages.userDetails.emptyTitle);
  return details;
}
