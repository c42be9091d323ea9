/** Small shared bits of the KYC views. */
export const ACCEPT_UPLOADS = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
