import type { AmlDeclaration, KycStatus, KycStepNumber, KycUploadResponse, KycStatusResponse } from '../../src/shared/kyc.ts';
import type { FocusRequest } from '../../src/shared/validate.ts';
import type { UploadEvent, UploadProgress } from '../kyc-step/kyc-step.actors.ts';

// ---- The KYC page (kyc.machine.ts) ----

export type KycContext = {
  /** The server's account of the verification: the load's answer, then each step's save. */
  status: KycStatusResponse | null;
  /**
   * A step the user looks at other than the one they are on (spec: "You're currently on a different step").
   * The active step's state (and its child chart) stays as it is meanwhile; null shows the active step.
   */
  viewedStep: KycStepNumber | null;
  /** The success line of the step just finished ('Both address documents uploaded successfully!'). */
  notice: string | null;
  /** Completion error ('Failed to complete KYC. Please try again.', 'KYC completed but next step is: ...'). */
  error: string | null;
};

export type KycEvent =
  | { type: 'kyc.retry' }
  | { type: 'kyc.step.view'; step: KycStepNumber }
  | { type: 'kyc.step.return' }
  | { type: 'kyc.review.proceed' }
  /** Read-only summary: back to the step the investor is on. */
  | { type: 'kyc.returnToCurrentStep' };

/** The machine finishes once the server says the investor moves on to the agreements. */
export type KycOutput = { completed: true; status: KycStatus; completedAt: string };

/** Sent to the process machine: the page asks to be somewhere else (it only asks). */
export type KycParentEvent = { type: 'process.route.request'; path: string };

// ---- Step 1 (kyc-identity.machine.ts) ----

export type KycIdentityContext = {
  /** The chosen file's name, shown while it uploads and once it is stored. */
  fileName: string | null;
  file: File | null;
  progress: UploadProgress | null;
  /** The stored document, once the upload answered: a draft until Continue saves it as step 1. */
  upload: KycUploadResponse | null;
  status: KycStatusResponse | null;
  /** What is wrong with the file (type, size, refused upload, none chosen): shown at the file field. */
  fileError: string | null;
  /** The file field takes focus when its message appears. */
  focus: FocusRequest | null;
  /** The save's failure. */
  error: string | null;
};

export type KycIdentityEvent = { type: 'kyc.identity.selectFile'; file: File } | { type: 'kyc.identity.continue' } | UploadEvent;

// ---- Step 3 (kyc-address.machine.ts) ----

export type AddressDocumentType = 'address_utility' | 'address_bank';
export const ADDRESS_DOCUMENT_TYPES = ['address_utility', 'address_bank'] as const satisfies readonly AddressDocumentType[];

export type AddressSlot = {
  file: File | null;
  /** This file's own problem (type, size). */
  error: string | null;
  progress: UploadProgress | null;
  /** Stored already: a retry after a failure of the other document does not send this one again. */
  upload: KycUploadResponse | null;
};

export type KycAddressContext = {
  slots: Record<AddressDocumentType, AddressSlot>;
  status: KycStatusResponse | null;
  /** The step's error ('Please select both ...', 'Failed to upload address documents. Please try again.'). */
  error: string | null;
};

export type KycAddressEvent =
  | { type: 'kyc.address.selectFile'; documentType: AddressDocumentType; file: File }
  | { type: 'kyc.address.clearFile'; documentType: AddressDocumentType }
  | { type: 'kyc.address.submit' }
  | UploadEvent;

// ---- Step 4 (kyc-aml.machine.ts) ----

export type AmlField = 'fundsSource' | 'annualVolume' | 'occupation' | 'additionalInfo';

/** The form as typed (strings from the inputs); AmlDataSchema decides when it may be sent. */
export type AmlForm = Record<AmlField, string> & { declarations: Record<AmlDeclaration, boolean> };

export type KycAmlContext = {
  form: AmlForm;
  /** Set by a refused submit: every invalid field shows its message from then on. */
  showErrors: boolean;
  /** Where the view moves focus: the first invalid field of the last refused submit. */
  focus: FocusRequest | null;
  status: KycStatusResponse | null;
  /** The save's failure (the form's own problems are shown at their fields). */
  error: string | null;
};

export type KycAmlEvent =
  | { type: 'kyc.aml.changeField'; field: AmlField; value: string }
  | { type: 'kyc.aml.setDeclaration'; declaration: AmlDeclaration; checked: boolean }
  | { type: 'kyc.aml.submit' };
