import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { formatDateTime } from '../../../domain/datetime';
import { formatMoney, formatNumber } from '../../../domain/money';
import { MOVE_TYPES } from '../../../domain/pricing';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import type { CatalogField } from '../catalog-form';
import { useCatalogEditor } from '../hooks/use-catalog-editor';
import { AdminFrame } from './admin-frame';
import type { Notify } from './toast';

/**
 * /admin-prices (D11): the price catalog as data. The admin edits the current version's rates,
 * sees what example moves would cost before saving, and saves a new version, effective at once,
 * recorded with who and when. Orders already placed keep the version they were priced with.
 */
export function AdminPricesPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminFrame metaTitle={t('prices.metaTitle')} title={t('prices.title')} lead={t('prices.lead')}>
      {(notify) => <PricesEditor notify={notify} />}
    </AdminFrame>
  );
}

function PricesEditor({ notify }: { notify: Notify }) {
  const { t } = useTranslation(['admin', 'pricing', 'validation', 'errors']);
  const language = useDisplayLanguage();
  const ids = useId();
  const editor = useCatalogEditor(notify);
  const { state, current, values, problems, preview } = editor;

  if (state.kind === 'loading') {
    return <LoadingStatus className="admin-loading">{t('admin:prices.loading')}</LoadingStatus>;
  }
  if (state.kind === 'error' || !current || !values) {
    return (
      <div className="alert alert-error" role="alert">
        <strong>{t('admin:prices.loadError')}</strong>{' '}
        {state.kind === 'error' ? t(state.messageKey) : ''}{' '}
        <button type="button" className="btn btn-secondary" onClick={editor.reload}>
          {t('admin:orders.retry')}
        </button>
      </div>
    );
  }

  const money = (amount: number) => <bdi>{formatMoney(amount, language)}</bdi>;
  const num = (n: number) => formatNumber(n, language);
  const idFor = (field: CatalogField) => `${ids}-${field.replace(/\./g, '-')}`;
  const field = (name: CatalogField, label: string, hint?: string, decimal = false): ReactNode => {
    const id = idFor(name);
    const problem = problems[name];
    const described = [hint ? `${id}-hint` : '', problem ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="field" key={name}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className="input admin-number-input"
          type="text"
          inputMode={decimal ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={values[name]}
          onChange={(event) => editor.change(name, event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={described || undefined}
        />
        {hint && (
          <p id={`${id}-hint`} className="field-hint">
            {hint}
          </p>
        )}
        {problem && (
          <p id={`${id}-error`} className="field-error">
            {t(problem)}
          </p>
        )}
      </div>
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    editor.requestSave();
    // The first field with a problem gets the focus, in screen order.
    requestAnimationFrame(() =>
      document.querySelector<HTMLInputElement>('.admin-prices-form [aria-invalid="true"]')?.focus(),
    );
  };

  const latest = state.kind === 'loaded' ? state.items[0] : undefined;

  return (
    <>
      <p className="card admin-version" role="status">
        {t('admin:prices.currentVersion', {
          version: num(current.version),
          at: current.createdAt ? formatDateTime(current.createdAt, language) : '',
        })}{' '}
        {latest?.createdBy ? (
          <>
            {t('admin:prices.savedBy')} <bdi className="ltr-value">{latest.createdBy}</bdi>
          </>
        ) : (
          t('admin:prices.firstVersion')
        )}
      </p>

      <form className="admin-prices-form" onSubmit={onSubmit} noValidate>
        <fieldset className="card admin-fieldset">
          <legend>{t('admin:prices.base')}</legend>
          <div className="admin-field-grid">
            {MOVE_TYPES.map((type) => field(`base.${type}`, t(`pricing:moveTypes.${type}.label`)))}
          </div>
        </fieldset>

        <fieldset className="card admin-fieldset">
          <legend>{t('admin:prices.fees')}</legend>
          <div className="admin-field-grid">
            {field('floorFee', t('admin:prices.floorFee'), t('admin:prices.floorFeeHint'))}
            {field(
              'workerExtraPerHead',
              t('admin:prices.workerFee'),
              t('admin:prices.workerFeeHint'),
            )}
          </div>
        </fieldset>

        <fieldset className="card admin-fieldset">
          <legend>{t('admin:prices.team')}</legend>
          <div className="admin-field-grid">
            {field('team.base', t('admin:prices.teamBase'), t('admin:prices.teamBaseHint'))}
            {field(
              'team.manyFloors',
              t('admin:prices.manyFloors'),
              t('admin:prices.manyFloorsHint'),
            )}
          </div>
        </fieldset>

        <fieldset className="card admin-fieldset">
          <legend>{t('admin:prices.distance')}</legend>
          <div className="admin-field-grid">
            {field(
              'distance.roadFactor',
              t('admin:prices.roadFactor'),
              t('admin:prices.roadFactorHint'),
              true,
            )}
            {field(
              'distance.includedKm',
              t('admin:prices.includedKm'),
              t('admin:prices.includedKmHint'),
            )}
            {field('distance.perKm', t('admin:prices.perKm'), t('admin:prices.perKmHint'))}
          </div>
        </fieldset>

        <fieldset className="card admin-fieldset">
          <legend>{t('admin:prices.policy')}</legend>
          <div className="admin-field-grid">
            {field(
              'cancellationPolicy.freeHours',
              t('admin:prices.freeHours'),
              t('admin:prices.freeHoursHint'),
            )}
            {field(
              'cancellationPolicy.lateFeePercent',
              t('admin:prices.lateFeePercent'),
              t('admin:prices.lateFeePercentHint'),
            )}
            {field(
              'cancellationPolicy.closedHours',
              t('admin:prices.closedHours'),
              t('admin:prices.closedHoursHint'),
            )}
          </div>
        </fieldset>

        <fieldset className="card admin-fieldset">
          <legend>{t('admin:prices.durations')}</legend>
          <p className="field-hint">{t('admin:prices.durationsLead')}</p>
          <div className="admin-field-grid">
            {MOVE_TYPES.map((type) =>
              field(
                `duration.hours.${type}`,
                t('admin:prices.durationHours', { type: t(`pricing:moveTypes.${type}.label`) }),
                undefined,
                true,
              ),
            )}
            {field(
              'duration.perFloorHours',
              t('admin:prices.perFloorHours'),
              t('admin:prices.perFloorHoursHint'),
              true,
            )}
            {field(
              'duration.roadKmPerHour',
              t('admin:prices.roadSpeed'),
              t('admin:prices.roadSpeedHint'),
            )}
          </div>
        </fieldset>

        <section className="card" aria-labelledby={`${ids}-preview`}>
          <h2 id={`${ids}-preview`} className="admin-panel-title">
            {t('admin:prices.preview.title')}
          </h2>
          <p className="field-hint">{t('admin:prices.preview.lead')}</p>
          {/* Focusable: on a phone the table scrolls sideways, by keyboard too. */}
          <div
            className="admin-table-scroll"
            aria-live="polite"
            tabIndex={0}
            role="region"
            aria-labelledby={`${ids}-preview`}
          >
            <table className="table admin-preview-table" aria-labelledby={`${ids}-preview`}>
              <thead>
                <tr>
                  <th scope="col">{t('admin:prices.preview.move')}</th>
                  <th scope="col">{t('admin:prices.preview.now')}</th>
                  <th scope="col">{t('admin:prices.preview.next')}</th>
                  <th scope="col">{t('admin:prices.preview.change')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.map(({ example, now, next }) => (
                  <tr key={example.key}>
                    <th scope="row">
                      {t(`admin:prices.examples.${example.key}`)}
                      <span className="admin-sub">
                        {now.distanceKm > 0
                          ? t('admin:prices.preview.km', { km: num(now.distanceKm) })
                          : t('admin:prices.preview.local')}
                      </span>
                    </th>
                    <td>
                      {money(now.total)}
                      <span className="admin-sub">
                        {t('admin:prices.preview.team', { value: num(now.workers) })}
                      </span>
                    </td>
                    <td>
                      {next ? (
                        <>
                          {money(next.total)}
                          <span className="admin-sub">
                            {t('admin:prices.preview.team', { value: num(next.workers) })}
                          </span>
                        </>
                      ) : (
                        t('admin:prices.preview.invalid')
                      )}
                    </td>
                    <td>
                      {next ? (
                        next.total === now.total ? (
                          t('admin:prices.preview.same')
                        ) : (
                          <bdi>
                            {next.total > now.total ? '+' : '−'}
                            {formatMoney(Math.abs(next.total - now.total), language)}
                          </bdi>
                        )
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <div className="admin-form-actions">
          <button type="submit" className="btn btn-primary btn-lg" disabled={editor.saving}>
            {t('admin:prices.save', { version: num(editor.nextVersion ?? 0) })}
          </button>
          <button type="button" className="btn btn-ghost" onClick={editor.reset}>
            {t('admin:prices.reset')}
          </button>
          {!editor.changed && <p className="field-hint">{t('admin:prices.unchanged')}</p>}
        </div>
      </form>

      <section className="card" aria-labelledby={`${ids}-history`}>
        <h2 id={`${ids}-history`} className="admin-panel-title">
          {t('admin:prices.history.title')}
        </h2>
        <div
          className="admin-table-scroll"
          tabIndex={0}
          role="region"
          aria-labelledby={`${ids}-history`}
        >
          <table className="table" aria-labelledby={`${ids}-history`}>
            <thead>
              <tr>
                <th scope="col">{t('admin:prices.history.version')}</th>
                <th scope="col">{t('admin:prices.history.savedAt')}</th>
                <th scope="col">{t('admin:prices.history.by')}</th>
                <th scope="col">{t('pricing:moveTypes.full.label')}</th>
                <th scope="col">{t('admin:prices.floorFee')}</th>
                <th scope="col">{t('admin:prices.perKm')}</th>
              </tr>
            </thead>
            <tbody>
              {state.items.map(({ catalog, createdBy }) => (
                <tr key={catalog.version}>
                  <th scope="row">{num(catalog.version)}</th>
                  <td>{catalog.createdAt ? formatDateTime(catalog.createdAt, language) : ''}</td>
                  <td>
                    {createdBy ? (
                      <bdi className="ltr-value">{createdBy}</bdi>
                    ) : (
                      t('admin:prices.history.system')
                    )}
                  </td>
                  <td>{money(catalog.base.full)}</td>
                  <td>{money(catalog.floorFee)}</td>
                  <td>{money(catalog.distance.perKm)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {editor.confirming && (
        <ConfirmDialog
          title={t('admin:prices.confirm.title', { version: num(editor.nextVersion ?? 0) })}
          confirmLabel={t('admin:prices.confirm.yes')}
          cancelLabel={t('admin:prices.confirm.no')}
          onConfirm={() => void editor.save()}
          onCancel={editor.cancelSave}
          busy={editor.saving}
        >
          <p>{t('admin:prices.confirm.body')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
