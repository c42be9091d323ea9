/**
 * Pan and zoom of an SVG by its viewBox, with pointer events only (mouse, pen and touch alike): drag pans, a wheel or
 * a two-finger pinch zooms around the pointer, and the returned commands serve the +/- and "fit" buttons and the
 * keyboard. No library: the viewBox is four numbers. A drag starts only past a few pixels, so a click on a state
 * stays a click (and the click that ends a drag is swallowed).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

export type ViewBox = { x: number; y: number; width: number; height: number };

const PADDING = 12;
const DRAG_THRESHOLD_PX = 4;
export const ZOOM_STEP = 1.25;
/** Closest zoom, as a fraction of the diagram's width shown. */
const MIN_WIDTH_FRACTION = 1 / 12;
/** Diagram units across the view when zooming to a state chosen from the list: its text is readable on a phone. */
const READABLE_WIDTH = 480;

export function fitViewBox(width: number, height: number): ViewBox {
  return { x: -PADDING, y: -PADDING, width: width + 2 * PADDING, height: height + 2 * PADDING };
}

/** The viewBox zoomed by `factor` (>1 closer) around the diagram point (cx, cy), within the zoom limits. */
export function zoomViewBox(vb: ViewBox, factor: number, cx: number, cy: number, fit: ViewBox): ViewBox {
  const width = Math.min(fit.width * 2, Math.max(fit.width * MIN_WIDTH_FRACTION, vb.width / factor));
  const applied = vb.width / width;
  const height = vb.height / applied;
  return { x: cx - (cx - vb.x) / applied, y: cy - (cy - vb.y) / applied, width, height };
}

type Pointer = { x: number; y: number };

export function usePanZoom(svgRef: RefObject<SVGSVGElement | null>, diagramWidth: number, diagramHeight: number) {
  const fit = fitViewBox(diagramWidth, diagramHeight);
  const [viewBox, setViewBox] = useState<ViewBox>(fit);
  const pointers = useRef(new Map<number, Pointer>());
  const drag = useRef<{ start: Pointer; moved: boolean; pinch: number | null }>({ start: { x: 0, y: 0 }, moved: false, pinch: null });
  const swallowClick = useRef(false);

  // A new diagram starts fitted.
  useEffect(() => setViewBox(fitViewBox(diagramWidth, diagramHeight)), [diagramWidth, diagramHeight]);

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
    /** Shows a box (a state or label chosen from the list) in the middle, zoomed in to read it unless already closer. */
    showBox: (box: { x: number; y: number; width: number; height: number }) =>
      setViewBox((vb) => {
        const width = Math.min(vb.width, Math.max(box.width * 2.5, READABLE_WIDTH));
        const height = (vb.height * width) / vb.width;
        return { x: box.x + box.width / 2 - width / 2, y: box.y + box.height / 2 - height / 2, width, height };
      }),
    svgHandlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onClickCapture, onKeyDown },
  };
}
