/**
 * A Chartist bar chart (SVG, responsive), loaded with the dashboard's chunk only: Chartist is imported here on first
 * draw, so neither the shell nor another page carries it. The drawing is decoration for sighted readers
 * (aria-hidden); the page gives the same numbers as a table.
 */
import { useEffect, useRef } from 'react';
import 'chartist/dist/index.css';

export type BarChartSpec = {
  labels: string[];
  series: number[][];
  /**
   * A class for each series, in place of Chartist's ct-series-a, -b, ...: those follow the drawing order, which
   * `horizontal` reverses (reverseData), so a colour tied to a letter would move to the other series.
   */
  seriesClasses?: string[];
  horizontal?: boolean;
  stacked?: boolean;
  /** Show every n-th label only (30 days on a phone). */
  labelEvery?: number;
};

type Chartist = typeof import('chartist');

/**
 * Chartist writes two inline `style` attributes (the svg's size, a label's overflow), which the app's CSP
 * (style-src 'self') refuses, with a console report per label. Its attr() is routed here so that a `style` goes in
 * through the CSSOM (element.style), which the CSP allows; every other attribute is set as before.
 */
function styleThroughCssom({ Svg }: Chartist): void {
  const attr = Svg.prototype.attr as (this: InstanceType<typeof Svg>, attributes: unknown, ns?: string) => unknown;
  Svg.prototype.attr = function (this: InstanceType<typeof Svg>, attributes: unknown, ns?: string) {
    if (attributes && typeof attributes === 'object' && 'style' in attributes) {
      const { style, ...rest } = attributes as Record<string, unknown>;
      if (style !== undefined) (this.getNode() as SVGElement).style.cssText = String(style);
      return attr.call(this, rest, ns);
    }
    return attr.call(this, attributes, ns);
  } as typeof Svg.prototype.attr;
}

let chartist: Promise<Chartist> | null = null;
/** One import for every chart on the page. */
const loadChartist = () =>
  (chartist ??= import('chartist').then((module) => {
    styleThroughCssom(module);
    return module;
  }));

export function BarChartView({ spec, className }: { spec: BarChartSpec; className: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let detach: (() => void) | null = null;
    let cancelled = false;
    void loadChartist().then(({ BarChart }) => {
      if (cancelled || !ref.current) return;
      const every = spec.labelEvery ?? 1;
      const labelAxis = { showGrid: false, labelInterpolationFnc: (value: unknown, index: number) => (index % every === 0 ? String(value) : '') };
      const valueAxis = { onlyInteger: true };
      const chart = new BarChart(
        ref.current,
        { labels: spec.labels, series: spec.seriesClasses ? spec.series.map((data, i) => ({ data, className: spec.seriesClasses?.[i] })) : spec.series },
        {
          horizontalBars: spec.horizontal ?? false,
          reverseData: spec.horizontal ?? false,
          stackBars: spec.stacked ?? false,
          seriesBarDistance: 10,
          axisX: spec.horizontal ? valueAxis : labelAxis,
          axisY: spec.horizontal ? { ...labelAxis, offset: 84 } : valueAxis,
        },
      );
      detach = () => chart.detach();
    });
    return () => {
      cancelled = true;
      detach?.();
    };
  }, [spec]);
  return <div ref={ref} className={className} aria-hidden="true" />;
}
