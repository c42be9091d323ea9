/**
 * The lifecycle chart as the authority for a state change (issue 27): inside the caller's transaction, after the
 * caller locked the investor's investment row, the case is read from the rows as they stand and the chart is asked
 * whether the business fact may happen there. Refused: 409 with words that say why, from where the case stands.
 * Allowed: the case after the fact, and the trace the audit event records (the fact, who, from which states to which).
 */
import { transition, type SnapshotFrom } from 'xstate';
import { investmentMachine } from '../../../../machines/investment/investment.machine.ts';
import type { InvestmentEvent } from '../../../../machines/investment/investment.types.ts';
import { transitionId } from '../../../shared/statechart-diagram.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { investorCase, leafStates, type InvestorCase } from './investor-cases.ts';

/**
 * The fact, the case's states before and after it (`to` null: the chart did not expect the fact there), and the
 * chart's transitions it took, by the ids the explorer draws them with (`via`, empty when it took none).
 */
export type CaseTrace = { event: InvestmentEvent['type']; from: string[]; to: string[] | null; via: string[] };
export type CaseDecision = { before: InvestorCase; after: SnapshotFrom<typeof investmentMachine>; trace: CaseTrace & { to: string[] } };

/**
 * Decides `event` on the investor's case, or throws 409 with `refusal(case)` (the case as it stands: the words depend
 * on where it is). `refusal` receives null for an investor without an investment (nothing to decide on).
 */
export async function decideOnCase(tx: Db, userId: string, event: InvestmentEvent, refusal: (c: InvestorCase | null) => string): Promise<CaseDecision> {
  const before = await investorCase(tx, userId);
  if (!before || !before.snapshot.can(event)) throw new AppError('CONFLICT', refusal(before));
  return { before, ...step(before, event) };
}

/** The ids of the transitions the chart takes for `event` where the case stands (one per region that takes it). */
function transitionsTaken(before: InvestorCase, event: InvestmentEvent): string[] {
  return investmentMachine.getTransitionData(before.snapshot, event).map((t) => transitionId(t.source.id, t.eventType, (t.source.transitions.get(t.eventType) ?? []).indexOf(t)));
}

/** The case after a fact the chart takes, and its trace. */
function step(before: InvestorCase, event: InvestmentEvent) {
  const [after] = transition(investmentMachine, before.snapshot, event);
  return { after, trace: { event: event.type, from: before.states, to: leafStates(after.value), via: transitionsTaken(before, event) } };
}

/**
 * The trace of a fact that is recorded whatever the chart expects, because the money already moved (funds seen
 * arriving, a refund the provider made): read the case before the rows change. A fact the chart would not take there
 * is traced with `to: null`, for an auditor to look at; it is never refused.
 */
export function traceOf(before: InvestorCase | null, event: InvestmentEvent): CaseTrace {
  if (!before) return { event: event.type, from: [], to: null, via: [] };
  if (!before.snapshot.can(event)) return { event: event.type, from: before.states, to: null, via: [] };
  return step(before, event).trace;
}
