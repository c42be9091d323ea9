/**
 * The journey drawn on the investment's lifecycle chart (a lazy chunk: the diagram and its data load only when a
 * journey is shown). Visited: every state a step led to or happened in; active: the picked step's state, and the
 * transition it took when it was a business fact; each state is marked with the numbers of its steps. Picking a state
 * on the chart picks its first step.
 */
import { useMemo } from 'react';
import type { JourneyStep } from '../../../shared/admin/audit.ts';
import type { StatechartDiagram } from '../../../shared/statechart-diagram.ts';
import { DiagramView } from '../../explorer/DiagramView.tsx';
import lifecycleDiagram from '../../explorer/generated/investment.json';

const DIAGRAM = lifecycleDiagram as unknown as StatechartDiagram;

/**
 * The chart's transitions a fact took: those its audit event recorded; for a fact recorded before they were, those of
 * its event that end in its state.
 */
export function transitionsOfStep(step: JourneyStep | null, diagram: StatechartDiagram = DIAGRAM): Set<string> {
  if (!step?.lifecycleFact || !step.lifecycleState) return new Set();
  const recorded = (step.lifecycleTransitions ?? []).filter((id) => diagram.transitions.some((t) => t.id === id));
  if (recorded.length > 0) return new Set(recorded);
  const inside = (id: string) => id === step.lifecycleState || id.startsWith(`${step.lifecycleState}.`) || step.lifecycleState!.startsWith(`${id}.`);
  return new Set(diagram.transitions.filter((t) => t.eventType === step.lifecycleFact && (t.targets.length === 0 ? inside(t.source) : t.targets.some(inside))).map((t) => t.id));
}

type Props = { steps: JourneyStep[]; selected: JourneyStep | null; onSelectStep: (seq: number | null) => void };

/** Step numbers (1-based, as the list shows them) by lifecycle state. */
export function stepNumbersByState(steps: readonly JourneyStep[]): Map<string, string[]> {
  const labels = new Map<string, string[]>();
  steps.forEach((step, i) => {
    if (!step.lifecycleState) return;
    labels.set(step.lifecycleState, [...(labels.get(step.lifecycleState) ?? []), String(i + 1)]);
  });
  return labels;
}

export default function JourneyChart({ steps, selected, onSelectStep }: Props) {
  const stepLabels = useMemo(() => stepNumbersByState(steps), [steps]);
  const visited = useMemo(() => new Set(stepLabels.keys()), [stepLabels]);
  const active = useMemo(() => new Set(selected?.lifecycleState ? [selected.lifecycleState] : []), [selected]);
  const taken = useMemo(() => transitionsOfStep(selected), [selected]);
  return (
    <DiagramView
      diagram={DIAGRAM}
      visited={visited}
      active={active}
      highlightTransitions={taken}
      followActive={selected !== null}
      stepLabels={stepLabels}
      selected={selected?.lifecycleState ? { kind: 'state', id: selected.lifecycleState } : null}
      onSelect={(selection) => onSelectStep(selection?.kind === 'state' ? (steps.find((s) => s.lifecycleState === selection.id)?.seq ?? null) : null)}
      title="The investor's journey on the investment lifecycle"
    />
  );
}
