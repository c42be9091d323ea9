/**
 * The words of the Risk Factors disclosure section. Its clauses also fill the long benchmark document
 * (long-pdf.ts), so each clause is self-contained.
 */
import type { LegalDocument } from '../../pdf/legal-pdf.ts';
import { clause, prose } from './prose.ts';

export const RISK_FACTORS: LegalDocument = {
  title: 'Risk Factors',
  subtitle: 'Private placement of G2G utility tokens - for qualified investors only',
  subject: 'Risks of subscribing for, holding and using G2G tokens issued by G2G Token Foundation',
  preamble: [
    prose(`An acquisition of G2G tokens (the "Tokens") issued by G2G Token Foundation (the "Foundation") involves a
      high degree of risk and is suitable only for qualified investors who understand the nature of crypto-assets
      and can bear the loss of their entire subscription amount. Prospective investors should carefully consider
      the risks described below, together with all other information in the disclosure sections made available
      in the investor portal (the "Portal"), before deciding to subscribe.`),
    prose(`The risks below are those the Foundation considers material on the date of this document. They are not
      exhaustive and are not listed in order of likelihood or magnitude. Additional risks not presently known to
      the Foundation, or that it currently deems immaterial, may also affect the Tokens or the G2G network.`),
  ],
  clauses: [
    clause('1. Risk of Total Loss', [
      `1.1 The value of the Tokens may fall to zero. The Tokens carry no right to repayment, redemption,
        interest, dividends or any share in the assets or profits of the Foundation. Investors should subscribe
        only an amount they can afford to lose in full without any change to their standard of living or to the
        financial condition of their business.`,
    ]),
    clause('2. Regulatory Classification Risk', [
      `2.1 The Foundation has structured the Tokens as utility tokens which, in its view, do not qualify as
        securities, financial instruments or deposits under Swiss law. The classification of crypto-assets is,
        however, developing and differs between jurisdictions. A supervisory authority or court in Switzerland or
        elsewhere may take a different view, in which case the Foundation may be required to obtain licences,
        publish a prospectus, restrict the use or transfer of the Tokens, or cease activities in a jurisdiction.`,
      `2.2 Any such reclassification could result in sanctions against the Foundation, rescission claims by
        investors in some jurisdictions, delays to the development of the G2G network, or a material reduction in
        the utility and value of the Tokens.`,
    ]),
    clause('3. Risk of Changes in Law and Regulation', [
      `3.1 Laws and regulations applying to crypto-assets, their issuers and service providers are changing
        rapidly, including Regulation (EU) 2023/1114 on markets in crypto-assets, the United Kingdom regime for
        cryptoassets, United States federal and state securities and commodities laws, and anti-money laundering
        rules such as the travel rule. New requirements may make it more costly or impossible to operate the G2G
        network, to list the Tokens on trading venues, or for investors in certain jurisdictions to hold or use
        the Tokens.`,
    ]),
    clause('4. Market and Price Volatility', [
      `4.1 Prices of crypto-assets have historically been extremely volatile and have on occasion fallen by more
        than 90 per cent within short periods. The price of the Tokens, if a market develops, may be affected by
        general market sentiment, the prices of other crypto-assets, macroeconomic conditions, regulatory news,
        security incidents affecting other projects, and speculation, none of which the Foundation controls.`,
      `4.2 The token price at which Tokens are offered in the private placement is set by the Foundation and is
        not the result of negotiation or of an independent valuation. It does not indicate the price at which
        Tokens may be sold in future.`,
    ]),
    clause('5. Liquidity Risk and Lock-up', [
      `5.1 There is currently no secondary market for the Tokens and there is no assurance that one will develop
        or be sustained. The Foundation has no obligation to apply for, or to procure, the admission of the
        Tokens to trading on any platform. Trading platforms that list the Tokens may suspend or delist them at
        any time.`,
      `5.2 Tokens acquired in the private placement are subject to a lock-up and further transfer restrictions
        under the Token Terms and Conditions. During the lock-up investors will not be able to sell or transfer
        their Tokens, whatever the market conditions, and may be unable to realise their investment at all.`,
    ]),
    clause('6. Technology and Smart Contract Risk', [
      `6.1 The Tokens are created and managed by smart contracts deployed on the Ethereum blockchain. Smart
        contracts may contain bugs, vulnerabilities or design flaws which, despite security reviews, could be
        exploited to create, freeze, destroy or misappropriate Tokens, or could cause the Tokens to behave in
        unintended ways. Smart contracts deployed on a blockchain generally cannot be corrected afterwards, and a
        replacement contract may not recognise balances held in the original contract.`,
      `6.2 The G2G network software is under development. There is no assurance that it will be completed,
        function as described, achieve adoption or be maintained over time. The Tokens may have little or no
        utility if the network is not launched or is not used.`,
    ]),
    clause('7. Blockchain Network Risk', [
      `7.1 The Tokens depend on the continued operation of the Ethereum blockchain, which the Foundation does not
        control. The Ethereum network may be affected by congestion, high transaction fees, outages, consensus
        failures, attacks by validators controlling a significant share of the stake, changes to its protocol, or
        a split of the chain into competing versions ("fork"). Any of these events could delay or prevent
        transfers of Tokens, reduce their utility, or require the Foundation to choose which chain to support.`,
      `7.2 Advances in cryptography, including quantum computing, could in future compromise the cryptographic
        algorithms on which the Ethereum blockchain and the Tokens depend.`,
    ]),
    clause('8. Custody and Private Key Risk', [
      `8.1 Tokens are held at an Ethereum address controlled by a private key. Anyone who obtains the private key
        can transfer the Tokens; anyone who loses it loses access to the Tokens permanently. The Foundation does
        not hold investors' private keys and cannot restore access to, reverse, or replace Tokens that have been
        lost, stolen or sent to a wrong address.`,
      `8.2 Investors who use a custodian, exchange or wallet provider are exposed to the risk that the provider
        becomes insolvent, is hacked, suspends withdrawals, or does not support the Tokens. Some wallet addresses,
        in particular deposit addresses of exchanges, may not be able to receive or return the Tokens.`,
    ]),
    clause('9. Cyber Security and Operational Risk', [
      `9.1 The Foundation, the Portal and the Foundation's service providers may be targets of hacking, phishing,
        malware, denial-of-service and social engineering attacks. A successful attack could result in the loss
        of funds held by the Foundation, the disclosure of investors' personal data, or interruption of the
        Offering. Investors should be alert to fraudulent websites, emails and messages impersonating the
        Foundation and should only use payment details displayed in the Portal.`,
    ]),
    clause('10. Project Execution and Key Person Risk', [
      `10.1 The development of the G2G network depends on a small number of members of the Foundation Council,
        contributors and service providers. The loss of key persons, a failure to recruit qualified personnel, or
        disputes among contributors could delay or prevent the execution of the Foundation's plans. Competing
        projects may offer similar services more successfully.`,
      `10.2 The Foundation has limited financial resources, consisting mainly of the proceeds of token sales. If
        these resources are insufficient, or lose value because they are partly held in crypto-assets, the
        Foundation may be forced to reduce its activities or be dissolved.`,
    ]),
    clause('11. Tax Risk', [
      `11.1 The tax treatment of crypto-assets is uncertain and varies between jurisdictions. Subscribing for,
        holding, using or transferring Tokens may give rise to income tax, capital gains tax, wealth tax, value
        added tax or reporting obligations for investors. Tax authorities may change their practice with
        retroactive effect. The Foundation gives no tax advice and does not gross up any payment for taxes.`,
    ]),
    clause('12. Conflicts of Interest', [
      `12.1 Members of the Foundation Council, its advisers and service providers may hold Tokens, may be
        involved in other crypto-asset projects, and may provide services to the Foundation for remuneration.
        Their interests may differ from those of investors, for example in decisions on the use of proceeds, the
        release of Tokens held by the Foundation, or the selection of service providers. The measures the
        Foundation applies to such conflicts are described in the Foundation Governance statement, but they may
        not eliminate every conflict.`,
      `12.2 The Foundation holds a reserve of Tokens. Its decisions on the allocation, sale or release of those
        Tokens may affect the supply and price of Tokens held by investors.`,
    ]),
    clause('13. No Deposit Protection or Investor Compensation', [
      `13.1 The Foundation is not a bank, securities firm or other supervised financial institution. Amounts paid
        for Tokens are not deposits and are not protected by the Swiss depositor protection scheme (esisuisse) or
        by any other deposit guarantee or investor compensation scheme in Switzerland or elsewhere. The Foundation
        is not supervised by the Swiss Financial Market Supervisory Authority FINMA in respect of the Offering.`,
    ]),
    clause('14. Payment Risk', [
      `14.1 Payments in cryptocurrency are converted at the EUR exchange rate shown in the Portal at the time of
        payment; movements in the rate before the payment is confirmed on the blockchain are borne by the
        investor. Cryptocurrency payments sent to a wrong address or on a wrong network cannot be recovered. Wire
        transfers may be delayed or returned by intermediary banks. Card payments are subject to the rules of the
        card schemes and the card payment provider.`,
    ]),
    clause('15. Compliance, AML and Sanctions Risk', [
      `15.1 The Foundation is required to verify the identity of investors and the origin of funds and to screen
        investors against sanctions and politically exposed persons lists. It may delay or refuse a subscription,
        return payments, or take other measures required by law if these checks are not completed to its
        satisfaction or if it becomes aware of suspicious circumstances. Such measures may be taken at any time,
        including after Tokens have been delivered.`,
    ]),
    clause('16. Third-Party and Counterparty Risk', [
      `16.1 The Foundation relies on third parties for identity verification, payment processing, banking,
        custody of its treasury, hosting of the Portal and the audit of its smart contracts. The failure,
        insolvency or misconduct of any of them could cause losses, delays to token delivery, or the
        interruption of the Offering.`,
    ]),
    clause('17. Limited Information and Rights', [
      `17.1 Investors do not have the information, audit, voting or other rights of shareholders or creditors.
        Their information about the Foundation is limited to the disclosure sections, the quarterly reports and
        any other information the Foundation chooses to publish. The Foundation may amend its deed of foundation,
        regulations and plans, within the limits set by Swiss law and the supervisory authority, without the
        consent of investors.`,
    ]),
    clause('18. Forward-Looking Statements', [
      `18.1 The disclosure sections contain forward-looking statements, including statements about the
        development, launch and adoption of the G2G network, the use of proceeds and the future utility of the
        Tokens. Words such as "aims", "anticipates", "believes", "expects", "intends", "plans", "may" and "will"
        identify such statements. They reflect the current views of the Foundation, are based on assumptions and
        are subject to risks and uncertainties, including those described in this document.`,
      `18.2 Actual results may differ materially from those expressed or implied in forward-looking statements.
        Investors should not place undue reliance on them. The Foundation undertakes no obligation to update any
        forward-looking statement, save as required by law.`,
    ]),
  ],
  closing: [
    prose(`By completing this disclosure section the investor confirms that it has read and understood the risks
      described above and that it is able to evaluate them, alone or with its advisers. The investor will be asked
      to confirm this again in the Risk Acknowledgment among the legal agreements.`),
  ],
};
