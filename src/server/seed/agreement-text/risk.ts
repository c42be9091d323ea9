/**
 * The Risk Acknowledgment: the investor confirms, point by point, the main risks described in the Risk Factors
 * disclosure section (whose clause numbers it cites), as the Risk Factors' closing words announce.
 */
import type { AgreementContent } from './agreement-content.ts';
import { electronicSignatureClosing, foundationSignatureBlock, investorSignatureBlock, signatureFields } from './agreement-content.ts';
import { clause, prose } from '../disclosure-text/prose.ts';

const SIGNATURE = signatureFields('risk');

export const RISK_ACKNOWLEDGMENT: AgreementContent = {
  key: 'risk',
  title: 'Risk Acknowledgment',
  document: {
    title: 'Risk Acknowledgment',
    subtitle: 'Private placement of G2G utility tokens by G2G Token Foundation, Zug - for qualified investors only',
    subject: 'Acknowledgment of the risks of subscribing for, holding and using G2G tokens',
    preamble: [
      prose(`This Risk Acknowledgment is given by the natural person or legal entity identified in the registration
        submitted through the investor portal (the "Investor") to G2G Token Foundation, Zug, Switzerland (the
        "Foundation"), in connection with its subscription for G2G tokens (the "Tokens") in the private placement
        described in the Private Placement Memorandum.`),
      prose(`The risks of the Tokens are described in the Risk Factors, which the Investor has read in the
        disclosure step of the Portal. References below to clauses are to clauses of the Risk Factors. The
        Investor acknowledges each of the following statements separately. The list is not exhaustive, and the
        Risk Factors apply in full.`),
    ],
    clauses: [
      clause('1. Risk of Total Loss', [
        `1.1 I understand that the value of the Tokens may fall to zero and that I may lose the entire amount I
          pay, including the processing fee. The Tokens carry no right to repayment, redemption, interest,
          dividends or any share in the assets or profits of the Foundation (clause 1). I invest only an amount
          whose total loss I can bear without any change to my standard of living or to the financial condition of
          my business.`,
      ]),
      clause('2. Volatility', [
        `2.1 I understand that prices of crypto-assets are extremely volatile and have fallen by more than 90 per
          cent within short periods, and that the price of the Tokens, if a market develops, may be affected by
          factors the Foundation does not control. The token price in the private placement is set by the
          Foundation, is not the result of an independent valuation, and does not indicate any future price
          (clause 4).`,
      ]),
      clause('3. No Secondary Market', [
        `3.1 I understand that there is currently no secondary market for the Tokens, that none may ever develop,
          that the Foundation has no obligation to procure the admission of the Tokens to any trading platform,
          and that a platform that lists them may suspend or delist them at any time (clause 5.1).`,
      ]),
      clause('4. Lock-up', [
        `4.1 I understand that the Tokens I acquire may not be sold, transferred or pledged during the lock-up
          period of twelve (12) months from their delivery, whatever the market conditions, and that afterwards
          they remain subject to transfer restrictions under the Token Terms and Conditions. I may therefore be
          unable to realise my investment at all (clause 5.2).`,
      ]),
      clause('5. Regulatory Change and Classification', [
        `5.1 I understand that the law on crypto-assets is developing and differs between jurisdictions, that a
          supervisory authority or court may classify the Tokens differently from the Foundation, and that new
          laws and regulations may make it more costly or impossible to operate the G2G Network, to trade the
          Tokens, or for me to hold or use them, and may materially reduce their utility and value (clauses 2
          and 3).`,
      ]),
      clause('6. Technology and Smart Contract Risk', [
        `6.1 I understand that the Token Contract and other smart contracts may contain bugs or vulnerabilities that
          could be exploited to create, freeze, destroy or misappropriate Tokens despite security reviews; that the
          G2G Network is under development and may never be completed, function as described or be adopted; and
          that the Tokens depend on the Ethereum blockchain, which may suffer congestion, outages, attacks, forks
          or advances in cryptography that the Foundation does not control (clauses 6 and 7).`,
      ]),
      clause('7. Custody and Private Keys', [
        `7.1 I understand that whoever holds the private key of my wallet controls my Tokens, that Tokens are lost
          permanently if I lose my private key or seed phrase, if they are stolen, or if they are sent to a wrong
          address, and that the Foundation cannot restore access to, reverse or replace them. If I use a
          custodian, exchange or wallet provider, I bear the risk of its failure (clause 8).`,
      ]),
      clause('8. Tax', [
        `8.1 I understand that the tax treatment of the Tokens is uncertain, may give rise to income, capital
          gains, wealth or value added tax and reporting obligations for me, may change with retroactive effect,
          and that the Foundation gives no tax advice. I am solely responsible for my own taxes (clause 11).`,
      ]),
      clause('9. No Deposit Protection or Investor Compensation', [
        `9.1 I understand that the Foundation is not a bank or supervised financial institution, that the amount I
          pay is not a deposit, and that it is not protected by the Swiss depositor protection scheme (esisuisse)
          or by any other deposit guarantee or investor compensation scheme. The Foundation is not supervised by
          FINMA in respect of the private placement (clause 13).`,
      ]),
      clause('10. Forward-Looking Statements', [
        `10.1 I understand that statements about the development, launch and adoption of the G2G Network, the use
          of proceeds and the future utility of the Tokens are forward-looking, are based on assumptions, may prove
          wrong, and will not necessarily be updated. I have not placed undue reliance on them (clause 18).`,
      ]),
      clause('11. Cyber Security and Fraud', [
        `11.1 I understand that the Foundation, the Portal and its service providers may be targets of hacking,
          phishing, malware and social engineering, which could lead to the loss of funds held by the Foundation,
          the disclosure of my personal data or the interruption of the private placement. I will use only the
          payment details displayed in the Portal, and I know that the Foundation will never ask me for my private
          keys, seed phrase or one-time codes (clause 9).`,
      ]),
      clause('12. Project Execution, Resources and Conflicts of Interest', [
        `12.1 I understand that the development of the G2G Network depends on a small number of key persons and on
          the Foundation's limited resources, consisting mainly of the proceeds of token sales, and that competing
          projects may succeed where it does not (clause 10). I understand that members of the Foundation Council,
          advisers and service providers may hold Tokens or have other interests that differ from mine, and that
          the Foundation's decisions on its reserve of Tokens may affect their supply and price (clause 12).`,
      ]),
      clause('13. Payment Risk', [
        `13.1 I understand that a payment in cryptocurrency is converted at the EUR exchange rate shown in the Portal
          at the time of payment, that rate movements before confirmation are borne by me, and that cryptocurrency
          sent to a wrong address or on a wrong network cannot be recovered; that wire transfers may be delayed or
          returned by intermediary banks; and that card payments are subject to the rules of the card schemes and
          the card payment provider (clause 14).`,
      ]),
      clause('14. Compliance Measures and Third Parties', [
        `14.1 I understand that the Foundation must verify my identity and the origin of my funds, and may delay or
          refuse my subscription, return my payment or take other measures required by law, even after my Tokens
          have been delivered (clause 15). I understand that the Foundation relies on third parties for identity
          verification, payments, banking, custody, hosting and audits, whose failure could cause losses or delays
          (clause 16).`,
      ]),
      clause('15. Limited Information and Rights', [
        `15.1 I understand that as a holder of Tokens I have none of the information, audit, voting or other rights
          of a shareholder or creditor, that my information is limited to the disclosure documents, the quarterly
          reports and what the Foundation chooses to publish, and that the Foundation may amend its deed,
          regulations and plans without my consent within the limits of Swiss law (clause 17).`,
      ]),
      clause('16. Own Assessment', [
        `16.1 I have made my decision to subscribe on the basis of my own assessment of the Tokens and of these
          risks, alone or with advisers of my choice. I have not received, and do not rely on, any investment,
          legal or tax advice or recommendation from the Foundation, its bodies, employees or agents. I confirm
          that the Tokens suit my knowledge, experience, financial situation and objectives.`,
        `16.2 I understand that the risks acknowledged above may occur together and reinforce one another, and that
          risks which are not known today, or which the Foundation considers immaterial, may also affect the Tokens.`,
      ]),
      clause('17. Governing Law and Jurisdiction', [
        `17.1 This Risk Acknowledgment is governed by the substantive laws of Switzerland, excluding its conflict of
          laws rules. The courts of the Canton of Zug, Switzerland, have exclusive jurisdiction, subject to an
          appeal to the Swiss Federal Supreme Court and to any mandatory place of jurisdiction under applicable
          law.`,
      ]),
    ],
    closing: [electronicSignatureClosing('this Risk Acknowledgment')],
    signatures: [investorSignatureBlock(SIGNATURE), foundationSignatureBlock('Received by the Foundation')],
  },
  checkboxes: [
    {
      id: 'risk_read_understood',
      text: 'I have read and understood the Risk Factors and each risk I acknowledge in this document.',
      required: true,
      critical: false,
    },
    {
      id: 'risk_total_loss',
      text: 'I understand that I may lose the entire amount I invest, and I can bear that loss.',
      required: true,
      critical: true,
    },
    {
      id: 'risk_no_market_lockup',
      text: 'I understand that there is no secondary market for the Tokens and that I cannot sell or transfer them during the twelve-month lock-up.',
      required: true,
      critical: false,
    },
    {
      id: 'risk_private_keys',
      text: 'I understand that if I lose my private keys, or Tokens are sent to a wrong address, my Tokens cannot be recovered.',
      required: true,
      critical: false,
    },
    {
      id: 'risk_no_deposit_protection',
      text: 'I understand that my payment is not a deposit and is not covered by any deposit protection or investor compensation scheme.',
      required: true,
      critical: false,
    },
    {
      id: 'risk_own_decision',
      text: 'My decision to invest is my own and is not based on any advice or recommendation from the Foundation.',
      required: true,
      critical: false,
    },
  ],
  signature: SIGNATURE,
};
