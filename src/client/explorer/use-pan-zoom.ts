/**
 * Pan and zoom of an SVG by its viewBox, with pointer events only (mouse, pen and touch alike): drag pans, a wheel or
 * a two-finger pinch zooms around the pointer, and the returned commands serve the +/- and "fit" buttons and the
 * keyboard. No library: the viewBox is four numbers. A drag starts only past a few pixels, so a click on a state
 * stays a click (and the click that ends a drag is swallowed).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

export type ViewBox = { x: number; y: number; width: number; height: number };
export type Box = { x: number; y: number; width: number; height: number };
/** The viewport (the SVG element) in CSS pixels. */
export type Size = { width: number; height: number };

const PADDING = 12;
const DRAG_THRESHOLD_PX = 4;
export const ZOOM_STEP = 1.25;
/** Closest zoom, as a fraction of the diagram's width shown. */
const MIN_WIDTH_FRACTION = 1 / 12;
/** Diagram units across the view when zooming to a state chosen from the list: its text is readable on a phone. */
const READABLE_WIDTH = 480;

/** Below this many pixels per diagram unit the 11-13 px labels shrink under ~7 px: too small to read. */
export const MIN_READABLE_SCALE = 0.6;
/** The scale a wide chart starts at, and a followed state is shown at: labels at ~9-10 px. */
export const READABLE_SCALE = 0.8;
/** Diagram units kept around a followed state. */
const FOLLOW_MARGIN = 40;

export function fitViewBox(width: number, height: number): ViewBox {
  return { x: -PADDING, y: -PADDING, width: width + 2 * PADDING, height: height + 2 * PADDING };
}

/** Pixels per diagram unit when `vb` is shown in `viewport` (the SVG letterboxes: preserveAspectRatio meet). */
export const scaleOf = (vb: ViewBox, viewport: Size): number => Math.min(viewport.width / vb.width, viewport.height / vb.height);

/** The viewport's shape at `scale`, centred on (cx, cy) but kept inside the fitted box (centred on it where wider). */
function viewAt(scale: number, cx: number, cy: number, viewport: Size, fit: ViewBox): ViewBox {
  const width = viewport.width / scale;
  const height = viewport.height / scale;
  const place = (centre: number, size: number, start: number, span: number) =>
    size >= span ? start + span / 2 - size / 2 : Math.min(Math.max(centre - size / 2, start), start + span - size);
  return { x: place(cx, width, fit.x, fit.width), y: place(cy, height, fit.y, fit.height), width, height };
}

/**
 * The first view of a chart: all of it if that keeps its text readable, else a readable scale around `start` (the
 * root's initial state) and its neighbours. Without a measured viewport (not laid out yet) the whole chart.
 */
export function initialViewBox(diagramWidth: number, diagramHeight: number, start: Box | null, viewport: Size | null): ViewBox {
  const fit = fitViewBox(diagramWidth, diagramHeight);
  if (!viewport || viewport.width <= 0 || viewport.height <= 0 || !start || scaleOf(fit, viewport) >= MIN_READABLE_SCALE) return fit;
  return viewAt(READABLE_SCALE, start.x + start.width / 2, start.y + start.height / 2, viewport, fit);
}

/**
 * Where to look to follow `box` (the active states): null when it is already in view at a readable scale (the view
 * stays put), else the box centred at the current scale if readable, else at READABLE_SCALE, zoomed out as far as
 * needed for the whole box to fit.
 */
export function followViewBox(vb: ViewBox, box: Box, viewport: Size, fit: ViewBox): ViewBox | null {
  const scale = scaleOf(vb, viewport);
  const shownWidth = viewport.width / scale;
  const shownHeight = viewport.height / scale;
  const left = vb.x + vb.width / 2 - shownWidth / 2;
  const top = vb.y + vb.height / 2 - shownHeight / 2;
  const inView = box.x >= left && box.y >= top && box.x + box.width <= left + shownWidth && box.y + box.height <= top + shownHeight;
  if (inView && scale >= MIN_READABLE_SCALE) return null;
  const wholeBox = Math.min(viewport.width / (box.width + 2 * FOLLOW_MARGIN), viewport.height / (box.height + 2 * FOLLOW_MARGIN));
  const target = Math.min(scale >= MIN_READABLE_SCALE ? scale : READABLE_SCALE, wholeBox);
  return viewAt(target, box.x + box.width / 2, box.y + box.height / 2, viewport, fit);
}

/** The viewBox zoomed by `factor` (>1 closer) around the diagram point (cx, cy), within the zoom limits. */
export function zoomViewBox(vb: ViewBox, factor: number, cx: number, cy: number, fit: ViewBox): ViewBox {
  const width = Math.min(fit.width * 2, Math.max(fit.width * MIN_WIDTH_FRACTION, vb.width / factor));
  const applied = vb.width / width;
  const height = vb.height / applied;
  return { x: cx - (cx - vb.x) / applied, y: cy - (cy - vb.y) / applied, width, height };
}

type Pointer = { x: number; y: number };

/** `start`: the box the first view of a chart too wide to read whole shows (the root's initial state). */
export function usePanZoom(svgRef: RefObject<SVGSVGElement | null>, diagramWidth: number, diagramHeight: number, start: Box | null = null) {
  const fit = fitViewBox(diagramWidth, diagramHeight);
  const [viewBox, setViewBox] = useState<ViewBox>(fit);
  const pointers = useRef(new Map<number, Pointer>());
  const drag = useRef<{ start: Pointer; moved: boolean; pinch: number | null }>({ start: { x: 0, y: 0 }, moved: false, pinch: null });
  const swallowClick = useRef(false);

  /** The SVG's size on screen, or null before layout (and in a DOM without layout). */
  const viewportSize = useCallback((): Size | null => {
    const rect = svgRef.current?.getBoundingClientRect();
    return rect && rect.width > 0 && rect.height > 0 ? { width: rect.width, height: rect.height } : null;
  }, [svgRef]);

  // A new diagram starts fitted, or readable around its initial state when fitting would make it unreadably small.
  const startKey = start ? `${start.x} ${start.y} ${start.width} ${start.height}` : '';
  const untouched = useRef<ViewBox | null>(null);
  useLayoutEffect(() => {
    const first = () => (untouched.current = initialViewBox(diagramWidth, diagramHeight, start, viewportSize()));
    setViewBox(first());
    // On a resize (a phone turned, a window narrowed) the first view, untouched, is made again for the new size; a
    // view the user or a replay has moved keeps its centre and scale instead of shrinking into the new box.
    const svg = svgRef.current;
    if (!svg || typeof ResizeObserver === 'undefined') return;
    let last = viewportSize();
    const observer = new ResizeObserver(() => {
      const now = viewportSize();
      const before = last;
      last = now;
      if (!now) return;
      setViewBox((vb) => {
        if (vb === untouched.current) return first();
        const fit = fitViewBox(diagramWidth, diagramHeight);
        // Fitted stays fitted (the SVG letterboxes the whole chart into any shape).
        if (!before || (vb.x === fit.x && vb.y === fit.y && vb.width === fit.width && vb.height === fit.height)) return vb;
        const scale = scaleOf(vb, before);
        const width = now.width / scale;
        const height = now.height / scale;
        return { x: vb.x + vb.width / 2 - width / 2, y: vb.y + vb.height / 2 - height / 2, width, height };
      });
    });
    observer.observe(svg);
    return () => observer.disconnect();
    // startKey stands for start (a new object each render).
  }, [diagramWidth, diagramHeight, startKey, viewportSize, svgRef]);

  /** Diagram units per screen pixel (the SVG letterboxes: preserveAspectRatio meet). */
  const unitsPerPixel = useCallback(
    (vb: ViewBox) => {
      const rect = svgRef.current?.getBoundingClientRect();
      if (!rect || rect.width === 0 || rect.height === 0) return 1;
      return Math.max(vb.width / rect.width, vb.height / rect.height);
    },
    [svgRef],
  );

  /** A screen point in diagram units, for zooming around the pointer. */
  const toDiagram = useCallback(
    (vb: ViewBox, clientX: number, clientY: number): Pointer => {
      const rect = svgRef.current?.getBoundingClientRect();
      if (!rect || rect.width === 0) return { x: vb.x + vb.width / 2, y: vb.y + vb.height / 2 };
      const scale = unitsPerPixel(vb);
      const offsetX = (rect.width * scale - vb.width) / 2;
      const offsetY = (rect.height * scale - vb.height) / 2;
      return { x: vb.x - offsetX + (clientX - rect.left) * scale, y: vb.y - offsetY + (clientY - rect.top) * scale };
    },
    [svgRef, unitsPerPixel],
  );

  const zoomBy = useCallback((factor: number, at?: Pointer) => {
    setViewBox((vb) => zoomViewBox(vb, factor, at?.x ?? vb.x + vb.width / 2, at?.y ?? vb.y + vb.height / 2, fitViewBox(diagramWidth, diagramHeight)));
  }, [diagramWidth, diagramHeight]);

  const panBy = useCallback((dx: number, dy: number) => setViewBox((vb) => ({ ...vb, x: vb.x + dx, y: vb.y + dy })), []);

  // The wheel must be a non-passive listener to keep the page from scrolling while zooming.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      setViewBox((vb) => {
        const at = toDiagram(vb, e.clientX, e.clientY);
        return zoomViewBox(vb, Math.exp(-e.deltaY * 0.002), at.x, at.y, fitViewBox(diagramWidth, diagramHeight));
      });
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [svgRef, toDiagram, diagramWidth, diagramHeight]);

  const pinchDistance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null;
  };

  const onPointerDown = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    drag.current = { start: { x: e.clientX, y: e.clientY }, moved: pointers.current.size > 1, pinch: pinchDistance() };
  };

  const onPointerMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    const last = pointers.current.get(e.pointerId);
    if (!last) return;
    const now = { x: e.clientX, y: e.clientY };
    pointers.current.set(e.pointerId, now);
    const d = drag.current;
    if (!d.moved && Math.hypot(now.x - d.start.x, now.y - d.start.y) < DRAG_THRESHOLD_PX) return;
    if (!d.moved) {
      d.moved = true;
      e.currentTarget.setPointerCapture?.(e.pointerId);
    }
    if (pointers.current.size >= 2) {
      const distance = pinchDistance();
      if (distance && d.pinch) {
        const [a, b] = [...pointers.current.values()];
        const factor = distance / d.pinch;
        setViewBox((vb) => {
          const at = toDiagram(vb, (a!.x + b!.x) / 2, (a!.y + b!.y) / 2);
          return zoomViewBox(vb, factor, at.x, at.y, fitViewBox(diagramWidth, diagramHeight));
        });
      }
      d.pinch = distance;
      return;
    }
    setViewBox((vb) => {
      const scale = unitsPerPixel(vb);
      return { ...vb, x: vb.x - (now.x - last.x) * scale, y: vb.y - (now.y - last.y) * scale };
    });
  };

  const onPointerEnd = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (!pointers.current.delete(e.pointerId)) return;
    if (drag.current.moved) swallowClick.current = true;
    drag.current.pinch = pinchDistance();
    if (pointers.current.size === 0) setTimeout(() => void (swallowClick.current = false), 0);
  };

  /** Capture-phase click handler: a click that ends a drag selects nothing. */
  const onClickCapture = (e: { stopPropagation: () => void; preventDefault: () => void }) => {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    e.stopPropagation();
    e.preventDefault();
  };

  /** Arrow keys pan by a tenth of the view, + and - zoom, 0 fits. */
  const onKeyDown = (e: KeyboardEvent) => {
    const step = (vb: ViewBox) => vb.width / 10;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => panBy(-step(viewBox), 0),
      ArrowRight: () => panBy(step(viewBox), 0),
      ArrowUp: () => panBy(0, -step(viewBox)),
      ArrowDown: () => panBy(0, step(viewBox)),
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
      '0': () => setViewBox(fitViewBox(diagramWidth, diagramHeight)),
    };
    const run = keys[e.key];
    if (!run || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    run();
  };

  return {
    viewBox,
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(1 / ZOOM_STEP),
    fit: () => setViewBox(fitViewBox(diagramWidth, diagramHeight)),
    /** Centres the view on a diagram point at the current scale (the overview map's click or drag). */
    moveTo: (cx: number, cy: number) =>
      setViewBox((vb) => {
        const clamp = (n: number, max: number) => Math.min(Math.max(n, 0), max);
        return { ...vb, x: clamp(cx, diagramWidth) - vb.width / 2, y: clamp(cy, diagramHeight) - vb.height / 2 };
      }),
    /** Shows a box (a state or label chosen from the list) in the middle, zoomed in to read it unless already closer. */
    showBox: (box: { x: number; y: number; width: number; height: number }) =>
      setViewBox((vb) => {
        const width = Math.min(vb.width, Math.max(box.width * 2.5, READABLE_WIDTH));
        const height = (vb.height * width) / vb.width;
        return { x: box.x + box.width / 2 - width / 2, y: box.y + box.height / 2 - height / 2, width, height };
      }),
    /** Brings a box (the active states of a replayed or live step) into view at a readable scale, unless it already is. */
    follow: (box: Box) =>
      setViewBox((vb) => {
        const viewport = viewportSize();
        if (!viewport) {
          // No layout to measure: centre it, zoomed in as showBox does.
          const width = Math.min(vb.width, Math.max(box.width * 2.5, READABLE_WIDTH));
          const height = (vb.height * width) / vb.width;
          return { x: box.x + box.width / 2 - width / 2, y: box.y + box.height / 2 - height / 2, width, height };
        }
        return followViewBox(vb, box, viewport, fitViewBox(diagramWidth, diagramHeight)) ?? vb;
      }),
    svgHandlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onClickCapture, onKeyDown },
  };
}
