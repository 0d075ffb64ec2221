/**
 * The loaded results over time, one point per UTC day: videos per day, or total views and likes
 * per day (switchable). Drawn by uPlot on a canvas from the per-day sums the main process keeps
 * (services/research/day-totals.ts): a few dozen points, however many rows are behind them.
 */
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DaySeries } from '../../api/contract';
import { showDays, useResearch } from '../../state/research';

type Mode = 'videos' | 'engagement';

const NO_DAYS: DaySeries = [[], [], [], []];

function plotData(days: DaySeries, mode: Mode): uPlot.AlignedData {
  const [day, videos, views, likes] = days;
  return mode === 'videos' ? [day, videos] : [day, views, likes];
}

function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

export function ResultsChart({ hasTime }: { hasTime: boolean }) {
  const intl = useIntl();
  const days = useResearch((state) => state.days) ?? NO_DAYS;
  const [mode, setMode] = useState<Mode>('videos');
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // The latest series, for a plot made anew (mode switch) without re-running on every update.
  const latest = useRef(days);
  latest.current = days;

  useEffect(() => (hasTime ? showDays() : undefined), [hasTime]);

  useEffect(() => {
    const element = box.current;
    if (!element || !hasTime) return;
    const text = cssColor('--color-text-muted', '#545b67');
    const grid = cssColor('--color-border', '#dde0e6');
    // Days and counts in the window's locale (uPlot's own labels are English dates and the browser's numbers).
    const day = new Intl.DateTimeFormat(intl.locale, { timeZone: 'UTC', month: 'short', day: 'numeric' });
    const count = new Intl.NumberFormat(intl.locale, { notation: 'compact' });
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, values: (_: uPlot, splits: number[]) => splits.map((v) => count.format(v)) };
    const xAxis = { ...axis, values: (_: uPlot, splits: number[]) => splits.map((v) => day.format(v * 1000)) };
    const words = (id: 'research.chart.day' | 'research.chart.videos' | 'research.chart.views' | 'research.chart.likes') => intl.formatMessage({ id });
    // The legend names the day in the window's language (uPlot's own label is the English "Time"),
    // and says nothing until a day is pointed at (uPlot's placeholder is "--").
    const xSeries: uPlot.Series = { label: words('research.chart.day'), value: (_: uPlot, v: number | null) => (v === null ? '' : day.format(v * 1000)) };
    const exact = new Intl.NumberFormat(intl.locale);
    const value = (_: uPlot, v: number | null) => (v === null ? '' : exact.format(v));
    const series: uPlot.Series[] =
      mode === 'videos'
        ? [xSeries, { label: words('research.chart.videos'), value, stroke: cssColor('--color-accent', '#4338ca'), width: 2, fill: 'rgba(67,56,202,0.12)' }]
        : [xSeries, { label: words('research.chart.views'), value, stroke: cssColor('--color-accent', '#4338ca'), width: 2, scale: 'views' }, { label: words('research.chart.likes'), value, stroke: '#c2410c', width: 2, scale: 'likes' }];
    const options: uPlot.Options = {
      width: Math.max(320, element.clientWidth),
      height: 240,
      series,
      axes: mode === 'videos' ? [xAxis, axis] : [xAxis, { ...axis, scale: 'views', label: words('research.chart.views') }, { ...axis, scale: 'likes', side: 1, label: words('research.chart.likes'), grid: { show: false } }],
      scales: { x: { time: true } },
    };
    const instance = new uPlot(options, plotData(latest.current, mode), element);
    plot.current = instance;
    const resize = new ResizeObserver(() => instance.setSize({ width: Math.max(320, element.clientWidth), height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      instance.destroy();
      plot.current = null;
    };
  }, [mode, hasTime, intl]);

  useEffect(() => {
    plot.current?.setData(plotData(days, mode));
  }, [days, mode]);

  return (
    <section className="results-chart" aria-labelledby="results-chart-title">
      <div className="results-chart__head">
        <h2 id="results-chart-title" className="research__subtitle">{intl.formatMessage({ id: 'research.chart.title' })}</h2>
        <div role="radiogroup" aria-label={intl.formatMessage({ id: 'research.chart.modes' })} className="results-chart__modes">
          <label>
            <input type="radio" name="chart-mode" checked={mode === 'videos'} onChange={() => setMode('videos')} /> {intl.formatMessage({ id: 'research.chart.videosPerDay' })}
          </label>
          <label>
            <input type="radio" name="chart-mode" checked={mode === 'engagement'} onChange={() => setMode('engagement')} /> {intl.formatMessage({ id: 'research.chart.engagement' })}
          </label>
        </div>
      </div>
      {hasTime ? <div ref={box} className="results-chart__plot" data-testid="results-chart" /> : <p className="research-note">{intl.formatMessage({ id: 'research.chart.needsTime' })}</p>}
    </section>
  );
}
