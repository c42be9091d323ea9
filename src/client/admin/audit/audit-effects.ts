/**
 * The audit-trail page's effects (issue 16): the chart's calls on the AdminApi. The chart decides; these only call the
 * server. The CSV is fetched with the staff token (api.blob) and handed to the browser as a download, like the payments
 * export: the token never goes into a link.
 */
import { fromPromise } from 'xstate';
import { eventsQuery, searchFromFilters } from '../../../../machines/admin/audit-trail/audit-trail.filters.ts';
import { auditTrailMachine } from '../../../../machines/admin/audit-trail/audit-trail.machine.ts';
import type { AuditFilters, ExportEventsInput, LoadEventsInput, LoadEventsOutput, LoadJourneyInput } from '../../../../machines/admin/audit-trail/audit-trail.types.ts';
import {
  AuditActionsResponseSchema,
  AuditChainReportSchema,
  AuditChainStatusSchema,
  AuditEventsResponseSchema,
  JourneyResponseSchema,
  type AuditChainReport,
  type AuditChainStatus,
  type JourneyResponse,
} from '../../../shared/admin/audit.ts';
import type { AdminApi } from '../admin-api.ts';
import { saveBlob, type SaveFile } from '../../runtime/save-file.ts';

export const AUDIT_API = {
  events: '/api/admin/audit/events',
  eventsCsv: '/api/admin/audit/events.csv',
  chain: '/api/admin/audit/chain',
  chainStatus: '/api/admin/audit/chain/status',
  actions: '/api/admin/audit/actions',
  journey: (userId: string) => `/api/admin/audit/journey/${encodeURIComponent(userId)}`,
} as const;

/** An API path with the filters (and a page's cursor) as its query. */
export function auditPath(base: string, filters: AuditFilters, cursor: string | null = null): string {
  const query = new URLSearchParams(eventsQuery(filters, cursor) as Record<string, string>).toString();
  return query ? `${base}?${query}` : base;
}

/** The page's address for these filters ('/audit?investor=…'): a filtered view is a link. */
export const auditAddress = (filters: AuditFilters): string => {
  const query = searchFromFilters(filters);
  return query ? `/audit?${query}` : '/audit';
};

export const auditTrailMachineFor = (api: AdminApi, navigate: (location: string) => void, save: SaveFile = saveBlob) =>
  auditTrailMachine.provide({
    actions: {
      showFiltersInAddress: (_, params: { filters: AuditFilters }) => navigate(auditAddress(params.filters)),
    },
    actors: {
      loadEvents: fromPromise<LoadEventsOutput, LoadEventsInput>(({ input, signal }) => api.get(auditPath(AUDIT_API.events, input.filters, input.cursor), { schema: AuditEventsResponseSchema, signal })),
      exportEvents: fromPromise<void, ExportEventsInput>(async ({ input, signal }) => {
        const blob = await api.blob(auditPath(AUDIT_API.eventsCsv, input.filters), { signal });
        save(blob, `audit-events-${new Date().toISOString().slice(0, 10)}.csv`);
      }),
      loadChainStatus: fromPromise<AuditChainStatus>(({ signal }) => api.get(AUDIT_API.chainStatus, { schema: AuditChainStatusSchema, signal })),
      checkChain: fromPromise<AuditChainReport>(({ signal }) => api.get(AUDIT_API.chain, { schema: AuditChainReportSchema, signal })),
      loadActions: fromPromise<string[]>(async ({ signal }) => (await api.get(AUDIT_API.actions, { schema: AuditActionsResponseSchema, signal })).actions),
      loadJourney: fromPromise<JourneyResponse, LoadJourneyInput>(({ input, signal }) => api.get(AUDIT_API.journey(input.userId), { schema: JourneyResponseSchema, signal })),
    },
  });
