import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { DisplayLanguage } from '../../../domain/locale';
import { intlLocale } from '../../../domain/locale';

// Only the pieces the dashboard draws (bars, their axes, legend and tooltip): Chart.js is
// tree-shaken to them, and this module is in the dashboard's chunk alone (D25).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
// The page's typeface on the axes, legends and tooltips too.
Chart.defaults.font.family = "'Cairo Variable', system-ui, sans-serif";

/** The palette: the brand's blue, then colours told apart by people with colour blindness. */
const COLOURS = ['#1d4ed8', '#d97706', '#059669', '#be123c', '#7c3aed', '#0891b2'];

export interface ChartSeries {
  label: string;
  values: number[];
}

interface DashboardChartProps {
  labels: string[];
  series: ChartSeries[];
  language: DisplayLanguage;
  /** What the chart shows, for assistive technology (the table view has the numbers). */
  label: string;
  /** Bars along the side (long names: governorates, bands) rather than up. */
  horizontal?: boolean;
  stacked?: boolean;
  /** How a value reads in a tooltip and on the value axis. */
  format: (value: number) => string;
}

/**
 * A bar chart, right to left in Arabic: the categories run from the right, the value axis
 * stands on the right, the legend and tooltips read right to left, and every number is in the
 * page's digits (Chart.js formats with Intl in the page's locale).
 */
export function DashboardChart(props: DashboardChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { labels, series, language, horizontal = false, stacked = false, format, label } = props;

  useEffect(() => {
    if (!canvas.current) return;
    const rtl = language === 'ar';
    const categoryAxis = {
      stacked,
      reverse: rtl && !horizontal,
      position: horizontal ? (rtl ? 'right' : 'left') : 'bottom',
      grid: { display: false },
    } as const;
    const valueAxis = {
      stacked,
      beginAtZero: true,
      reverse: rtl && horizontal,
      position: horizontal ? 'bottom' : rtl ? 'right' : 'left',
      ticks: { precision: 0, callback: (value: number | string) => format(Number(value)) },
    } as const;
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((s, i) => ({
          label: s.label,
          data: s.values,
          backgroundColor: COLOURS[i % COLOURS.length],
          borderRadius: 3,
        })),
      },
      options: {
        locale: intlLocale(language),
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: horizontal ? { y: categoryAxis, x: valueAxis } : { x: categoryAxis, y: valueAxis },
        plugins: {
          legend: {
            display: series.length > 1,
            rtl,
            textDirection: rtl ? 'rtl' : 'ltr',
          },
          tooltip: {
            rtl,
            textDirection: rtl ? 'rtl' : 'ltr',
            callbacks: {
              label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}`,
            },
          },
        },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [labels, series, language, horizontal, stacked, format]);

  return (
    <div className={`dashboard-chart${horizontal ? ' is-horizontal' : ''}`}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
