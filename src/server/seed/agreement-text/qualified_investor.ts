/**
 * The Qualified Investor Declaration (the "Qualified Investor Agreement" of the Offering Memorandum Summary): the
 * investor categories by place of residence (Swiss FinSA/CISA, EU MiFID II, UK FSMA financial promotion order,
 * US accredited investors under Regulation D Rule 506(c)), the declarant's statements, and the consequences of a
 * false declaration.
 */
import type { AgreementContent } from './agreement-content.ts';
import { electronicSignatureClosing, foundationSignatureBlock, investorSignatureBlock, signatureFields } from './agreement-content.ts';
import { clause, prose } from '../disclosure-text/prose.ts';

const SIGNATURE = signatureFields('qualified_investor');

export const QUALIFIED_INVESTOR_DECLARATION: AgreementContent = {
  key: 'qualified_investor',
  title: 'Qualified Investor Declaration',
  document: {
    title: 'Qualified Investor Declaration',
    subtitle: 'Private placement of G2G utility tokens by G2G Token Foundation, Zug',
    subject: 'Declaration of qualified investor status for the private placement of G2G tokens',
    preamble: [
      prose(`This Qualified Investor Declaration (the "Declaration", referred to in the Offering Memorandum Summary as
        the Qualified Investor Agreement) is made by the natural person or legal entity identified in the
        registration submitted through the investor portal (the "Declarant") to G2G Token Foundation, Zug,
        Switzerland (the "Foundation"), in connection with the private placement of G2G tokens (the "Tokens")
        described in the Private Placement Memorandum.`),
      prose(`The private placement is addressed only to qualified investors. The Foundation relies on this
        Declaration to determine whether the Tokens may lawfully be offered to the Declarant without a
        prospectus, white paper or registration.`),
    ],
    clauses: [
      clause('1. Declaration', [
        `1.1 The Declarant declares that, at the date of its signature and at the date of delivery of the Tokens,
          it falls within at least one of the categories of clause 2 that apply in the jurisdiction of its
          residence or, for a legal entity, of its incorporation or principal place of business, as stated in its
          registration, and that it is not excluded by clause 3.`,
      ]),
      clause('2. Investor Categories', [
        `2.1 Switzerland: a professional client within the meaning of Article 4 paragraphs 3 to 5 of the Swiss
          Financial Services Act ("FinSA"), including a financial intermediary, an insurance institution, a
          public entity with professional treasury operations, an occupational pension institution or a company
          with professional treasury operations; a high-net-worth retail client or private investment structure
          that has declared, under Article 5 paragraphs 1 and 2 FinSA, that it wishes to be treated as a
          professional client, having either eligible assets of at least CHF 500,000 together with the knowledge
          necessary to understand the risks of the investment, or eligible assets of at least CHF 2 million; or a
          qualified investor within the meaning of Article 10 paragraph 3 of the Swiss Collective Investment
          Schemes Act.`,
        `2.2 European Economic Area: a professional client within the meaning of Annex II to Directive 2014/65/EU
          ("MiFID II"), being a person considered a professional client under Section I of that Annex, or a person
          treated as a professional client on request under Section II of that Annex, having met at least two of
          its criteria as to transaction frequency, portfolio size exceeding EUR 500,000 and professional
          experience. A professional client under Section I, points 1 to 4, of that Annex is a qualified investor
          within the meaning of Regulation (EU) 2023/1114 ("MiCA"); a person treated as a professional client only
          on request is admitted in reliance on the exemption of MiCA for offers addressed to fewer than 150
          persons per Member State.`,
        `2.3 United Kingdom: a person to whom the Offering may lawfully be communicated under the Financial
          Services and Markets Act 2000 (Financial Promotion) Order 2005, being an investment professional (Article
          19), a high net worth company, unincorporated association or trust (Article 49), a certified high net
          worth individual (Article 48) or a certified or self-certified sophisticated investor (Articles 50 and
          50A), in each case only to the extent that the exemption concerned is available for communications
          relating to qualifying cryptoassets, and who holds any certificate or statement that the exemption
          requires.`,
        `2.4 United States: the Offering is not made to U.S. Persons within the meaning of Regulation S under the
          U.S. Securities Act of 1933 (the "Securities Act"), except to an accredited investor within the meaning
          of Rule 501(a) of Regulation D who provides the verification of its status that the Foundation requires
          under Rule 506(c), such as a written confirmation from a registered broker-dealer, a registered
          investment adviser, a licensed attorney or a certified public accountant dated within the last three
          months, or the tax, bank and brokerage documents permitted by that Rule.`,
        `2.5 Other jurisdictions: a person who qualifies in its jurisdiction as a professional, qualified,
          sophisticated or accredited investor to whom the Tokens may be offered without a prospectus, white paper,
          registration or licence, and to whom the Foundation has agreed to offer them.`,
      ]),
      clause('3. Excluded Persons', [
        `3.1 The Declarant is not (a) a person subject to sanctions administered by Switzerland, the European
          Union, the United Kingdom, the United States or the United Nations, or resident in a sanctioned country
          or territory; (b) a U.S. Person, unless it satisfies clause 2.4; or (c) a person to whom the offer of
          the Tokens would be unlawful under the laws of its jurisdiction.`,
      ]),
      clause('4. Statements of the Declarant', [
        `4.1 The Declarant further states that:`,
        `(a) it has sufficient knowledge and experience in financial matters and crypto-assets to evaluate the
          merits and risks of the Tokens, and can bear the economic risk of a total loss of its investment;`,
        `(b) it understands that, as a professional client or qualified investor, it does not benefit from the
          protections afforded to retail clients, in particular the prospectus and key information document
          requirements and, where relevant, the appropriateness and suitability assessments;`,
        `(c) where it has opted to be treated as a professional client, it has been informed of the consequences
          of that choice and may revoke it at any time for the future by written notice, in which case it may no
          longer subscribe in the private placement;`,
        `(d) it subscribes for its own account and not for the account of any person who does not meet the
          requirements of this Declaration; and`,
        `(e) it will provide on request any evidence of its status that the Foundation reasonably requires, and
          will inform the Foundation without delay if this Declaration ceases to be true before delivery of the
          Tokens.`,
      ]),
      clause('5. Legal Entities and Authorised Signatories', [
        `5.1 Where the Declarant is a legal entity, this Declaration is made by its authorised signatory on its
          behalf, and the category of clause 2 must be met by the entity itself. The authorised signatory
          confirms that he or she is duly authorised to make this Declaration and to bind the entity, and that the
          entity is not established for the main purpose of enabling persons who do not qualify to take part in
          the private placement.`,
        `5.2 A Declarant that is a private investment structure, trust or similar arrangement declares in
          addition that the persons for whose benefit it holds assets have been identified to the Foundation in the
          KYC/AML Verification.`,
      ]),
      clause('6. Evidence and Verification', [
        `6.1 The Foundation may at any time, before or after delivery of the Tokens, ask the Declarant to provide
          evidence of its status, such as a written opting-out declaration under Article 5 FinSA, a confirmation of
          professional client classification by a financial institution, recent financial statements, a
          certificate or statement required under the United Kingdom Financial Promotion Order, or the
          verification required under Rule 506(c). Until the evidence is provided, the Foundation may suspend the
          subscription.`,
        `6.2 The Foundation may rely on this Declaration and on the evidence provided without further
          investigation, unless it knows or ought to know that they are untrue. The Foundation keeps this
          Declaration and the evidence with the records of the KYC/AML Verification, as described in the Privacy
          Policy.`,
      ]),
      clause('7. Consequences of a False Declaration', [
        `7.1 If this Declaration is or becomes untrue, the Foundation may reject the subscription or terminate the
          Investment Agreement before delivery of the Tokens, in which case the amount paid is returned under the
          Investment Agreement; after delivery, it may take the measures permitted by the Token Terms and
          Conditions and by law.`,
        `7.2 The Declarant shall indemnify the Foundation against any loss, liability, cost and sanction that
          results from an untrue Declaration, including the costs of any measure required by a supervisory
          authority. A false declaration may also constitute a criminal offence under applicable law.`,
      ]),
      clause('8. Governing Law and Jurisdiction', [
        `8.1 This Declaration is governed by the substantive laws of Switzerland, excluding its conflict of laws
          rules. The courts of the Canton of Zug, Switzerland, have exclusive jurisdiction, subject to an appeal to
          the Swiss Federal Supreme Court and to any mandatory place of jurisdiction under applicable law.`,
      ]),
    ],
    closing: [electronicSignatureClosing('this Declaration', 'The Declarant')],
    signatures: [investorSignatureBlock(SIGNATURE, 'The Declarant'), foundationSignatureBlock('Received and relied upon by the Foundation')],
  },
  checkboxes: [
    {
      id: 'qualified_investor_category',
      text: 'I belong to at least one of the investor categories in clause 2 that apply where I reside or where my entity is incorporated.',
      required: true,
      critical: true,
    },
    {
      id: 'qualified_investor_us_person',
      text: 'I am not a U.S. Person, or I am an accredited investor and will provide the verification the Foundation requires under Rule 506(c).',
      required: true,
      critical: false,
    },
    {
      id: 'qualified_investor_no_retail_protection',
      text: 'I understand that as a qualified investor I do not benefit from the protections given to retail investors.',
      required: true,
      critical: false,
    },
    {
      id: 'qualified_investor_false_declaration',
      text: 'I understand that if this Declaration is untrue the Foundation may reject my subscription and hold me liable for its losses, and I will tell it at once if my status changes.',
      required: true,
      critical: false,
    },
  ],
  signature: SIGNATURE,
};
