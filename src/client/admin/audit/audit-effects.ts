/**
 * The audit-trail page's effects (issue 16): the chart's calls on the AdminApi. The chart decides; these only call the
 * server. The CSV is fetched with the staff token (api.blob) and handed to the browser as a download, like the payments
 * export: the token never goes into a link.
 */
import { fromPromise } from 'xstate';
import { eventsQuery } from '../../../../machines/admin/audit-trail/audit-trail.filters.ts';
import { auditTrailMachine } from '../../../../machines/admin/audit-trail/audit-trail.machine.ts';
import type { AuditFilters, ExportEventsInput, LoadEventsInput, LoadEventsOutput, LoadJourneyInput } from '../../../../machines/admin/audit-trail/audit-trail.types.ts';
import type { AuditActionsResponse, AuditChainReport, AuditChainStatus, JourneyResponse } from '../../../shared/admin/audit.ts';
import type { AdminApi } from '../admin-api.ts';
import { saveWithLink, type SaveFile } from '../money/money-effects.ts';

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

export const auditTrailMachineFor = (api: AdminApi, save: SaveFile = saveWithLink) =>
  auditTrailMachine.provide({
    actors: {
      loadEvents: fromPromise<LoadEventsOutput, LoadEventsInput>(({ input, signal }) => api.get<LoadEventsOutput>(auditPath(AUDIT_API.events, input.filters, input.cursor), { signal })),
      exportEvents: fromPromise<void, ExportEventsInput>(async ({ input, signal }) => {
        const blob = await api.blob(auditPath(AUDIT_API.eventsCsv, input.filters), { signal });
        save(blob, `audit-events-${new Date().toISOString().slice(0, 10)}.csv`);
      }),
      loadChainStatus: fromPromise<AuditChainStatus>(({ signal }) => api.get<AuditChainStatus>(AUDIT_API.chainStatus, { signal })),
      checkChain: fromPromise<AuditChainReport>(({ signal }) => api.get<AuditChainReport>(AUDIT_API.chain, { signal })),
      loadActions: fromPromise<string[]>(async ({ signal }) => (await api.get<AuditActionsResponse>(AUDIT_API.actions, { signal })).actions),
      loadJourney: fromPromise<JourneyResponse, LoadJourneyInput>(({ input, signal }) => api.get<JourneyResponse>(AUDIT_API.journey(input.userId), { signal })),
    },
  });
