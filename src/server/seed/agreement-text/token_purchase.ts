/**
 * The Token Purchase Agreement: price per token, quantity (amount / price to six decimals), delivery to the wallet
 * address given in the portal, the investor's sole responsibility for that wallet, the twelve-month lock-up that
 * the Token Terms leave to this agreement, and no refund after delivery. The Token Terms are incorporated.
 */
import type { AgreementContent } from './agreement-content.ts';
import { electronicSignatureClosing, foundationSignatureBlock, investorSignatureBlock, signatureFields } from './agreement-content.ts';
import { clause, prose } from '../disclosure-text/prose.ts';

const SIGNATURE = signatureFields('token_purchase');

export const TOKEN_PURCHASE_AGREEMENT: AgreementContent = {
  key: 'token_purchase',
  title: 'Token Purchase Agreement',
  document: {
    title: 'Token Purchase Agreement',
    subtitle: 'Purchase and delivery of G2G utility tokens issued by G2G Token Foundation, Zug',
    subject: 'Token Purchase Agreement between G2G Token Foundation and an investor in the private placement of G2G tokens',
    preamble: [
      prose(`This Token Purchase Agreement (the "Agreement") is entered into between G2G Token Foundation, a
        foundation established under the laws of Switzerland with its seat in the Canton of Zug (the
        "Foundation"), and the natural person or legal entity identified in the registration submitted through the
        Foundation's investor portal (the "Purchaser"). The Foundation and the Purchaser are each a "Party" and
        together the "Parties".`),
      prose(`The Purchaser has subscribed for G2G tokens under the Investment Agreement in the private placement
        described in the Private Placement Memorandum. This Agreement sets out the terms on which the Foundation
        sells and delivers those tokens to the Purchaser. In this Agreement the Purchaser is also referred to as
        the "Investor".`),
    ],
    clauses: [
      clause('1. Definitions', [
        `1.1 Terms defined in the Investment Agreement and in the Token Terms and Conditions (the "Token Terms")
          have the same meaning in this Agreement. In addition:`,
        `(a) "Tokens" means the G2G tokens issued by the Foundation through the Token Contract, an ERC-20 smart
          contract deployed on the Ethereum mainnet whose address is published in the Portal;`,
        `(b) "Token Price" means the price in EUR per Token shown in the Portal when the Purchaser registered its
          Subscription Amount;`,
        `(c) "Purchased Tokens" means the Token Quantity, being the Subscription Amount divided by the Token
          Price, calculated to six (6) decimal places and rounded down, as reduced in case of a partial
          Acceptance;`,
        `(d) "Delivery Address" means the Ethereum address given by the Purchaser in the Portal and confirmed by
          it in the agreements step, as changed under clause 5.4;`,
        `(e) "Delivery" means the transfer of the Purchased Tokens by the Foundation to the Delivery Address, and
          "Delivery Date" means the date on which the delivery transaction is confirmed on the Ethereum
          blockchain; and`,
        `(f) "Lock-up Period" means the period of twelve (12) months from the Delivery Date.`,
      ]),
      clause('2. Sale and Purchase', [
        `2.1 Subject to Acceptance of the Purchaser's subscription under the Investment Agreement, the Foundation
          sells to the Purchaser, and the Purchaser purchases, the Purchased Tokens at the Token Price, on the
          terms of this Agreement and the Token Terms.`,
        `2.2 The purchase price for the Purchased Tokens is the Subscription Amount. The Processing Fee for the
          payment method chosen by the Purchaser is payable in addition under the Investment Agreement and does
          not form part of the purchase price.`,
        `2.3 The Tokens are issued by transfer from the Foundation's allocation in the Token Contract. The
          Purchaser acquires no right to Tokens other than the Purchased Tokens.`,
      ]),
      clause('3. Token Price and Token Quantity', [
        `3.1 The Token Price applicable to the Purchaser is fixed at the time of its registration in the Portal and
          is not affected by any later change of the token price for other registrations, by the exchange rate at
          which a payment in cryptocurrency is converted, or by the Processing Fee.`,
        `3.2 The Token Quantity is calculated by dividing the Subscription Amount by the Token Price and is
          expressed to six (6) decimal places, any remainder being rounded down. By way of example, a
          Subscription Amount of EUR 10,000 at a Token Price of EUR 0.85 gives a Token Quantity of 11,764.705882
          Tokens. The Parties agree that six decimal places is the smallest unit in which Tokens are allocated in
          the private placement; no amount is due to either Party for the fraction rounded down.`,
        `3.3 The Token Quantity shown in the Portal and in the Purchaser's signed Agreements is conclusive, save in
          case of manifest error, which either Party may correct by notice to the other.`,
      ]),
      clause('4. Conditions of Delivery', [
        `4.1 The Foundation is obliged to deliver the Purchased Tokens only when the Purchaser's subscription has
          been accepted under the Investment Agreement, which requires in particular KYC Approval, the signature of
          all Agreements and the receipt of cleared funds in the full Total Amount Due.`,
        `4.2 If the subscription is not accepted, or the Investment Agreement is terminated before Delivery, this
          Agreement terminates at the same time, and the amount paid is returned as provided in the Investment
          Agreement.`,
      ]),
      clause('5. Delivery', [
        `5.1 The Foundation shall deliver the Purchased Tokens to the Delivery Address normally within 24 to 48
          hours after Acceptance. Delivery may take longer in case of congestion or disruption of the Ethereum
          network, technical incidents, force majeure or additional compliance review; the Foundation will inform
          the Purchaser by email of any delay of more than five (5) Business Days.`,
        `5.2 The Foundation bears the Ethereum network fee for the delivery transaction. It notifies the Purchaser
          by email when Delivery has been made, stating the number of Tokens delivered and the transaction hash.`,
        `5.3 Title to and risk in the Purchased Tokens pass to the Purchaser on the Delivery Date. Delivery to the
          Delivery Address discharges the Foundation's delivery obligation in full, whether or not the Purchaser
          has access to the Delivery Address at that time.`,
        `5.4 The Purchaser may change the Delivery Address in the Portal until it has completed the agreements
          step. Afterwards, a change may be made only upon the Purchaser's written request and renewed
          verification of its identity and of its control of the new address, and only before Delivery.`,
        `5.5 If a delivery transaction fails, or the Foundation has reason to believe that the Delivery Address
          cannot receive or transfer ERC-20 tokens, belongs to a sanctioned person or does not belong to the
          Purchaser, the Foundation may suspend Delivery and ask the Purchaser to confirm or change the Delivery
          Address under clause 5.4. The delivery period of clause 5.1 starts again on receipt of a satisfactory
          confirmation. The Foundation is not in default while Delivery is suspended under this clause.`,
        `5.6 If the Purchaser does not provide a satisfactory Delivery Address within ninety (90) days after the
          Foundation's request, the Foundation may terminate this Agreement and the Investment Agreement by notice
          and return the Subscription Amount under the Investment Agreement, net of third-party costs actually
          incurred, in which case no Tokens are delivered.`,
      ]),
      clause('6. Wallet and Private Keys', [
        `6.1 The Delivery Address must consist of the characters "0x" followed by exactly forty (40) hexadecimal
          characters (0-9, a-f or A-F), forty-two (42) characters in total. The Portal rejects any address that
          does not have this format. It checks only the format and cannot verify that an address is correct or
          controlled by the Purchaser.`,
        `6.2 The Purchaser represents and warrants that the Delivery Address belongs to a wallet that (a) it alone
          controls, directly through a private key or through a custodian acting on its behalf; (b) supports ERC-20
          tokens on the Ethereum mainnet; and (c) is not a deposit address of a trading platform, a smart contract
          unable to transfer ERC-20 tokens, or an address on another blockchain.`,
        `6.3 The Purchaser is solely responsible for the accuracy of the Delivery Address and for the safekeeping
          of the private keys, seed phrases, passwords and devices that give access to it. The Foundation never
          holds, and will never ask for, the Purchaser's private keys or seed phrase. Any message asking for them is
          not from the Foundation.`,
        `6.4 The Foundation cannot reverse, cancel, recover or replace Tokens delivered to the Delivery Address,
          whether the address is wrong, inaccessible, compromised or controlled by a third party, or the private
          keys have been lost or stolen. The Foundation is not liable for any such loss.`,
      ]),
      clause('7. Lock-up', [
        `7.1 The Purchased Tokens are subject to the Lock-up Period of twelve (12) months from the Delivery Date.
          During the Lock-up Period the Purchaser shall not, directly or indirectly, sell, transfer, pledge, lend or
          otherwise dispose of any Purchased Token, nor enter into any derivative, swap or other arrangement that
          transfers to another person any of the economic consequences of ownership of the Purchased Tokens.`,
        `7.2 Clause 7.1 does not prevent, in accordance with clause 5.1 of the Token Terms, (a) a transfer to the
          Foundation, including the use of Purchased Tokens to pay for services provided by the Foundation on the
          G2G Network where the Foundation enables such use during the Lock-up Period; or (b) with the Foundation's
          prior written consent, a transfer to an affiliate of the Purchaser that accepts the Token Terms and this
          clause 7 for the remainder of the Lock-up Period.`,
        `7.3 The Foundation may enforce the Lock-up Period by technical means in the Token Contract. Any transfer
          in breach of this clause is void as between the Foundation and the Purchaser, and the Foundation is not
          obliged to recognise the transferee as a Token Holder.`,
        `7.4 After the Lock-up Period the Purchased Tokens may be transferred only in accordance with clause 5 of
          the Token Terms, to persons to whom they may lawfully be offered and who are not subject to sanctions. A
          Purchaser who acquired Tokens in the United States or as a U.S. Person shall in addition comply with the
          resale restrictions of the U.S. Securities Act of 1933.`,
      ]),
      clause('8. No Refund and No Redemption', [
        `8.1 Once the Purchased Tokens have been delivered, the purchase is final. The Purchaser has no right to
          return the Tokens, to cancel the purchase or to a refund of the Subscription Amount or of the Processing
          Fee, whatever the value of the Tokens, the state of the G2G Network or any other circumstance.`,
        `8.2 The Tokens are not redeemable. The Foundation has no obligation to buy back or exchange any Token,
          including on discontinuation of the G2G Network or dissolution of the Foundation.`,
      ]),
      clause('9. Token Contract Replacement, Forks and Compliance Measures', [
        `9.1 If the Foundation replaces the Token Contract in accordance with clause 9.2 of the Token Terms, in
          particular to remedy a security vulnerability or following a fork of the Ethereum blockchain, the
          Purchased Tokens are allocated in the new contract to the address holding them at the announced
          snapshot time, and the Lock-up Period continues to run unchanged.`,
        `9.2 In the event of a fork of the Ethereum blockchain, the Foundation supports only the chain it
          designates in good faith, which it announces to investors by email and in the Portal. Tokens recorded on
          any other chain are not Tokens for the purposes of this Agreement and the Token Terms.`,
        `9.3 The Foundation may take the compliance measures described in clause 10 of the Token Terms, including
          after Delivery, where required by law or by order of a competent authority. The Purchaser shall provide
          on request any information about the origin of its funds or the use of its Tokens that the Foundation
          reasonably requires for that purpose.`,
      ]),
      clause('10. Token Terms Incorporated by Reference', [
        `10.1 The Token Terms, as made available in the Portal and as amended in accordance with their clause 13,
          are incorporated into and form an integral part of this Agreement. The Purchaser confirms that it has
          read them and accepts them as Token Holder.`,
        `10.2 In particular, the Purchased Tokens confer only the rights stated in clause 3 of the Token Terms and
          none of the rights excluded by clause 4 of the Token Terms. They are not shares, bonds, units of a
          collective investment scheme, deposits or electronic money, and do not give any ownership, membership,
          voting, dividend, interest, profit or liquidation right in the Foundation.`,
        `10.3 In the event of any inconsistency, the Token Terms prevail as to the rights attached to the Tokens
          and this Agreement prevails as to the Lock-up Period and the sale and Delivery of the Purchased Tokens.`,
      ]),
      clause('11. Representations of the Purchaser', [
        `11.1 The Purchaser repeats, as at the Delivery Date, the representations and warranties it has given in
          the Investment Agreement and the Qualified Investor Declaration. It further represents that it has the
          technical knowledge needed to hold, secure and use ERC-20 tokens, and that it acquires the Purchased
          Tokens for their intended use and as an investment at its own risk, not for distribution.`,
      ]),
      clause('12. Representations of the Foundation', [
        `12.1 The Foundation represents that it is validly existing under Swiss law, that it has the power to
          enter into this Agreement, and that on Delivery the Purchased Tokens will be validly issued in accordance
          with the Token Contract and free of any right of the Foundation or of third parties created by the
          Foundation. The Foundation makes no other representation about the Tokens, their value or their
          utility.`,
      ]),
      clause('13. Taxes', [
        `13.1 The Token Price includes any value added tax that may be due by the Foundation on the issuance of the
          Purchased Tokens. All other taxes, duties and charges arising for the Purchaser from the purchase,
          holding, use or transfer of the Tokens are borne by the Purchaser.`,
      ]),
      clause('14. Limitation of Liability', [
        `14.1 To the extent permitted by law, the Foundation is liable only for damage caused intentionally or by
          gross negligence. It is not liable for indirect or consequential loss, loss of profit, or loss caused by
          the Ethereum blockchain, by third-party wallets, custodians or trading platforms, by force majeure, or by
          the acts or omissions of the Purchaser. Its aggregate liability under this Agreement is limited to the
          Subscription Amount paid by the Purchaser.`,
      ]),
      clause('15. General', [
        `15.1 This Agreement, the Investment Agreement and the Token Terms constitute the entire agreement on the
          sale of the Purchased Tokens. The Purchaser may not assign this Agreement without the Foundation's prior
          written consent. Notices are given as provided in the Investment Agreement.`,
        `15.2 If any provision of this Agreement is invalid or unenforceable, the remaining provisions remain in
          force, and the provision shall be replaced by a valid one that comes closest to its economic purpose.`,
        `15.3 The Parties agree, within the meaning of Article 16 of the Swiss Code of Obligations, that this
          Agreement is validly concluded by electronic signature in the Portal as described in the Terms and
          Conditions.`,
      ]),
      clause('16. Confidentiality and Notices', [
        `16.1 The terms of this Agreement, the Token Quantity and the Delivery Address are confidential information
          of both Parties under the Mutual Non-Disclosure Agreement and the Investment Agreement, save that the
          Purchaser may disclose its holding of Tokens to its advisers, auditors, custodians and authorities. The
          Foundation does not publish the link between the Purchaser and the Delivery Address.`,
        `16.2 Notices under this Agreement are given as provided in the Investment Agreement. The delivery notice
          of clause 5.2 is sent to the email address registered in the Portal.`,
      ]),
      clause('17. Governing Law and Jurisdiction', [
        `17.1 This Agreement is governed by the substantive laws of Switzerland, excluding its conflict of laws
          rules and the United Nations Convention on Contracts for the International Sale of Goods.`,
        `17.2 The courts of the Canton of Zug, Switzerland, have exclusive jurisdiction over any dispute arising out
          of or in connection with this Agreement, subject to an appeal to the Swiss Federal Supreme Court and to
          any mandatory place of jurisdiction for consumers under applicable law.`,
      ]),
    ],
    closing: [
      prose(`In witness whereof, the Parties have entered into this Agreement, which binds the Foundation upon
        Acceptance of the Purchaser's subscription under the Investment Agreement.`),
      electronicSignatureClosing('this Agreement', 'The Purchaser'),
    ],
    signatures: [
      investorSignatureBlock(SIGNATURE, 'The Purchaser'),
      foundationSignatureBlock('Binding on Acceptance; two authorised signatories signing jointly'),
    ],
  },
  checkboxes: [
    {
      id: 'token_purchase_price_quantity',
      text: 'I agree to buy the Token Quantity at the Token Price, the quantity being my Subscription Amount divided by the Token Price to six decimal places.',
      required: true,
      critical: false,
    },
    {
      id: 'token_purchase_wallet_control',
      text: 'The Delivery Address I gave in the Portal belongs to a wallet that I alone control, and I alone am responsible for its private keys.',
      required: true,
      critical: true,
    },
    {
      id: 'token_purchase_no_recovery_no_refund',
      text: 'I understand that Tokens delivered to my Delivery Address cannot be recovered or replaced by the Foundation and that there is no refund after delivery.',
      required: true,
      critical: true,
    },
    {
      id: 'token_purchase_lockup',
      text: 'I understand that I may not sell or transfer my Tokens during the Lock-up Period of twelve months from the Delivery Date.',
      required: true,
      critical: false,
    },
    {
      id: 'token_purchase_token_terms',
      text: 'I have read and accept the Token Terms and Conditions, which form part of this Agreement.',
      required: true,
      critical: false,
    },
  ],
  signature: SIGNATURE,
};
