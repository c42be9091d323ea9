/**
 * The KYC review's side effects, built on the back-office API client and handed to the charts with
 * machine.provide({ actors }): the queue, the case, a decision, and a document's bytes as an object URL (the chart
 * has it revoked, by kycCaseActions, when it is no longer shown); the case work and the reviewer aids (checks read
 * again, a word on a screening hit, an EDD checklist item ticked). Every answer is checked against its contract schema.
 */
import { fromPromise } from 'xstate';
import { kycCaseChecksMachine } from '../../../../machines/admin/kyc-case-checks/kyc-case-checks.machine.ts';
import type { DecideHitInput, KycChecks, LoadChecksInput, SetEddItemInput } from '../../../../machines/admin/kyc-case-checks/kyc-case-checks.types.ts';
import { kycCaseWorkMachine } from '../../../../machines/admin/kyc-case-work/kyc-case-work.machine.ts';
import type { AddNoteInput, AssignInput, KycAssignmentResponse, KycCaseNote } from '../../../../machines/admin/kyc-case-work/kyc-case-work.types.ts';
import type { DecideInput, KycCase, KycDecisionResponse, LoadDocumentInput, OpenDocument } from '../../../../machines/admin/kyc-case/kyc-case.types.ts';
import type { KycQueueResponse, LoadQueueInput } from '../../../../machines/admin/kyc-queue/kyc-queue.types.ts';
import {
  KycAssignmentResponseSchema,
  KycCaseSchema,
  KycDecisionResponseSchema,
  KycNoteResponseSchema,
  KycQueueResponseSchema,
} from '../../../shared/admin/kyc-review.ts';
import { KycChecksSchema } from '../../../shared/admin/kyc-checks.ts';
import type { AdminApi } from '../admin-api.ts';

const CASES = '/api/admin/kyc/cases';

export function queueQuery({ filters, cursor }: LoadQueueInput): string {
  const params = new URLSearchParams({ status: filters.status, sort: filters.sort });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.investorType) params.set('investorType', filters.investorType);
  if (filters.minAmount.trim()) params.set('minAmount', filters.minAmount.trim());
  if (filters.country) params.set('country', filters.country);
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (cursor) params.set('cursor', cursor);
  return `${CASES}?${params.toString()}`;
}

export const kycQueueEffects = (api: AdminApi) => ({
  loadQueue: fromPromise<KycQueueResponse, LoadQueueInput>(({ input, signal }) => api.get(queueQuery(input), { schema: KycQueueResponseSchema, signal })),
});

/** The case chart's one browser action: letting go of a document's object URL. */
export const kycCaseActions = {
  revokeDocumentUrl: (_: unknown, { url }: { url: string | null }) => {
    if (url) URL.revokeObjectURL(url);
  },
};

const loadCase = (api: AdminApi) =>
  fromPromise<KycCase, { userId: string }>(({ input, signal }) => api.get(`${CASES}/${encodeURIComponent(input.userId)}`, { schema: KycCaseSchema, signal }));

/** The case work chart with its effects: who holds the case, notes, and the case read again after a refusal. */
export const kycCaseWork = (api: AdminApi) =>
  kycCaseWorkMachine.provide({
    actors: {
      assign: fromPromise<KycAssignmentResponse, AssignInput>(({ input }) => api.post(`${CASES}/${encodeURIComponent(input.userId)}/assignment`, input.payload, { schema: KycAssignmentResponseSchema })),
      addNote: fromPromise<{ note: KycCaseNote }, AddNoteInput>(({ input }) => api.post(`${CASES}/${encodeURIComponent(input.userId)}/notes`, input.payload, { schema: KycNoteResponseSchema })),
      loadCase: loadCase(api),
    },
  });

/** The reviewer aids with their effects: the checks read again while pending, a word on a screening hit, an EDD item ticked. */
export const kycCaseChecks = (api: AdminApi) =>
  kycCaseChecksMachine.provide({
    actors: {
      loadChecks: fromPromise<KycChecks, LoadChecksInput>(({ input, signal }) => api.get(`${CASES}/${encodeURIComponent(input.userId)}/checks`, { schema: KycChecksSchema, signal })),
      decideHit: fromPromise<KycChecks, DecideHitInput>(({ input }) =>
        api.post(`${CASES}/${encodeURIComponent(input.userId)}/screening-hits/${encodeURIComponent(input.hitId)}`, input.payload, { schema: KycChecksSchema }),
      ),
      setEddItem: fromPromise<KycChecks, SetEddItemInput>(({ input }) =>
        api.put(`${CASES}/${encodeURIComponent(input.userId)}/edd/${encodeURIComponent(input.item)}`, input.payload, { schema: KycChecksSchema }),
      ),
    },
  });

export const kycCaseEffects = (api: AdminApi) => ({
  loadCase: loadCase(api),
  caseWork: kycCaseWork(api),
  caseChecks: kycCaseChecks(api),
  decide: fromPromise<KycDecisionResponse, DecideInput>(({ input }) => api.post(`${CASES}/${encodeURIComponent(input.userId)}/decision`, input.payload, { schema: KycDecisionResponseSchema })),
  loadDocument: fromPromise<OpenDocument, LoadDocumentInput>(async ({ input, signal }) => {
    const blob = await api.blob(`${CASES}/${encodeURIComponent(input.userId)}/documents/${encodeURIComponent(input.documentId)}`, { signal });
    return { documentId: input.documentId, url: URL.createObjectURL(blob), contentType: blob.type };
  }),
});
