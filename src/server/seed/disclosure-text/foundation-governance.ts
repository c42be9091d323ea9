/**
 * The words of the Foundation Governance disclosure section. The supreme body is called the Foundation Council,
 * as in the NDA's signature block.
 */
import type { LegalDocument } from '../../pdf/legal-pdf.ts';
import { clause, prose } from './prose.ts';

export const FOUNDATION_GOVERNANCE: LegalDocument = {
  title: 'Foundation Governance',
  subtitle: 'Organisation, supervision, audit, treasury and reporting of G2G Token Foundation',
  subject: 'Governance statement of G2G Token Foundation for investors in the G2G token private placement',
  preamble: [
    prose(`This statement describes how G2G Token Foundation (the "Foundation") is organised and supervised, how
      its accounts and smart contracts are audited, how it manages the proceeds of the private placement of G2G
      tokens (the "Tokens"), how it handles conflicts of interest, and how it reports to investors.`),
    prose(`The statement summarises the Foundation's deed of foundation (the "Deed") and its organisational
      regulations (the "Regulations"). In case of inconsistency the Deed and the Regulations prevail. Both may be
      inspected on request at the Foundation's registered office.`),
  ],
  clauses: [
    clause('1. Legal Form and Seat', [
      `1.1 The Foundation is a foundation under Articles 80 et seq. of the Swiss Civil Code ("CC"), with its seat
        in the Canton of Zug, Switzerland, and is entered in the commercial register of the Canton of Zug. It was
        established by a public deed with an initial endowment and has legal personality.`,
      `1.2 A Swiss foundation is an independent estate dedicated to a specific purpose. It has no owners,
        shareholders or members, and neither its founders nor Token Holders have any claim to its assets. The
        Foundation's assets may be used only for its purpose.`,
    ]),
    clause('2. Purpose', [
      `2.1 The purpose of the Foundation, as stated in the Deed, is to promote and support the development of the
        G2G Network, an open platform for the exchange of goods and services between organisations, and of the
        related open-source software, and to foster an ecosystem of users, developers and service providers
        around it. The Foundation does not pursue a commercial purpose for the benefit of any person.`,
      `2.2 To achieve its purpose the Foundation may in particular fund software development, award grants, issue
        Tokens, enter into agreements with service providers, hold participations in companies that serve its
        purpose, and cooperate with universities and other organisations.`,
    ]),
    clause('3. Foundation Council', [
      `3.1 The supreme body of the Foundation is its foundation board (Stiftungsrat), referred to in the
        Foundation's documents as the Foundation Council. It consists of at least three members, the majority of
        whom must be independent of the founders and of any service provider that receives material payments from
        the Foundation. At least one member authorised to represent the Foundation must be resident in Switzerland.`,
      `3.2 Members are elected by the Foundation Council itself (co-optation) for a term of three years and may be
        re-elected. A member may be removed by the Foundation Council for good cause, and the supervisory
        authority may remove a member who breaches his or her duties.`,
      `3.3 The Foundation Council is responsible for all matters not delegated under the Regulations, and in
        particular for the strategy of the Foundation, the adoption of the budget and the annual accounts, the
        treasury policy, the issuance and allocation of Tokens, the appointment and supervision of the executive
        management, and the appointment of the statutory auditor.`,
      `3.4 The Foundation Council has a quorum when a majority of its members is present, in person or by video
        conference. Resolutions are passed by a simple majority of the votes cast; the chair has the casting
        vote. Resolutions on the issuance of Tokens, amendments to the Regulations or the treasury policy, and
        transactions with related parties require a majority of two thirds of all members. Minutes are kept of all
        meetings and resolutions.`,
      `3.5 The Foundation is bound by the joint signature of two members of the Foundation Council, or of one
        member jointly with an authorised officer, as entered in the commercial register. No person has sole
        signatory authority.`,
    ]),
    clause('4. Executive Management', [
      `4.1 The Foundation Council may delegate the day-to-day management of the Foundation, including the
        operation of the investor portal and the administration of the private placement, to an executive
        director and other officers under the Regulations. The executive management reports to the Foundation
        Council at least monthly and on any material event without delay.`,
    ]),
    clause('5. Advisory Committee', [
      `5.1 The Foundation Council may appoint an advisory committee of persons with technical, legal, economic or
        community expertise. The advisory committee gives non-binding recommendations on the development roadmap,
        the grant programme and the technical security of the G2G Network. It has no decision-making or
        representation powers.`,
    ]),
    clause('6. Supervisory Authority', [
      `6.1 As a foundation pursuing an international purpose, the Foundation is subject to the supervision of the
        Swiss Federal Foundation Supervisory Authority under Article 84 CC. The supervisory authority ensures that
        the assets of the Foundation are used in accordance with its purpose.`,
      `6.2 Each year the Foundation submits to the supervisory authority its annual report, its audited annual
        accounts, the report of the statutory auditor and the minutes approving the accounts. Amendments to the
        purpose or organisation of the Foundation under Articles 85 to 86b CC require a decision of the
        supervisory authority or the competent federal authority.`,
      `6.3 The supervision of the Foundation under the Civil Code is not a supervision of the Tokens or of the
        private placement. The Foundation is not supervised by the Swiss Financial Market Supervisory Authority
        FINMA. For the purposes of the Swiss Anti-Money Laundering Act, the Foundation carries out its identity
        verification and monitoring duties itself or through a financial intermediary affiliated with a
        recognised self-regulatory organisation.`,
    ]),
    clause('7. Audits', [
      `7.1 Financial audit: the Foundation Council appoints an independent statutory auditor licensed by the
        Federal Audit Oversight Authority. The auditor audits the annual accounts of the Foundation, which are
        prepared in accordance with the Swiss Code of Obligations, including the Foundation's holdings of
        crypto-assets and the Tokens it holds, and reports to the Foundation Council and the supervisory authority.
        The Foundation does not opt out of the audit.`,
      `7.2 Smart contract audit: the Token Contract and every other smart contract deployed by the Foundation that
        holds or controls Tokens or treasury assets is reviewed by at least one independent security auditor
        before deployment. The Foundation publishes a summary of each audit report and of the remediation of any
        findings.`,
      `7.3 Compliance review: the effectiveness of the Foundation's anti-money laundering procedures is reviewed
        each year by an independent reviewer, and the results are reported to the Foundation Council.`,
    ]),
    clause('8. Treasury Policy', [
      `8.1 The proceeds of the private placement and the other assets of the Foundation are managed under a
        written treasury policy adopted by the Foundation Council. Its principles are capital preservation,
        liquidity sufficient to fund the Foundation's budget, and transparency.`,
      `8.2 Fiat currency is held with banks in Switzerland or the European Union. Crypto-assets received as payment
        are either converted into fiat currency or stablecoins without undue delay or held in accordance with
        limits set by the Foundation Council. The Foundation does not engage in speculative trading, lending of
        treasury assets, leverage or derivatives other than for hedging.`,
      `8.3 Crypto-assets and the Foundation's reserve of Tokens are held in multi-signature wallets or with a
        regulated custodian. Any transaction from a treasury wallet requires the approval of at least two
        authorised signatories, one of whom must be a member of the Foundation Council. Private key material is
        held in hardware devices and backed up at geographically separate locations.`,
      `8.4 The Foundation maintains a reserve sufficient to fund its budgeted expenditure for at least eighteen
        (18) months. Tokens held by the Foundation are released only in accordance with the allocation and vesting
        schedule approved by the Foundation Council and disclosed in the quarterly reports.`,
    ]),
    clause('9. Conflicts of Interest', [
      `9.1 Members of the Foundation Council, the executive management and members of the advisory committee must
        disclose to the Foundation Council any personal interest in a matter to be decided, including holdings of
        Tokens and of other crypto-assets, and any relationship with service providers or counterparties of the
        Foundation.`,
      `9.2 A person with a conflict of interest does not take part in the deliberation or vote on the matter.
        Transactions between the Foundation and members of its bodies or persons close to them must be on arm's
        length terms, require the approval of the independent members of the Foundation Council, and are
        disclosed in the annual report.`,
      `9.3 Members of the Foundation's bodies may not trade in Tokens on the basis of non-public information and
        are subject to blackout periods before the publication of the quarterly reports. Remuneration of members
        of the Foundation Council is set by the Foundation Council within limits reviewed by the supervisory
        authority and does not depend on the price of the Tokens.`,
    ]),
    clause('10. Data Protection and Confidentiality', [
      `10.1 The Foundation processes the personal data of investors in accordance with the Swiss Federal Act on
        Data Protection and, where applicable, the EU General Data Protection Regulation, as described in the
        Privacy Policy. Identity documents and verification records are kept for the periods required by the
        Anti-Money Laundering Act and are accessible only to authorised persons.`,
    ]),
    clause('11. Reporting to Investors', [
      `11.1 The Foundation sends quarterly reports by email to every investor in the private placement, to the
        email address provided in the investor portal, within forty-five (45) days after the end of each calendar
        quarter. Each report covers the progress of the G2G Network against its roadmap, the application of the
        proceeds of the private placement, the treasury position by asset class, the circulating supply and the
        Tokens held by the Foundation, and material changes in the Foundation's bodies, service providers or
        regulatory position.`,
      `11.2 The Foundation publishes its annual report, including a summary of its audited annual accounts, within
        six months after the end of each financial year. Material events that may significantly affect the
        Tokens, such as a security incident, a change of the Token Contract or a regulatory decision, are notified
        to investors by email without undue delay.`,
      `11.3 Investors may address questions about the reports to the contact address published in the investor
        portal. The Foundation answers within a reasonable time but is not obliged to disclose confidential
        information.`,
    ]),
    clause('12. Dissolution', [
      `12.1 The Foundation may be dissolved only in the cases provided by law, in particular if its purpose has
        become impossible to achieve, by decision of the supervisory authority. On dissolution, any remaining
        assets are transferred, as approved by the supervisory authority, to an entity with its seat in Switzerland
        pursuing a similar purpose.
        Assets may not revert to the founders, to members of the Foundation's bodies or to Token Holders.`,
    ]),
  ],
};
