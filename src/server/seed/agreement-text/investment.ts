/**
 * The Investment Agreement: the investor's subscription for the amount registered in the portal, its acceptance
 * by the Foundation after KYC/AML approval and cleared funds, and the refund if the verification is rejected.
 */
import type { AgreementContent } from './agreement-content.ts';
import { electronicSignatureClosing, foundationSignatureBlock, investorSignatureBlock, signatureFields } from './agreement-content.ts';
import { clause, prose } from '../disclosure-text/prose.ts';

const SIGNATURE = signatureFields('investment');

export const INVESTMENT_AGREEMENT: AgreementContent = {
  key: 'investment',
  title: 'Investment Agreement',
  document: {
    title: 'Investment Agreement',
    subtitle: 'Subscription for G2G utility tokens in the private placement of G2G Token Foundation',
    subject: 'Investment Agreement between G2G Token Foundation and an investor in the private placement of G2G tokens',
    preamble: [
      prose(`This Investment Agreement (the "Agreement") is entered into between G2G Token Foundation, a foundation
        established under the laws of Switzerland with its seat in the Canton of Zug and entered in the commercial
        register of the Canton of Zug (the "Foundation"), and the natural person or legal entity identified in the
        registration submitted through the Foundation's investor portal (the "Investor"). The Foundation and the
        Investor are each a "Party" and together the "Parties".`),
      prose(`Whereas the Foundation offers G2G tokens (the "Tokens") by way of a private placement to qualified
        investors on the terms of the Private Placement Memorandum (the "Offering"), and the Investor wishes to
        subscribe for Tokens in the Offering, the Parties agree as follows.`),
    ],
    clauses: [
      clause('1. Definitions and Interpretation', [
        `1.1 Terms defined in the Private Placement Memorandum (the "Memorandum") have the same meaning in this
          Agreement. In addition:`,
        `(a) "Portal" means the Foundation's investor portal through which the Offering is conducted, and
          "Registration" means the registration of the Investor in the Portal, including the data the Investor
          entered there and any correction accepted by the Foundation;`,
        `(b) "Subscription Amount" means the amount in EUR registered by the Investor in the Registration, "Token
          Price" means the price per Token shown in the Portal at the time of Registration, and "Token Quantity"
          means the Subscription Amount divided by the Token Price, calculated to six (6) decimal places and
          rounded down;`,
        `(c) "Processing Fee" means the fee for the payment method chosen by the Investor, being four per cent
          (4%) of the Subscription Amount for card payments, one per cent (1%) for payments in cryptocurrency and
          nil for wire transfers, and "Total Amount Due" means the Subscription Amount plus the Processing Fee;`,
        `(d) "KYC/AML Verification" means the identity verification, anti-money laundering and sanctions
          screening and qualification checks that the Investor completes in the Portal, and "KYC Approval" means
          the Foundation's decision, after its review, that the KYC/AML Verification has been completed to its
          satisfaction;`,
        `(e) "Transaction Documents" means this Agreement, the other Agreements listed in the Memorandum and the
          Token Terms and Conditions (the "Token Terms");`,
        `(f) "Business Day" means a day other than a Saturday, a Sunday or a public holiday on which banks are open
          for general business in Zug, Switzerland; and`,
        `(g) "Signature Date" means the date and time at which the Investor signs this Agreement in the Portal, as
          recorded by the Portal.`,
        `1.2 Headings are for convenience only. References to clauses are to clauses of this Agreement. Words in
          the singular include the plural and vice versa. "Including" means including without limitation.`,
      ]),
      clause('2. Subscription', [
        `2.1 Subject to the terms of this Agreement, the Investor subscribes for the Token Quantity at the Token
          Price and undertakes to pay the Total Amount Due. The Subscription Amount, the Token Price and
          the Token Quantity are those shown in the Registration, which the Investor confirms as correct by signing
          this Agreement.`,
        `2.2 The Investor's subscription constitutes an offer to the Foundation. It becomes binding on the
          Foundation only on Acceptance under clause 3. The Foundation is under no obligation to accept any
          subscription.`,
        `2.3 The Investor may withdraw its subscription by written notice to the Foundation at any time before it
          initiates payment. Once payment has been initiated the subscription is irrevocable and may not be
          withdrawn, except under clause 10.3.`,
        `2.4 The Tokens are delivered, and the Investor's rights as a holder of Tokens are governed, by the Token
          Purchase Agreement and the Token Terms, which form an integral part of this Agreement.`,
      ]),
      clause('3. Acceptance', [
        `3.1 The Foundation accepts the subscription ("Acceptance") by notice to the Investor by email once the
          conditions precedent of clause 5 are satisfied. The Foundation may accept the subscription in part, in
          which case the Token Quantity is reduced accordingly and the excess paid is returned under clause 10.4.`,
        `3.2 The Foundation gives its consent to this Agreement by Acceptance, which is evidenced by the Acceptance
          email and recorded in the Portal; no further signature of the Foundation is required for this Agreement
          to bind it. The Investor can consult the status of its subscription in the Portal at any time.`,
      ]),
      clause('4. Payment', [
        `4.1 The Investor shall pay the Total Amount Due in full by card, cryptocurrency (ETH, BTC, USDC or USDT)
          or wire transfer in EUR, as chosen in the Portal, in accordance with the instructions shown there. A wire
          transfer shall quote the payment reference shown in the Portal and is usually received within one to
          three (1-3) Business Days.`,
        `4.2 Payment is made when cleared funds in the full Total Amount Due have been received by the
          Foundation. For payments in cryptocurrency, the amount of the asset to be sent is the Total Amount Due
          divided by the EUR exchange rate shown in the Portal at the time of payment, calculated to six (6)
          decimal places, and payment is made when the transaction has received the number of confirmations the
          Foundation requires for that asset.`,
        `4.3 Payments must be made from an account, card or wallet held in the name of, or controlled by, the
          Investor. Payments from third parties are not accepted and are returned.`,
        `4.4 The Investor bears its own bank charges, card issuer charges, blockchain network fees and currency
          conversion costs. The Processing Fee does not increase the Token Quantity. No other fee is charged by the
          Foundation.`,
        `4.5 If the Investor has not paid the Total Amount Due within thirty (30) days after the Signature Date,
          the Foundation may treat the subscription as withdrawn and terminate this Agreement by notice.`,
      ]),
      clause('5. Conditions Precedent', [
        `5.1 Acceptance is subject to the following conditions precedent, each of which must be satisfied to the
          satisfaction of the Foundation:`,
        `(a) KYC Approval;`,
        `(b) the signature by the Investor of all Agreements and the confirmation of a Delivery Address in the
          format required by the Token Terms;`,
        `(c) receipt of cleared funds in the full Total Amount Due under clause 4;`,
        `(d) the representations and warranties of the Investor under clause 6 being true and accurate at the
          Signature Date and at Acceptance;`,
        `(e) no law, regulation, sanction, order of a competent authority or other circumstance prohibiting or
          restricting the subscription, the issuance of the Tokens or their delivery to the Investor; and`,
        `(f) the Offering not having been closed or suspended, and Tokens remaining available for allocation.`,
        `5.2 The conditions of clause 5.1 are for the benefit of the Foundation, which may waive the condition of
          paragraph (f) and, to the extent permitted by law, the condition of paragraph (d). The conditions of
          paragraphs (a), (b), (c) and (e) cannot be waived.`,
      ]),
      clause('6. Representations and Warranties of the Investor', [
        `6.1 The Investor represents and warrants to the Foundation, at the Signature Date and at Acceptance,
          that:`,
        `(a) it has full legal capacity and, if a legal entity, is duly organised and validly existing and its
          authorised signatory is duly authorised to enter into the Transaction Documents on its behalf;`,
        `(b) the Transaction Documents constitute valid and binding obligations of the Investor, and their
          conclusion and performance do not breach any law, order or agreement binding on it;`,
        `(c) it meets the requirements of at least one category of the Qualified Investor Declaration, and the
          statements in that Declaration are true;`,
        `(d) all information it has provided in the Registration and in the KYC/AML Verification, including its
          identity, address, source of funds and declarations on politically exposed person status, sanctions and
          criminal record, is true, complete and not misleading;`,
        `(e) it subscribes for its own account, as beneficial owner, and not as nominee or agent for any other
          person, nor with a view to the distribution or resale of the Tokens;`,
        `(f) the funds used for payment are its own, are lawfully held and are not derived from, or connected
          with, money laundering, terrorist financing, tax offences or any other criminal activity;`,
        `(g) it is not a person subject to sanctions administered by Switzerland, the European Union, the United
          Kingdom, the United States or the United Nations, nor owned or controlled by, or acting on behalf of,
          such a person, nor resident in a sanctioned country or territory;`,
        `(h) it has read the Disclosure Documents and the Memorandum, has had the opportunity to ask questions and
          to take independent advice, and has made its own decision to subscribe without relying on any
          statement not contained in the Transaction Documents;`,
        `(i) it has sufficient knowledge and experience of crypto-assets and blockchain technology to evaluate the
          merits and risks of the Tokens and to hold them securely, and it can bear the loss of the entire Total
          Amount Due; and`,
        `(j) its subscription complies with the laws of its place of residence or incorporation and of every
          jurisdiction from which it subscribes, and it has obtained any consent required.`,
        `6.2 The Investor shall notify the Foundation without delay if any of these representations ceases to be
          true before the Delivery Date. The Foundation relies on these representations in accepting the
          subscription. The Investor shall indemnify the Foundation against any loss, liability or cost that the
          Foundation incurs as a result of an incorrect representation.`,
      ]),
      clause('7. Undertakings of the Foundation', [
        `7.1 Subject to Acceptance, the Foundation undertakes:`,
        `(a) to issue and deliver the Token Quantity to the Delivery Address in accordance with the Token Purchase
          Agreement, normally within 24 to 48 hours after Acceptance;`,
        `(b) to apply the proceeds of the Offering in accordance with the use of proceeds described in the
          Memorandum, as adjusted from time to time by the Foundation Council;`,
        `(c) to send the Investor quarterly reports by email, within forty-five (45) days after the end of each
          calendar quarter, and to notify it without undue delay of material events that may significantly affect
          the Tokens;`,
        `(d) to keep the Investor's signed Agreements available for download in the Portal and to provide copies
          on request; and`,
        `(e) to process the Investor's personal data in accordance with the Privacy Policy.`,
        `7.2 The Foundation gives no representation or warranty as to the value of the Tokens, the development of
          a market for them, or the success of the G2G Network. Its obligations are limited to those expressly set
          out in the Transaction Documents.`,
      ]),
      clause('8. Compliance', [
        `8.1 The Investor shall provide promptly any further information or document the Foundation reasonably
          requests to comply with its obligations under the Swiss Anti-Money Laundering Act or other applicable
          law, before or after Acceptance.`,
        `8.2 The Foundation may suspend the processing of the subscription, refuse or return a payment, or take any
          other measure required by law, if the KYC/AML Verification is not completed to its satisfaction or it
          becomes aware of circumstances requiring clarification. Where the law prohibits it from informing the
          Investor of such a measure or of its reasons, it will not do so.`,
      ]),
      clause('9. Limitation of Liability', [
        `9.1 To the extent permitted by law, the Foundation is liable under or in connection with this Agreement
          only for damage caused intentionally or by gross negligence, and not for indirect or consequential loss
          or loss of profit. In any event its aggregate liability to the Investor is limited to the Total Amount
          Due actually received from the Investor. Mandatory liability under Article 100 of the Swiss Code of
          Obligations remains unaffected.`,
      ]),
      clause('10. Term, Termination and Refund', [
        `10.1 This Agreement takes effect on the Signature Date and ends when the Token Quantity has been delivered
          and any amount due to the Investor has been paid, save for clauses 6.2, 9, 11, 12 and 14, which survive.`,
        `10.2 This Agreement terminates automatically, without any liability of either Party, if the KYC/AML
          Verification is rejected by the Foundation. The Foundation may also terminate it by notice before
          delivery of the Tokens if any condition precedent of clause 5 cannot be satisfied, if any representation
          of the Investor is untrue, or if the Offering is closed or suspended.`,
        `10.3 If Acceptance has not been given or the subscription rejected within thirty (30) days after receipt
          of cleared funds, the Investor may terminate this Agreement by notice, unless the delay is due to the
          Investor's failure to provide information requested under clause 8.1.`,
        `10.4 On termination under clause 10.2 or 10.3, or on a partial Acceptance, the Foundation returns the
          amount received, or the excess, including the corresponding Processing Fee, without interest and net of
          third-party costs actually incurred, to the account, card or wallet from which it was paid, without
          undue delay and normally within thirty (30) days. Payments in cryptocurrency are returned in the same
          asset and quantity as received. A return may be delayed or withheld where the Swiss Anti-Money
          Laundering Act, a sanctions regime or a competent authority so requires.`,
        `10.5 After delivery of the Tokens no refund is due, and the Investor's sole rights are those attached to
          the Tokens under the Token Terms.`,
      ]),
      clause('11. Confidentiality', [
        `11.1 The Investor shall keep the terms of the Offering, the Transaction Documents, the quarterly reports
          and all non-public information about the Foundation and the G2G Network confidential, in accordance
          with the Mutual Non-Disclosure Agreement accepted at registration, which continues to apply.`,
        `11.2 The Foundation shall keep the Investor's participation and the information it has provided
          confidential, save for disclosure to its bodies, auditors, advisers and service providers who need to
          know it and are bound by confidentiality, to the supervisory authority and to other authorities where
          required by law, and as described in the Privacy Policy.`,
      ]),
      clause('12. Notices', [
        `12.1 Notices from the Foundation to the Investor are validly given by email to the address registered in
          the Portal, or by publication in the Portal where they concern all investors. An email notice is deemed
          received on the Business Day after it is sent.`,
        `12.2 Notices from the Investor to the Foundation shall be given in writing to its registered address in
          Zug, Switzerland, or by email to the contact address published in the Portal. The Investor shall keep
          its email address in the Portal current.`,
      ]),
      clause('13. Miscellaneous', [
        `13.1 The Transaction Documents constitute the entire agreement between the Parties on their subject
          matter and supersede any prior statement or arrangement. Amendments require the written form or
          electronic acceptance by both Parties in the Portal.`,
        `13.2 The Investor may not assign or transfer this Agreement or any right under it without the prior
          written consent of the Foundation. The Foundation may assign this Agreement to an entity pursuing the
          same purpose with the approval of the supervisory authority.`,
        `13.3 If any provision of this Agreement is invalid or unenforceable, the remaining provisions remain in
          force, and the provision shall be replaced by a valid one that comes closest to its economic purpose.
          No failure or delay in exercising a right operates as a waiver of it.`,
        `13.4 This Agreement is made in English. The Parties agree, within the meaning of Article 16 of the Swiss
          Code of Obligations, that it is validly concluded by electronic signature in the Portal as described in
          the Terms and Conditions.`,
      ]),
      clause('14. Governing Law and Jurisdiction', [
        `14.1 This Agreement is governed by the substantive laws of Switzerland, excluding its conflict of laws
          rules and the United Nations Convention on Contracts for the International Sale of Goods.`,
        `14.2 The courts of the Canton of Zug, Switzerland, have exclusive jurisdiction over any dispute arising out
          of or in connection with this Agreement, subject to an appeal to the Swiss Federal Supreme Court and to
          any mandatory place of jurisdiction for consumers under applicable law.`,
      ]),
    ],
    closing: [
      prose(`In witness whereof, the Parties have entered into this Agreement. The Investor's subscription is made
        on the Signature Date; the Foundation is bound on Acceptance.`),
      electronicSignatureClosing('this Agreement'),
    ],
    signatures: [investorSignatureBlock(SIGNATURE), foundationSignatureBlock('Binding on Acceptance; two authorised signatories signing jointly')],
  },
  checkboxes: [
    {
      id: 'investment_amount_confirmed',
      text: 'I confirm the Subscription Amount I registered in the Portal and the Token Quantity calculated from it at the Token Price.',
      required: true,
      critical: false,
    },
    {
      id: 'investment_binding_subscription',
      text: 'I understand that by signing I subscribe for the Tokens and undertake to pay the Total Amount Due, including the Processing Fee of my payment method, and that my subscription becomes irrevocable once I initiate payment.',
      required: true,
      critical: true,
    },
    {
      id: 'investment_kyc_condition',
      text: 'I understand that my subscription is accepted only after KYC approval and receipt of cleared funds, and that if my KYC verification is rejected my payment is returned net of third-party costs.',
      required: true,
      critical: false,
    },
    {
      id: 'investment_representations_true',
      text: 'The representations and warranties in clause 6 are true, and I will inform the Foundation at once if any of them ceases to be true.',
      required: true,
      critical: false,
    },
    {
      id: 'investment_own_account_funds',
      text: 'I subscribe for my own account with funds that are lawfully mine and not derived from any criminal activity.',
      required: true,
      critical: false,
    },
  ],
  signature: SIGNATURE,
};
