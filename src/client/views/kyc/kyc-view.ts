/** Small shared bits of the KYC views. */
export const ACCEPT_UPLOADS = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);
