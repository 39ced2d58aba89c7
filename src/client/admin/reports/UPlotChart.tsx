import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { bucketLabel } from './dayRange';

export interface SeriesChartProps {
  buckets: string[];
  values: number[];
  /** Bars for amounts and counts per bucket; a line for a level (liability at each bucket's end). */
  shape: 'bars' | 'line';
  height: number;
  format: (value: number) => string;
}

const GOLD = '#f5c451';
const AXIS = 'rgba(255, 255, 255, 0.55)';
const GRID = 'rgba(255, 255, 255, 0.08)';

/**
 * One figure's series drawn by uPlot (canvas, ~50 KB, no animation at all, so reduced motion needs
 * nothing more); this file is the lazy chunk that carries the library. The chart is decoration for
 * sighted readers: the tile's table is its text alternative (aria-hidden here).
 */
export default function UPlotChart({ buckets, values, shape, height, format }: SeriesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = buckets.map((_, i) => i);
    const options: uPlot.Options = {
      width: Math.max(120, el.clientWidth),
      height,
      legend: { show: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: { x: { time: false, range: [-0.5, Math.max(0.5, buckets.length - 0.5)] } },
      axes: [
        {
          stroke: AXIS, grid: { show: false }, ticks: { show: false }, size: 22, font: '11px system-ui',
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && buckets[i] ? bucketLabel(buckets[i]) : '')),
        },
        { stroke: AXIS, grid: { stroke: GRID, width: 1 }, ticks: { show: false }, size: 52, font: '11px system-ui', values: (_u, splits) => splits.map(format) },
      ],
      series: [
        {},
        shape === 'bars'
          ? { stroke: GOLD, fill: 'rgba(245, 196, 81, 0.55)', width: 0, paths: uPlot.paths.bars!({ size: [0.7, 40], gap: 1 }), points: { show: false } }
          : { stroke: GOLD, width: 2, fill: 'rgba(245, 196, 81, 0.12)', points: { show: buckets.length < 3 } },
      ],
    };
    const u = new uPlot(options, [xs, values], el);
    plot.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: Math.max(120, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [buckets, values, shape, height, format]);

  return <div ref={box} className="admin-chart__plot" aria-hidden="true" />;
}
