/**
 * The agreements page's effects: the legal calls (spec section 7) and each agreement's chart with its own, the save
 * of its signing and its signature pad (whose drawing code loads on first use, with the pad's chunk).
 */
import { fromPromise } from 'xstate';
import { agreementMachine } from '../../../machines/agreement/agreement.machine.ts';
import type { SaveAgreementInput } from '../../../machines/agreement/agreement.types.ts';
import { agreementsMachine } from '../../../machines/agreements/agreements.machine.ts';
import type { CompleteLegalInput, SaveAgreementsInput } from '../../../machines/agreements/agreements.types.ts';
import { LegalCompleteResponseSchema, LegalProgressResponseSchema, type LegalCompleteResponse, type LegalProgressResponse } from '../../shared/legal.ts';
import type { ApiClient } from './api-client.ts';
import { provideSignaturePad } from './signature-pad-effects.ts';

export const LEGAL_PATHS = {
  progress: '/api/legal/progress',
  saveProgress: '/api/legal/save-progress',
  complete: '/api/legal/complete',
} as const;

/** POST save-progress with one agreement alone ({agreements: {<name>: ...}}): a signing, or a draft of the boxes. */
const saveOne = (api: ApiClient) =>
  fromPromise<LegalProgressResponse, SaveAgreementInput>(({ input, signal }) =>
    api.post(LEGAL_PATHS.saveProgress, { json: { agreements: { [input.name]: input.submission } }, signal, schema: LegalProgressResponseSchema }),
  );

/** One agreement's chart with its calls and its signature pad. */
export function provideAgreement(api: ApiClient) {
  return agreementMachine.provide({
    actors: {
      saveAgreement: saveOne(api),
      saveDraft: saveOne(api),
      signaturePad: provideSignaturePad(),
    },
  });
}

export function provideAgreements(api: ApiClient) {
  return agreementsMachine.provide({
    actors: {
      loadLegalProgress: fromPromise<LegalProgressResponse, void>(({ signal }) => api.get(LEGAL_PATHS.progress, { signal, schema: LegalProgressResponseSchema })),
      saveAgreements: fromPromise<LegalProgressResponse, SaveAgreementsInput>(({ input }) =>
        api.post(LEGAL_PATHS.saveProgress, { json: input, schema: LegalProgressResponseSchema }),
      ),
      completeLegal: fromPromise<LegalCompleteResponse, CompleteLegalInput>(({ input }) =>
        api.post(LEGAL_PATHS.complete, { json: input, schema: LegalCompleteResponseSchema }),
      ),
      agreement: provideAgreement(api),
    },
  });
}
