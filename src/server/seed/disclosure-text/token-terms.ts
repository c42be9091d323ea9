/**
 * The words of the Token Terms and Conditions disclosure section. The wallet rule in clause 7 is the one the
 * portal enforces (0x followed by 40 hexadecimal characters).
 */
import type { LegalDocument } from '../../pdf/legal-pdf.ts';
import { clause, prose } from './prose.ts';

export const TOKEN_TERMS: LegalDocument = {
  title: 'Token Terms and Conditions',
  subtitle: 'G2G utility tokens issued by G2G Token Foundation, Zug, Switzerland',
  subject: 'Terms and conditions governing the G2G tokens issued by G2G Token Foundation',
  preamble: [
    prose(`These Token Terms and Conditions (the "Token Terms") govern the G2G tokens issued by G2G Token
      Foundation, a foundation established under the laws of Switzerland with its seat in the Canton of Zug (the
      "Foundation"), and the legal relationship between the Foundation and each person who acquires or holds such
      tokens.`),
    prose(`By subscribing for, acquiring or holding Tokens, each Token Holder accepts these Token Terms. The Token
      Terms form an integral part of the Token Purchase Agreement between the Foundation and each investor in the
      private placement.`),
  ],
  clauses: [
    clause('1. Definitions', [
      `1.1 In these Token Terms the following expressions have the following meanings:`,
      `(a) "Tokens" means the digital tokens designated "G2G" issued by the Foundation through the Token Contract,
        and "Token" means any one of them;`,
      `(b) "Token Contract" means the smart contract deployed by the Foundation on the Ethereum mainnet which
        implements the ERC-20 token standard and records the issuance and transfer of Tokens;`,
      `(c) "Token Holder" means any person who holds Tokens at an Ethereum address whose private key it controls,
        or through a custodian on its behalf;`,
      `(d) "G2G Network" means the software platform developed with the support of the Foundation on which
        Tokens may be used to access and pay for services;`,
      `(e) "Portal" means the Foundation's investor portal through which the private placement is conducted;`,
      `(f) "Delivery Date" means the date on which Tokens are transferred by the Foundation to the wallet address
        of an investor in the private placement; and`,
      `(g) "Lock-up Period" means the period after the Delivery Date during which Tokens acquired in the private
        placement may not be transferred, as stated in the Token Purchase Agreement.`,
      `1.2 Headings are for convenience only. References to a person include natural persons and legal
        entities. Words in the singular include the plural and vice versa.`,
    ]),
    clause('2. Nature of the Tokens', [
      `2.1 The Tokens are utility tokens. Their intended function is to give access to, and to serve as a means of
        payment for, services provided on the G2G Network by the Foundation and by third-party service providers
        who choose to accept them.`,
      `2.2 The Tokens are not shares, bonds, units of a collective investment scheme, derivatives, deposits or
        electronic money, and they are not intended to function as an investment or as a general means of payment
        outside the G2G Network. The Tokens are not uncertificated securities or ledger-based securities within
        the meaning of the Swiss Code of Obligations.`,
      `2.3 The Tokens exist only as entries in the Token Contract. No certificates are issued.`,
    ]),
    clause('3. Rights Attached to the Tokens', [
      `3.1 Subject to these Token Terms and to the terms of use of the G2G Network in force from time to time,
        each Token Holder is entitled:`,
      `(a) to use Tokens to access and pay for services offered on the G2G Network, at the rates and on the
        terms published for each service;`,
      `(b) to transfer Tokens to other Ethereum addresses, subject to clause 5; and`,
      `(c) to receive the quarterly reports of the Foundation by email, where the Token Holder acquired its Tokens
        in the private placement and has provided an email address.`,
      `3.2 The Foundation may extend the functions of the Tokens on the G2G Network. Additional functions do not
        create any claim against the Foundation beyond those stated in clause 3.1.`,
    ]),
    clause('4. Rights Not Attached to the Tokens', [
      `4.1 The Tokens do not confer on the Token Holder, and the Foundation does not grant:`,
      `(a) any ownership, membership, participation or other interest in the Foundation or in any other
        entity, the Foundation having no owners or members;`,
      `(b) any right to dividends, interest, profit share, revenue share or other distribution;`,
      `(c) any right to vote on, or to be consulted about, decisions of the Foundation or its bodies;`,
      `(d) any right to repayment of the subscription amount, to redemption or repurchase of Tokens, or to any
        share of the assets of the Foundation, including on its dissolution or liquidation; or`,
      `(e) any intellectual property right in the G2G Network or its software.`,
      `4.2 Any governance or feedback mechanism that the Foundation may offer to Token Holders is consultative
        only and does not bind the Foundation or its bodies.`,
    ]),
    clause('5. Transfer Restrictions and Lock-up', [
      `5.1 Tokens acquired in the private placement may not be sold, transferred, pledged or otherwise disposed
        of during the Lock-up Period, except to the Foundation or, with the Foundation's prior written consent, to
        an affiliate of the Token Holder that accepts these Token Terms. The Foundation may enforce the Lock-up
        Period by technical means in the Token Contract or by delivering Tokens under a vesting arrangement.`,
      `5.2 After the Lock-up Period, Tokens may be transferred only to persons to whom they may lawfully be
        offered, and not to any person subject to sanctions or resident in a sanctioned country or territory. A
        Token Holder transferring Tokens shall inform the transferee that the Tokens are subject to these Token
        Terms.`,
      `5.3 Token Holders resident in the United States, or acquiring Tokens under an exemption from registration
        under the U.S. Securities Act of 1933, shall in addition comply with any resale restrictions applicable
        under that Act.`,
      `5.4 Any transfer in breach of this clause is void as between the Foundation and the Token Holder and the
        Foundation is not obliged to recognise the transferee as a Token Holder for the purposes of clause 3.`,
    ]),
    clause('6. Issuance and Delivery', [
      `6.1 The total supply of Tokens is fixed in the Token Contract at the time of deployment. The Foundation
        will not create Tokens beyond that supply. The allocation of the supply between the private placement, the
        ecosystem, contributors and the Foundation's reserve is disclosed in the quarterly reports.`,
      `6.2 Tokens subscribed in the private placement are issued to the investor by transfer from the
        Foundation's allocation in the Token Contract. The number of Tokens equals the subscription amount in EUR
        divided by the token price applicable to the subscription, as shown in the investor portal at
        registration, rounded down to the smallest unit supported by the Token Contract.`,
      `6.3 The Foundation will transfer the Tokens to the investor's wallet address normally within 24 to 48
        hours after accepting the subscription and receiving cleared funds. The Foundation bears the Ethereum
        network fee for the delivery transaction. Title to and risk in the Tokens pass to the investor when the
        delivery transaction is confirmed on the Ethereum blockchain.`,
    ]),
    clause('7. Wallet Requirements', [
      `7.1 Tokens are delivered only to an Ethereum address provided by the investor in the Portal. A valid
        address consists of the characters "0x" followed by exactly forty (40) hexadecimal characters (0-9 and a-f
        or A-F), being 42 characters in total. The Portal rejects addresses that do not have this format.`,
      `7.2 The investor shall provide an address of a wallet that (a) it alone controls, through a private key
        or a custodian acting on its behalf; (b) supports ERC-20 tokens on the Ethereum mainnet; and (c) is not a
        deposit address of a trading platform, a smart contract unable to transfer ERC-20 tokens, or an address
        on another blockchain.`,
      `7.3 The Portal checks only the format of the address. It cannot verify that the address is correct or
        controlled by the investor. The Foundation is not liable for Tokens delivered to an address provided by
        the investor that is wrong, inaccessible or controlled by a third party.`,
      `7.4 The investor may change the delivery address in the Portal until the agreements step is completed.
        Afterwards, a change requires a written request and renewed verification.`,
    ]),
    clause('8. No Redemption', [
      `8.1 The Tokens are not redeemable. The Foundation has no obligation to buy back, exchange, or refund the
        price of, any Token, whether at the request of a Token Holder, on dissolution of the Foundation, on
        discontinuation of the G2G Network or otherwise, save where a subscription is rejected before delivery of
        the Tokens.`,
    ]),
    clause('9. Token Contract and Upgrades', [
      `9.1 The Token Contract has been, and any replacement will be, reviewed by an independent smart contract
        auditor before deployment. The Foundation publishes the address of the Token Contract in the Portal and in
        its quarterly reports.`,
      `9.2 If the Foundation, acting in good faith, considers it necessary to replace the Token Contract, in
        particular to remedy a security vulnerability or following a fork of the Ethereum blockchain, it may
        deploy a new contract and allocate to each Token Holder the same number of Tokens in the new contract as
        recorded for it in the original contract at a snapshot time announced in advance.`,
    ]),
    clause('10. Compliance Measures', [
      `10.1 Where required by law or by order of a competent authority, the Foundation may suspend services on
        the G2G Network for a Token Holder, decline to recognise a transfer, or request information about the
        origin of Tokens or funds. The Foundation will inform the Token Holder of any such measure unless
        prohibited from doing so.`,
    ]),
    clause('11. Representations of the Token Holder', [
      `11.1 Each investor in the private placement represents to the Foundation that it meets the eligibility
        requirements of the Offering Memorandum Summary; that it has read the disclosure sections, including the
        Risk Factors; that it acquires Tokens for its own account; that its funds are not derived from criminal
        activity; and that it has the technical knowledge needed to hold and use Tokens securely.`,
    ]),
    clause('12. Limitation of Liability', [
      `12.1 To the extent permitted by law, the Foundation is liable only for damage caused intentionally or by
        gross negligence. It is not liable for indirect or consequential loss, loss of profit, or loss caused by
        the Ethereum blockchain, by third-party wallets or platforms, by force majeure, or by the acts of the
        Token Holder. In any event, the liability of the Foundation towards an investor in the private placement
        is limited to the subscription amount paid by that investor.`,
    ]),
    clause('13. Amendments', [
      `13.1 The Foundation may amend these Token Terms to reflect changes in law, regulation or technology, or
        for other legitimate reasons, provided that an amendment does not materially reduce the rights attached to
        the Tokens under clause 3. Amendments are notified to investors by email and published in the Portal at
        least thirty (30) days before they take effect, unless a shorter period is required by law.`,
    ]),
    clause('14. Notices', [
      `14.1 Notices by the Foundation to investors are validly given by email to the address provided in the
        Portal or by publication in the Portal. Notices to the Foundation shall be given in writing to its
        registered address in Zug or to the contact address published in the Portal.`,
    ]),
    clause('15. Severability', [
      `15.1 If any provision of these Token Terms is or becomes invalid or unenforceable, the remaining provisions
        remain in force. The invalid provision shall be replaced by a valid provision that comes closest to its
        economic purpose.`,
    ]),
    clause('16. Governing Law and Jurisdiction', [
      `16.1 These Token Terms and all disputes arising out of or in connection with the Tokens are governed by the
        substantive laws of Switzerland, excluding its rules on conflict of laws and the United Nations Convention
        on Contracts for the International Sale of Goods.`,
      `16.2 The courts of the Canton of Zug, Switzerland, have exclusive jurisdiction over any dispute arising out
        of or in connection with these Token Terms, subject to an appeal to the Swiss Federal Supreme Court and to
        any mandatory place of jurisdiction for consumers under applicable law.`,
    ]),
  ],
};
