/**
 * The journey drawn on the process chart (a lazy chunk: the diagram and its data load only when a journey is shown).
 * Visited: every state a step happened in; active: the picked step's state; each state is marked with the numbers of
 * its steps. Picking a state on the chart picks its first step.
 */
import { useMemo } from 'react';
import type { JourneyStep } from '../../../shared/admin/audit.ts';
import type { StatechartDiagram } from '../../../shared/statechart-diagram.ts';
import { DiagramView } from '../../explorer/DiagramView.tsx';
import processDiagram from '../../explorer/generated/process.json';

const DIAGRAM = processDiagram as unknown as StatechartDiagram;

type Props = { steps: JourneyStep[]; selected: JourneyStep | null; onSelectStep: (seq: number | null) => void };

/** Step numbers (1-based, as the list shows them) by process state. */
export function stepNumbersByState(steps: readonly JourneyStep[]): Map<string, string[]> {
  const labels = new Map<string, string[]>();
  steps.forEach((step, i) => {
    if (!step.processState) return;
    labels.set(step.processState, [...(labels.get(step.processState) ?? []), String(i + 1)]);
  });
  return labels;
}

export default function JourneyChart({ steps, selected, onSelectStep }: Props) {
  const stepLabels = useMemo(() => stepNumbersByState(steps), [steps]);
  const visited = useMemo(() => new Set(stepLabels.keys()), [stepLabels]);
  const active = useMemo(() => new Set(selected?.processState ? [selected.processState] : []), [selected]);
  return (
    <DiagramView
      diagram={DIAGRAM}
      visited={visited}
      active={active}
      stepLabels={stepLabels}
      selected={selected?.processState ? { kind: 'state', id: selected.processState } : null}
      onSelect={(selection) => onSelectStep(selection?.kind === 'state' ? (steps.find((s) => s.processState === selection.id)?.seq ?? null) : null)}
      title="The investor's journey on the process chart"
    />
  );
}
