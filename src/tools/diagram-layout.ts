/**
 * Lays a diagram model (diagram-model.ts) out with ELK's layered algorithm, at generation time in Node: compound
 * states contain their children (one hierarchical run, `INCLUDE_CHILDREN`, so edges between nested states are routed
 * across the levels), edge labels are placed by ELK, an initial dot is a small pseudo-node in each compound state,
 * transitions that stay in their state are loops drawn here beside it (see LayoutOptions.selfLoops).
 * ELK answers in root coordinates (`elk.json.shapeCoords` / `edgeCoords` ROOT), rounded to one decimal, so the
 * same model always gives the same bytes.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkLabel, ElkNode, ElkPoint } from 'elkjs/lib/elk-api.js';
import type {
  DiagramBox,
  DiagramInitialArrow,
  DiagramPoint,
  DiagramState,
  DiagramTransition,
  StatechartDiagram,
} from '../shared/statechart-diagram.ts';
import type { DiagramModel, ModelState, ModelTransition } from './diagram-model.ts';

/** Text measure estimate: ~7 px per character at the renderer's 12 px font, one line each. */
export const TEXT = { charWidth: 7, lineHeight: 16, titleCharWidth: 7.5 } as const;
/** Room inside a state's box: its title row, then one row per entry/exit/invoke line, then the children. */
const BOX = { titleHeight: 28, padding: 12, minWidth: 88, minHeight: 40, historySize: 28, dotSize: 12 } as const;

const textWidth = (text: string, perChar: number = TEXT.charWidth) => Math.ceil(text.length * perChar);

/** The lines a state shows under its title: 'entry / x', 'exit / y', 'invoke src'. */
export function stateLines(state: ModelState): string[] {
  return [
    ...state.entry.map((a) => `entry / ${a.name}`),
    ...state.exit.map((a) => `exit / ${a.name}`),
    ...state.invokes.map((i) => `invoke ${i.name}${i.id !== i.name ? ` as ${i.id}` : ''}`),
  ];
}

/** Width and height of a state's title and lines, the least its box may be. */
function contentSize(state: ModelState): { width: number; height: number } {
  const lines = stateLines(state);
  const width = Math.max(BOX.minWidth, textWidth(state.key, TEXT.titleCharWidth) + 2 * BOX.padding, ...lines.map((l) => textWidth(l) + 2 * BOX.padding));
  return { width, height: BOX.titleHeight + lines.length * TEXT.lineHeight };
}

const round = (v: number) => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? 0 : r;
};
const point = (p: ElkPoint): DiagramPoint => [round(p.x), round(p.y)];
const box = (s: { x?: number; y?: number; width?: number; height?: number }): DiagramBox => ({
  x: round(s.x ?? 0),
  y: round(s.y ?? 0),
  width: round(s.width ?? 0),
  height: round(s.height ?? 0),
});

/** Self-loops: rows on the right side of their state (LOOP.top below its top), LOOP.width out, the label after LOOP.gap. */
const LOOP = { top: 6, row: 18, width: 12, gap: 4 } as const;
const loopLabelId = (state: string) => `${state}#loops`;
/** A transition that leaves its state where it is (no target, or itself): drawn as a loop. */
const isSelfLoop = (t: ModelTransition) => t.targets.length === 0 || (t.targets.length === 1 && t.targets[0] === t.source);

const initialDotId = (parent: string) => `${parent}#initial`;
const edgeId = (transition: string, target: number) => `${transition}#${target}`;
const initialEdgeId = (parent: string) => `${parent}#initial-arrow`;

export interface LayoutOptions {
  direction?: 'DOWN' | 'RIGHT';
  /**
   * 'beside': loops drawn here on the state's right side, labels stacked beside them (compact); 'elk': ELK's own
   * self-loops. Unset: 'beside', unless ELK then left a loop label over a state or another label and 'elk' does not.
   */
  selfLoops?: 'beside' | 'elk';
  /** More root ELK options, over the defaults below (to try a setting on every chart without editing them). */
  elk?: Record<string, string>;
}

const ROOT_OPTIONS = (direction: string): Record<string, string> => ({
  'elk.algorithm': 'layered',
  'elk.direction': direction,
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.inline': 'false',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '16',
  'elk.spacing.edgeEdge': '12',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.labelNode': '8',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.layered.spacing.edgeNodeBetweenLayers': '16',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.crossingMinimization.strategy': 'LAYER_SWEEP',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.randomSeed': '1',
  'elk.padding': '[top=0,left=0,bottom=0,right=0]',
});

/** Where ELK wants an edge declared (ElkGraphUtil's containment): the lowest node that contains both ends. */
function edgeContainer(source: string, target: string, parentOf: Map<string, string | null>): string | null {
  const chain = (id: string | null) => {
    const out: (string | null)[] = [];
    for (let n: string | null = id; n !== null; n = parentOf.get(n) ?? null) out.push(n);
    out.push(null);
    return out;
  };
  if (source === target) return parentOf.get(source) ?? null;
  const up = chain(target);
  if (up.includes(source)) return source;
  if (chain(source).includes(target)) return target;
  const fromSource = chain(parentOf.get(source) ?? null);
  const targets = new Set(chain(parentOf.get(target) ?? null));
  return fromSource.find((n) => targets.has(n)) ?? null;
}

type Layout = Pick<StatechartDiagram, 'width' | 'height' | 'states' | 'transitions' | 'initialArrows'>;

export async function layoutDiagram(model: DiagramModel, options: LayoutOptions = {}): Promise<Layout> {
  if (options.selfLoops) return layoutWith(model, options);
  const beside = await layoutWith(model, { ...options, selfLoops: 'beside' });
  const clashes = labelClashes(beside);
  if (clashes === 0 || !model.transitions.some(isSelfLoop)) return beside;
  const elk = await layoutWith(model, { ...options, selfLoops: 'elk' });
  return labelClashes(elk) < clashes ? elk : beside;
}

const boxesOverlap = (a: DiagramBox, b: DiagramBox) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Labels drawn over another label or over a state without children (never meant): the layout's defects. */
export function labelClashes(layout: Pick<Layout, 'states' | 'transitions'>): number {
  const leaves = layout.states.filter((s) => s.type !== 'compound' && s.type !== 'parallel');
  const labels = layout.transitions.map((t) => t.labelBox);
  let clashes = 0;
  labels.forEach((label, i) => {
    for (let j = i + 1; j < labels.length; j++) if (boxesOverlap(label, labels[j]!)) clashes++;
    for (const leaf of leaves) if (leaf.id !== layout.transitions[i]!.source && boxesOverlap(label, leaf)) clashes++;
  });
  return clashes;
}

async function layoutWith(model: DiagramModel, options: LayoutOptions): Promise<Layout> {
  const ownLoops = options.selfLoops === 'beside';
  const isOwnLoop = (t: ModelTransition) => ownLoops && isSelfLoop(t);
  const direction = options.direction ?? 'DOWN';
  const elkNodes = new Map<string, ElkNode>();
  const parentOf = new Map<string, string | null>();
  const graph: ElkNode = { id: '#graph', layoutOptions: { ...ROOT_OPTIONS(direction), ...options.elk }, children: [], edges: [] };
  const containerNode = (id: string | null) => (id === null ? graph : elkNodes.get(id)!);
  const hasChildren = new Set(model.states.map((s) => s.parent).filter((p): p is string => p !== null));

  // Transitions that stay in their state are drawn here as small loops on the state's right side, one row each, their
  // labels beside them: ELK's own self-loops with labels spread wide and cross each other. ELK keeps the room free as
  // one outside label of the state.
  const loopsOf = new Map<string, ModelTransition[]>();
  for (const t of model.transitions) if (isOwnLoop(t)) loopsOf.set(t.source, [...(loopsOf.get(t.source) ?? []), t]);

  const loopRoom = (loops: readonly ModelTransition[]) =>
    loops.length ? LOOP.width + LOOP.gap + Math.max(...loops.map((t) => textWidth(t.label))) : 0;
  // ELK keeps a state's outside label clear of its siblings but not inside its parent: the parent makes room for it.
  const loopRoomOfChildren = (parent: string) =>
    Math.max(0, ...model.states.filter((c) => c.parent === parent).map((c) => loopRoom(loopsOf.get(c.id) ?? [])));

  for (const state of model.states) {
    const size = contentSize(state);
    const loops = loopsOf.get(state.id) ?? [];
    const loopsHeight = loops.length ? LOOP.top + loops.length * LOOP.row : 0;
    let node: ElkNode;
    if (state.type === 'history') {
      node = { id: state.id, width: BOX.historySize, height: BOX.historySize };
    } else if (hasChildren.has(state.id)) {
      node = {
        id: state.id,
        children: [],
        edges: [],
        layoutOptions: {
          'elk.padding': `[top=${size.height + BOX.padding},left=${BOX.padding},bottom=${BOX.padding},right=${BOX.padding + loopRoomOfChildren(state.id)}]`,
          'elk.nodeSize.constraints': 'MINIMUM_SIZE',
          'elk.nodeSize.minimum': `(${size.width}, ${Math.max(size.height + BOX.padding, loopsHeight)})`,
        },
      };
    } else {
      node = { id: state.id, width: size.width, height: Math.max(BOX.minHeight, size.height + 8, loopsHeight) };
    }
    if (loops.length) {
      node.labels = [{ id: loopLabelId(state.id), text: ' ', width: loopRoom(loops), height: loops.length * LOOP.row }];
      node.layoutOptions = { ...node.layoutOptions, 'elk.nodeLabels.placement': '[OUTSIDE, H_RIGHT, V_TOP]' };
    }
    elkNodes.set(state.id, node);
    parentOf.set(state.id, state.parent);
    containerNode(state.parent).children!.push(node);
  }

  // Initial dots and their arrows, inside the compound state they start.
  for (const state of model.states) {
    if (!state.initial) continue;
    const parent = elkNodes.get(state.id)!;
    parent.children!.push({ id: initialDotId(state.id), width: BOX.dotSize, height: BOX.dotSize });
    parent.edges!.push({ id: initialEdgeId(state.id), sources: [initialDotId(state.id)], targets: [state.initial] });
  }
  for (const dot of model.states.filter((s) => s.initial)) parentOf.set(initialDotId(dot.id), dot.id);

  for (const t of model.transitions) {
    if (isOwnLoop(t)) continue;
    (t.targets.length ? t.targets : [t.source]).forEach((target, i) => {
      const labels: ElkLabel[] =
        i === 0 ? [{ id: `${t.id}#label`, text: t.label, width: textWidth(t.label), height: TEXT.lineHeight }] : [];
      const edge: ElkExtendedEdge = { id: edgeId(t.id, i), sources: [t.source], targets: [target], labels };
      containerNode(edgeContainer(t.source, target, parentOf)).edges!.push(edge);
    });
  }

  const laid = await new ELK().layout(graph);

  const boxes = new Map<string, ElkNode>();
  const edges = new Map<string, ElkExtendedEdge>();
  const collect = (node: ElkNode) => {
    boxes.set(node.id, node);
    for (const e of node.edges ?? []) edges.set(e.id, e);
    for (const c of node.children ?? []) collect(c);
  };
  collect(laid);

  const routeOf = (id: string): DiagramPoint[] => {
    const edge = edges.get(id);
    if (!edge) throw new Error(`ELK lost edge ${id}`);
    return (edge.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]).map(point);
  };

  const states: DiagramState[] = model.states.map((s) => ({ ...s, ...box(boxes.get(s.id)!) }));
  const loopPlaces = new Map<string, { route: DiagramPoint[]; labelBox: DiagramBox }>();
  for (const [stateId, loops] of loopsOf) {
    const state = boxes.get(stateId)!;
    const room = state.labels?.find((l) => l.id === loopLabelId(stateId));
    const right = (state.x ?? 0) + (state.width ?? 0);
    // The room ELK kept for the labels (beside the box, or where it put it); the loops reach from the box into it.
    const roomX = Math.max(right, room?.x ?? right);
    loops.forEach((t, i) => {
      const top = (state.y ?? 0) + LOOP.top + i * LOOP.row;
      const out = roomX + LOOP.width;
      loopPlaces.set(t.id, {
        route: [point({ x: right, y: top + 3 }), point({ x: out, y: top + 3 }), point({ x: out, y: top + LOOP.row - 5 }), point({ x: right, y: top + LOOP.row - 5 })],
        labelBox: box({ x: out + LOOP.gap, y: top + LOOP.row / 2 - TEXT.lineHeight / 2 - 1, width: textWidth(t.label), height: TEXT.lineHeight }),
      });
    });
  }

  const transitions: DiagramTransition[] = model.transitions.map((t) => {
    const loop = loopPlaces.get(t.id);
    if (loop) return { ...t, routes: [loop.route], labelBox: loop.labelBox };
    const count = Math.max(1, t.targets.length);
    const routes = Array.from({ length: count }, (_, i) => routeOf(edgeId(t.id, i)));
    const label = edges.get(edgeId(t.id, 0))!.labels?.[0];
    return { ...t, routes, labelBox: box(label ?? {}) };
  });
  const initialArrows: DiagramInitialArrow[] = model.states
    .filter((s) => s.initial)
    .map((s) => {
      const dot = boxes.get(initialDotId(s.id))!;
      const center: DiagramPoint = [round((dot.x ?? 0) + BOX.dotSize / 2), round((dot.y ?? 0) + BOX.dotSize / 2)];
      return { parent: s.id, target: s.initial!, dot: center, route: routeOf(initialEdgeId(s.id)) };
    });
  // The root's own loops lie beside it: the drawing holds them too.
  const width = Math.max(...states.map((b) => b.x + b.width), ...transitions.map((t) => t.labelBox.x + t.labelBox.width));
  const height = Math.max(...states.map((b) => b.y + b.height), ...transitions.map((t) => t.labelBox.y + t.labelBox.height));
  return { width: round(width), height: round(height), states, transitions, initialArrows };
}
