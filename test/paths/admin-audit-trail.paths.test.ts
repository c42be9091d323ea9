/**
 * Paths of the auditor's audit-trail screen (issue 16): the event list (first page with and without more, a failed
 * first page and Try again, Load more appended or failed beside the list, new filters from the address also while a
 * page loads, the filter form's draft applied or cleared (issue 29: shown in the address), the broken event shown in
 * the list, the CSV export done or failed), the chain (the server's kept check: none, whole, broken or unreadable
 * (issue 26); then checked: whole, broken, failed, checked again), the action names for the filter's suggestions
 * (loaded or not) and the journey (opened, failed and retried, a step picked, another investor's opened, closed).
 * Replayed on a real actor with fake calls; after each step: exactly one list call while a page loads, with the
 * chart's filters and the right cursor; one export while exporting; one status call while it loads and one chain
 * check while checking; one action-names call while they load; one journey call while loading, for the right
 * investor; the picked step is one of the journey; a failure is shown in the server's words; a broken answer names
 * the seq the list marks.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { ADMIN_CALL_FAILED } from '../../machines/admin/admin-failure.ts';
import { NO_AUDIT_FILTERS } from '../../machines/admin/audit-trail/audit-trail.filters.ts';
import { auditTrailMachine } from '../../machines/admin/audit-trail/audit-trail.machine.ts';
import { selectBrokenSeq, selectCanLoadMore, selectChainPhase, selectEventsPhase, selectExporting, selectJourneyPhase, selectSelectedStep } from '../../machines/admin/audit-trail/audit-trail.selectors.ts';
import type { AuditFilters, ExportEventsInput, LoadEventsInput, LoadEventsOutput, LoadJourneyInput } from '../../machines/admin/audit-trail/audit-trail.types.ts';
import { AdminApiError } from '../../src/client/admin/admin-api.ts';
import type { AuditChainReport, AuditChainStatus, AuditEventRow, JourneyResponse } from '../../src/shared/admin/audit.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof auditTrailMachine>;

const INVESTOR = '10000000-0000-4000-8000-000000000001';
const OTHER = '10000000-0000-4000-8000-000000000002';
const row = (seq: number): AuditEventRow => ({
  seq,
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  at: '2026-11-24T10:00:00.000Z',
  action: 'kyc.step.saved',
  userId: INVESTOR,
  investorEmail: 'i1@example.com',
  staffId: null,
  staffEmail: null,
  role: null,
  ip: '127.0.0.1',
  userAgent: null,
  detail: { step: 1 },
  hash: 'a'.repeat(64),
  prevHash: 'b'.repeat(64),
});
const PAGE_WITH_MORE: LoadEventsOutput = { rows: [row(9), row(8)], nextCursor: 'c1' };
const LAST_PAGE: LoadEventsOutput = { rows: [row(8), row(7)], nextCursor: null };
const WHOLE: AuditChainReport = { ok: true, checked: 9, head: { seq: 9, hash: 'a'.repeat(64) }, firstBroken: null, checkedAt: '2026-11-24T10:00:00.000Z', durationMs: 12 };
const BROKEN: AuditChainReport = {
  ...WHOLE,
  ok: false,
  firstBroken: { kind: 'altered', seq: 4, eventId: 'e4', message: 'Event #4 was altered.', event: { seq: 4, id: 'e4', at: '2026-11-20T08:00:00.000Z', action: 'kyc.step.saved', userId: INVESTOR, staffId: null } },
};
const BROKEN_EVENT_FILTERS: AuditFilters = { ...NO_AUDIT_FILTERS, action: 'kyc.step.saved', investor: INVESTOR, from: '2026-11-20', to: '2026-11-20' };
const JOURNEY: JourneyResponse = {
  userId: INVESTOR,
  email: 'i1@example.com',
  name: null,
  steps: [
    { seq: 3, at: '2026-11-24T10:00:00.000Z', action: 'auth.register', lifecycleState: 'investment.disclosure', lifecycleFact: null, lifecycleTransitions: [], label: 'Registered', ip: null, documentHashes: [], staffEmail: null, staffName: null },
    { seq: 5, at: '2026-11-24T10:01:00.000Z', action: 'kyc.step.saved', lifecycleState: 'investment.kycCollecting', lifecycleFact: null, lifecycleTransitions: [], label: 'KYC step saved', ip: null, documentHashes: [], staffEmail: null, staffName: null },
  ],
};
const SERVER_WORDS = 'The page cursor is not valid; start from the first page.';
const BY_INVESTOR: AuditFilters = { ...NO_AUDIT_FILTERS, investor: 'i1@example.com', from: '2026-11-01' };

const LIST_EVENTS: AnyEventObject[] = [
  { type: 'audit.filter', filters: BY_INVESTOR },
  { type: 'audit.draft', field: 'investor', value: ' i1@example.com ' },
  { type: 'audit.draft', field: 'from', value: '2026-11-01' },
  { type: 'audit.apply' },
  { type: 'audit.clear' },
  { type: 'audit.more' },
  { type: 'audit.retry' },
  { type: 'audit.export' },
  { type: 'xstate.done.actor.loadEvents', output: PAGE_WITH_MORE },
  { type: 'xstate.done.actor.loadEvents', output: LAST_PAGE },
  { type: 'xstate.error.actor.loadEvents', error: new AdminApiError(400, SERVER_WORDS) },
  { type: 'xstate.error.actor.loadEvents', error: new Error('boom') },
  { type: 'xstate.done.actor.exportEvents', output: undefined },
  { type: 'xstate.error.actor.exportEvents', error: new AdminApiError(403, 'You may not do this.') },
];
const NONE_KEPT: AuditChainStatus = { last: null, running: true };
const KEPT_WHOLE: AuditChainStatus = { last: { report: WHOLE, source: 'start' }, running: false };
const KEPT_BROKEN: AuditChainStatus = { last: { report: BROKEN, source: 'start' }, running: false };
const CHAIN_EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadChainStatus', output: NONE_KEPT },
  { type: 'xstate.done.actor.loadChainStatus', output: KEPT_WHOLE },
  { type: 'xstate.done.actor.loadChainStatus', output: KEPT_BROKEN },
  { type: 'xstate.error.actor.loadChainStatus', error: new AdminApiError(403, 'You may not do this.') },
  { type: 'audit.verify' },
  { type: 'xstate.done.actor.checkChain', output: WHOLE },
  { type: 'xstate.done.actor.checkChain', output: BROKEN },
  { type: 'xstate.error.actor.checkChain', error: new AdminApiError(503, 'The check is busy.') },
  { type: 'audit.brokenEvent.show' },
];
const SUGGESTION_EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadActions', output: ['auth.register', 'kyc.step.saved'] },
  { type: 'xstate.error.actor.loadActions', error: new AdminApiError(503, 'Busy.') },
];
const JOURNEY_EVENTS: AnyEventObject[] = [
  { type: 'audit.journey.open', userId: INVESTOR },
  { type: 'audit.journey.open', userId: OTHER },
  { type: 'audit.journey.retry' },
  { type: 'audit.journey.select', seq: 5 },
  { type: 'audit.journey.select', seq: 404 },
  { type: 'audit.journey.close' },
  { type: 'xstate.done.actor.loadJourney', output: JOURNEY },
  { type: 'xstate.error.actor.loadJourney', error: new AdminApiError(404, 'No such investor.') },
];

/**
 * The four regions are independent: exploring every combination of their states would only multiply the same
 * transitions. So exploration stops where two regions are both away from rest (the list on its first page, the chain
 * unchecked, the action names loaded, no journey): each region is explored while the others rest, and the first step
 * of another region taken mid-way (a check asked while a page loads) is still a path of its own, replayed like the
 * others. The two answers the screen asks for at once (the kept chain check, the action names) are explored while the
 * list and the journey are untouched, and the rest once both have come.
 */
const awayFromRest = (s: Snapshot): number =>
  [
    !(s.matches({ events: { showing: 'idle' } }) && s.context.filters === NO_AUDIT_FILTERS && s.context.draft === s.context.filters && s.context.rows.length === 2 && s.context.eventsError === null),
    !(s.matches({ chain: 'idle' }) || s.matches({ chain: 'loadingStatus' })),
    s.matches({ suggestions: 'unavailable' }),
    !s.matches({ journey: 'closed' }),
  ].filter(Boolean).length;
const extrasPending = (s: Snapshot): boolean => s.matches({ chain: 'loadingStatus' }) || s.matches({ suggestions: 'loading' });
const othersUntouched = (s: Snapshot): boolean =>
  s.matches({ events: 'loading' }) && s.context.filters === NO_AUDIT_FILTERS && s.context.draft === s.context.filters && s.context.rows.length === 0 && s.context.eventsError === null && s.matches({ journey: 'closed' });

const events = [...LIST_EVENTS, ...CHAIN_EVENTS, ...SUGGESTION_EVENTS, ...JOURNEY_EVENTS];

type Call<T> = T & { running: boolean };
type Regions = { events: unknown; chain: unknown; suggestions: unknown; journey: unknown };
type Fakes = {
  before?: Regions;
  loads: Call<LoadEventsInput>[];
  exports: Call<ExportEventsInput>[];
  statuses: Call<object>[];
  checks: Call<object>[];
  names: Call<object>[];
  journeys: Call<LoadJourneyInput>[];
  /** The filters put in the page's address, in order. */
  addresses: AuditFilters[];
  addressesBefore: number;
};

/** A fake effect that records its call and never answers: the path's own events are its answers. */
function recorder<I extends object>(calls: Call<I>[]) {
  return ({ input, signal }: { input: I; signal: AbortSignal }) => {
    const call = { ...input, running: true };
    calls.push(call);
    signal.addEventListener('abort', () => void (call.running = false));
    return new Promise<never>(() => {});
  };
}

describe('admin audit-trail statechart paths', () => {
  const result = coverMachine(auditTrailMachine, {
    name: 'admin-audit-trail',
    events,
    stopWhen: (s) => awayFromRest(s as Snapshot) > 1 || (extrasPending(s as Snapshot) && !othersUntouched(s as Snapshot)),
  });

  it('reaches every state and transition', () => expectFullCoverage(result));


  it('keeps the screen invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths<typeof auditTrailMachine, Fakes>(result.paths, {
      setup: () => {
        const fakes: Fakes = { loads: [], exports: [], statuses: [], checks: [], names: [], journeys: [], addresses: [], addressesBefore: 0 };
        const machine = auditTrailMachine.provide({
          actions: { showFiltersInAddress: (_, params: { filters: AuditFilters }) => void fakes.addresses.push(params.filters) },
          actors: {
            loadEvents: fromPromise<LoadEventsOutput, LoadEventsInput>(recorder(fakes.loads)),
            exportEvents: fromPromise<void, ExportEventsInput>(recorder(fakes.exports)),
            loadChainStatus: fromPromise<AuditChainStatus>(({ signal }) => recorder(fakes.statuses)({ input: {}, signal })),
            checkChain: fromPromise<AuditChainReport>(({ signal }) => recorder(fakes.checks)({ input: {}, signal })),
            loadActions: fromPromise<string[]>(({ signal }) => recorder(fakes.names)({ input: {}, signal })),
            loadJourney: fromPromise<JourneyResponse, LoadJourneyInput>(recorder(fakes.journeys)),
          },
        });
        return { machine, fakes };
      },
      checkStep: ({ snapshot: s, event, fakes }) => {
        const settled = (actor: string, calls: Call<object>[]) => {
          if (new RegExp(`^xstate\\.(done|error)\\.actor\\.${actor}$`).test(event.type)) calls.forEach((c) => void (c.running = false));
        };
        settled('loadEvents', fakes.loads);
        settled('exportEvents', fakes.exports);
        settled('loadChainStatus', fakes.statuses);
        settled('checkChain', fakes.checks);
        settled('loadActions', fakes.names);
        settled('loadJourney', fakes.journeys);

        const firstPage = selectEventsPhase(s) === 'loading';
        const loading = firstPage || s.matches({ events: { showing: 'loadingMore' } });
        const running = fakes.loads.filter((l) => l.running);
        expect(running.length, 'one list call while a page loads').toBe(loading ? 1 : 0);
        if (loading) {
          expect(running[0]!.filters).toEqual(s.context.filters);
          expect(running[0]!.cursor).toBe(firstPage ? null : s.context.nextCursor);
        }
        expect(fakes.exports.filter((e) => e.running).length, 'one export while exporting').toBe(selectExporting(s) ? 1 : 0);
        if (selectExporting(s)) expect(fakes.exports.at(-1)!.filters).toEqual(s.context.filters);
        if (selectCanLoadMore(s)) expect(s.context.nextCursor).not.toBeNull();
        if (event.type === 'audit.filter') expect([s.context.filters, s.context.rows]).toEqual([BY_INVESTOR, []]);
        // The form shows the list's filters once they apply; Apply, Clear and the broken event put them in the address.
        if (['audit.filter', 'audit.apply', 'audit.clear'].includes(event.type)) expect(s.context.draft).toEqual(s.context.filters);
        const movedAddress = ['audit.apply', 'audit.clear', 'audit.brokenEvent.show'].includes(event.type) && selectEventsPhase(s) === 'loading' && s.context.rows.length === 0;
        expect(fakes.addresses.length - fakes.addressesBefore, 'the address moves on Apply, Clear and Show this event only').toBe(movedAddress ? 1 : 0);
        if (movedAddress) expect(fakes.addresses.at(-1)).toEqual(s.context.filters);
        fakes.addressesBefore = fakes.addresses.length;
        if (event.type === 'audit.clear') expect(s.context.filters).toEqual(NO_AUDIT_FILTERS);
        if (event.type === 'audit.apply') expect([NO_AUDIT_FILTERS, { ...NO_AUDIT_FILTERS, investor: 'i1@example.com' }, { ...NO_AUDIT_FILTERS, from: '2026-11-01' }, BY_INVESTOR]).toContainEqual(s.context.filters);
        if (event.type === 'audit.brokenEvent.show' && movedAddress) expect(s.context.filters).toEqual(BROKEN_EVENT_FILTERS);
        expect(new Set(s.context.rows.map((r) => r.seq)).size, 'each event once').toBe(s.context.rows.length);

        const chain = selectChainPhase(s);
        expect(fakes.statuses.filter((c) => c.running).length, 'one status call while it loads').toBe(chain === 'loadingStatus' ? 1 : 0);
        expect(fakes.checks.filter((c) => c.running).length, 'one chain check while checking').toBe(chain === 'checking' ? 1 : 0);
        if (chain === 'whole') expect(s.context.chain?.ok).toBe(true);
        if (chain === 'broken') expect(s.context.chain?.firstBroken).not.toBeNull();
        expect(selectBrokenSeq(s), 'the list marks the broken seq while a broken answer is shown').toBe(chain === 'broken' ? s.context.chain!.firstBroken!.seq : null);
        if (event.type === 'xstate.done.actor.loadChainStatus') expect(s.context.chainSource).toBe((event as unknown as { output: AuditChainStatus }).output.last?.source ?? null);
        if (event.type === 'xstate.done.actor.checkChain') expect(s.context.chainSource).toBe('staff');
        expect(fakes.names.filter((c) => c.running).length, 'one action-names call while they load').toBe(s.matches({ suggestions: 'loading' }) ? 1 : 0);
        if (s.matches({ suggestions: 'ready' })) expect(s.context.actions).toEqual(['auth.register', 'kyc.step.saved']);
        if (chain === 'failed') expect(s.context.chainError).not.toBeNull();

        const journey = selectJourneyPhase(s);
        const journeyCalls = fakes.journeys.filter((j) => j.running);
        expect(journeyCalls.length, 'one journey call while it loads').toBe(journey === 'loading' ? 1 : 0);
        if (journey === 'loading') expect(journeyCalls[0]!.userId).toBe(s.context.journeyUserId);
        if (journey === 'closed') expect([s.context.journeyUserId, s.context.journey, s.context.selectedSeq]).toEqual([null, null, null]);
        if (s.context.selectedSeq !== null) expect(selectSelectedStep(s)?.seq).toBe(s.context.selectedSeq);
        if (event.type === 'audit.journey.select' && event.seq === 404) expect(s.context.selectedSeq).toBeNull();

        // The kept check and the action names are extras: failing, they show nothing (Verify and free text remain).
        if (event.type.startsWith('xstate.error.actor.') && !/loadChainStatus|loadActions/.test(event.type)) {
          const error = (event as unknown as { error: unknown }).error;
          const words = error instanceof AdminApiError ? error.message : ADMIN_CALL_FAILED;
          const shown = event.type.endsWith('checkChain') ? s.context.chainError : event.type.endsWith('loadJourney') ? s.context.journeyError : s.context.eventsError;
          expect(shown).toBe(words);
        }
        if (selectEventsPhase(s) === 'failed') expect(s.context.eventsError).not.toBeNull();

        // An event of one region leaves the other regions as they were (a re-entering region would restart them).
        const value = s.value as Regions;
        if (fakes.before) {
          const region = /loadEvents|exportEvents|^audit\.(filter|more|retry|export|draft|apply|clear|brokenEvent\.show)$/.test(event.type)
            ? 'events'
            : /checkChain|loadChainStatus|^audit\.verify$/.test(event.type)
              ? 'chain'
              : /loadActions/.test(event.type)
                ? 'suggestions'
                : 'journey';
          for (const other of ['events', 'chain', 'suggestions', 'journey'] as const) if (other !== region) expect(value[other], `${other} after ${event.type}`).toEqual(fakes.before[other]);
        }
        fakes.before = value;
      },
    });
    expect(ended.length).toBeGreaterThan(10);
    console.log(`[paths] admin-audit-trail: ${ended.length} paths replayed`);
  });
});
