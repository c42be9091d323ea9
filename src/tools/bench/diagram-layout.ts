/**
 * How long ELK takes to lay out each machine's explorer diagram (src/tools/diagram-layout.ts), as `npm run
 * statecharts` does it: the median of 5 layouts per chart after one warm-up, the largest chart's and the total.
 * `npm run bench -- --diagrams-only`.
 */
import { buildDiagramModel } from '../diagram-model.ts';
import { layoutDiagram } from '../diagram-layout.ts';
import { findMachineFiles, loadMachines } from '../statecharts.ts';
import { median, ms, table } from './markdown.ts';

export const DIAGRAM_BENCH = { runs: 5 } as const;

export interface DiagramLayoutTiming {
  id: string;
  states: number;
  transitions: number;
  /** Milliseconds of each run. */
  runs: number[];
  median: number;
}

export interface DiagramLayoutResult {
  charts: DiagramLayoutTiming[];
  /** Sum of the medians: one `npm run statecharts` lays each chart out once. */
  total: number;
}

export async function measureDiagramLayout(root: string): Promise<DiagramLayoutResult> {
  const entries = await loadMachines(root, findMachineFiles(root));
  const charts: DiagramLayoutTiming[] = [];
  for (const entry of entries) {
    const model = buildDiagramModel(entry);
    await layoutDiagram(model); // warm-up: ELK's first run in a process compiles its code paths
    const runs: number[] = [];
    for (let i = 0; i < DIAGRAM_BENCH.runs; i++) {
      const start = performance.now();
      await layoutDiagram(model);
      runs.push(performance.now() - start);
    }
    charts.push({ id: entry.machine.id, states: model.states.length, transitions: model.transitions.length, runs, median: median(runs) });
  }
  return { charts, total: charts.reduce((n, c) => n + c.median, 0) };
}

/** The largest chart: the most states and transitions together. */
const largest = (result: DiagramLayoutResult) =>
  [...result.charts].sort((a, b) => b.states + b.transitions - (a.states + a.transitions) || a.id.localeCompare(b.id))[0];

export function diagramLayoutSection(result: DiagramLayoutResult): string {
  const big = largest(result);
  const slowest = [...result.charts].sort((a, b) => b.median - a.median)[0];
  const rows = [...result.charts]
    .sort((a, b) => b.median - a.median)
    .map((c) => [c.id, String(c.states), String(c.transitions), ms(c.median), c.runs.map((r) => r.toFixed(0)).join(', ')]);
  return [
    `ELK layered layout of each machine's explorer diagram in Node (src/tools/diagram-layout.ts, elkjs), median of ${DIAGRAM_BENCH.runs} runs after a warm-up.`,
    '',
    `Largest chart: **${big?.id ?? '-'}** (${big?.states ?? 0} states, ${big?.transitions ?? 0} transitions): **${ms(big?.median ?? 0)}**. ` +
      `Slowest: ${slowest?.id ?? '-'} ${ms(slowest?.median ?? 0)}. All ${result.charts.length} charts: **${ms(result.total)}** (sum of the medians).`,
    '',
    table(['chart', 'states', 'transitions', 'median', 'runs (ms)'], rows),
  ].join('\n');
}
