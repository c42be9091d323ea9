/** The one answer for a case that is not there (an unknown investor, one without a verification row, not an id). */
import { kycReviewMessages } from '../../../shared/admin/kyc-messages.ts';
import { AppError } from '../../errors/app-error.ts';

export const caseNotFound = () => new AppError('NOT_FOUND', kycReviewMessages.notFound);
