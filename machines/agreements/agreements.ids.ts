import type { AgreementKey } from '../../src/shared/legal.ts';

/** The id of an agreement's chart among the page chart's children. */
export const agreementChildId = (key: AgreementKey) => `agreement-${key}` as const;
