import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/ui/loading-status';
import {
  DASHBOARD_BUCKETS,
  DASHBOARD_PRESETS,
  type Dashboard,
  type DashboardTotals,
} from '../../../domain/dashboard';
import { formatDate } from '../../../domain/datetime';
import type { DisplayLanguage } from '../../../domain/locale';
import { formatMoney, formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { AdminFrame } from '../components/admin-frame';
import { tableToCsv } from '../csv';
import { download } from '../hooks/use-order-actions';
import { DashboardChart } from './dashboard-chart';
import { chartsOf, type ChartSpec } from './dashboard-charts';
import { useDashboard } from './use-dashboard';
import './dashboard.css';

/** /admin-dashboard (D25): how the business is doing over a period, at a glance. */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminFrame
      metaTitle={t('dashboard.metaTitle')}
      title={t('dashboard.title')}
      lead={t('dashboard.lead')}
    >
      {() => <DashboardBody />}
    </AdminFrame>
  );
}

function DashboardBody() {
  const { t } = useTranslation(['admin', 'validation', 'errors']);
  const language = useDisplayLanguage();
  const ids = useId();
  const board = useDashboard();
  const { range, state, shown } = board;
  const rangeError = state.kind === 'error' ? state.fields.to : undefined;

  return (
    <>
      <form
        className="dashboard-toolbar"
        aria-label={t('admin:dashboard.period')}
        onSubmit={(event) => event.preventDefault()}
      >
        <div
          className="dashboard-presets"
          role="group"
          aria-label={t('admin:dashboard.presets.label')}
        >
          {DASHBOARD_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="btn btn-secondary"
              onClick={() => board.setPreset(preset)}
            >
              {t(`admin:dashboard.presets.${preset}`)}
            </button>
          ))}
        </div>
        <div className="dashboard-dates">
          <label className="field">
            <span className="field-label">{t('admin:dashboard.from')}</span>
            <input
              type="date"
              className="input"
              value={range.from}
              onChange={(e) => e.target.value && board.setFrom(e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field-label">{t('admin:dashboard.to')}</span>
            <input
              type="date"
              className="input"
              value={range.to}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? `${ids}-range-error` : undefined}
              onChange={(e) => e.target.value && board.setTo(e.target.value)}
            />
          </label>
          <fieldset className="dashboard-bucket">
            <legend>{t('admin:dashboard.bucket.label')}</legend>
            {DASHBOARD_BUCKETS.map((bucket) => (
              <label key={bucket} className="dashboard-bucket-option">
                <input
                  type="radio"
                  name={`${ids}-bucket`}
                  value={bucket}
                  checked={range.bucket === bucket}
                  onChange={() => board.setBucket(bucket)}
                />
                {t(`admin:dashboard.bucket.${bucket}`)}
              </label>
            ))}
          </fieldset>
        </div>
      </form>

      {state.kind === 'error' && (
        <div className="alert alert-error" role="alert" id={`${ids}-range-error`}>
          <strong>{t('admin:dashboard.loadError')}</strong> {t(rangeError ?? state.messageKey)}{' '}
          {!rangeError && (
            <button type="button" className="btn btn-secondary" onClick={board.reload}>
              {t('admin:orders.retry')}
            </button>
          )}
        </div>
      )}
      {state.kind === 'loading' && !shown && (
        <LoadingStatus className="admin-loading">{t('admin:dashboard.loading')}</LoadingStatus>
      )}
      {shown && (
        <div aria-busy={state.kind === 'loading'}>
          <DashboardView dashboard={shown} language={language} />
        </div>
      )}
    </>
  );
}

function DashboardView({
  dashboard,
  language,
}: {
  dashboard: Dashboard;
  language: DisplayLanguage;
}) {
  const { t } = useTranslation('admin');
  const charts = useMemo(() => chartsOf(dashboard, t, language), [dashboard, t, language]);
  // Stable while the language is: a chart is drawn again only when its numbers change.
  const { num, money } = useMemo(
    () => ({
      num: (n: number) => formatNumber(n, language),
      money: (n: number) => formatMoney(n, language),
    }),
    [language],
  );
  return (
    <>
      <h2 className="dashboard-range">
        {t('dashboard.range', {
          from: formatDate(dashboard.from, language),
          to: formatDate(dashboard.to, language),
        })}
      </h2>
      <p className="admin-sub">
        {t('dashboard.compared', {
          from: formatDate(dashboard.previousFrom, language),
          to: formatDate(dashboard.previousTo, language),
        })}
      </p>
      <Figures dashboard={dashboard} language={language} />
      {dashboard.current.bookings === 0 && (
        <p className="dashboard-empty">{t('dashboard.empty')}</p>
      )}
      <div className="dashboard-grid">
        {charts.map((chart) => (
          <ChartCard
            key={chart.id}
            chart={chart}
            language={language}
            format={chart.money ? money : num}
            fileName={`afsh-dashboard-${chart.id}-${dashboard.from}-${dashboard.to}.csv`}
          />
        ))}
      </div>
    </>
  );
}

const FIGURES: { key: keyof DashboardTotals; kind: 'count' | 'money' | 'decimal' }[] = [
  { key: 'bookings', kind: 'count' },
  { key: 'paid', kind: 'money' },
  { key: 'dueOnDelivery', kind: 'money' },
  { key: 'refunded', kind: 'money' },
  { key: 'averageOrderValue', kind: 'money' },
  { key: 'cancellations', kind: 'count' },
  { key: 'averageLeadDays', kind: 'decimal' },
  { key: 'reviewAverage', kind: 'decimal' },
];

function Figures({ dashboard, language }: { dashboard: Dashboard; language: DisplayLanguage }) {
  const { t } = useTranslation('admin');
  const show = (value: number | null, kind: string) =>
    value === null
      ? t('dashboard.none')
      : kind === 'money'
        ? formatMoney(value, language)
        : formatNumber(value, language);
  const percent = (value: number) =>
    new Intl.NumberFormat(language === 'ar' ? 'ar-EG' : 'en-EG', {
      style: 'percent',
      maximumFractionDigits: 0,
    }).format(value);
  const { interGovernorate } = dashboard;
  return (
    <dl className="dashboard-figures">
      {FIGURES.map(({ key, kind }) => {
        const now = dashboard.current[key];
        const before = dashboard.previous[key];
        let change: string;
        if (now === null || before === null || before === 0) change = t('dashboard.change.none');
        else if (now === before) change = t('dashboard.change.same');
        else
          change = t(now > before ? 'dashboard.change.up' : 'dashboard.change.down', {
            value: percent(Math.abs(now - before) / before),
          });
        return (
          <div key={key} className="dashboard-figure">
            <dt>{t(`dashboard.figures.${key}`)}</dt>
            <dd className="dashboard-figure-value">{show(now, kind)}</dd>
            <dd className="admin-sub">
              {t('dashboard.previous', { value: show(before, kind) })} · {change}
            </dd>
          </div>
        );
      })}
      <div className="dashboard-figure">
        <dt>{t('dashboard.figures.interGovernorate')}</dt>
        <dd className="dashboard-figure-value">
          {interGovernorate.of === 0
            ? t('dashboard.none')
            : percent(interGovernorate.orders / interGovernorate.of)}
        </dd>
        <dd className="admin-sub">
          {formatNumber(interGovernorate.orders, language)} /{' '}
          {formatNumber(interGovernorate.of, language)}
        </dd>
      </div>
    </dl>
  );
}

function ChartCard({
  chart,
  language,
  format,
  fileName,
}: {
  chart: ChartSpec;
  language: DisplayLanguage;
  format: (n: number) => string;
  fileName: string;
}) {
  const { t } = useTranslation('admin');
  const ids = useId();
  const [asTable, setAsTable] = useState(false);
  const header = [chart.category, ...chart.series.map((s) => s.label)];
  const saveCsv = () =>
    download(
      tableToCsv(
        header,
        chart.labels.map((label, i) => [label, ...chart.series.map((s) => s.values[i] ?? 0)]),
      ),
      fileName,
    );
  return (
    <section className="dashboard-card" aria-labelledby={`${ids}-title`}>
      <div className="dashboard-card-head">
        <h3 id={`${ids}-title`}>{chart.title}</h3>
        <div className="dashboard-card-actions">
          <button
            type="button"
            className="btn btn-ghost"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
          >
            {t(asTable ? 'dashboard.showChart' : 'dashboard.showTable')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={saveCsv}>
            {t('dashboard.csv')}
          </button>
        </div>
      </div>
      {asTable ? (
        <div
          className="admin-table-scroll"
          tabIndex={0}
          role="region"
          aria-labelledby={`${ids}-title`}
        >
          <table className="table dashboard-table">
            <caption className="visually-hidden">{chart.title}</caption>
            <thead>
              <tr>
                {header.map((h) => (
                  <th scope="col" key={h}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.labels.map((label, i) => (
                <tr key={`${label}-${i}`}>
                  <th scope="row">
                    <bdi>{label}</bdi>
                  </th>
                  {chart.series.map((s) => (
                    <td key={s.label}>{format(s.values[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <DashboardChart
          labels={chart.labels}
          series={chart.series}
          language={language}
          horizontal={chart.horizontal}
          stacked={chart.stacked}
          format={format}
          label={t('dashboard.chartLabel', { title: chart.title })}
        />
      )}
    </section>
  );
}
