// Loaded lazily by the dashboard (uPlot is ~50 kB): the figures above it do not wait for it.
import type { Dashboard } from '@atende/contracts';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCsatAverage, sentimentLabels } from '../../../lib/analysis-display.ts';
import { formatDate, TIME_ZONE } from '../../../lib/format.ts';
import { sentimentColors, trendSentiments } from './trend-colors.ts';

const csatColor = '#1d4ed8';
const height = 260;
const dayLabel = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit' });

/** Seconds of the São Paulo midnight of a YYYY-MM-DD day (UTC-3 all year). */
const secondsOf = (day: string) => Date.parse(`${day}T00:00:00-03:00`) / 1000;

/** `ink()` is the text colour of the chart's box, read at each draw so it follows the theme. */
function optionsFor(width: number, ink: () => string): uPlot.Options {
  const axis = { stroke: ink, grid: { stroke: () => `color-mix(in srgb, ${ink()} 15%, transparent)` } };
  return {
    width,
    height,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), TIME_ZONE),
    // Counts from zero (an auto range would magnify small differences); CSAT on its own 0–10 axis.
    scales: {
      x: { time: true },
      y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
      csat: { range: [0, 10] },
    },
    series: [
      { label: 'Dia', value: (_u, ts) => (ts == null ? '—' : formatDate(ts * 1000)) },
      ...trendSentiments.map((s) => ({
        label: sentimentLabels[s],
        stroke: sentimentColors[s],
        width: 2,
        points: { show: false },
        value: (_u: uPlot, v: number | null) => (v == null ? '—' : String(v)),
      })),
      {
        label: 'CSAT médio',
        scale: 'csat',
        stroke: csatColor,
        width: 2,
        dash: [6, 4],
        spanGaps: true,
        value: (_u: uPlot, v: number | null) => (v == null ? '—' : formatCsatAverage(v)),
      },
    ],
    axes: [
      { ...axis, values: (_u, splits) => splits.map((s) => dayLabel.format(s * 1000)) },
      {
        ...axis,
        label: 'Chamados',
        values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')),
      },
      { stroke: ink, scale: 'csat', side: 1, label: 'CSAT', grid: { show: false } },
    ],
  };
}

function dataOf(trend: Dashboard['trend']): uPlot.AlignedData {
  return [
    trend.map((day) => secondsOf(day.date)),
    ...trendSentiments.map((s) => trend.map((day) => day.by_sentiment[s])),
    trend.map((day) => day.csat_average_0_10),
  ];
}

/** The window's tickets per day by sentiment, and the day's average CSAT on its own axis. */
export default function TrendChart({ trend }: { trend: Dashboard['trend'] }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = new uPlot(
      optionsFor(element.clientWidth, () => getComputedStyle(element).color),
      dataOf([]),
      element,
    );
    chart.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    // The theme changed (html.dark): draw the axes again in the new text colour.
    const theme = new MutationObserver(() => plot.redraw(false));
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      theme.disconnect();
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setData(dataOf(trend));
  }, [trend]);

  // The table below says the same for screen readers; the canvas is decoration for them.
  return <div ref={box} aria-hidden="true" className="w-full text-xs text-slate-700" />;
}
