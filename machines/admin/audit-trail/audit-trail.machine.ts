/**
 * The auditor's audit-trail screen (issue 16, auditors and issuer admins), three regions side by side:
 * - events: the first page for the filters (from the page's address), 'Load more' by the server's cursor, new filters
 *   (the form's draft, held here until Apply, then shown in the address through `showFiltersInAddress`) start again (a page still loading for the old ones is dropped), a CSV export with the same filters; a failed first
 *   page is the failed page (Try again), a failed further page or export is shown beside the list.
 * - chain: first the last check the server kept (the one it ran at start, or the last one asked for): whole, broken
 *   (shown at once, with the broken event) or none yet. 'Verify the audit trail' asks the server to check the whole
 *   hash chain: whole, or broken at its first broken link (its event named), or the check itself failed. Any answer
 *   can be checked again.
 * - suggestions: the action names the trail holds, for the action filter (free text works without them).
 * - journey: one investor's recorded steps (for the list and the process chart); a step picked in the list is the
 *   state the chart highlights.
 * Effects (`loadEvents`, `exportEvents`, `loadChainStatus`, `checkChain`, `loadJourney`, `loadActions`,
 * `showFiltersInAddress`) are provided by src/client/admin/audit/audit-effects.ts.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AuditChainReport, AuditChainStatus, JourneyResponse } from '../../../src/shared/admin/audit.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';
import { adminFailureText } from '../admin-failure.ts';
import { brokenEventFilters, cleanFilters, NO_AUDIT_FILTERS } from './audit-trail.filters.ts';
import type { AuditFilters, AuditTrailContext, AuditTrailEvent, AuditTrailInput, ExportEventsInput, LoadEventsInput, LoadEventsOutput, LoadJourneyInput } from './audit-trail.types.ts';

export const auditTrailMachine = setup({
  types: {} as { context: AuditTrailContext; events: AuditTrailEvent; input: AuditTrailInput | undefined; tags: 'loading' | 'busy' },
  actors: {
    loadEvents: fromPromise<LoadEventsOutput, LoadEventsInput>(async () => {
      throw new Error('loadEvents is provided by the page');
    }),
    exportEvents: fromPromise<void, ExportEventsInput>(async () => {
      throw new Error('exportEvents is provided by the page');
    }),
    loadChainStatus: fromPromise<AuditChainStatus>(async () => {
      throw new Error('loadChainStatus is provided by the page');
    }),
    checkChain: fromPromise<AuditChainReport>(async () => {
      throw new Error('checkChain is provided by the page');
    }),
    loadActions: fromPromise<string[]>(async () => {
      throw new Error('loadActions is provided by the page');
    }),
    loadJourney: fromPromise<JourneyResponse, LoadJourneyInput>(async () => {
      throw new Error('loadJourney is provided by the page');
    }),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    isChainWhole: (_, params: { report: AuditChainReport }) => params.report.ok,
    isKeptWhole: (_, params: { status: AuditChainStatus }) => params.status.last?.report.ok === true,
    hasKeptCheck: (_, params: { status: AuditChainStatus }) => params.status.last !== null,
    hasBrokenEvent: ({ context }) => brokenEventFilters(context.chain) !== null,
  },
  actions: {
    showFiltersInAddress: (_, _params: { filters: AuditFilters }) => {
      throw new Error('showFiltersInAddress is provided by the page');
    },
    setFilters: assign((_, params: { filters: AuditFilters }) => ({ filters: params.filters, draft: params.filters, rows: [], nextCursor: null, eventsError: null })),
    setDraft: assign(({ context, event }) => (event.type === 'audit.draft' ? { draft: { ...context.draft, [event.field]: event.value } } : {})),
    keepFirstPage: assign((_, params: { page: LoadEventsOutput }) => ({ rows: params.page.rows, nextCursor: params.page.nextCursor, eventsError: null })),
    appendPage: assign(({ context }, params: { page: LoadEventsOutput }) => ({
      // A row recorded between two pages never shifts the cursor (keyset), but a repeated one is shown once.
      rows: [...context.rows, ...params.page.rows.filter((r) => !context.rows.some((known) => known.seq === r.seq))],
      nextCursor: params.page.nextCursor,
      eventsError: null,
    })),
    noteEventsFailed: assign((_, params: { error: unknown }) => ({ eventsError: adminFailureText(params.error) })),
    clearEventsError: assign({ eventsError: null }),
    keepChainReport: assign((_, params: { report: AuditChainReport }) => ({ chain: params.report, chainSource: 'staff' as const, chainError: null })),
    keepChainStatus: assign((_, params: { status: AuditChainStatus }) => ({ chain: params.status.last?.report ?? null, chainSource: params.status.last?.source ?? null })),
    keepActions: assign((_, params: { actions: string[] }) => ({ actions: params.actions })),
    noteChainFailed: assign((_, params: { error: unknown }) => ({ chainError: adminFailureText(params.error) })),
    setJourneyUser: assign((_, params: { userId: string }) => ({ journeyUserId: params.userId, journey: null, journeyError: null, selectedSeq: null })),
    keepJourney: assign((_, params: { journey: JourneyResponse }) => ({ journey: params.journey, journeyError: null })),
    noteJourneyFailed: assign((_, params: { error: unknown }) => ({ journeyError: adminFailureText(params.error) })),
    selectStep: assign(({ context }, params: { seq: number | null }) => ({
      selectedSeq: params.seq !== null && context.journey?.steps.some((s) => s.seq === params.seq) ? params.seq : null,
    })),
    clearJourney: assign({ journeyUserId: null, journey: null, journeyError: null, selectedSeq: null }),
  },
}).createMachine({
  id: 'auditTrail',
  description: "The auditor's audit-trail screen: the event list with filters and paging, the chain check, and one investor's journey.",
  meta: {
    descriptions: {
      guards: {
        hasMore: 'The server named a cursor: there is a further page.',
        isChainWhole: "The server's check found every link of the chain holding.",
        isKeptWhole: 'The server kept a check of the chain that found every link holding.',
        hasKeptCheck: 'The server kept a check of the chain (the one it ran at start, or one asked for since).',
        hasBrokenEvent: "The chain check shown names the broken link's event.",
      },
      actions: {
        showFiltersInAddress: "Puts the list's filters in the page's address (/admin/audit?investor=…), so a filtered view is a link.",
        setFilters: 'Keeps the new filters (the form shows them too) and forgets the rows of the old ones.',
        setDraft: 'Takes a filter typed in the form, not applied yet.',
        keepFirstPage: 'Shows the first page and keeps its cursor.',
        appendPage: 'Adds the next page below the rows shown (each event once) and keeps its cursor.',
        noteEventsFailed: "Keeps the server's words for the failed page or export, shown beside the list.",
        clearEventsError: 'Forgets the last failure of the list.',
        keepChainReport: "Keeps the chain check's answer: events checked, the head, the first broken link with its event and the time it took.",
        keepChainStatus: "Keeps the check the server kept and where it came from (the server's start, or a staff member's check).",
        keepActions: "Keeps the trail's action names for the action filter's suggestions.",
        noteChainFailed: "Keeps the server's words for a chain check that could not run.",
        setJourneyUser: 'Remembers whose journey is asked for and forgets the one shown.',
        keepJourney: "Keeps the investor's recorded steps.",
        noteJourneyFailed: "Keeps the server's words for a journey that could not be loaded.",
        selectStep: 'Remembers the step picked in the list (one of the journey), whose state the chart highlights.',
        clearJourney: 'Closes the journey.',
      },
      actors: {
        loadEvents: 'GET /api/admin/audit/events with the filters and the cursor: one page, newest first.',
        exportEvents: 'GET /api/admin/audit/events.csv with the filters, with the staff token, saved as a file.',
        loadChainStatus: 'GET /api/admin/audit/chain/status: the last check the server kept, without checking again.',
        checkChain: 'GET /api/admin/audit/chain: the server checks the whole hash chain.',
        loadActions: 'GET /api/admin/audit/actions: the action names the trail holds.',
        loadJourney: "GET /api/admin/audit/journey/:userId: the investor's steps in time order with their process states.",
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({
    filters: input?.filters ?? NO_AUDIT_FILTERS,
    draft: input?.filters ?? NO_AUDIT_FILTERS,
    rows: [],
    nextCursor: null,
    eventsError: null,
    chain: null,
    chainSource: null,
    chainError: null,
    actions: [],
    journeyUserId: null,
    journey: null,
    journeyError: null,
    selectedSeq: null,
  }),
  type: 'parallel',
  states: {
    events: {
      description: 'The list of audit events for the filters, newest first.',
      initial: 'loading',
      on: {
        'audit.filter': { target: '.loading', actions: { type: 'setFilters', params: ({ event }) => ({ filters: event.filters }) }, description: "New filters from the page's address: the list starts again from its first page." },
        'audit.draft': { actions: 'setDraft' },
        'audit.apply': {
          target: '.loading',
          actions: [
            { type: 'setFilters', params: ({ context }) => ({ filters: cleanFilters(context.draft) }) },
            { type: 'showFiltersInAddress', params: ({ context }) => ({ filters: context.filters }) },
          ],
          description: "The form's filters: the list starts again from its first page, and the address shows them.",
        },
        'audit.clear': {
          target: '.loading',
          actions: [
            { type: 'setFilters', params: { filters: NO_AUDIT_FILTERS } },
            { type: 'showFiltersInAddress', params: { filters: NO_AUDIT_FILTERS } },
          ],
          description: 'No filter: the whole trail from its first page.',
        },
        'audit.brokenEvent.show': {
          guard: 'hasBrokenEvent',
          target: '.loading',
          actions: [
            { type: 'setFilters', params: ({ context }) => ({ filters: brokenEventFilters(context.chain)! }) },
            { type: 'showFiltersInAddress', params: ({ context }) => ({ filters: context.filters }) },
          ],
          description: "The list filtered to the broken link's event: its action, its investor or staff member, its day.",
        },
      },
      states: {
        loading: {
          description: 'The first page for the filters is loading.',
          tags: ['loading'],
          invoke: {
            id: 'loadEvents',
            src: 'loadEvents',
            input: ({ context }) => ({ filters: context.filters, cursor: null }),
            onDone: { target: 'showing', actions: { type: 'keepFirstPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'failed', actions: { type: 'noteEventsFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          description: "The first page could not be loaded: the server's words and Try again.",
          on: { 'audit.retry': { target: 'loading', actions: 'clearEventsError' } },
        },
        showing: {
          description: 'The rows loaded so far are shown (possibly none).',
          initial: 'idle',
          states: {
            idle: {
              description: 'Waiting: Load more (when there is a further page) and Export CSV are offered.',
              on: {
                'audit.more': { guard: 'hasMore', target: 'loadingMore', actions: 'clearEventsError' },
                'audit.export': { target: 'exporting', actions: 'clearEventsError' },
              },
            },
            loadingMore: {
              description: 'The next page after the cursor is loading; the rows stay on screen.',
              tags: ['busy'],
              invoke: {
                id: 'loadEvents',
                src: 'loadEvents',
                input: ({ context }) => ({ filters: context.filters, cursor: context.nextCursor }),
                onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
                onError: { target: 'idle', actions: { type: 'noteEventsFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            exporting: {
              description: 'The CSV of the filtered events is downloading; the rows stay on screen.',
              tags: ['busy'],
              invoke: {
                id: 'exportEvents',
                src: 'exportEvents',
                input: ({ context }) => ({ filters: context.filters }),
                onDone: 'idle',
                onError: { target: 'idle', actions: { type: 'noteEventsFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
    chain: {
      description: 'The check that the hash chain of every recorded event holds.',
      initial: 'loadingStatus',
      states: {
        loadingStatus: {
          description: 'Asking the server for the check it kept (at its start, or asked for since); Verify can be asked meanwhile.',
          invoke: {
            id: 'loadChainStatus',
            src: 'loadChainStatus',
            onDone: [
              {
                guard: { type: 'isKeptWhole', params: ({ event }) => ({ status: event.output }) },
                target: 'whole',
                actions: { type: 'keepChainStatus', params: ({ event }) => ({ status: event.output }) },
                description: 'The server kept a check that found the chain whole: shown as the last answer.',
              },
              {
                guard: { type: 'hasKeptCheck', params: ({ event }) => ({ status: event.output }) },
                target: 'broken',
                actions: { type: 'keepChainStatus', params: ({ event }) => ({ status: event.output }) },
                description: 'The server kept a check that found a broken link: shown at once, with the broken event.',
              },
              { target: 'idle', description: 'No check kept yet (the start check still running, or none made).' },
            ],
            onError: { target: 'idle', description: 'The kept check could not be read: the screen offers Verify as before.' },
          },
          on: { 'audit.verify': 'checking' },
        },
        idle: {
          description: 'Not checked yet on this screen, and no check kept by the server.',
          on: { 'audit.verify': 'checking' },
        },
        checking: {
          description: 'The server is checking the whole chain; a former answer stays until the new one.',
          invoke: {
            id: 'checkChain',
            src: 'checkChain',
            onDone: [
              { guard: { type: 'isChainWhole', params: ({ event }) => ({ report: event.output }) }, target: 'whole', actions: { type: 'keepChainReport', params: ({ event }) => ({ report: event.output }) } },
              { target: 'broken', actions: { type: 'keepChainReport', params: ({ event }) => ({ report: event.output }) } },
            ],
            onError: { target: 'failed', actions: { type: 'noteChainFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        whole: {
          description: 'Every link holds: the events checked and the head are shown.',
          on: { 'audit.verify': 'checking' },
        },
        broken: {
          description: 'A link does not hold: the first broken one is shown in words with its seq, kind and event, and the list marks that event.',
          on: { 'audit.verify': 'checking' },
        },
        failed: {
          description: "The check could not run: the server's words, and it can be asked again.",
          on: { 'audit.verify': 'checking' },
        },
      },
    },
    suggestions: {
      description: "The action names the trail holds, suggested in the action filter.",
      initial: 'loading',
      states: {
        loading: {
          description: 'The action names are loading; the filter takes free text meanwhile.',
          invoke: {
            id: 'loadActions',
            src: 'loadActions',
            onDone: { target: 'ready', actions: { type: 'keepActions', params: ({ event }) => ({ actions: event.output }) }, description: 'The names are suggested in the action filter.' },
            onError: { target: 'unavailable', description: 'No suggestions: the filter still takes any action name or prefix.' },
          },
        },
        ready: { description: 'The action filter suggests the names (and their prefixes).' },
        unavailable: { description: 'The names could not be loaded: the action filter takes free text only.' },
      },
    },
    journey: {
      description: "One investor's journey: their recorded steps in time order, drawn on the process chart.",
      initial: 'closed',
      on: {
        'audit.journey.open': { target: '.loading', actions: { type: 'setJourneyUser', params: ({ event }) => ({ userId: event.userId }) }, description: "Show an investor's journey (replaces an open one)." },
        'audit.journey.close': { target: '.closed', actions: 'clearJourney' },
      },
      states: {
        closed: { description: 'No journey is shown.' },
        loading: {
          description: "The investor's steps are loading.",
          tags: ['loading'],
          invoke: {
            id: 'loadJourney',
            src: 'loadJourney',
            input: ({ context }) => ({ userId: context.journeyUserId ?? '' }),
            onDone: { target: 'showing', actions: { type: 'keepJourney', params: ({ event }) => ({ journey: event.output }) } },
            onError: { target: 'failed', actions: { type: 'noteJourneyFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        showing: {
          description: 'The steps are listed and drawn on the process chart; picking one highlights its state.',
          on: { 'audit.journey.select': { actions: { type: 'selectStep', params: ({ event }) => ({ seq: event.seq }) } } },
        },
        failed: {
          description: "The journey could not be loaded: the server's words and Try again.",
          on: { 'audit.journey.retry': 'loading' },
        },
      },
    },
  },
});

export type AuditTrailActorRef = ActorRefFrom<typeof auditTrailMachine>;
