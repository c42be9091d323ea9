/**
 * Draws one StatechartDiagram (src/shared/statechart-diagram.ts) as SVG, with pan and zoom (use-pan-zoom.ts), and the
 * same states and transitions as a list beside it, so a keyboard or screen reader user can reach and select every
 * one. Used by the back-office's explorer (highlights a replayed step), the auditor's journey view (numbered step
 * markers) and the development build's live inspector (the running actor's states).
 *
 * The SVG is a labelled group rather than role="img": its states and transitions are focusable buttons, and an image's
 * children are presentational (nested interactive content would be hidden from assistive technology).
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { DiagramPoint, DiagramState, DiagramTransition, StatechartDiagram } from '../../shared/statechart-diagram.ts';
import { usePanZoom } from './use-pan-zoom.ts';
import './DiagramView.css';

export type DiagramSelection = { kind: 'state' | 'transition'; id: string };

export type DiagramViewProps = {
  diagram: StatechartDiagram;
  /** State ids drawn as active (strong outline and fill). */
  active?: ReadonlySet<string>;
  /** State ids drawn as visited before (lighter fill). */
  visited?: ReadonlySet<string>;
  /** Transition ids drawn as taken. */
  highlightTransitions?: ReadonlySet<string>;
  selected?: DiagramSelection | null;
  onSelect?: (selection: DiagramSelection | null) => void;
  /** Numbered markers on states (the journey's step numbers). */
  stepLabels?: ReadonlyMap<string, string[]>;
  /** A short text on a state (how many investors the lifecycle's states hold now). */
  badges?: ReadonlyMap<string, string>;
  /** The diagram's accessible name. */
  title: string;
  /** Bring the active states into view whenever they change (a replay, the live inspector following the investor). */
  followActive?: boolean;
  /**
   * With followActive: follow again whenever this changes (a replay's step number), even if the active states stay the
   * same. Between changes the view is the user's: panning by hand is not undone. Defaults to the active states.
   */
  followKey?: string;
};

const EMPTY: ReadonlySet<string> = new Set();
const TITLE_LINE = 18;
const DETAIL_LINE = 14;

const points = (route: readonly DiagramPoint[]) => route.map(([x, y]) => `${x},${y}`).join(' ');

/** The lines listed under a state's title: entry and exit actions, invoked actors. */
export function stateDetailLines(state: DiagramState): string[] {
  return [
    ...state.entry.map((a) => `entry / ${a.name}`),
    ...state.invokes.map((i) => `invoke / ${i.name}`),
    ...state.exit.map((a) => `exit / ${a.name}`),
  ];
}

/** Enter and Space act on an SVG element with role="button", as on a real button. */
function onActivate(action: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.stopPropagation();
    action();
  };
}

function StateShape({ state, className, children }: { state: DiagramState; className: string; children?: ReactNode }) {
  const { x, y, width, height } = state;
  if (state.type === 'history') {
    const r = Math.min(width, height) / 2;
    return (
      <g className={className}>
        <circle cx={x + width / 2} cy={y + height / 2} r={r} className="diagram-state__box" />
        <text x={x + width / 2} y={y + height / 2 + 4} textAnchor="middle" className="diagram-state__title">H</text>
        {children}
      </g>
    );
  }
  const container = state.type === 'compound' || state.type === 'parallel';
  const lines = stateDetailLines(state);
  const titleY = container || lines.length > 0 ? y + TITLE_LINE : y + height / 2 + 4;
  return (
    <g className={className}>
      <rect x={x} y={y} width={width} height={height} rx={8} className="diagram-state__box" />
      {state.type === 'final' && <rect x={x + 4} y={y + 4} width={Math.max(0, width - 8)} height={Math.max(0, height - 8)} rx={5} className="diagram-state__inner" />}
      <text x={container ? x + 10 : x + width / 2} y={titleY} textAnchor={container ? 'start' : 'middle'} className="diagram-state__title">
        {state.key}
        {state.type === 'parallel' ? ' (parallel)' : ''}
      </text>
      {lines.map((line, i) => (
        <text key={line + i} x={container ? x + 10 : x + width / 2} y={y + TITLE_LINE + DETAIL_LINE * (i + 1)} textAnchor={container ? 'start' : 'middle'} className="diagram-state__detail">
          {line}
        </text>
      ))}
      {children}
    </g>
  );
}

/** Whether the view shows only part of the chart (then the overview map shows where it is). */
const showsPart = (vb: { x: number; y: number; width: number; height: number }, diagram: Pick<StatechartDiagram, 'width' | 'height'>) =>
  vb.x > 0 || vb.y > 0 || vb.x + vb.width < diagram.width || vb.y + vb.height < diagram.height;

/**
 * The whole chart in small with the part in view outlined: a click or a drag moves the view there. For pointers only
 * (hidden from assistive technology): the list of states beside the chart reaches every state from the keyboard.
 */
function OverviewMap({ diagram, viewBox, onMove }: { diagram: StatechartDiagram; viewBox: { x: number; y: number; width: number; height: number }; onMove: (x: number, y: number) => void }) {
  const ref = useRef<SVGSVGElement>(null);
  const moveToPointer = (e: { clientX: number; clientY: number }) => {
    const rect = ref.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return;
    const scale = Math.max(diagram.width / rect.width, diagram.height / rect.height);
    const offsetX = (rect.width * scale - diagram.width) / 2;
    const offsetY = (rect.height * scale - diagram.height) / 2;
    onMove((e.clientX - rect.left) * scale - offsetX, (e.clientY - rect.top) * scale - offsetY);
  };
  return (
    <svg
      ref={ref}
      className="diagram-overview"
      aria-hidden="true"
      viewBox={`0 0 ${diagram.width} ${diagram.height}`}
      preserveAspectRatio="xMidYMid meet"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        moveToPointer(e);
      }}
      onPointerMove={(e) => {
        if (e.buttons & 1) moveToPointer(e);
      }}
    >
      <rect className="diagram-overview__back" x={0} y={0} width={diagram.width} height={diagram.height} />
      {diagram.states
        .filter((s) => s.depth > 0)
        .map((s) => (
          <rect key={s.id} className={`diagram-overview__state diagram-overview__state--${s.type}`} x={s.x} y={s.y} width={s.width} height={s.height} rx={6} />
        ))}
      <rect className="diagram-overview__view" x={viewBox.x} y={viewBox.y} width={viewBox.width} height={viewBox.height} />
    </svg>
  );
}

/** A pill on a state's top edge: a count at its left (badges), step numbers at its right (the journey). */
function Marker({ state, text, side, className }: { state: DiagramState; text: string; side: 'left' | 'right'; className: string }) {
  const width = Math.max(20, text.length * 7 + 12);
  const x = side === 'left' ? state.x - 6 : state.x + state.width - width + 6;
  const y = state.y - 10;
  return (
    <g className={className} aria-hidden="true">
      <rect x={x} y={y} width={width} height={20} rx={10} />
      <text x={x + width / 2} y={y + 14} textAnchor="middle">{text}</text>
    </g>
  );
}

const stepText = (labels: string[]) => (labels.length > 4 ? `${labels.slice(0, 3).join(', ')} +${labels.length - 3}` : labels.join(', '));

function describeState(state: DiagramState, active: boolean) {
  return `State ${state.key}${state.type === 'atomic' ? '' : `, ${state.type}`}${active ? ', active' : ''}`;
}

function describeTransition(t: DiagramTransition, diagram: StatechartDiagram) {
  const key = (id: string) => diagram.states.find((s) => s.id === id)?.key ?? id;
  const to = t.targets.length ? t.targets.map(key).join(', ') : 'no state change';
  return `Transition ${t.label} from ${key(t.source)} to ${to}`;
}

/** The box around the active states that have no active child (the innermost ones), or null. */
export function activeBounds(diagram: StatechartDiagram, active: ReadonlySet<string>) {
  const innermost = diagram.states.filter((s) => active.has(s.id) && !diagram.states.some((c) => c.parent === s.id && active.has(c.id)));
  if (innermost.length === 0) return null;
  const x = Math.min(...innermost.map((s) => s.x));
  const y = Math.min(...innermost.map((s) => s.y));
  return { x, y, width: Math.max(...innermost.map((s) => s.x + s.width)) - x, height: Math.max(...innermost.map((s) => s.y + s.height)) - y };
}

/** The state the root starts in (the first view of a wide chart shows it), or null. */
export function rootInitialState(diagram: StatechartDiagram): DiagramState | null {
  const root = diagram.states.find((s) => s.depth === 0);
  const target = diagram.initialArrows.find((a) => a.parent === root?.id)?.target;
  return diagram.states.find((s) => s.id === target) ?? null;
}

export function DiagramView({ diagram, active = EMPTY, visited = EMPTY, highlightTransitions = EMPTY, selected = null, onSelect, stepLabels, badges, title, followActive = false, followKey }: DiagramViewProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const { viewBox, zoomIn, zoomOut, fit, moveTo, showBox, follow, svgHandlers } = usePanZoom(svgRef, diagram.width, diagram.height, rootInitialState(diagram));
  const activeKey = [...active].sort().join(' ');
  useEffect(() => {
    const box = followActive ? activeBounds(diagram, active) : null;
    if (box) follow(box);
    // Only a new step (or active states, or diagram) moves the view; the set's identity may change every render.
  }, [followActive, followKey ?? activeKey, diagram]);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const titleId = `diagram-title-${uid}`;
  const arrowId = `diagram-arrow-${uid}`;
  const arrowStrongId = `diagram-arrow-strong-${uid}`;
  const select = (sel: DiagramSelection) => onSelect?.(selected && selected.kind === sel.kind && selected.id === sel.id ? null : sel);
  const isSelected = (kind: DiagramSelection['kind'], id: string) => selected?.kind === kind && selected.id === id;

  const stateClass = (s: DiagramState) =>
    [
      'diagram-state',
      `diagram-state--${s.type}`,
      s.depth === 0 ? 'diagram-state--root' : '',
      diagram.states.find((p) => p.id === s.parent)?.type === 'parallel' ? 'diagram-state--region' : '',
      active.has(s.id) ? 'is-active' : visited.has(s.id) ? 'is-visited' : '',
      isSelected('state', s.id) ? 'is-selected' : '',
    ]
      .filter(Boolean)
      .join(' ');

  return (
    <div className="diagram-view">
      <div className="diagram-view__toolbar" role="toolbar" aria-label={`Zoom ${title}`}>
        <button type="button" className="diagram-view__tool" onClick={zoomIn} aria-label="Zoom in">+</button>
        <button type="button" className="diagram-view__tool" onClick={zoomOut} aria-label="Zoom out">−</button>
        <button type="button" className="diagram-view__tool" onClick={fit}>Fit</button>
        <span className="diagram-view__hint">Drag to move, wheel or pinch to zoom; arrow keys and + / − when the diagram has focus.</span>
      </div>
      <div className="diagram-view__body">
        <div className="diagram-view__canvas">
          <svg
            ref={svgRef}
            className="diagram-view__svg"
            role="group"
            aria-roledescription="statechart diagram"
            aria-labelledby={titleId}
            tabIndex={0}
            viewBox={`${viewBox.x} ${viewBox.y} ${viewBox.width} ${viewBox.height}`}
            preserveAspectRatio="xMidYMid meet"
            data-viewbox-width={Math.round(viewBox.width)}
            onClick={(e) => e.target === e.currentTarget && onSelect?.(null)}
            {...svgHandlers}
          >
            <title id={titleId}>{title}</title>
            <defs>
              <marker id={arrowId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" className="diagram-arrow" />
              </marker>
              <marker id={arrowStrongId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" className="diagram-arrow diagram-arrow--strong" />
              </marker>
            </defs>
            {diagram.states.map((s) => (
              <g
                key={s.id}
                role="button"
                tabIndex={s.depth === 0 ? -1 : 0}
                aria-label={describeState(s, active.has(s.id))}
                aria-pressed={isSelected('state', s.id)}
                data-state-id={s.id}
                onClick={() => select({ kind: 'state', id: s.id })}
                onKeyDown={onActivate(() => select({ kind: 'state', id: s.id }))}
              >
                <StateShape state={s} className={stateClass(s)} />
              </g>
            ))}
            {diagram.initialArrows.map((a) => (
              <g key={`init:${a.parent}`} className="diagram-initial" aria-hidden="true">
                <circle cx={a.dot[0]} cy={a.dot[1]} r={5} />
                <polyline points={points(a.route)} markerEnd={`url(#${arrowId})`} />
              </g>
            ))}
            {diagram.transitions.map((t) => {
              const strong = highlightTransitions.has(t.id);
              return (
                <g
                  key={t.id}
                  role="button"
                  tabIndex={0}
                  aria-label={describeTransition(t, diagram)}
                  aria-pressed={isSelected('transition', t.id)}
                  data-transition-id={t.id}
                  className={['diagram-transition', strong ? 'is-highlighted' : '', isSelected('transition', t.id) ? 'is-selected' : ''].filter(Boolean).join(' ')}
                  onClick={() => select({ kind: 'transition', id: t.id })}
                  onKeyDown={onActivate(() => select({ kind: 'transition', id: t.id }))}
                >
                  {t.routes.map((route, i) => (
                    <g key={i}>
                      <polyline points={points(route)} className="diagram-transition__hit" />
                      <polyline points={points(route)} className="diagram-transition__line" markerEnd={`url(#${strong ? arrowStrongId : arrowId})`} />
                    </g>
                  ))}
                  <rect x={t.labelBox.x} y={t.labelBox.y} width={t.labelBox.width} height={t.labelBox.height} rx={4} className="diagram-transition__label-box" />
                  <text x={t.labelBox.x + t.labelBox.width / 2} y={t.labelBox.y + t.labelBox.height / 2 + 4} textAnchor="middle" className="diagram-transition__label">
                    {t.label}
                  </text>
                </g>
              );
            })}
            {stepLabels &&
              diagram.states.map((s) => {
                const labels = stepLabels.get(s.id);
                return labels && labels.length > 0 ? <Marker key={`step:${s.id}`} state={s} text={stepText(labels)} side="right" className="diagram-step-marker" /> : null;
              })}
            {badges &&
              diagram.states.map((s) => {
                const text = s.depth > 0 ? badges.get(s.id) : undefined;
                return text ? <Marker key={`badge:${s.id}`} state={s} text={text} side="left" className="diagram-badge-marker" /> : null;
              })}
          </svg>
          {showsPart(viewBox, diagram) && <OverviewMap diagram={diagram} viewBox={viewBox} onMove={moveTo} />}
        </div>
        <DiagramOutline
          diagram={diagram}
          active={active}
          highlightTransitions={highlightTransitions}
          stepLabels={stepLabels}
          badges={badges}
          isSelected={isSelected}
          select={(sel) => {
            // Chosen from the list: the diagram shows where it is.
            const box = sel.kind === 'state' ? diagram.states.find((s) => s.id === sel.id) : diagram.transitions.find((t) => t.id === sel.id)?.labelBox;
            if (box && !isSelected(sel.kind, sel.id)) showBox(box);
            select(sel);
          }}
        />
      </div>
    </div>
  );
}

type OutlineProps = {
  diagram: StatechartDiagram;
  active: ReadonlySet<string>;
  highlightTransitions: ReadonlySet<string>;
  stepLabels?: ReadonlyMap<string, string[]>;
  badges?: ReadonlyMap<string, string>;
  isSelected: (kind: DiagramSelection['kind'], id: string) => boolean;
  select: (sel: DiagramSelection) => void;
};

/** The diagram as lists of buttons: the way to every state and transition without a pointer. */
function DiagramOutline({ diagram, active, highlightTransitions, stepLabels, badges, isSelected, select }: OutlineProps) {
  const states = diagram.states.filter((s) => s.depth > 0);
  return (
    <div className="diagram-outline">
      <h3 className="diagram-outline__heading">States ({states.length})</h3>
      <ul className="diagram-outline__list">
        {states.map((s) => (
          <li key={s.id} style={{ paddingLeft: `${(s.depth - 1) * 0.75}rem` }}>
            <button type="button" className={`diagram-outline__item${active.has(s.id) ? ' is-active' : ''}`} aria-pressed={isSelected('state', s.id)} onClick={() => select({ kind: 'state', id: s.id })}>
              {s.key}
              {s.type !== 'atomic' && <span className="diagram-outline__type"> {s.type}</span>}
              {active.has(s.id) && <span className="diagram-outline__badge"> active</span>}
              {stepLabels?.get(s.id)?.length ? <span className="diagram-outline__badge"> steps {stepLabels.get(s.id)!.join(', ')}</span> : null}
              {badges?.get(s.id) ? <span className="diagram-outline__badge"> {badges.get(s.id)}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <h3 className="diagram-outline__heading">Transitions ({diagram.transitions.length})</h3>
      <ul className="diagram-outline__list">
        {diagram.transitions.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              className={`diagram-outline__item${highlightTransitions.has(t.id) ? ' is-active' : ''}`}
              aria-pressed={isSelected('transition', t.id)}
              onClick={() => select({ kind: 'transition', id: t.id })}
            >
              {diagram.states.find((s) => s.id === t.source)?.key ?? t.source}: {t.label}
              {highlightTransitions.has(t.id) && <span className="diagram-outline__badge"> taken</span>}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default DiagramView;
