/** Questions asked of a StatechartDiagram by the explorer's panels: which recorded paths reach a state or take a transition. */
import type { DiagramState, DiagramTransition, StatechartDiagram } from '../../shared/statechart-diagram.ts';

/** A recorded path, by its run and index, with the first step at which it meets what was asked about. */
export type PathRef = { run: number; path: number; step: number; runName: string };

function findPaths(diagram: StatechartDiagram, meets: (step: StatechartDiagram['runs'][number]['paths'][number]['steps'][number]) => boolean): PathRef[] {
  const found: PathRef[] = [];
  diagram.runs.forEach((run, r) =>
    run.paths.forEach((path, p) => {
      const step = path.steps.findIndex(meets);
      if (step >= 0) found.push({ run: r, path: p, step, runName: run.name });
    }),
  );
  return found;
}

export const pathsReachingState = (diagram: StatechartDiagram, stateId: string): PathRef[] => findPaths(diagram, (s) => s.active.includes(stateId));
export const pathsTakingTransition = (diagram: StatechartDiagram, transitionId: string): PathRef[] => findPaths(diagram, (s) => s.transitions.includes(transitionId));

export const transitionsFrom = (diagram: StatechartDiagram, stateId: string): DiagramTransition[] => diagram.transitions.filter((t) => t.source === stateId);

/** A state's key, or its id if the diagram does not have it. */
export const stateKey = (diagram: StatechartDiagram, id: string): string => diagram.states.find((s: DiagramState) => s.id === id)?.key ?? id;
