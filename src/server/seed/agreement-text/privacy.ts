/**
 * The Privacy Policy: controller, the data the portal collects (registration, one-time code challenges, reading
 * records, KYC files including the selfie, AML answers, signatures, payments, the audit trail's IP address and
 * user agent), purposes and legal bases under the Swiss FADP and the GDPR, retention (ten years after the end of
 * the business relationship for AML, agreement and audit records), recipients, transfers abroad and rights.
 */
import type { AgreementContent } from './agreement-content.ts';
import { electronicSignatureClosing, foundationSignatureBlock, investorSignatureBlock, signatureFields } from './agreement-content.ts';
import { clause, prose } from '../disclosure-text/prose.ts';

const SIGNATURE = signatureFields('privacy');

export const PRIVACY_POLICY: AgreementContent = {
  key: 'privacy',
  title: 'Privacy Policy',
  document: {
    title: 'Privacy Policy',
    subtitle: 'Processing of personal data in the investor portal of G2G Token Foundation, Zug',
    subject: 'Privacy Policy of G2G Token Foundation for the investor portal and the private placement of G2G tokens',
    preamble: [
      prose(`This Privacy Policy explains how G2G Token Foundation processes the personal data of persons who
        register in its investor portal (the "Portal") and take part in the private placement of G2G tokens (the
        "Investor", and for a legal entity also its authorised signatory, beneficial owners and controlling
        persons). It is issued under the Swiss Federal Act on Data Protection ("FADP") and, where they apply, the
        EU General Data Protection Regulation ("GDPR") and the UK General Data Protection Regulation ("UK GDPR").`),
    ],
    clauses: [
      clause('1. Controller and Contact', [
        `1.1 The controller is G2G Token Foundation, a foundation under Swiss law with its seat in the Canton of
          Zug, Switzerland, entered in the commercial register of the Canton of Zug (the "Foundation"). Requests
          concerning data protection may be sent in writing to its registered address or to the data protection
          contact address published in the Portal.`,
        `1.2 Where Article 27 GDPR or the UK GDPR requires it, the Foundation designates a representative in the
          European Union or in the United Kingdom, whose name and contact details are published in the Portal.`,
      ]),
      clause('2. Personal Data Collected in the Portal', [
        `2.1 The Foundation processes the following categories of personal data:`,
        `(a) registration data: email address, Subscription Amount, Token Quantity, investor type, full name, date
          of birth and nationality, or entity name, jurisdiction and authorised signatory, primary jurisdiction,
          Ethereum wallet address, and the acceptance of the Mutual Non-Disclosure Agreement;`,
        `(b) access data: the one-time code challenges sent to the Investor's email address, stored only as a keyed
          hash, and the sessions opened and closed;`,
        `(c) reading records: for each disclosure document, the version read, when it was opened, the reading
          time credited, whether it was read to the end and when it was completed;`,
        `(d) KYC documents: the identity document, the live selfie taken for the biometric check, the utility bill
          and the bank statement provided as proof of address, with their file names, types, sizes and hashes;`,
        `(e) AML answers and screening results: source of funds, expected annual volume, occupation, additional
          information, the declarations on politically exposed person status, sanctions, criminal record and
          origin of funds, and the results of screening against sanctions, politically exposed persons and
          watchlists and of adverse media checks;`,
        `(f) agreement data: the confirmations ticked, the drawn signature image, the date and time of each
          signature, the signed copies of the Agreements and the Qualified Investor Declaration and its evidence;`,
        `(g) payment data: the payment method, amounts, processing fee, payment reference, transaction
          identifiers, the sending bank account or wallet address and blockchain transaction hashes. Card numbers
          are entered directly with the card payment provider; the Foundation does not receive full card data;`,
        `(h) audit trail: for each action in the Portal, the date and time (UTC), the IP address and the user
          agent of the device used, and the action performed; and`,
        `(i) correspondence: emails exchanged with the Investor, including the delivery of quarterly reports.`,
        `2.2 The biometric data derived from the selfie, the declarations on criminal record and sanctions, and
          any information revealing political exposure are sensitive personal data under the FADP and, as
          applicable, special categories of data or data relating to criminal convictions under the GDPR.`,
      ]),
      clause('3. Purposes and Legal Bases', [
        `3.1 The Foundation processes personal data for the following purposes, on the following legal bases:`,
        `(a) to register the Investor, give access to the Portal, conduct the subscription and deliver the Tokens,
          to send the quarterly reports and to perform the Agreements: performance of a contract and of
          pre-contractual steps at the Investor's request (Article 6(1)(b) GDPR);`,
        `(b) to verify the Investor's identity and qualification, screen for sanctions and politically exposed
          persons, establish the origin of funds, keep records and report to authorities as required by the Swiss
          Anti-Money Laundering Act ("AMLA") and sanctions laws: compliance with legal obligations, and under the
          GDPR the Foundation's legitimate interest in complying with the Swiss law to which it is subject
          (Article 6(1)(c) and (f) GDPR);`,
        `(c) to compare the selfie with the identity document photograph by biometric means: the Investor's
          explicit consent (Article 9(2)(a) GDPR), given when the Investor takes the selfie and confirmed in this
          Policy, together with the Foundation's legal obligation of identification. An Investor who does not wish
          to consent may, before the biometric check, ask the Foundation for another means of identification
          permitted under the AMLA, such as a certified copy of its identity document;`,
        `(d) to keep the audit trail and signed copies as evidence of the Investor's declarations, to secure the
          Portal and prevent fraud, and to establish, exercise or defend legal claims: legitimate interests
          (Article 6(1)(f) GDPR and, for sensitive data, Article 9(2)(f) GDPR);`,
        `(e) to keep accounting records and meet supervisory and audit requirements: legal obligations under the
          Swiss Code of Obligations and the Civil Code; and`,
        `(f) to send news about the G2G Network and future offerings: the Investor's consent, which is optional
          and may be withdrawn at any time (Article 6(1)(a) GDPR).`,
        `3.2 Under the FADP, the Foundation processes personal data in accordance with the principles of Article 6
          FADP and, where a justification is needed, on the basis of the contract, its overriding interests, the
          law or the Investor's consent. No decision producing legal effects for the Investor is taken solely by
          automated means: every decision on the KYC/AML Verification is reviewed by the Foundation's compliance
          staff.`,
      ]),
      clause('4. Retention', [
        `4.1 KYC documents, AML answers, screening results, payment records and the related parts of the audit
          trail are kept for ten (10) years after the end of the business relationship with the Investor, as
          required by Article 7 AMLA.`,
        `4.2 The Agreements, their signed copies, the reading records and the rest of the audit trail are kept for
          ten (10) years after the end of the business relationship, for the purposes of evidence and of the
          accounting retention duty of ten years under Article 958f of the Swiss Code of Obligations.`,
        `4.3 If a registration does not lead to a subscription, the registration data are deleted twenty-four (24)
          months after the Investor's last activity in the Portal, unless the KYC/AML Verification was started, in
          which case clause 4.1 applies. One-time code challenges and expired sessions are deleted within a few
          days after their expiry. Data processed on the basis of consent are deleted when consent is withdrawn.`,
        `4.4 Data are kept longer where required by a legal hold, an order of an authority or pending proceedings.
          At the end of the retention period, data are deleted or anonymised.`,
      ]),
      clause('5. Recipients', [
        `5.1 Within the Foundation, personal data are accessible only to persons who need them for their duties,
          according to their role. The Foundation discloses personal data to the following recipients, who process
          them on its behalf or as separate controllers:`,
        `(a) identity verification and AML screening service providers, and any financial intermediary that
          carries out AML duties for the Foundation;`,
        `(b) payment providers: the card payment provider, the Foundation's banks and any provider that receives or
          converts cryptocurrency for it;`,
        `(c) the email provider that sends one-time codes, notices and quarterly reports;`,
        `(d) hosting, storage and IT service providers operating the Portal;`,
        `(e) the statutory auditor, the independent AML compliance reviewer and legal and tax advisers; and`,
        `(f) the Swiss Federal Foundation Supervisory Authority, the Money Laundering Reporting Office Switzerland,
          courts, tax authorities and other authorities, where the law requires or permits it.`,
        `5.2 The Delivery Address and the delivery of Tokens to it are recorded on the public Ethereum blockchain,
          where they are visible to anyone and cannot be changed or deleted. The Foundation does not publish the
          link between the Investor and its address.`,
      ]),
      clause('6. Transfers Abroad', [
        `6.1 The Portal and its database are hosted in Switzerland or in the European Economic Area. Service
          providers under clause 5 may process personal data in other countries, in particular in the United
          States.`,
        `6.2 Personal data are transferred to a country without adequate data protection, as determined by the
          Swiss Federal Council or the European Commission, only if the recipient is certified under the
          Swiss-U.S. or EU-U.S. Data Privacy Framework, or on the basis of standard contractual clauses recognised
          by the Swiss Federal Data Protection and Information Commissioner ("FDPIC") and the European Commission,
          with supplementary measures where necessary, or where an exception of Article 17 FADP or Article 49 GDPR
          applies, in particular where the transfer is necessary for the performance of the Investor's contract.
          A copy of the safeguards may be obtained from the Foundation.`,
      ]),
      clause('7. Security', [
        `7.1 The Foundation protects personal data by appropriate technical and organisational measures,
          including encrypted transmission, role-based access, storage of KYC documents in a restricted store,
          storage of one-time codes only as keyed hashes, and the logging of access. Breaches of data security that
          are likely to result in a high risk are notified to the FDPIC and, where required, to the Investor.`,
      ]),
      clause('8. Rights of the Investor', [
        `8.1 The Investor has the right to obtain information about, and a copy of, its personal data, to have
          inaccurate data rectified, to have data erased or their processing restricted, to object to processing
          based on legitimate interests, to receive data it has provided in a portable format, and to withdraw any
          consent at any time with effect for the future.`,
        `8.2 These rights are subject to the limits of the law. In particular, data that must be kept under the
          AMLA or other law cannot be erased before the end of the retention period, and the Foundation may not
          disclose whether it has made a report to an authority.`,
        `8.3 Requests are made to the contact address under clause 1 and are answered within thirty (30) days. The
          Investor may lodge a complaint with the FDPIC or, where the GDPR or the UK GDPR applies, with the
          supervisory authority of its place of residence or work.`,
      ]),
      clause('9. Changes', [
        `9.1 The Foundation may amend this Policy. Material amendments are notified by email and published in the
          Portal before they take effect. The version in force is always available in the Portal.`,
      ]),
    ],
    closing: [
      prose(`By signing, the Investor confirms that it has read this Privacy Policy and gives the explicit consent
        described in clause 3.1(c), and, if it has ticked the corresponding option, the consent described in
        clause 3.1(f).`),
      electronicSignatureClosing('this Privacy Policy'),
    ],
    signatures: [investorSignatureBlock(SIGNATURE), foundationSignatureBlock('Controller; two authorised signatories signing jointly')],
  },
  checkboxes: [
    {
      id: 'privacy_read_understood',
      text: 'I have read the Privacy Policy and understand how the Foundation processes my personal data and how long it keeps them.',
      required: true,
      critical: true,
    },
    {
      id: 'privacy_biometric_consent',
      text: 'I confirm my explicit consent to the biometric comparison of my selfie with the photograph in my identity document to verify my identity.',
      required: true,
      critical: true,
    },
    {
      id: 'privacy_transfers_abroad',
      text: 'I understand that my data may be processed by service providers outside Switzerland and the EEA with the safeguards in clause 6.',
      required: true,
      critical: false,
    },
    {
      id: 'privacy_marketing_emails',
      text: 'I would like to receive news about the G2G Network and future offerings by email. I can withdraw this consent at any time.',
      required: false,
      critical: false,
    },
  ],
  signature: SIGNATURE,
};
