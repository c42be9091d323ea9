/** Named reads of the audit-trail chart for its view. */
import type { SnapshotFrom } from 'xstate';
import type { AuditChainReport, AuditEventRow, JourneyResponse, JourneyStep } from '../../../src/shared/admin/audit.ts';
import type { auditTrailMachine } from './audit-trail.machine.ts';
import type { AuditFilters } from './audit-trail.types.ts';

type S = SnapshotFrom<typeof auditTrailMachine>;

export type EventsPhase = 'loading' | 'failed' | 'showing';
export type ChainPhase = 'loadingStatus' | 'idle' | 'checking' | 'whole' | 'broken' | 'failed';
export type JourneyPhase = 'closed' | 'loading' | 'showing' | 'failed';

export const selectEventsPhase = (s: S): EventsPhase => (s.matches({ events: 'loading' }) ? 'loading' : s.matches({ events: 'failed' }) ? 'failed' : 'showing');
export const selectRows = (s: S): AuditEventRow[] => s.context.rows;
export const selectFilters = (s: S): AuditFilters => s.context.filters;
export const selectDraft = (s: S): AuditFilters => s.context.draft;
export const selectEventsError = (s: S): string | null => s.context.eventsError;
export const selectCanLoadMore = (s: S): boolean => s.matches({ events: { showing: 'idle' } }) && s.context.nextCursor !== null;
export const selectLoadingMore = (s: S): boolean => s.matches({ events: { showing: 'loadingMore' } });
export const selectExporting = (s: S): boolean => s.matches({ events: { showing: 'exporting' } });

export const selectChainPhase = (s: S): ChainPhase => (s.value as { chain: ChainPhase }).chain;
export const selectChainReport = (s: S): AuditChainReport | null => s.context.chain;
export const selectChainError = (s: S): string | null => s.context.chainError;
export const selectChainSource = (s: S): 'start' | 'staff' | null => s.context.chainSource;
/** The seq of the event where the chain breaks, while a broken answer is shown: the list marks that row. */
export const selectBrokenSeq = (s: S): number | null => (s.matches({ chain: 'broken' }) ? (s.context.chain?.firstBroken?.seq ?? null) : null);
export const selectActionNames = (s: S): string[] => s.context.actions;
/** The broken event can be shown in the list (a broken answer naming its event). */
export const selectCanShowBrokenEvent = (s: S): boolean => s.context.chain?.firstBroken?.event != null;

export const selectJourneyPhase = (s: S): JourneyPhase => (s.value as { journey: JourneyPhase }).journey;
export const selectJourney = (s: S): JourneyResponse | null => s.context.journey;
export const selectJourneyError = (s: S): string | null => s.context.journeyError;
export const selectSelectedStep = (s: S): JourneyStep | null => s.context.journey?.steps.find((step) => step.seq === s.context.selectedSeq) ?? null;
