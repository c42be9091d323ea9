/**
 * The words of the Offering Memorandum Summary, the first disclosure section. Token price and subscription
 * limits are deliberately not stated: they are portal settings and the document must stay true when they change.
 */
import type { LegalDocument } from '../../pdf/legal-pdf.ts';
import { clause, prose } from './prose.ts';

export const OFFERING_MEMORANDUM_SUMMARY: LegalDocument = {
  title: 'Offering Memorandum Summary',
  subtitle: 'Private placement of G2G utility tokens - for qualified investors only',
  subject: 'Summary of the terms of the private placement of G2G tokens by G2G Token Foundation',
  preamble: [
    prose(`This Offering Memorandum Summary (the "Summary") describes the principal terms of the private placement
      of G2G tokens (the "Tokens") by G2G Token Foundation, a foundation established under the laws of Switzerland
      (the "Foundation" or the "Issuer"), to qualified investors (the "Offering"). It is made available through the
      Foundation's investor portal (the "Portal") to persons who have registered an intended investment amount and
      accepted the Mutual Non-Disclosure Agreement.`),
    prose(`This Summary must be read together with the Risk Factors, the Token Terms and Conditions and the
      Foundation Governance statement, which are made available in the Portal as further disclosure sections, and
      with the subscription agreements presented in the Portal. In the event of any inconsistency, the Token Terms
      and Conditions and the signed subscription agreements prevail over this Summary.`),
  ],
  clauses: [
    clause('1. Important Notice', [
      `1.1 This Summary is confidential and is provided solely to enable the recipient to evaluate a subscription
        for Tokens. It may not be reproduced, forwarded or disclosed, in whole or in part, to any other person
        without the prior written consent of the Foundation.`,
      `1.2 This Summary is not a prospectus within the meaning of the Swiss Financial Services Act ("FinSA"), nor a
        crypto-asset white paper within the meaning of Regulation (EU) 2023/1114 on markets in crypto-assets
        ("MiCA"), nor a prospectus or offering circular under the laws of any other jurisdiction. It has not been
        reviewed or approved by any supervisory authority.`,
      `1.3 No person has been authorised to give any information or make any representation about the Offering
        other than as contained in the documents made available in the Portal. Any information or representation
        not so contained must not be relied upon as having been authorised by the Foundation.`,
      `1.4 Prospective investors should not treat the contents of this Summary as advice relating to legal,
        taxation, investment or any other matters. Each prospective investor should consult its own advisers as to
        the legal, tax, financial and other consequences of subscribing for, holding and transferring Tokens.`,
    ]),
    clause('2. The Issuer', [
      `2.1 The Issuer is G2G Token Foundation, a foundation within the meaning of Articles 80 et seq. of the Swiss
        Civil Code, registered in the commercial register of the Canton of Zug, Switzerland. The Foundation has no
        owners, members or shareholders; its assets are dedicated to the purpose set out in its deed of foundation.`,
      `2.2 The purpose of the Foundation is to promote and support the development of the G2G network, an open
        platform for the exchange of goods and services between organisations, and of the related open-source
        software, and to foster an ecosystem of users and developers around it.`,
      `2.3 The Foundation is governed by its Foundation Council and is subject to the supervision of the competent
        Swiss foundation supervisory authority. Its governance, audit, treasury and reporting arrangements are
        described in the Foundation Governance statement.`,
    ]),
    clause('3. The Offering', [
      `3.1 The Foundation offers Tokens for subscription by way of a private placement addressed exclusively to
        qualified investors who satisfy the eligibility requirements of clause 6. The Offering is not a public offer
        in any jurisdiction.`,
      `3.2 Subscriptions are made in euro ("EUR"). The number of Tokens allocated to an investor equals the
        subscription amount divided by the token price. The token price per Token is set by the Foundation and is
        as shown in the investor portal at registration; the price shown at the time an investor registers its
        subscription amount applies to that subscription.`,
      `3.3 Each subscription must be for not less than the minimum subscription amount and not more than the
        maximum subscription amount, in each case as shown in the investor portal at registration. The Foundation
        may, at its discretion, accept a subscription outside these limits or reduce any subscription.`,
      `3.4 The Offering runs for as long as the Portal accepts registrations. The Foundation may close, suspend or
        extend the Offering at any time without notice and without giving reasons, and may reject any subscription
        in whole or in part.`,
    ]),
    clause('4. The Tokens', [
      `4.1 The Tokens are fungible digital tokens issued on the Ethereum blockchain in accordance with the ERC-20
        token standard. They are designed as utility tokens that give access to, and may be used as a means of
        payment for, services on the G2G network.`,
      `4.2 The Tokens do not represent any equity, debt, participation, profit share, voting right, claim to
        dividends or interest, or right of redemption against the Foundation or any other person. The rights
        attached to the Tokens, the rights not attached to them and the applicable transfer restrictions are set
        out exhaustively in the Token Terms and Conditions.`,
      `4.3 Tokens allocated in the Offering are subject to the transfer restrictions and lock-up described in the
        Token Terms and Conditions and in the Token Purchase Agreement.`,
    ]),
    clause('5. Use of Proceeds', [
      `5.1 The Foundation intends to apply the net proceeds of the Offering, indicatively, in the following
        proportions, which may be adjusted by the Foundation Council as the development of the G2G network
        requires:`,
      `(a) approximately 40 per cent to the development, security review and maintenance of the G2G network
        software and smart contracts;`,
      `(b) approximately 20 per cent to ecosystem development, including grants to independent developers and
        integration partners;`,
      `(c) approximately 15 per cent to operations, including personnel, infrastructure and service providers;`,
      `(d) approximately 10 per cent to legal, regulatory, compliance and audit costs; and`,
      `(e) approximately 15 per cent to a treasury reserve held in accordance with the Foundation's treasury
        policy.`,
      `5.2 Pending their application, proceeds are held in accordance with the treasury policy described in the
        Foundation Governance statement. Proceeds will not be distributed to the members of the Foundation Council
        or to any founder, save as remuneration for services on arm's length terms.`,
    ]),
    clause('6. Eligibility', [
      `6.1 The Offering is addressed only to persons who are (a) professional clients within the meaning of
        Article 4 FinSA or qualified investors within the meaning of Article 10 paragraph 3 of the Swiss Collective
        Investment Schemes Act, or (b) persons of equivalent status under the laws of their place of residence or
        incorporation, and who in each case satisfy the selling restrictions of clause 11.`,
      `6.2 Both natural persons and legal entities may subscribe. A legal entity subscribes through an authorised
        signatory, who must provide evidence of authority and details of the entity's beneficial owners.`,
      `6.3 By proceeding with a subscription, each investor represents that it meets these requirements and that
        it is subscribing for its own account and not with a view to distribution.`,
    ]),
    clause('7. Subscription Process', [
      `7.1 Subscriptions are made exclusively through the Portal, which guides the investor through the following
        steps in order. A step becomes available only when the previous step has been completed.`,
      `(a) Registration: the investor states the intended subscription amount in EUR, the resulting number of
        Tokens, its investor type and details, its primary jurisdiction and the Ethereum wallet address to which
        Tokens are to be delivered, and accepts the Mutual Non-Disclosure Agreement.`,
      `(b) Disclosure review: the investor reads each disclosure section, including this Summary, for at least
        the minimum reading time indicated and to its end.`,
      `(c) Identity verification: the investor completes the Foundation's know-your-customer and anti-money
        laundering checks ("KYC/AML"), including an identity document, a biometric check, a proof of address and
        a screening questionnaire covering source of funds, politically exposed person status, sanctions and
        criminal record.`,
      `(d) Legal agreements: the investor reviews, accepts and signs electronically seven agreements, namely the
        Private Placement Memorandum acknowledgement, the Investment Agreement, the Token Purchase Agreement, the
        Terms and Conditions, the Qualified Investor Agreement, the Privacy Policy and the Risk Acknowledgment, and
        confirms its Ethereum wallet address.`,
      `(e) Payment: the investor pays the subscription amount by one of the methods described in clause 8.`,
      `7.2 The Foundation may request additional information or documents at any step, and may suspend or refuse
        a subscription where the KYC/AML checks are not completed to its satisfaction. Personal data are processed
        in accordance with the Privacy Policy.`,
    ]),
    clause('8. Payment', [
      `8.1 Payment may be made by any of the following methods offered in the Portal:`,
      `(a) Card: payment by credit or debit card through the Foundation's third-party card payment provider,
        subject to the provider's authentication procedures. Any card processing fee is shown in the Portal before
        the payment is confirmed.`,
      `(b) Cryptocurrency: payment in ETH, BTC, USDC or USDT to the Foundation's receiving wallet address for the
        chosen asset as displayed in the Portal. The amount to be sent is calculated from the subscription amount
        at the EUR exchange rate shown in the Portal at the time of payment. Network fees are borne by the
        investor, and payment must be made from a wallet under the investor's control.`,
      `(c) Wire transfer: payment in EUR by bank transfer to the Foundation's bank account shown in the Portal,
        quoting the payment reference provided. Wire transfers are usually processed within one to three business
        days. Bank charges are borne by the investor.`,
      `8.2 A payment is treated as received only when the Foundation has received cleared funds in the full amount
        due. Payments from third parties are not accepted. Payments that are incomplete, made from an account or
        wallet that does not belong to the investor, or that cannot be reconciled may be returned, net of costs.`,
    ]),
    clause('9. Acceptance and Token Delivery', [
      `9.1 A subscription is binding on the Foundation only when the Foundation has accepted it, which it does
        after completion of all steps of clause 7 and receipt of cleared funds. The investor is informed of
        acceptance by email.`,
      `9.2 The Foundation will deliver the allocated Tokens to the Ethereum wallet address confirmed by the
        investor, normally within 24 to 48 hours after acceptance. Delivery may take longer in case of network
        congestion, technical disruption or additional compliance review.`,
      `9.3 The investor is solely responsible for the accuracy of the wallet address and for control of the
        associated private keys. Tokens sent to an address provided by the investor are deemed delivered and
        cannot be recovered by the Foundation.`,
      `9.4 If a subscription is rejected, the amount received is returned to the originating account or wallet
        without interest and net of any third-party costs, within a reasonable time.`,
    ]),
    clause('10. Fees and Expenses', [
      `10.1 The Foundation does not charge a subscription fee. Card processing fees, blockchain network fees, bank
        charges and currency conversion costs incurred by the investor are borne by the investor. Each investor
        bears its own advisory costs.`,
    ]),
    clause('11. Selling Restrictions', [
      `11.1 General: the Tokens may not be offered, sold or delivered, and this Summary may not be distributed, in
        any jurisdiction except in circumstances that comply with applicable law. Persons into whose possession
        this Summary comes must inform themselves about and observe any such restrictions.`,
      `11.2 Switzerland: the Offering is made only to professional clients and qualified investors and is exempt
        from the obligation to publish a prospectus under FinSA.`,
      `11.3 European Economic Area: the Offering is addressed solely to qualified investors and is made in
        reliance on the exemptions available under MiCA for offers of crypto-assets addressed solely to qualified
        investors or to fewer than 150 persons per Member State.`,
      `11.4 United Kingdom: this Summary is communicated only to persons to whom it may lawfully be communicated
        under section 21 of the Financial Services and Markets Act 2000 and the rules applicable to promotions of
        qualifying cryptoassets, and must not be acted upon by any other person.`,
      `11.5 United States: the Tokens have not been and will not be registered under the U.S. Securities Act of
        1933. They are offered in the United States only to accredited investors in reliance on an exemption from
        registration, and outside the United States in reliance on Regulation S.`,
      `11.6 Sanctions: the Offering is not made to any person who is the subject of sanctions administered by
        Switzerland, the European Union, the United Kingdom, the United States or the United Nations, or who is
        resident in a sanctioned country or territory.`,
    ]),
    clause('12. Taxation', [
      `12.1 The acquisition, holding, use and transfer of Tokens may have tax consequences for investors, which
        depend on their individual circumstances and on the laws of their place of residence. The Foundation does
        not withhold any tax on the Tokens and gives no assurance about the tax treatment of any investor.`,
    ]),
    clause('13. Reporting and Investor Communication', [
      `13.1 Upon completion of a subscription, the investor receives a confirmation email and retains access to
        the Portal, where it can review its disclosures, verification records and signed agreements and download
        its signed documents.`,
      `13.2 The Foundation sends quarterly reports by email to investors, covering the development of the G2G
        network, the application of proceeds and the treasury position, as further described in the Foundation
        Governance statement.`,
    ]),
    clause('14. Governing Law and Jurisdiction', [
      `14.1 The Offering and all agreements entered into in connection with it are governed by the substantive
        laws of Switzerland. The courts of the Canton of Zug, Switzerland, have exclusive jurisdiction, subject to
        any mandatory rules of law.`,
    ]),
  ],
  closing: [
    prose(`This Summary is a summary only and does not purport to be complete. It is qualified in its entirety
      by the Token Terms and Conditions, the other disclosure sections and the subscription agreements made
      available in the Portal.`),
  ],
};
