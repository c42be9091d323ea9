import type {
  AgreementConfiguration,
  AgreementKey,
  AgreementName,
  AgreementState,
  AgreementSubmission,
  LegalProgressResponse,
} from '../../src/shared/legal.ts';
import type { SignaturePadParentEvent } from '../signature-pad/signature-pad.types.ts';

/** One agreement as the page's chart spawns it: its key, the issuer's configuration and the investor's stored state. */
export type AgreementInput = { key: AgreementKey; configuration: AgreementConfiguration; state: AgreementState };

export type AgreementContext = {
  key: AgreementKey;
  name: AgreementName;
  configuration: AgreementConfiguration;
  /** Checkbox id -> ticked, for every checkbox of the configuration. */
  checkboxes: Record<string, boolean>;
  /** The signature pad's PNG (a data URL) while it has one, else ''. Once signed: the stored PNG. */
  signature: string;
  signed: boolean;
  /** The server's time of signing (never the browser's). */
  signedAt: string | null;
  /** Why 'Complete Agreement' did not sign (spec section 5 and 8 words, or the server's refusal). */
  error: string | null;
};

export type AgreementEvent =
  | { type: 'agreement.checkbox.set'; id: string; checked: boolean }
  /** 'Complete Agreement'. */
  | { type: 'agreement.complete' }
  | SignaturePadParentEvent;

/** What the save effect sends: this agreement alone, by its name (POST /api/legal/save-progress {agreements}). */
export type SaveAgreementInput = { name: AgreementName; submission: AgreementSubmission };
export type SaveAgreementOutput = LegalProgressResponse;

/**
 * Told to the agreements page: this agreement is now signed, as the server stored it; or the server's account differs
 * from the page's (a 409: signed meanwhile elsewhere, or the issuer replaced the document), in the server's words.
 */
export type AgreementParentEvent =
  | { type: 'agreements.agreement.signed'; key: AgreementKey; state: AgreementState }
  | { type: 'agreements.agreement.stale'; key: AgreementKey; message: string };
