/**
 * The message catalogue: every user-facing string the specification quotes, in its exact words, one file per area
 * in messages/ (the areas of the contract files), assembled here into the one `messages` object.
 * Views, machines and the server take their text from here so a wording change happens once.
 */
import { authMessages } from './messages/auth.ts';
import { disclosureMessages } from './messages/disclosure.ts';
import { documentMessages } from './messages/documents.ts';
import { generalMessages } from './messages/general.ts';
import { kycMessages } from './messages/kyc.ts';
import { legalMessages } from './messages/legal.ts';
import { legalPageMessages } from './messages/legal-pages.ts';
import { paymentMessages } from './messages/payment.ts';
import { processMessages } from './messages/process.ts';
import { registrationMessages } from './messages/registration.ts';
import { shellMessages } from './messages/shell.ts';
import { signaturePadMessages } from './messages/signature-pad.ts';
import { userDetailsMessages } from './messages/user-details.ts';

export const messages = {
  ...shellMessages,
  ...generalMessages,
  ...authMessages,
  ...registrationMessages,
  ...userDetailsMessages,
  ...processMessages,
  ...disclosureMessages,
  ...kycMessages,
  ...legalMessages,
  ...legalPageMessages,
  ...paymentMessages,
  ...documentMessages,
  ...signaturePadMessages,
} as const;
