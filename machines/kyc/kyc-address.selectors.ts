/** Named reads of the address step (KYC step 3) for its view. */
import type { SnapshotFrom } from 'xstate';
import { messages } from '../../src/shared/messages.ts';
import { percentOf } from '../kyc-step/kyc-step.rules.ts';
import type { kycAddressMachine } from './kyc-address.machine.ts';
import { ADDRESS_DOCUMENT_TYPES, type AddressDocumentType } from './kyc.types.ts';

type S = SnapshotFrom<typeof kycAddressMachine>;

const LABELS: Record<AddressDocumentType, string> = { address_utility: messages.kyc.utilityBill, address_bank: messages.kyc.bankStatement };

export type AddressSlotView = {
  documentType: AddressDocumentType;
  label: string;
  /** The chosen file (name and size for the review), null until one is chosen. */
  fileName: string | null;
  fileSize: number | null;
  error: string | null;
  stored: boolean;
};

export const selectAddressSlots = (s: S): AddressSlotView[] =>
  ADDRESS_DOCUMENT_TYPES.map((documentType) => {
    const slot = s.context.slots[documentType];
    return {
      documentType,
      label: LABELS[documentType],
      fileName: slot.file?.name ?? null,
      fileSize: slot.file?.size ?? null,
      error: slot.error,
      stored: slot.upload !== null,
    };
  });

/** Selection progress: 0, 1 or 2 of 2 chosen. */
export const selectSelectedCount = (s: S): number => ADDRESS_DOCUMENT_TYPES.filter((t) => s.context.slots[t].file !== null).length;
export const selectRequiredCount = (): number => ADDRESS_DOCUMENT_TYPES.length;
export const selectIsAddressBusy = (s: S): boolean => s.hasTag('uploading') || s.hasTag('saving');
export const selectIsAddressUploading = (s: S): boolean => s.hasTag('uploading');
/**
 * One progress across both uploads (they run one after the other): the bytes of both files, each counted as far as
 * its upload has gone (all of it once stored), so it climbs from 0 to 100 once instead of twice.
 */
export const selectAddressUploadPercent = (s: S): number => {
  const slots = ADDRESS_DOCUMENT_TYPES.map((t) => s.context.slots[t]);
  const total = slots.reduce((sum, slot) => sum + (slot.file?.size ?? 0), 0);
  if (total === 0) return 0;
  const sent = slots.reduce((sum, slot) => {
    const size = slot.file?.size ?? 0;
    if (slot.upload) return sum + size;
    return sum + (size * percentOf(slot.progress)) / 100;
  }, 0);
  return Math.min(100, Math.round((sent / total) * 100));
};
/** 'Upload Both Documents & Continue' is enabled with both chosen and nothing under way. */
export const selectCanSubmitAddress = (s: S): boolean => s.matches('selecting') && selectSelectedCount(s) === ADDRESS_DOCUMENT_TYPES.length;
export const selectAddressError = (s: S): string | null => s.context.error;
