// @vitest-environment happy-dom
/**
 * DiagramView with the hand-written sample diagram: every state and transition drawn and listed, highlights as
 * classes, selection from the SVG (click, Enter) and from the list (clicking the selected one again clears it),
 * keyboard zoom and pan changing the viewBox, the +/- and Fit buttons, step markers.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiagramView } from './DiagramView.tsx';
import { SAMPLE_DIAGRAM } from './fixtures/sample-diagram.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(cleanup);

const svg = () => screen.getByRole('group', { name: 'Sample chart' }) as unknown as SVGSVGElement;
const viewBox = () => svg().getAttribute('viewBox')!.split(' ').map(Number);

describe('DiagramView', () => {
  it('draws every state and transition, and lists them', () => {
    const { container } = render(<DiagramView diagram={SAMPLE_DIAGRAM} title="Sample chart" />);
    for (const s of SAMPLE_DIAGRAM.states) expect(container.querySelector(`[data-state-id="${s.id}"]`), s.id).not.toBeNull();
    for (const t of SAMPLE_DIAGRAM.transitions) expect(container.querySelector(`[data-transition-id="${t.id}"]`), t.id).not.toBeNull();
    expect(container.querySelectorAll('.diagram-initial')).toHaveLength(SAMPLE_DIAGRAM.initialArrows.length);
    expect(svg().querySelector('title')!.textContent).toBe('Sample chart');
    // Entry, invoke and exit lines of the compound state, the final state's inner border, the regions dashed.
    const loading = container.querySelector('[data-state-id="sample.loading"]')!;
    expect([...loading.querySelectorAll('.diagram-state__detail')].map((t) => t.textContent)).toEqual(['entry / showSpinner', 'invoke / fetchData', 'exit / hideSpinner']);
    expect(container.querySelector('[data-state-id="sample.done"] .diagram-state__inner')).not.toBeNull();
    expect(container.querySelectorAll('.diagram-state--region')).toHaveLength(2);
    const outline = container.querySelector('.diagram-outline') as HTMLElement;
    expect(within(outline).getAllByRole('button')).toHaveLength(SAMPLE_DIAGRAM.states.length - 1 + SAMPLE_DIAGRAM.transitions.length);
  });

  it('marks active, visited and taken as classes, and step labels as markers', () => {
    const { container } = render(
      <DiagramView
        diagram={SAMPLE_DIAGRAM}
        title="Sample chart"
        active={new Set(['sample.loading', 'sample.loading.fetching'])}
        visited={new Set(['sample.idle'])}
        highlightTransitions={new Set(['sample.idle:start:0'])}
        stepLabels={new Map([['sample.idle', ['1']], ['sample.loading', ['2', '3']]])}
      />,
    );
    const shape = (id: string) => container.querySelector(`[data-state-id="${id}"] .diagram-state`)!;
    expect(shape('sample.loading').classList.contains('is-active')).toBe(true);
    expect(shape('sample.idle').classList.contains('is-visited')).toBe(true);
    expect(shape('sample.done').classList.contains('is-active')).toBe(false);
    expect(container.querySelector('[data-transition-id="sample.idle:start:0"]')!.classList.contains('is-highlighted')).toBe(true);
    expect([...container.querySelectorAll('.diagram-step-marker text')].map((t) => t.textContent)).toEqual(['1', '2, 3']);
    expect(screen.getByRole('button', { name: 'State loading, compound, active' })).toBeTruthy();
  });

  it('selects a state or transition from the SVG and from the list', () => {
    const onSelect = vi.fn();
    const { container, rerender } = render(<DiagramView diagram={SAMPLE_DIAGRAM} title="Sample chart" onSelect={onSelect} />);
    fireEvent.click(container.querySelector('[data-state-id="sample.idle"]')!);
    expect(onSelect).toHaveBeenLastCalledWith({ kind: 'state', id: 'sample.idle' });
    fireEvent.keyDown(container.querySelector('[data-transition-id="sample.idle:start:0"]')!, { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith({ kind: 'transition', id: 'sample.idle:start:0' });
    const outline = container.querySelector('.diagram-outline') as HTMLElement;
    fireEvent.click(within(outline).getByRole('button', { name: /^done/ }));
    expect(onSelect).toHaveBeenLastCalledWith({ kind: 'state', id: 'sample.done' });
    // The selected one shows as pressed; choosing it again clears the selection.
    rerender(<DiagramView diagram={SAMPLE_DIAGRAM} title="Sample chart" onSelect={onSelect} selected={{ kind: 'state', id: 'sample.done' }} />);
    expect(within(outline).getByRole('button', { name: /^done/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(container.querySelector('[data-state-id="sample.done"]')!);
    expect(onSelect).toHaveBeenLastCalledWith(null);
    // A click on the empty background clears it too.
    fireEvent.click(svg());
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it('zooms and pans with the keyboard and the buttons, and fits again', () => {
    render(<DiagramView diagram={SAMPLE_DIAGRAM} title="Sample chart" />);
    const fitted = viewBox();
    expect(fitted[2]).toBeGreaterThan(SAMPLE_DIAGRAM.width);
    fireEvent.keyDown(svg(), { key: '+' });
    const zoomed = viewBox();
    expect(zoomed[2]).toBeCloseTo(fitted[2]! / 1.25);
    fireEvent.keyDown(svg(), { key: 'ArrowRight' });
    expect(viewBox()[0]).toBeCloseTo(zoomed[0]! + zoomed[2]! / 10);
    fireEvent.keyDown(svg(), { key: 'ArrowDown' });
    expect(viewBox()[1]).toBeCloseTo(zoomed[1]! + zoomed[2]! / 10);
    fireEvent.keyDown(svg(), { key: '-' });
    fireEvent.keyDown(svg(), { key: '-' });
    expect(viewBox()[2]).toBeCloseTo(fitted[2]! * 1.25);
    fireEvent.keyDown(svg(), { key: '0' });
    expect(viewBox()).toEqual(fitted);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(viewBox()[2]).toBeCloseTo(fitted[2]! / 1.25);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(viewBox()[2]).toBeCloseTo(fitted[2]! * 1.25);
    fireEvent.click(screen.getByRole('button', { name: 'Fit' }));
    expect(viewBox()).toEqual(fitted);
    // Zoom stops at its limits: far out at twice the fitted width.
    for (let i = 0; i < 20; i++) fireEvent.keyDown(svg(), { key: '-' });
    expect(viewBox()[2]).toBeCloseTo(fitted[2]! * 2);
  });
});

describe('DiagramView from its list', () => {
  it('shows the state chosen in the list, zoomed in to read it', () => {
    const onSelect = vi.fn();
    const { container } = render(<DiagramView diagram={SAMPLE_DIAGRAM} title="Sample chart" onSelect={onSelect} />);
    const outline = container.querySelector('.diagram-outline') as HTMLElement;
    fireEvent.click(within(outline).getByRole('button', { name: /^done/ }));
    const [x, y, width, height] = viewBox();
    const done = SAMPLE_DIAGRAM.states.find((s) => s.id === 'sample.done')!;
    expect(width).toBeLessThan(SAMPLE_DIAGRAM.width);
    expect(x! + width! / 2).toBeCloseTo(done.x + done.width / 2);
    expect(y! + height! / 2).toBeCloseTo(done.y + done.height / 2);
    expect(onSelect).toHaveBeenLastCalledWith({ kind: 'state', id: 'sample.done' });
  });
});

describe('DiagramView following the active states', () => {
  it('zooms to the innermost active states when they change', () => {
    const { rerender } = render(<DiagramView diagram={SAMPLE_DIAGRAM} title="Sample chart" active={new Set(['sample.idle'])} followActive />);
    const idle = SAMPLE_DIAGRAM.states.find((s) => s.id === 'sample.idle')!;
    let [x, , width] = viewBox();
    expect(x! + width! / 2).toBeCloseTo(idle.x + idle.width / 2);
    rerender(<DiagramView diagram={SAMPLE_DIAGRAM} title="Sample chart" active={new Set(['sample.loading', 'sample.loading.fetching'])} followActive />);
    const fetching = SAMPLE_DIAGRAM.states.find((s) => s.id === 'sample.loading.fetching')!;
    [x, , width] = viewBox();
    expect(x! + width! / 2).toBeCloseTo(fetching.x + fetching.width / 2);
  });
});

describe('DiagramView on a measured screen', () => {
  // happy-dom lays nothing out: the SVG is given a size, as a browser would.
  const sized = (width: number, height: number) =>
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, left: 0, top: 0, width, height, right: width, bottom: height, toJSON: () => ({}) } as DOMRect);
  afterEach(() => vi.restoreAllMocks());
  const contains = (vb: number[], s: { x: number; y: number; width: number; height: number }) =>
    vb[0]! <= s.x && vb[1]! <= s.y && vb[0]! + vb[2]! >= s.x + s.width && vb[1]! + vb[3]! >= s.y + s.height;
  const state = (id: string) => SAMPLE_DIAGRAM.states.find((s) => s.id === id)!;

  it('fits a chart whole when its text stays readable', () => {
    sized(1000, 700);
    render(<DiagramView diagram={SAMPLE_DIAGRAM} title="Sample chart" />);
    expect(viewBox()).toEqual([-12, -12, SAMPLE_DIAGRAM.width + 24, SAMPLE_DIAGRAM.height + 24]);
  });

  it('starts a chart too big to read whole at a readable scale on its initial state; Fit still shows it all', () => {
    sized(200, 150);
    render(<DiagramView diagram={SAMPLE_DIAGRAM} title="Sample chart" />);
    const vb = viewBox();
    expect(vb[2]).toBeCloseTo(200 / 0.8);
    expect(vb[3]).toBeCloseTo(150 / 0.8);
    expect(contains(vb, state('sample.idle'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Fit' }));
    expect(viewBox()).toEqual([-12, -12, SAMPLE_DIAGRAM.width + 24, SAMPLE_DIAGRAM.height + 24]);
  });

  it('follows the active states of each replayed step, and leaves a hand-moved view alone until the next step', () => {
    sized(200, 150);
    const at = (active: string[], step: string) => <DiagramView diagram={SAMPLE_DIAGRAM} title="Sample chart" active={new Set(active)} followActive followKey={step} />;
    const { rerender } = render(at(['sample.idle'], '1'));
    expect(contains(viewBox(), state('sample.idle'))).toBe(true);
    rerender(at(['sample.done'], '2'));
    const followed = viewBox();
    expect(contains(followed, state('sample.done'))).toBe(true);
    expect(followed[2]).toBeCloseTo(200 / 0.8);
    // The user moves away by hand: a re-render of the same step does not pull the view back.
    for (let i = 0; i < 12; i++) fireEvent.keyDown(svg(), { key: 'ArrowLeft' });
    const moved = viewBox();
    expect(contains(moved, state('sample.done'))).toBe(false);
    rerender(at(['sample.done'], '2'));
    expect(viewBox()).toEqual(moved);
    // The next step (same states) brings them back into view.
    rerender(at(['sample.done'], '3'));
    expect(contains(viewBox(), state('sample.done'))).toBe(true);
    // Active states already in view at a readable scale: the view stays put.
    const before = viewBox();
    rerender(at(['sample.done'], '4'));
    expect(viewBox()).toEqual(before);
  });

  it('shows the overview map while only part of the chart is in view; a click on it moves the view there', () => {
    const { container } = render(<DiagramView diagram={SAMPLE_DIAGRAM} title="Sample chart" badges={new Map([['sample.idle', '3 investors']])} />);
    expect(container.querySelector('.diagram-overview')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    const map = container.querySelector<SVGSVGElement>('svg.diagram-overview')!;
    expect(map.getAttribute('aria-hidden')).toBe('true');
    expect(map.querySelectorAll('.diagram-overview__state')).toHaveLength(SAMPLE_DIAGRAM.states.length - 1);
    const [x, y, w, h] = viewBox();
    const shown = map.querySelector('.diagram-overview__view')!;
    expect([shown.getAttribute('x'), shown.getAttribute('y'), shown.getAttribute('width'), shown.getAttribute('height')].map(Number)).toEqual([x, y, w, h]);
    // A click at the map's top left corner centres the view on the chart's top left.
    map.getBoundingClientRect = () => ({ left: 0, top: 0, width: SAMPLE_DIAGRAM.width / 10, height: SAMPLE_DIAGRAM.height / 10, right: 0, bottom: 0, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(map, { clientX: 0, clientY: 0, pointerId: 1 });
    const [x2, y2, w2, h2] = viewBox() as [number, number, number, number];
    expect([x2 + w2 / 2, y2 + h2 / 2].map((n) => Math.round(n))).toEqual([0, 0]);
    expect([w2, h2]).toEqual([w, h]);
    fireEvent.click(screen.getByRole('button', { name: 'Fit' }));
    expect(container.querySelector('.diagram-overview')).toBeNull();
    // A badge: on the chart and in the list.
    expect(container.querySelector('.diagram-badge-marker text')!.textContent).toBe('3 investors');
    expect(within(container.querySelector('.diagram-outline') as HTMLElement).getByText(/3 investors/)).toBeTruthy();
  });
});
