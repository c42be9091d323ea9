/**
 * The Private Placement Memorandum: the full terms of the offering, which the investor acknowledges and signs as
 * the first of the seven agreements. The token price and the subscription limits are stated as at the date of the
 * memorandum only; the portal's settings at registration decide, as in the Offering Memorandum Summary.
 */
import type { AgreementContent } from './agreement-content.ts';
import { electronicSignatureClosing, foundationSignatureBlock, investorSignatureBlock, signatureFields } from './agreement-content.ts';
import { clause, prose } from '../disclosure-text/prose.ts';

const SIGNATURE = signatureFields('ppm');

export const PPM_AGREEMENT: AgreementContent = {
  key: 'ppm',
  title: 'Private Placement Memorandum',
  document: {
    title: 'Private Placement Memorandum',
    subtitle: 'Private placement of G2G utility tokens by G2G Token Foundation, Zug - for qualified investors only',
    subject: 'Private Placement Memorandum for the private placement of G2G tokens by G2G Token Foundation',
    preamble: [
      prose(`This Private Placement Memorandum (the "Memorandum") sets out the terms on which G2G Token Foundation, a
        foundation established under the laws of Switzerland with its seat in the Canton of Zug (the "Foundation"
        or the "Issuer"), offers G2G tokens (the "Tokens") by way of a private placement to qualified investors
        (the "Offering"). It completes the Offering Memorandum Summary made available in the investor portal and
        is presented to each prospective investor (the "Investor") as the first of the legal agreements in the
        Foundation's investor portal (the "Portal").`),
      prose(`By signing this Memorandum the Investor acknowledges that it has received, read and understood it,
        together with the Risk Factors, the Token Terms and Conditions and the Foundation Governance statement, and
        that it subscribes, if at all, solely on the basis of the documents made available in the Portal.`),
    ],
    clauses: [
      clause('1. Important Notices', [
        `1.1 This Memorandum is not a prospectus within the meaning of the Swiss Financial Services Act ("FinSA"),
          nor a crypto-asset white paper within the meaning of Regulation (EU) 2023/1114 on markets in
          crypto-assets ("MiCA"), nor a prospectus, offering circular or registration statement under the laws of
          any other jurisdiction. It has not been reviewed, registered or approved by the Swiss Financial Market
          Supervisory Authority FINMA or by any other supervisory authority.`,
        `1.2 This Memorandum is confidential. It is addressed only to the Investor to whom it is made available in
          the Portal and remains subject to the Mutual Non-Disclosure Agreement accepted at registration. It may
          not be copied, forwarded or disclosed, in whole or in part, without the prior written consent of the
          Foundation, except to the Investor's professional advisers who are bound by a duty of confidentiality.`,
        `1.3 The information in this Memorandum is given as at the date on which it is made available in the
          Portal. Neither the delivery of this Memorandum nor any subscription made on its basis implies that the
          information is correct at any later date. Material changes are notified to investors as described in
          clause 16.`,
        `1.4 Nothing in this Memorandum is legal, tax, investment or other advice. The Foundation does not assess
          whether the Tokens are suitable or appropriate for the Investor. Each Investor must make its own
          assessment of the Offering and should consult its own advisers.`,
        `1.5 This Memorandum contains forward-looking statements about the development of the G2G Network, the use
          of proceeds and the future utility of the Tokens. They reflect the current views of the Foundation and
          are subject to risks and uncertainties; actual results may differ materially. The Foundation undertakes
          no obligation to update them, save as required by law.`,
      ]),
      clause('2. Definitions and Order of Precedence', [
        `2.1 In this Memorandum, and in the other Agreements unless they provide otherwise:`,
        `(a) "Agreements" means the seven documents the Investor confirms and signs in the Portal, namely this
          Memorandum, the Investment Agreement, the Token Purchase Agreement, the Terms and Conditions, the
          Qualified Investor Declaration, the Privacy Policy and the Risk Acknowledgment;`,
        `(b) "Disclosure Documents" means the Offering Memorandum Summary, the Risk Factors, the Token Terms and
          Conditions (the "Token Terms") and the Foundation Governance statement made available in the Portal;`,
        `(c) "Subscription Amount" means the amount in EUR that the Investor registers in the Portal as the amount
          of its subscription, and "Token Price" means the price in EUR per Token shown in the Portal when the
          Investor registers the Subscription Amount;`,
        `(d) "Token Quantity" means the Subscription Amount divided by the Token Price, calculated to six (6)
          decimal places and rounded down;`,
        `(e) "Processing Fee" means the fee for the payment method chosen by the Investor under clause 9, and
          "Total Amount Due" means the Subscription Amount plus the Processing Fee;`,
        `(f) "KYC/AML Verification" means the identity verification, anti-money laundering screening and
          investor qualification checks carried out by or for the Foundation;`,
        `(g) "Acceptance" means the Foundation's acceptance of a subscription under clause 10, "Delivery Address"
          means the Ethereum address confirmed by the Investor in the Portal, and "Delivery Date" means the date
          on which the Tokens are transferred to the Delivery Address; and`,
        `(h) "G2G Network" and "Token Contract" have the meanings given in the Token Terms.`,
        `2.2 In the event of any inconsistency, the Token Terms prevail as to the rights attached to the Tokens,
          the Token Purchase Agreement and the Investment Agreement prevail as to the subscription, and this
          Memorandum prevails over the Offering Memorandum Summary.`,
      ]),
      clause('3. The Issuer', [
        `3.1 The Issuer is G2G Token Foundation, a foundation within the meaning of Articles 80 et seq. of the Swiss
          Civil Code, entered in the commercial register of the Canton of Zug. The Foundation has no owners,
          shareholders or members. Its purpose is to promote and support the development of the G2G Network, an
          open platform for the exchange of goods and services between organisations, and of the related
          open-source software.`,
        `3.2 The Foundation is governed by its Foundation Council, is subject to the supervision of the Swiss
          Federal Foundation Supervisory Authority, and has its annual accounts audited by an independent statutory
          auditor. It is not supervised by FINMA. Its organisation, audits, treasury policy, conflict of interest
          rules and reporting are described in the Foundation Governance statement.`,
      ]),
      clause('4. The Offering', [
        `4.1 The Foundation offers Tokens for subscription in EUR by way of a private placement addressed
          exclusively to investors who meet the eligibility requirements of clause 7. The Offering is not a public
          offer in any jurisdiction. It is not underwritten, and no placement agent or broker is remunerated for
          it.`,
        `4.2 At the date of this Memorandum, the Token Price is EUR 0.85 per Token, the minimum Subscription
          Amount is EUR 10,000 and the maximum Subscription Amount is EUR 1,000,000 per Investor. The Foundation
          may change these figures for future registrations. The figures shown in the Portal when the Investor
          registers its Subscription Amount apply to that subscription and are not affected by any later change.`,
        `4.3 The Foundation may, at its discretion, accept a subscription outside the limits of clause 4.2, reduce
          any subscription, or reject any subscription in whole or in part without giving reasons.`,
        `4.4 The Offering runs for as long as the Portal accepts registrations. The Foundation may close, suspend
          or extend it at any time. There is no minimum aggregate amount that must be raised before subscriptions
          are accepted; accepted subscriptions are not held in escrow.`,
      ]),
      clause('5. Use of Proceeds', [
        `5.1 The Foundation intends to apply the net proceeds of the Offering indicatively as follows:
          approximately 40 per cent to the development, security review and maintenance of the G2G Network software
          and smart contracts; approximately 20 per cent to ecosystem development, including grants to independent
          developers and integration partners; approximately 15 per cent to operations; approximately 10 per cent
          to legal, regulatory, compliance and audit costs; and approximately 15 per cent to a treasury reserve.`,
        `5.2 The Foundation Council may adjust these proportions as the development of the G2G Network requires.
          Pending their application, proceeds are held under the Foundation's treasury policy. The application of
          proceeds is reported in the quarterly reports. Proceeds are not distributed to members of the Foundation
          Council or to any founder, save as remuneration for services on arm's length terms.`,
      ]),
      clause('6. Token Economics', [
        `6.1 The Tokens are fungible tokens issued on the Ethereum mainnet by the Token Contract, which implements
          the ERC-20 token standard. The total supply of Tokens is fixed in the Token Contract at deployment, and
          the Foundation will not create Tokens beyond that supply. The Token Contract has been reviewed by an
          independent smart contract auditor, and its address is published in the Portal.`,
        `6.2 The supply is allocated between the private placement, the ecosystem, contributors and the
          Foundation's reserve. The allocation, the circulating supply and the Tokens held by the Foundation are
          disclosed in the quarterly reports. Tokens held by the Foundation are released only in accordance with
          the allocation and vesting schedule approved by the Foundation Council.`,
        `6.3 The Tokens are utility tokens. They give access to, and may be used as a means of payment for,
          services on the G2G Network, may be transferred subject to clause 12, and entitle investors in the
          Offering to receive the quarterly reports. They confer no ownership, membership, voting, dividend,
          interest, profit, redemption or liquidation right, and no claim to repayment of the Subscription Amount.
          The rights attached to the Tokens are set out exhaustively in the Token Terms.`,
        `6.4 The Token Price is set by the Foundation. It is not the result of negotiation or of an independent
          valuation and is no indication of the value of the Tokens or of any price at which they may be sold.`,
      ]),
      clause('7. Eligibility', [
        `7.1 The Offering is open only to persons who (a) are professional clients or qualified investors under
          Swiss law, or persons of equivalent status under the laws of their place of residence or incorporation,
          in each case as set out in the Qualified Investor Declaration; (b) are not restricted by clause 13; (c)
          complete the KYC/AML Verification to the Foundation's satisfaction; and (d) subscribe for their own
          account and not with a view to distribution.`,
        `7.2 Natural persons of full age and capacity and legal entities may subscribe. A legal entity subscribes
          through an authorised signatory, who must provide evidence of authority and details of the entity's
          beneficial owners and controlling persons.`,
      ]),
      clause('8. Subscription Procedure', [
        `8.1 Subscriptions are made only through the Portal. The Investor proves control of its email address by
          a one-time code at registration and at each sign-in, and completes the following steps in order:`,
        `(a) registration of the Subscription Amount, the Token Quantity, its investor details, its primary
          jurisdiction and its Delivery Address, and acceptance of the Mutual Non-Disclosure Agreement;`,
        `(b) review of each Disclosure Document for at least the minimum reading time indicated and to its end;`,
        `(c) the KYC/AML Verification, consisting of an identity document, a live selfie for a biometric check, a
          utility bill and a bank statement, each dated within the last three months, as proof of address, and an
          anti-money laundering questionnaire on source of funds, occupation, expected volume, politically exposed
          person status, sanctions and criminal record;`,
        `(d) confirmation and signature of each of the Agreements and confirmation of the Delivery Address; and`,
        `(e) payment of the Total Amount Due by one of the methods described in clause 9.`,
        `8.2 Completion of the KYC/AML Verification in the Portal submits it for review. The Foundation may request
          further information or documents at any time and may suspend a subscription until they are provided.`,
        `8.3 By signing the Investment Agreement the Investor makes a binding offer to subscribe for the Token
          Quantity for the Subscription Amount. The offer becomes a contract only on Acceptance.`,
      ]),
      clause('9. Payment Methods and Fees', [
        `9.1 The Investor pays the Total Amount Due by one of the following methods, chosen in the Portal:`,
        `(a) Card: by credit or debit card through the Foundation's third-party card payment provider, subject to
          its authentication procedures. The Processing Fee is four per cent (4%) of the Subscription Amount.`,
        `(b) Cryptocurrency: in ETH, BTC, USDC or USDT, to the Foundation's receiving address for the chosen asset
          displayed in the Portal and on the network indicated there, from a wallet under the Investor's control.
          The Processing Fee is one per cent (1%) of the Subscription Amount. The amount of the asset to be sent
          is the Total Amount Due divided by the EUR exchange rate shown in the Portal at the time of payment,
          calculated to six (6) decimal places. Blockchain network fees are borne by the Investor.`,
        `(c) Wire transfer: in EUR to the Foundation's bank account shown in the Portal, quoting the payment
          reference provided there. No Processing Fee is charged. Wire transfers are usually received within one to
          three (1-3) business days. Bank charges of the Investor's bank and of intermediary banks are borne by the
          Investor.`,
        `9.2 The Processing Fee covers the costs of the payment method and is shown in the Portal before the
          Investor confirms payment. It does not increase the Token Quantity, which is calculated on the
          Subscription Amount alone. The Foundation charges no subscription fee, commission or other fee.`,
        `9.3 A payment is treated as received only when the Foundation has received cleared funds in the full
          Total Amount Due. Payments from third parties are not accepted. Incomplete payments, payments from an
          account or wallet that does not belong to the Investor, and payments that cannot be reconciled may be
          returned under clause 10.3.`,
      ]),
      clause('10. Acceptance, Rejection and Refunds', [
        `10.1 The Foundation accepts a subscription only after the KYC/AML Verification has been approved, all
          Agreements have been signed and cleared funds in the Total Amount Due have been received. The Investor is
          informed of Acceptance, or of rejection, by email.`,
        `10.2 If the KYC/AML Verification is rejected, or the Foundation otherwise rejects or reduces a
          subscription before delivery of the Tokens, the Investment Agreement terminates to that extent.`,
        `10.3 Amounts to be returned are returned without interest, net of third-party costs actually incurred
          (such as bank charges, card scheme charges and network fees), to the account, card or wallet from which
          they were paid, without undue delay and normally within thirty (30) days. The Processing Fee is returned
          with the Subscription Amount. Payments in cryptocurrency are returned in the same asset and quantity as
          received, so that changes in its EUR value are borne by the Investor. A return may be delayed or
          withheld where the law, in particular the Swiss Anti-Money Laundering Act, or an authority so requires.`,
        `10.4 Once the Tokens have been delivered, the Subscription Amount and the Processing Fee are not
          refundable, and the Tokens are not redeemable.`,
      ]),
      clause('11. Delivery of Tokens', [
        `11.1 The Foundation delivers the Token Quantity to the Delivery Address normally within 24 to 48 hours
          after Acceptance. Delivery may take longer in case of network congestion, technical disruption or
          additional compliance review. The Foundation bears the Ethereum network fee for the delivery
          transaction. Title to and risk in the Tokens pass to the Investor when the delivery transaction is
          confirmed on the Ethereum blockchain.`,
        `11.2 The Delivery Address must consist of "0x" followed by exactly forty (40) hexadecimal characters, and
          must be an address that the Investor alone controls, that supports ERC-20 tokens on the Ethereum mainnet
          and that is not a deposit address of a trading platform. The Portal checks only the format of the
          address. Tokens delivered to the Delivery Address are deemed delivered and cannot be recovered by the
          Foundation.`,
      ]),
      clause('12. Lock-up and Transfer Restrictions', [
        `12.1 Tokens acquired in the Offering are subject to a lock-up of twelve (12) months from the Delivery Date
          (the "Lock-up Period"). During the Lock-up Period the Tokens may not be sold, transferred, pledged, lent
          or otherwise disposed of, nor made the subject of any derivative or other arrangement that transfers
          their economic risk, except to the Foundation or, with its prior written consent, to an affiliate of the Investor, as
          permitted by the Token Terms. A transfer to the Foundation includes the use of Tokens to pay for services
          provided by the Foundation on the G2G Network, where the Foundation enables such use during the Lock-up
          Period.`,
        `12.2 The Foundation may enforce the Lock-up Period by technical means in the Token Contract. Any transfer
          in breach of it is void as between the Foundation and the Investor.`,
        `12.3 After the Lock-up Period the Tokens may be transferred only to persons to whom they may lawfully be
          offered, and not to sanctioned persons. Investors who acquire Tokens in the United States or as U.S.
          Persons must also observe the resale restrictions of the U.S. Securities Act of 1933 (the "Securities
          Act").`,
      ]),
      clause('13. Selling Restrictions', [
        `13.1 General: the Tokens may not be offered, sold or delivered, and this Memorandum may not be
          distributed, in any jurisdiction except in compliance with applicable law.`,
        `13.2 Switzerland: the Offering is made only to professional clients within the meaning of Articles 4 and
          5 FinSA and to qualified investors within the meaning of Article 10 paragraph 3 of the Swiss Collective
          Investment Schemes Act, and is exempt from the obligation to publish a prospectus.`,
        `13.3 European Economic Area: the Offering is addressed solely to qualified investors and is made in
          reliance on the exemptions of MiCA for offers of crypto-assets addressed solely to qualified investors or
          to fewer than 150 persons per Member State.`,
        `13.4 United Kingdom: this Memorandum is communicated only to persons to whom it may lawfully be
          communicated under section 21 of the Financial Services and Markets Act 2000 ("FSMA") and the rules
          applicable to promotions of qualifying cryptoassets, and must not be acted upon by any other person.`,
        `13.5 United States: the Tokens have not been and will not be registered under the Securities Act or the
          securities laws of any state. They are not offered to U.S. Persons, as defined in Regulation S, except to
          accredited investors within the meaning of Rule 501(a) of Regulation D whose status the Foundation has
          verified in reliance on Rule 506(c). Outside the United States they are offered in reliance on
          Regulation S.`,
        `13.6 Sanctions: the Offering is not made to any person subject to sanctions administered by Switzerland,
          the European Union, the United Kingdom, the United States or the United Nations, or resident in a
          sanctioned country or territory.`,
      ]),
      clause('14. Taxation', [
        `14.1 The subscription for, holding, use and transfer of Tokens may have tax consequences for the Investor
          under the laws of its place of residence, including income tax, capital gains tax, wealth tax, value
          added tax and reporting obligations. The Investor is solely responsible for its own taxes. The Token
          Price includes any value added tax that may be due by the Foundation on the issuance of the Tokens.`,
        `14.2 As the Tokens carry no right to distributions, the Foundation does not withhold Swiss withholding tax
          or any other tax on them. It gives no assurance about the tax treatment of any Investor, and tax
          authorities may change their practice with retroactive effect.`,
      ]),
      clause('15. Summary of Risks', [
        `15.1 A subscription for Tokens involves a high degree of risk and is suitable only for investors who can
          bear the loss of their entire Subscription Amount. The risks are described in the Risk Factors, which
          form part of this Memorandum and must be read in full. They include, in particular:`,
        `(a) the risk of total loss, the Tokens carrying no right to repayment or redemption;`,
        `(b) extreme price volatility, and the absence of any secondary market for the Tokens;`,
        `(c) the Lock-up Period, during which the Tokens cannot be sold whatever the market conditions;`,
        `(d) regulatory reclassification of the Tokens and changes in law and regulation;`,
        `(e) technology, smart contract and Ethereum network risks, and the risk that the G2G Network is not
          completed or not adopted;`,
        `(f) the permanent loss of Tokens if private keys are lost or stolen or Tokens are sent to a wrong address;`,
        `(g) cyber security, operational, key person, counterparty and conflict of interest risks;`,
        `(h) tax risks; and`,
        `(i) the absence of deposit protection and of any investor compensation scheme.`,
        `15.2 The Investor confirms each of these risks separately in the Risk Acknowledgment.`,
      ]),
      clause('16. Reporting and Communication', [
        `16.1 The Foundation sends quarterly reports by email to each investor in the Offering within forty-five
          (45) days after the end of each calendar quarter, and notifies material events without undue delay. The
          Investor retains access to the Portal, where it can review its disclosures, verification records and
          signed Agreements and download its signed documents.`,
      ]),
      clause('17. Data Protection', [
        `17.1 The Foundation processes the Investor's personal data as controller under the Swiss Federal Act on
          Data Protection and, where applicable, the EU and UK General Data Protection Regulations, as described in
          the Privacy Policy.`,
      ]),
      clause('18. Governing Law and Jurisdiction', [
        `18.1 This Memorandum, the Offering and all Agreements are governed by the substantive laws of Switzerland,
          excluding its conflict of laws rules and the United Nations Convention on Contracts for the International
          Sale of Goods. The courts of the Canton of Zug, Switzerland, have exclusive jurisdiction, subject to an
          appeal to the Swiss Federal Supreme Court and to any mandatory place of jurisdiction under applicable
          law.`,
      ]),
    ],
    closing: [
      prose(`The Investor acknowledges that it has received, read and understood this Memorandum and the Risk Factors
        to which it refers, and that it has had the opportunity to ask the Foundation questions and to take
        independent advice before subscribing.`),
      electronicSignatureClosing('this Memorandum'),
    ],
    signatures: [investorSignatureBlock(SIGNATURE), foundationSignatureBlock()],
  },
  checkboxes: [
    {
      id: 'ppm_read_understood',
      text: 'I have read and understood the Private Placement Memorandum, including the Risk Factors to which it refers.',
      required: true,
      critical: false,
    },
    {
      id: 'ppm_total_loss',
      text: 'I understand that the Tokens give no right to repayment, interest or dividends and that I may lose the entire amount I invest.',
      required: true,
      critical: true,
    },
    {
      id: 'ppm_eligible_investor',
      text: 'I am a qualified investor eligible to take part in the Offering and I am not restricted by the selling restrictions in clause 13.',
      required: true,
      critical: false,
    },
    {
      id: 'ppm_not_prospectus',
      text: 'I understand that this Memorandum is not a prospectus and has not been reviewed or approved by any supervisory authority.',
      required: true,
      critical: false,
    },
    {
      id: 'ppm_independent_advice',
      text: 'I have taken, or have had the opportunity to take, independent legal, tax and financial advice.',
      required: true,
      critical: false,
    },
  ],
  signature: SIGNATURE,
};
