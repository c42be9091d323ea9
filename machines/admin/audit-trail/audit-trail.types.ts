import type { AuditChainReport, AuditEventRow, AuditEventsResponse, JourneyResponse } from '../../../src/shared/admin/audit.ts';

/**
 * The list's filters as the screen and its address hold them: free text for investor, staff and action, and whole
 * days (YYYY-MM-DD, UTC, both inclusive) for the time range; '' is no filter. audit-trail.filters.ts turns them into
 * the API's query (instants) and into the page's address.
 */
export type AuditFilters = { investor: string; staff: string; action: string; from: string; to: string };

export type AuditTrailContext = {
  /** The filters the list shows (the page's address holds them too). */
  filters: AuditFilters;
  /** The filter form as typed, until Apply (issue 29: the draft is the chart's). */
  draft: AuditFilters;
  /** Every page loaded so far, newest first. */
  rows: AuditEventRow[];
  nextCursor: string | null;
  /** The last failure of the list (first page, further page or CSV export), in the server's words. */
  eventsError: string | null;
  /** The last chain check's answer (the server's kept one, or this screen's); kept while a new check runs. */
  chain: AuditChainReport | null;
  /** Where `chain` came from: the server's check at its start, or a staff member's check. */
  chainSource: 'start' | 'staff' | null;
  chainError: string | null;
  /** The action names the trail holds, for the action filter's suggestions ([] until loaded, or if they could not be). */
  actions: string[];
  /** The investor whose journey is open (or loading). */
  journeyUserId: string | null;
  journey: JourneyResponse | null;
  journeyError: string | null;
  /** The journey step the auditor picked in the list (its seq): its state is highlighted on the chart. */
  selectedSeq: number | null;
};

export type AuditTrailEvent =
  /** New filters (from the page's address: a link, Back): the list starts again from its first page. */
  | { type: 'audit.filter'; filters: AuditFilters }
  /** A filter typed in the form (not applied yet). */
  | { type: 'audit.draft'; field: keyof AuditFilters; value: string }
  /** 'Apply filters': the form's filters, shown in the address; 'Clear': none. */
  | { type: 'audit.apply' }
  | { type: 'audit.clear' }
  /** 'Show this event' beside a broken chain: the list filtered to the broken event (its action, person and day). */
  | { type: 'audit.brokenEvent.show' }
  /** 'Load more': the next page after the cursor. */
  | { type: 'audit.more' }
  /** 'Try again' after a failed first page. */
  | { type: 'audit.retry' }
  /** 'Export CSV' with the list's filters, downloaded through the API client (the token never goes into a link). */
  | { type: 'audit.export' }
  /** 'Verify the audit trail': the whole chain checked by the server. */
  | { type: 'audit.verify' }
  /** 'Show journey' of one investor (replaces an open one). */
  | { type: 'audit.journey.open'; userId: string }
  | { type: 'audit.journey.retry' }
  /** A step picked in the journey's list (null: none). */
  | { type: 'audit.journey.select'; seq: number | null }
  | { type: 'audit.journey.close' };

export type AuditTrailInput = { filters?: AuditFilters };

export type LoadEventsInput = { filters: AuditFilters; cursor: string | null };
export type LoadEventsOutput = AuditEventsResponse;
export type ExportEventsInput = { filters: AuditFilters };
export type LoadJourneyInput = { userId: string };
