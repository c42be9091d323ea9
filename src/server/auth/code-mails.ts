/**
 * The texts of the one-time code emails. Every one says "code is NNNNNN" (tests and testers find the code by it) and
 * is rendered when its challenge is written, then kept in the mail job only until it is sent.
 */
import { EMAIL_CODE } from '../../shared/auth.ts';
import { formatAmountPlain } from '../../shared/format.ts';
import { messages } from '../../shared/messages.ts';
import type { RegistrationPayload } from '../../shared/registration.ts';
import type { MailMessage } from '../providers/mail/mailer.ts';

export type CodeMail = (code: string) => MailMessage;

const codeLine = (code: string) => `Your G2G investor portal code is ${code}. It is valid for ${EMAIL_CODE.ttlSeconds / 60} minutes.`;
const IGNORE = 'If you did not ask for this code, you can ignore this email: nobody can sign in without it.';

const mail = (to: string, paragraphs: string[]): MailMessage => ({ to, subject: messages.emailCode.mailSubject, text: paragraphs.join('\n\n') });

/** A login, or a registration's own code. */
export const plainCodeMail =
  (to: string): CodeMail =>
  (code) =>
    mail(to, [codeLine(code), IGNORE]);

/** Someone registered with an address that already has an account: nothing was registered; the code signs in. */
export const EXISTING_ACCOUNT_NOTICE =
  'Someone (perhaps you) tried to register with this email address, but an investor account already exists for it. Nothing was registered and the details entered were not saved.';

export const existingAccountMail =
  (to: string): CodeMail =>
  (code) =>
    mail(to, [EXISTING_ACCOUNT_NOTICE, `To sign in to your existing account instead, use this code. ${codeLine(code)}`, IGNORE]);

/** 0x5290...9EE7: enough to recognise a wallet, not to copy it. */
const maskWallet = (wallet: string) => `${wallet.slice(0, 6)}...${wallet.slice(-4)}`;

/** A login resumed a registration waiting for its code: the mail says what the code will register. */
export const resumedRegistrationMail =
  (to: string, registration: RegistrationPayload): CodeMail =>
  (code) => {
    const who = registration.investorType === 'individual' ? registration.fullName : registration.entityName;
    return mail(to, [
      codeLine(code),
      `It completes the registration started with this address: ${who}, EUR ${formatAmountPlain(registration.investmentAmount)}, wallet ${maskWallet(registration.walletAddress)}. If these are not your details, do not use this code and register again.`,
      IGNORE,
    ]);
  };
