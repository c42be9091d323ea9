/**
 * The Terms and Conditions of use of the investor portal: access by emailed one-time codes (six digits, valid
 * ten minutes, single use, five wrong tries close the code), the secure session, the investor's obligations, the
 * legal effect of the drawn electronic signature, the audit trail, availability, liability and changes.
 */
import type { AgreementContent } from './agreement-content.ts';
import { electronicSignatureClosing, foundationSignatureBlock, investorSignatureBlock, signatureFields } from './agreement-content.ts';
import { clause, prose } from '../disclosure-text/prose.ts';

const SIGNATURE = signatureFields('terms');

export const TERMS_AGREEMENT: AgreementContent = {
  key: 'terms',
  title: 'Terms and Conditions',
  document: {
    title: 'Terms and Conditions',
    subtitle: 'Use of the investor portal of G2G Token Foundation, Zug',
    subject: 'Terms and Conditions of use of the investor portal of G2G Token Foundation',
    preamble: [
      prose(`These Terms and Conditions (the "Terms") govern the access to and use of the investor portal (the
        "Portal") operated by G2G Token Foundation, a foundation established under the laws of Switzerland with
        its seat in the Canton of Zug (the "Foundation"), by each person who registers in it (the "Investor"),
        and the legal effect of the declarations and signatures the Investor makes in it.`),
      prose(`The Terms apply in addition to the other Agreements listed in the Private Placement Memorandum. They
        do not govern the Tokens, which are governed by the Token Terms and Conditions. Capitalised terms not
        defined in these Terms have the meaning given to them in the Private Placement Memorandum and, for
        "Business Day", in the Investment Agreement.`),
    ],
    clauses: [
      clause('1. Purpose and Scope of the Portal', [
        `1.1 The Portal is the only channel through which the private placement of G2G tokens is conducted. It
          allows the Investor to register a subscription, read the disclosure documents, complete the identity
          verification and anti-money laundering checks (the "KYC/AML Verification"), confirm and sign the
          Agreements, give its Delivery Address, pay, and afterwards review and download its signed documents.`,
        `1.2 Access to the Portal is granted only to persons who may lawfully take part in the private placement.
          The Foundation may refuse, suspend or end access at any time where it has reason to believe that these
          Terms or the selling restrictions are not complied with, or where the law so requires.`,
      ]),
      clause('2. Registration and Account', [
        `2.1 The Investor registers by entering its investment details, its personal or entity details, its email
          address, its primary jurisdiction and its Ethereum wallet address, and by accepting the Mutual
          Non-Disclosure Agreement. Its account is created only when it has confirmed control of the email address
          with a one-time code under clause 3.`,
        `2.2 Each Investor may hold one account. An account opened for a legal entity is used only by its
          authorised signatory. The Investor shall keep its data accurate and inform the Foundation of any change.`,
      ]),
      clause('3. Access by One-Time Email Codes', [
        `3.1 The Portal does not use passwords. At registration and at each sign-in the Portal sends a one-time
          code of six (6) digits to the Investor's registered email address. The code is valid for ten (10)
          minutes, can be used once only, and is replaced by any newer code requested for the same address. After
          five (5) incorrect entries the code ceases to be valid and a new code must be requested. A new code may
          be requested at most once a minute, and repeated failures delay further attempts.`,
        `3.2 Whoever enters a valid code gains access to the Investor's account. The security of the account
          therefore depends on the security of the Investor's email account. The Investor shall protect its email
          account with a strong password and, where available, multi-factor authentication, and shall not forward
          or disclose any code. The Foundation will never ask for a code by telephone, message or email.`,
        `3.3 The Investor shall inform the Foundation without delay if it suspects that a third party has
          obtained access to its email account, a code or a session. The Foundation may then revoke all sessions
          of the Investor and suspend the account pending verification.`,
      ]),
      clause('4. Secure Session Rules', [
        `4.1 A successful sign-in opens a session of limited duration. The session ends when the Investor logs out
          or when it expires, after which a new code is required. Logging out revokes the session immediately.
          The Investor shall log out at the end of each use and shall not leave an open session unattended.`,
        `4.2 For the protection of confidential information, the Portal displays a secure session notice,
          disables the context menu and text selection, and monitors activity for compliance purposes, including
          the time spent on and the scrolling of each disclosure document. The Investor shall not circumvent these
          measures, copy or capture the documents by other means except for its own records and those of its
          advisers, or use the Portal through automated tools.`,
        `4.3 The Investor shall use the Portal only on devices and networks it trusts, with a current browser,
          and shall not allow any other person to use its session.`,
      ]),
      clause('5. Obligations of the Investor', [
        `5.1 The Investor shall (a) provide only true, complete and current information and authentic documents;
          (b) read each document before confirming or signing it; (c) use the Portal only for its own
          subscription; (d) not upload any file containing malicious code or unrelated content; (e) not attempt to
          gain unauthorised access to the Portal, to other accounts or to the Foundation's systems, nor interfere
          with their operation; and (f) comply with the Mutual Non-Disclosure Agreement in respect of everything
          it reads in the Portal.`,
        `5.2 Payment details, in particular receiving wallet addresses and bank account details, are valid only
          as displayed in the Portal. The Investor shall not act on payment instructions received by any other
          channel and shall check the details shown before every payment.`,
      ]),
      clause('6. Electronic Signature and its Legal Effect', [
        `6.1 The Investor signs each Agreement in the Portal by (a) ticking every required confirmation displayed
          beside it, (b) drawing its signature with the mouse, a stylus or a finger in the signature field, or
          typing its full name, which the Portal renders in a handwriting style as its signature, and (c) pressing the button that completes the Agreement (together, the "Electronic Signature"). An Agreement is
          signed only when all three steps are completed while the Investor is signed in to its own session.`,
        `6.2 The Investor and the Foundation agree, within the meaning of Article 16 of the Swiss Code of
          Obligations, that the Agreements and any other declaration made in the Portal are validly concluded and
          made in electronic form by the Electronic Signature, and that the Electronic Signature has the same
          legal effect between them as a handwritten signature. Neither Party shall contest the validity or
          enforceability of an Agreement on the ground that it was concluded electronically, without a qualified
          electronic signature under the Swiss Federal Act on Electronic Signatures or Regulation (EU) No 910/2014,
          or without a document in paper form.`,
        `6.3 Each ticked confirmation is a separate declaration of the Investor with the content of its text.
          A signed Agreement cannot be changed in the Portal. Clearing a signature before completion withdraws
          it.`,
        `6.4 After signature, the Portal generates a copy of each signed Agreement in PDF form bearing the
          Investor's signature and the date and time of signature (the "Signed Copy"). The Investor can download
          the Signed Copies from the Portal and should keep them. The Signed Copy kept by the Foundation is
          presumed to reproduce the Agreement accurately unless the contrary is proved.`,
      ]),
      clause('7. Records and Audit Trail', [
        `7.1 The Portal records the Investor's actions in an audit trail, including registration, sign-in
          attempts and sign-ins, the opening, reading time and completion of each disclosure document with the
          identification of its version, each step of the KYC/AML Verification, each confirmation and signature,
          the Delivery Address and the payment. Each record states the date and time (UTC), the IP address and the
          user agent of the device used. One-time codes and session tokens are never recorded.`,
        `7.2 The Investor agrees that the audit trail and the Signed Copies are admissible as evidence of its
          declarations and of their time, and that in case of dispute they constitute prima facie evidence,
          subject to proof of the contrary. The records are kept for the periods stated in the Privacy Policy.`,
      ]),
      clause('8. Availability', [
        `8.1 The Foundation endeavours to keep the Portal available but does not guarantee uninterrupted or
          error-free operation. It may interrupt access for maintenance, security measures or the installation of
          updates, where possible with prior notice in the Portal. Reading progress, verification steps and signed
          Agreements already saved are not lost by an interruption.`,
        `8.2 The Investor has no claim against the Foundation for unavailability of the Portal. Deadlines under
          the Agreements that fall during an interruption of more than one Business Day caused by the Foundation
          are extended by the duration of the interruption.`,
      ]),
      clause('9. Communications', [
        `9.1 The Foundation communicates with the Investor by email to the address registered in the Portal and by
          messages displayed in the Portal. Emails from the Foundation never contain links asking the Investor to
          enter a one-time code on any page other than the Portal, and never contain payment details that differ
          from those displayed in the Portal.`,
        `9.2 The Investor shall keep its email address current and check its inbox, including any spam folder, for
          one-time codes, notices of acceptance or rejection, delivery notices and quarterly reports. A change of
          email address requires the Foundation's verification of the Investor's identity.`,
      ]),
      clause('10. Suspension and Termination of Access', [
        `10.1 The Foundation may suspend the Investor's access, revoke its sessions or close its account, with
          immediate effect, if the Investor breaches these Terms, if its account appears to be compromised, if the
          KYC/AML Verification is rejected, or if the law or an authority so requires. Where the law permits, the
          Foundation informs the Investor of the reason.`,
        `10.2 After the private placement has been completed, the Investor keeps access to the Portal to review and
          download its documents for as long as the Foundation operates the Portal. Before closing the Portal the
          Foundation gives at least sixty (60) days' notice by email, so that the Investor can download its
          documents. The Foundation's records are kept for the periods stated in the Privacy Policy.`,
        `10.3 The termination of access does not affect the Agreements already signed, which remain in force
          according to their terms.`,
      ]),
      clause('11. Third-Party Services', [
        `11.1 Some functions of the Portal are provided by third parties, in particular card payments, the
          delivery of emails and the display of exchange rates. Their use may be subject to the terms of those
          providers. The Foundation selects and supervises them with due care but is not responsible for their
          services beyond that duty. Exchange rates displayed in the Portal are indicative until a payment is
          confirmed.`,
      ]),
      clause('12. Intellectual Property', [
        `12.1 The Portal, its software and its content are the property of the Foundation or its licensors. The
          Investor receives a non-exclusive, non-transferable right to use the Portal for the purpose of its
          subscription and to keep copies of its own signed documents and of the documents made available to it.`,
      ]),
      clause('13. Liability', [
        `13.1 To the extent permitted by law, the Foundation is liable for damage arising from the use of the
          Portal only where caused intentionally or by gross negligence. It is not liable for damage caused by the
          Investor's devices, software or internet connection, by a compromise of the Investor's email account, by
          unauthorised use of the Investor's session, by payment instructions not displayed in the Portal, or by
          force majeure. Liability for indirect and consequential loss is excluded. Article 100 of the Swiss Code
          of Obligations remains reserved.`,
        `13.2 The Investor is liable for all declarations made and Agreements signed in its session, unless it
          proves that the session was used by a third party without any fault of its own.`,
      ]),
      clause('14. Changes to these Terms', [
        `14.1 The Foundation may amend these Terms for legitimate reasons, in particular changes in law, security
          requirements or the functions of the Portal. Amendments are notified by email and published in the Portal
          at least thirty (30) days before they take effect, unless a shorter period is required by law or for
          urgent security reasons. Continued use of the Portal after that date constitutes acceptance.`,
        `14.2 Amendments do not affect Agreements already signed, which continue to be governed by the version of
          these Terms in force at the time of signature.`,
      ]),
      clause('15. Governing Law and Jurisdiction', [
        `15.1 These Terms are governed by the substantive laws of Switzerland, excluding its conflict of laws rules.
          The courts of the Canton of Zug, Switzerland, have exclusive jurisdiction over any dispute arising out of
          or in connection with them, subject to an appeal to the Swiss Federal Supreme Court and to any mandatory
          place of jurisdiction for consumers under applicable law.`,
      ]),
    ],
    closing: [electronicSignatureClosing('these Terms')],
    signatures: [investorSignatureBlock(SIGNATURE), foundationSignatureBlock()],
  },
  checkboxes: [
    {
      id: 'terms_accepted',
      text: 'I have read and accept the Terms and Conditions of use of the investor portal.',
      required: true,
      critical: false,
    },
    {
      id: 'terms_electronic_signature',
      text: 'I agree that my electronic signature in the Portal has the same legal effect as my handwritten signature and binds me to every document I sign.',
      required: true,
      critical: true,
    },
    {
      id: 'terms_codes_and_session',
      text: 'I will keep my email account secure, never share a one-time code, and not let anyone else use my session.',
      required: true,
      critical: false,
    },
    {
      id: 'terms_audit_trail',
      text: 'I understand that the Portal records my actions, with the date and time, my IP address and my user agent, in an audit trail that may be used as evidence.',
      required: true,
      critical: false,
    },
  ],
  signature: SIGNATURE,
};
