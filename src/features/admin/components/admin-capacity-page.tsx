import { useId, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { WEEKDAYS } from '../../../domain/capacity';
import { formatDateTime, formatTimeRange, formatWeekday } from '../../../domain/datetime';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useCapacityEditor } from '../hooks/use-capacity-editor';
import { AdminFrame } from './admin-frame';
import type { Notify } from './toast';

/**
 * /admin-capacity (D12): the time windows and the most moves each takes (its count was the crews
 * working until crews became data, D28: they are on /admin-fleet), and the dates (a holiday) or
 * weekdays (Fridays) that differ. Customers are offered only windows with room and a free crew.
 */
export function AdminCapacityPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminFrame
      metaTitle={t('capacity.metaTitle')}
      title={t('capacity.title')}
      lead={t('capacity.lead')}
    >
      {(notify) => <CapacityEditor notify={notify} />}
    </AdminFrame>
  );
}

function CapacityEditor({ notify }: { notify: Notify }) {
  const { t } = useTranslation(['admin', 'validation', 'errors']);
  const language = useDisplayLanguage();
  const ids = useId();
  const editor = useCapacityEditor(notify);
  const { load, plan, form, problems } = editor;

  if (load.kind === 'loading') {
    return <LoadingStatus className="admin-loading">{t('admin:capacity.loading')}</LoadingStatus>;
  }
  if (load.kind === 'error' || !plan || !form) {
    return (
      <div className="alert alert-error" role="alert">
        <strong>{t('admin:capacity.loadError')}</strong>{' '}
        {load.kind === 'error' ? t(load.messageKey) : ''}{' '}
        <button type="button" className="btn btn-secondary" onClick={editor.reload}>
          {t('admin:orders.retry')}
        </button>
      </div>
    );
  }

  const num = (n: number) => formatNumber(n, language);
  const idOf = (path: string) => `${ids}-${path.replace(/\./g, '-')}`;
  /** aria and the message for the field at `path`. */
  const problemOf = (path: string) => {
    const key = problems[path];
    return {
      invalid: key ? true : undefined,
      describedBy: key ? `${idOf(path)}-error` : undefined,
      message: key ? (
        <p id={`${idOf(path)}-error`} className="field-error">
          {t(key)}
        </p>
      ) : null,
    };
  };
  const windowName = (start: string, end: string) => formatTimeRange(start, end, language);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void editor
      .save()
      .then(() =>
        requestAnimationFrame(() =>
          document
            .querySelector<HTMLElement>('.admin-capacity-form [aria-invalid="true"]')
            ?.focus(),
        ),
      );
  };
  const listProblem = problemOf('windows');

  return (
    <>
      <p className="card admin-version" role="status">
        {t('admin:capacity.currentVersion', {
          version: num(plan.version),
          at: plan.updatedAt ? formatDateTime(plan.updatedAt, language) : '',
        })}{' '}
        {plan.updatedBy ? (
          <>
            {t('admin:prices.savedBy')} <bdi className="ltr-value">{plan.updatedBy}</bdi>
          </>
        ) : (
          t('admin:prices.firstVersion')
        )}
      </p>
      <p className="card admin-version">
        <Trans
          t={t}
          i18nKey="admin:capacity.fleetNote"
          components={{ fleet: <Link to={paths.adminFleet} /> }}
        />
      </p>

      <form className="admin-capacity-form" onSubmit={onSubmit} noValidate>
        <section className="card" aria-labelledby={`${ids}-windows`}>
          <h2 id={`${ids}-windows`} className="admin-panel-title">
            {t('admin:capacity.windows.title')}
          </h2>
          <p className="field-hint">{t('admin:capacity.windows.lead')}</p>
          <ul className="admin-rows">
            {form.windows.map((window, index) => {
              const start = problemOf(`windows.${index}.start`);
              const end = problemOf(`windows.${index}.end`);
              const crews = problemOf(`windows.${index}.crews`);
              return (
                <li key={window.id} className="admin-row">
                  <div className="field">
                    <label htmlFor={idOf(`windows.${index}.start`)}>
                      {t('admin:capacity.windows.start')}
                    </label>
                    <input
                      id={idOf(`windows.${index}.start`)}
                      className="input"
                      type="time"
                      value={window.start}
                      onChange={(e) => editor.changeWindow(index, { start: e.target.value })}
                      aria-invalid={start.invalid}
                      aria-describedby={start.describedBy}
                    />
                    {start.message}
                  </div>
                  <div className="field">
                    <label htmlFor={idOf(`windows.${index}.end`)}>
                      {t('admin:capacity.windows.end')}
                    </label>
                    <input
                      id={idOf(`windows.${index}.end`)}
                      className="input"
                      type="time"
                      value={window.end}
                      onChange={(e) => editor.changeWindow(index, { end: e.target.value })}
                      aria-invalid={end.invalid}
                      aria-describedby={end.describedBy}
                    />
                    {end.message}
                  </div>
                  <div className="field">
                    <label htmlFor={idOf(`windows.${index}.crews`)}>
                      {t('admin:capacity.windows.crews')}
                    </label>
                    <input
                      id={idOf(`windows.${index}.crews`)}
                      className="input admin-number-input"
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      value={window.crews}
                      onChange={(e) => editor.changeWindow(index, { crews: e.target.value })}
                      aria-invalid={crews.invalid}
                      aria-describedby={crews.describedBy}
                    />
                    {crews.message}
                  </div>
                  <button
                    type="button"
                    className="btn btn-ghost admin-row-remove"
                    onClick={() => editor.removeWindow(index)}
                    disabled={form.windows.length <= 1}
                  >
                    {t('admin:capacity.windows.remove')}
                    <span className="visually-hidden"> {windowName(window.start, window.end)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          {listProblem.message}
          <button type="button" className="btn btn-secondary" onClick={editor.addWindow}>
            {t('admin:capacity.windows.add')}
          </button>
        </section>

        <section className="card" aria-labelledby={`${ids}-exceptions`}>
          <h2 id={`${ids}-exceptions`} className="admin-panel-title">
            {t('admin:capacity.exceptions.title')}
          </h2>
          <p className="field-hint">{t('admin:capacity.exceptions.lead')}</p>
          {form.exceptions.length === 0 && (
            <p className="muted">{t('admin:capacity.exceptions.none')}</p>
          )}
          <ul className="admin-rows">
            {form.exceptions.map((exception, index) => {
              const base = `exceptions.${index}`;
              const day = problemOf(`${base}.${exception.kind === 'date' ? 'date' : 'weekday'}`);
              const dateIssue = problemOf(`${base}.date`);
              const dayProblem = day.message ?? dateIssue.message;
              const note = problemOf(`${base}.note`);
              return (
                <li key={exception.key} className="admin-exception">
                  <fieldset className="admin-exception-fields">
                    <legend className="visually-hidden">
                      {t('admin:capacity.exceptions.number', { value: num(index + 1) })}
                    </legend>
                    <div className="field">
                      <label htmlFor={idOf(`${base}.kind`)}>
                        {t('admin:capacity.exceptions.kind')}
                      </label>
                      <select
                        id={idOf(`${base}.kind`)}
                        className="select"
                        value={exception.kind}
                        onChange={(e) =>
                          editor.changeException(index, {
                            kind: e.target.value === 'date' ? 'date' : 'weekday',
                          })
                        }
                      >
                        <option value="weekday">{t('admin:capacity.exceptions.weekly')}</option>
                        <option value="date">{t('admin:capacity.exceptions.onDate')}</option>
                      </select>
                    </div>
                    {exception.kind === 'date' ? (
                      <div className="field">
                        <label htmlFor={idOf(`${base}.date`)}>
                          {t('admin:capacity.exceptions.date')}
                        </label>
                        <input
                          id={idOf(`${base}.date`)}
                          className="input"
                          type="date"
                          value={exception.date}
                          onChange={(e) => editor.changeException(index, { date: e.target.value })}
                          aria-invalid={day.invalid ?? dateIssue.invalid}
                          aria-describedby={day.describedBy ?? dateIssue.describedBy}
                        />
                        {dayProblem}
                      </div>
                    ) : (
                      <div className="field">
                        <label htmlFor={idOf(`${base}.weekday`)}>
                          {t('admin:capacity.exceptions.weekday')}
                        </label>
                        <select
                          id={idOf(`${base}.weekday`)}
                          className="select"
                          value={exception.weekday}
                          onChange={(e) =>
                            editor.changeException(index, { weekday: e.target.value })
                          }
                          aria-invalid={day.invalid ?? dateIssue.invalid}
                          aria-describedby={day.describedBy ?? dateIssue.describedBy}
                        >
                          {WEEKDAYS.map((weekday) => (
                            <option key={weekday} value={String(weekday)}>
                              {formatWeekday(weekday, language)}
                            </option>
                          ))}
                        </select>
                        {dayProblem}
                      </div>
                    )}
                    {form.windows.map((window) => {
                      const path = `${base}.crews.${window.id}`;
                      const crews = problemOf(path);
                      return (
                        <div className="field" key={window.id}>
                          <label htmlFor={idOf(path)}>
                            {t('admin:capacity.exceptions.crewsIn', {
                              window: windowName(window.start, window.end),
                            })}
                          </label>
                          <input
                            id={idOf(path)}
                            className="input admin-number-input"
                            type="text"
                            inputMode="numeric"
                            autoComplete="off"
                            placeholder={window.crews}
                            value={exception.crews[window.id] ?? ''}
                            onChange={(e) =>
                              editor.changeException(index, {
                                crews: { ...exception.crews, [window.id]: e.target.value },
                              })
                            }
                            aria-invalid={crews.invalid}
                            aria-describedby={crews.describedBy}
                          />
                          {crews.message}
                        </div>
                      );
                    })}
                    <div className="field admin-exception-note">
                      <label htmlFor={idOf(`${base}.note`)}>
                        {t('admin:capacity.exceptions.note')}
                      </label>
                      <input
                        id={idOf(`${base}.note`)}
                        className="input"
                        type="text"
                        maxLength={120}
                        value={exception.note}
                        onChange={(e) => editor.changeException(index, { note: e.target.value })}
                        aria-invalid={note.invalid}
                        aria-describedby={note.describedBy}
                      />
                      {note.message}
                    </div>
                  </fieldset>
                  <button
                    type="button"
                    className="btn btn-ghost admin-row-remove"
                    onClick={() => editor.removeException(index)}
                  >
                    {t('admin:capacity.exceptions.remove')}
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" className="btn btn-secondary" onClick={editor.addException}>
            {t('admin:capacity.exceptions.add')}
          </button>
        </section>

        <div className="admin-form-actions">
          <button type="submit" className="btn btn-primary btn-lg" disabled={editor.saving}>
            {t('admin:capacity.save')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={editor.reload}>
            {t('admin:prices.reset')}
          </button>
        </div>
      </form>
    </>
  );
}
