/**
 * The seven legal agreements of the agreements step, in the order the portal shows them (legA1..legA7).
 */
import type { AgreementContent } from './agreement-content.ts';
import { INVESTMENT_AGREEMENT } from './investment.ts';
import { PPM_AGREEMENT } from './ppm.ts';
import { PRIVACY_POLICY } from './privacy.ts';
import { QUALIFIED_INVESTOR_DECLARATION } from './qualified_investor.ts';
import { RISK_ACKNOWLEDGMENT } from './risk.ts';
import { TERMS_AGREEMENT } from './terms.ts';
import { TOKEN_PURCHASE_AGREEMENT } from './token_purchase.ts';

export type { AgreementCheckbox, AgreementContent, AgreementKey } from './agreement-content.ts';

export const AGREEMENTS: readonly AgreementContent[] = [
  PPM_AGREEMENT,
  INVESTMENT_AGREEMENT,
  TOKEN_PURCHASE_AGREEMENT,
  TERMS_AGREEMENT,
  QUALIFIED_INVESTOR_DECLARATION,
  PRIVACY_POLICY,
  RISK_ACKNOWLEDGMENT,
];
