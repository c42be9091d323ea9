/**
 * The words of the mutual non-disclosure agreement shown during registration (step 3). Plain ASCII so the
 * standard PDF fonts can set every character.
 */
export const NDA_TITLE = 'Mutual Non-Disclosure Agreement';

export const NDA_PREAMBLE = [
  'This Mutual Non-Disclosure Agreement (the "Agreement") is entered into between G2G Token Foundation, a foundation ' +
    'established and existing under the laws of Switzerland (the "Foundation"), and the natural person or legal entity ' +
    'identified in the registration submitted through the Foundation\'s investor portal (the "Prospective Investor"). ' +
    'The Foundation and the Prospective Investor are each a "Party" and together the "Parties".',
  'The Parties wish to exchange information for the purpose of evaluating a possible subscription by the Prospective ' +
    'Investor for G2G tokens offered by the Foundation by way of private placement to qualified investors (the ' +
    '"Purpose"). In consideration of the mutual covenants set out below, the Parties agree as follows.',
];

export type NdaClause = { heading: string; paragraphs: string[] };

export const NDA_CLAUSES: NdaClause[] = [
  {
    heading: '1. Definitions',
    paragraphs: [
      '1.1 "Confidential Information" means all information, in any form or medium, disclosed by or on behalf of a Party ' +
        '(the "Disclosing Party") to the other Party (the "Receiving Party") in connection with the Purpose, whether before ' +
        'or after the date of this Agreement, including without limitation the private placement memorandum, token ' +
        'economics, financial statements and projections, technical documentation, smart contract code, business plans, ' +
        'investor lists, pricing, the terms of any proposed subscription, and the identity documents and personal data of ' +
        'the Prospective Investor.',
      '1.2 "Representatives" means a Party\'s directors, officers, employees, professional advisers, auditors and ' +
        'financing sources who need to know Confidential Information for the Purpose.',
    ],
  },
  {
    heading: '2. Exclusions',
    paragraphs: [
      '2.1 Confidential Information does not include information which the Receiving Party can demonstrate by written ' +
        'records: (a) is or becomes generally available to the public other than through a breach of this Agreement; ' +
        '(b) was lawfully in its possession before disclosure free of any obligation of confidence; (c) is lawfully ' +
        'received from a third party who is not bound by an obligation of confidence; or (d) is independently developed ' +
        'by or for the Receiving Party without use of or reference to the Confidential Information.',
    ],
  },
  {
    heading: '3. Obligations of Confidentiality',
    paragraphs: [
      '3.1 The Receiving Party shall (a) keep the Confidential Information strictly confidential; (b) use it solely for ' +
        'the Purpose; (c) not disclose it to any person other than its Representatives, each of whom it shall inform of ' +
        'the confidential nature of the information and who shall be bound by obligations of confidence no less strict ' +
        'than those in this Agreement; and (d) protect it with at least the degree of care it applies to its own ' +
        'confidential information, and in no event less than reasonable care.',
      '3.2 The Receiving Party is responsible for any act or omission of its Representatives which would be a breach of ' +
        'this Agreement if done by the Receiving Party.',
      '3.3 The Receiving Party shall notify the Disclosing Party promptly in writing upon becoming aware of any ' +
        'unauthorised use or disclosure of Confidential Information and shall cooperate to limit its consequences.',
    ],
  },
  {
    heading: '4. Compelled Disclosure',
    paragraphs: [
      '4.1 If the Receiving Party is required by law, regulation, court order or a competent supervisory authority to ' +
        'disclose Confidential Information, it may do so to the extent required, provided that, where lawful, it gives ' +
        'the Disclosing Party prompt prior written notice, discloses only the portion legally required, and uses ' +
        'reasonable efforts to obtain confidential treatment of the information disclosed.',
    ],
  },
  {
    heading: '5. Securities Law Matters and No Offer',
    paragraphs: [
      '5.1 Nothing in the Confidential Information constitutes an offer to sell, or the solicitation of an offer to ' +
        'buy, any token or security in any jurisdiction in which such offer or solicitation would be unlawful. Any ' +
        'subscription shall be made solely on the basis of the definitive offering and subscription documents.',
      '5.2 The Prospective Investor acknowledges that the Confidential Information may include material non-public ' +
        'information and undertakes not to trade, or encourage any other person to trade, in any digital asset or ' +
        'financial instrument on the basis of such information in breach of applicable market abuse laws.',
    ],
  },
  {
    heading: '6. Personal Data',
    paragraphs: [
      '6.1 Each Party shall process personal data received under this Agreement in accordance with applicable data ' +
        'protection law, including the Swiss Federal Act on Data Protection and, where applicable, the EU General Data ' +
        'Protection Regulation. The Foundation processes the Prospective Investor\'s personal data to carry out ' +
        'identity verification, anti-money laundering screening and investor qualification checks as described in its ' +
        'privacy policy.',
    ],
  },
  {
    heading: '7. Return and Destruction',
    paragraphs: [
      '7.1 Upon written request of the Disclosing Party, or if the Parties decide not to proceed with the Purpose, the ' +
        'Receiving Party shall promptly return or destroy all Confidential Information in its possession or control, ' +
        'save that it may retain copies required to be kept by law, regulation or bona fide internal compliance ' +
        'policies, and copies held in automatic electronic archives, which shall remain subject to this Agreement.',
    ],
  },
  {
    heading: '8. No Licence, No Warranty, No Obligation',
    paragraphs: [
      '8.1 All Confidential Information remains the property of the Disclosing Party. No licence or other right in any ' +
        'intellectual property is granted by this Agreement.',
      '8.2 Confidential Information is provided "as is". Neither Party makes any representation or warranty as to its ' +
        'accuracy or completeness, except as may be set out in a definitive agreement.',
      '8.3 This Agreement does not oblige either Party to enter into any further agreement or to proceed with any ' +
        'transaction. The Foundation may accept or reject any subscription at its sole discretion.',
    ],
  },
  {
    heading: '9. Term',
    paragraphs: [
      '9.1 This Agreement takes effect on the date the Prospective Investor accepts it through the investor portal and ' +
        'the obligations of confidentiality shall continue for a period of three (3) years from the date of the last ' +
        'disclosure of Confidential Information, and, in respect of personal data and trade secrets, for as long as such ' +
        'information remains confidential under applicable law.',
    ],
  },
  {
    heading: '10. Remedies',
    paragraphs: [
      '10.1 Each Party acknowledges that damages alone may not be an adequate remedy for a breach of this Agreement and ' +
        'that the Disclosing Party shall be entitled to seek injunctive relief, specific performance or other equitable ' +
        'relief for any threatened or actual breach, in addition to any other remedy available at law.',
    ],
  },
  {
    heading: '11. General',
    paragraphs: [
      '11.1 This Agreement constitutes the entire agreement between the Parties relating to its subject matter and ' +
        'supersedes all prior understandings. It may be amended only in writing signed or electronically accepted by ' +
        'both Parties.',
      '11.2 No failure or delay in exercising any right under this Agreement operates as a waiver of it. If any ' +
        'provision is held invalid or unenforceable, the remaining provisions remain in full force and effect.',
      '11.3 Neither Party may assign this Agreement without the prior written consent of the other Party.',
      '11.4 Acceptance of this Agreement by electronic means through the investor portal constitutes a valid and ' +
        'binding signature of the Prospective Investor.',
    ],
  },
  {
    heading: '12. Governing Law and Jurisdiction',
    paragraphs: [
      '12.1 This Agreement is governed by the substantive laws of Switzerland, excluding its conflict of laws rules. ' +
        'The courts of the Canton of Zug, Switzerland, have exclusive jurisdiction over any dispute arising out of or in ' +
        'connection with this Agreement, subject to any mandatory rules of law.',
    ],
  },
];

export const NDA_SIGNATURE_BLOCK = [
  'G2G Token Foundation',
  'By: ______________________________   Name: Foundation Council   Date: ______________',
  'Prospective Investor',
  'Accepted electronically through the investor portal upon completion of registration.',
  'By: ______________________________   Name: ______________________   Date: ______________',
];
