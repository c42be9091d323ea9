/**
 * The audit trail (issue 16, '/audit': auditors, issuer admins and compliance): the events with their filters (the
 * address holds them, so a filtered view is a link; the action filter suggests the trail's action names), Load more,
 * the CSV export, the chain check (the server's kept answer for every reader, a broken one with its event marked in
 * the list; 'Verify' for auditors and issuer admins, as the server allows) and one investor's journey on the process
 * chart. The decisions and the filter form's draft are the chart's (machines/admin/audit-trail); this renders its
 * snapshots, and hands it the address's filters when the address changes (a link, Back).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { filtersFromSearch, sameFilters, searchFromFilters } from '../../../../machines/admin/audit-trail/audit-trail.filters.ts';
import {
  selectActionNames,
  selectBrokenSeq,
  selectCanLoadMore,
  selectChainError,
  selectChainPhase,
  selectChainReport,
  selectChainSource,
  selectDraft,
  selectEventsError,
  selectEventsPhase,
  selectExporting,
  selectFilters,
  selectJourney,
  selectJourneyError,
  selectJourneyPhase,
  selectLoadingMore,
  selectRows,
  selectSelectedStep,
} from '../../../../machines/admin/audit-trail/audit-trail.selectors.ts';
import type { StaffRole } from '../../../shared/admin/staff-roles.ts';
import type { AdminPageProps } from '../admin-page-props.ts';
import type { SaveFile } from '../../runtime/save-file.ts';
import { auditTrailMachineFor } from './audit-effects.ts';
import { AuditEventTable } from './AuditEventTable.tsx';
import { AuditFiltersForm } from './AuditFiltersForm.tsx';
import { ChainCheck } from './ChainCheck.tsx';
import { JourneyPanel } from './JourneyPanel.tsx';
import './audit.css';

/** Who may run the chain check (the server's GET /api/admin/audit/chain: issuer admins, and auditors on every GET). */
const CHAIN_CHECKERS: readonly StaffRole[] = ['auditor', 'issuer-admin'];

export default function AuditPage({ api, staff, navigate, search = '', save }: AdminPageProps & { save?: SaveFile }) {
  const addressFilters = useMemo(() => filtersFromSearch(search), [search]);
  // The chart outlives a render: it moves through whatever navigate the shell hands the page now.
  const go = useRef(navigate);
  useEffect(() => void (go.current = navigate), [navigate]);
  const machine = useMemo(() => auditTrailMachineFor(api, (to) => go.current(to), save), [api, save]);
  const actor = useActorRef(machine, { input: { filters: addressFilters } });
  const eventsPhase = useSelector(actor, selectEventsPhase);
  const rows = useSelector(actor, selectRows);
  const filters = useSelector(actor, selectFilters);
  const draft = useSelector(actor, selectDraft);
  const eventsError = useSelector(actor, selectEventsError);
  const canLoadMore = useSelector(actor, selectCanLoadMore);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const exporting = useSelector(actor, selectExporting);
  const chainPhase = useSelector(actor, selectChainPhase);
  const chainReport = useSelector(actor, selectChainReport);
  const chainError = useSelector(actor, selectChainError);
  const chainSource = useSelector(actor, selectChainSource);
  const brokenSeq = useSelector(actor, selectBrokenSeq);
  const actionNames = useSelector(actor, selectActionNames);
  const journeyPhase = useSelector(actor, selectJourneyPhase);
  const journey = useSelector(actor, selectJourney);
  const journeyError = useSelector(actor, selectJourneyError);
  const selectedStep = useSelector(actor, selectSelectedStep);

  // The address is the filters' source: a link, Back or Apply changes it, and the chart follows.
  useEffect(() => {
    if (!sameFilters(addressFilters, actor.getSnapshot().context.filters)) actor.send({ type: 'audit.filter', filters: addressFilters });
  }, [actor, addressFilters]);

  const filtered = searchFromFilters(filters) !== '';
  const canVerify = staff.roles.some((r) => CHAIN_CHECKERS.includes(r));

  return (
    <section className="audit" aria-labelledby="audit-title">
      <header className="audit__header">
        <h1 id="audit-title">Audit trail</h1>
        <button type="button" className="admin-button admin-button--secondary" disabled={exporting || eventsPhase !== 'showing'} onClick={() => actor.send({ type: 'audit.export' })}>
          {exporting ? 'Exporting…' : filtered ? 'Export CSV (these filters)' : 'Export CSV'}
        </button>
      </header>
      {canVerify || chainPhase === 'whole' || chainPhase === 'broken' ? (
        <ChainCheck
          phase={chainPhase}
          report={chainReport}
          source={chainSource}
          error={chainError}
          onVerify={canVerify ? () => actor.send({ type: 'audit.verify' }) : null}
          onShowEvent={() => actor.send({ type: 'audit.brokenEvent.show' })}
        />
      ) : null}
      {journeyPhase !== 'closed' ? (
        <JourneyPanel
          key={journey?.userId ?? 'loading'}
          phase={journeyPhase}
          journey={journey}
          error={journeyError}
          selected={selectedStep}
          onSelectStep={(seq) => actor.send({ type: 'audit.journey.select', seq })}
          onRetry={() => actor.send({ type: 'audit.journey.retry' })}
          onClose={() => actor.send({ type: 'audit.journey.close' })}
        />
      ) : null}
      <section className="audit__events" aria-labelledby="audit-events-title">
        <h2 id="audit-events-title">Events</h2>
        <AuditFiltersForm
          draft={draft}
          onEdit={(field, value) => actor.send({ type: 'audit.draft', field, value })}
          onApply={() => actor.send({ type: 'audit.apply' })}
          onClear={() => actor.send({ type: 'audit.clear' })}
          actions={actionNames}
        />
        {eventsError ? <p className="admin-error" role="alert">{eventsError}</p> : null}
        {eventsPhase === 'loading' ? <p role="status">Loading the events…</p> : null}
        {eventsPhase === 'failed' ? (
          <button type="button" className="admin-button" onClick={() => actor.send({ type: 'audit.retry' })}>Try again</button>
        ) : null}
        {eventsPhase === 'showing' && rows.length === 0 ? <p>{filtered ? 'No event matches these filters.' : 'No event is recorded yet.'}</p> : null}
        {eventsPhase === 'showing' && rows.length > 0 ? (
          <>
            <p className="audit__muted" role="status">{rows.length} event{rows.length === 1 ? '' : 's'} shown{canLoadMore || loadingMore ? ', more to load' : ''}.</p>
            <AuditEventTable rows={rows} brokenSeq={brokenSeq} onJourney={(userId) => actor.send({ type: 'audit.journey.open', userId })} />
          </>
        ) : null}
        {canLoadMore || loadingMore ? (
          <button type="button" className="admin-button admin-button--secondary audit__more" disabled={loadingMore} onClick={() => actor.send({ type: 'audit.more' })}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
        ) : null}
      </section>
    </section>
  );
}
