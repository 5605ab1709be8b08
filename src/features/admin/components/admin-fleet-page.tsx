import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { WEEKDAYS } from '../../../domain/capacity';
import { formatDateTime, formatWeekday } from '../../../domain/datetime';
import { TRUCK_SIZES } from '../../../domain/fleet';
import { GOVERNORATES, governorateName } from '../../../domain/governorates';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { isPlanFleet, otherGovernorates } from '../fleet-form';
import { useFleetEditor } from '../hooks/use-fleet-editor';
import { AdminFrame } from './admin-frame';
import type { Notify } from './toast';
import './admin-dispatch.css';

/**
 * /admin-fleet (D28): the crews (team leader, size, governorates served, working days, usual
 * truck) and the trucks, saved whole as the next version. Bookings are given a crew from it.
 */
export function AdminFleetPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminFrame metaTitle={t('fleet.metaTitle')} title={t('fleet.title')} lead={t('fleet.lead')}>
      {(notify) => <FleetEditor notify={notify} />}
    </AdminFrame>
  );
}

function FleetEditor({ notify }: { notify: Notify }) {
  const { t } = useTranslation(['admin', 'validation', 'errors']);
  const language = useDisplayLanguage();
  const ids = useId();
  const editor = useFleetEditor(notify);
  const { load, fleet, form, problems } = editor;

  if (load.kind === 'unavailable') {
    return <p className="card">{t('admin:fleet.unavailable')}</p>;
  }
  if (load.kind === 'loading') {
    return <LoadingStatus className="admin-loading">{t('admin:fleet.loading')}</LoadingStatus>;
  }
  if (load.kind === 'error' || !fleet || !form) {
    return (
      <div className="alert alert-error" role="alert">
        <strong>{t('admin:fleet.loadError')}</strong>{' '}
        {load.kind === 'error' ? t(load.messageKey) : ''}{' '}
        <button type="button" className="btn btn-secondary" onClick={editor.reload}>
          {t('admin:orders.retry')}
        </button>
      </div>
    );
  }

  const num = (n: number) => formatNumber(n, language);
  const idOf = (path: string) => `${ids}-${path.replace(/\./g, '-')}`;
  const problemOf = (path: string, hint = false) => {
    const key = problems[path];
    const described = [hint ? `${idOf(path)}-hint` : '', key ? `${idOf(path)}-error` : '']
      .filter(Boolean)
      .join(' ');
    return {
      invalid: key ? true : undefined,
      describedBy: described || undefined,
      message: key ? (
        <p id={`${idOf(path)}-error`} className="field-error">
          {t(key)}
        </p>
      ) : null,
    };
  };
  const trucksById = new Map(form.trucks.map((truck) => [truck.id, truck]));
  const truckSizeLabel = (size: string) =>
    (TRUCK_SIZES as readonly string[]).includes(size)
      ? t(`admin:fleet.trucks.sizes.${size}`)
      : size;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void editor
      .save()
      .then(() =>
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>('.admin-fleet-form [aria-invalid="true"]')?.focus(),
        ),
      );
  };
  const planFleet = isPlanFleet(fleet);

  return (
    <>
      <p className="card admin-version" role="status">
        {planFleet ? (
          t('admin:fleet.notSaved')
        ) : (
          <>
            {t('admin:fleet.currentVersion', {
              version: num(fleet.version),
              at: fleet.updatedAt ? formatDateTime(fleet.updatedAt, language) : '',
            })}{' '}
            {fleet.updatedBy && (
              <>
                {t('admin:prices.savedBy')} <bdi className="ltr-value">{fleet.updatedBy}</bdi>
              </>
            )}
          </>
        )}
      </p>

      {planFleet && (
        <section className="alert admin-fleet-notice" aria-labelledby={`${ids}-notice`}>
          <h2 id={`${ids}-notice`} className="admin-panel-title">
            {t('admin:fleet.planNotice.title')}
          </h2>
          <p>{t('admin:fleet.planNotice.body', { count: num(fleet.crews.length) })}</p>
        </section>
      )}

      <form className="admin-fleet-form" onSubmit={onSubmit} noValidate>
        <section className="card" aria-labelledby={`${ids}-crews`}>
          <h2 id={`${ids}-crews`} className="admin-panel-title">
            {t('admin:fleet.crews.title')}
          </h2>
          {form.crews.length === 0 && <p className="muted">{t('admin:fleet.crews.none')}</p>}
          <ul className="admin-rows">
            {form.crews.map((crew, index) => {
              const base = `crews.${index}`;
              const name = problemOf(`${base}.name`);
              const leaderName = problemOf(`${base}.leaderName`);
              const phone = problemOf(`${base}.leaderPhone`, true);
              const size = problemOf(`${base}.size`);
              const home = problemOf(`${base}.home`, true);
              const days = problemOf(`${base}.days`);
              const truck = problemOf(`${base}.truckId`);
              const title =
                crew.name.trim() || t('admin:fleet.crews.number', { value: num(index + 1) });
              return (
                <li key={crew.id} className="admin-exception">
                  <fieldset className="admin-exception-fields">
                    <legend className="admin-fleet-legend">
                      <bdi>{title}</bdi>
                    </legend>
                    <div className="field">
                      <label htmlFor={idOf(`${base}.name`)}>{t('admin:fleet.crews.name')}</label>
                      <input
                        id={idOf(`${base}.name`)}
                        className="input"
                        type="text"
                        maxLength={60}
                        value={crew.name}
                        onChange={(e) => editor.changeCrew(index, { name: e.target.value })}
                        aria-invalid={name.invalid}
                        aria-describedby={name.describedBy}
                      />
                      {name.message}
                    </div>
                    <div className="field">
                      <label htmlFor={idOf(`${base}.leaderName`)}>
                        {t('admin:fleet.crews.leaderName')}
                      </label>
                      <input
                        id={idOf(`${base}.leaderName`)}
                        className="input"
                        type="text"
                        maxLength={80}
                        autoComplete="off"
                        value={crew.leaderName}
                        onChange={(e) => editor.changeCrew(index, { leaderName: e.target.value })}
                        aria-invalid={leaderName.invalid}
                        aria-describedby={leaderName.describedBy}
                      />
                      {leaderName.message}
                    </div>
                    <div className="field">
                      <label htmlFor={idOf(`${base}.leaderPhone`)}>
                        {t('admin:fleet.crews.leaderPhone')}
                      </label>
                      <input
                        id={idOf(`${base}.leaderPhone`)}
                        className="input ltr-value"
                        type="tel"
                        dir="ltr"
                        inputMode="tel"
                        autoComplete="off"
                        value={crew.leaderPhone}
                        onChange={(e) => editor.changeCrew(index, { leaderPhone: e.target.value })}
                        aria-invalid={phone.invalid}
                        aria-describedby={phone.describedBy}
                      />
                      <p id={`${idOf(`${base}.leaderPhone`)}-hint`} className="field-hint">
                        {t('admin:fleet.crews.leaderPhoneHint')}
                      </p>
                      {phone.message}
                    </div>
                    <div className="field">
                      <label htmlFor={idOf(`${base}.size`)}>{t('admin:fleet.crews.size')}</label>
                      <input
                        id={idOf(`${base}.size`)}
                        className="input admin-number-input"
                        type="text"
                        inputMode="numeric"
                        autoComplete="off"
                        value={crew.size}
                        onChange={(e) => editor.changeCrew(index, { size: e.target.value })}
                        aria-invalid={size.invalid}
                        aria-describedby={size.describedBy}
                      />
                      {size.message}
                    </div>
                    <div className="field">
                      <label htmlFor={idOf(`${base}.home`)}>{t('admin:fleet.crews.home')}</label>
                      <select
                        id={idOf(`${base}.home`)}
                        className="select"
                        value={crew.home}
                        onChange={(e) => editor.changeHome(index, e.target.value)}
                        aria-invalid={home.invalid}
                        aria-describedby={home.describedBy}
                      >
                        <option value="">{t('admin:fleet.crews.choose')}</option>
                        {GOVERNORATES.map((g) => (
                          <option key={g.id} value={g.id}>
                            {governorateName(g, language)}
                          </option>
                        ))}
                      </select>
                      <p id={`${idOf(`${base}.home`)}-hint`} className="field-hint">
                        {t('admin:fleet.crews.homeHint')}
                      </p>
                      {home.message}
                    </div>
                    <div className="field">
                      <label htmlFor={idOf(`${base}.truckId`)}>
                        {t('admin:fleet.crews.truck')}
                      </label>
                      <select
                        id={idOf(`${base}.truckId`)}
                        className="select"
                        value={crew.truckId}
                        onChange={(e) => editor.changeCrew(index, { truckId: e.target.value })}
                        aria-invalid={truck.invalid}
                        aria-describedby={truck.describedBy}
                      >
                        <option value="">{t('admin:fleet.crews.noTruck')}</option>
                        {crew.truckId && !trucksById.has(crew.truckId) && (
                          <option value={crew.truckId}>{crew.truckId}</option>
                        )}
                        {form.trucks.map((option, n) => (
                          <option key={option.id} value={option.id}>
                            {option.plate.trim() ||
                              t('admin:fleet.trucks.number', { value: num(n + 1) })}
                          </option>
                        ))}
                      </select>
                      {truck.message}
                    </div>
                    <details className="admin-fleet-more">
                      <summary>
                        {t('admin:fleet.crews.others', {
                          value: num(crew.others.filter((g) => g !== crew.home).length),
                        })}
                      </summary>
                      <fieldset className="admin-checks">
                        <legend className="visually-hidden">
                          {t('admin:fleet.crews.others', {
                            value: num(crew.others.filter((g) => g !== crew.home).length),
                          })}
                        </legend>
                        {otherGovernorates(crew.home).map((g) => (
                          <label key={g.id} className="admin-check">
                            <input
                              type="checkbox"
                              checked={crew.others.includes(g.id)}
                              onChange={(e) =>
                                editor.changeCrew(index, {
                                  others: e.target.checked
                                    ? [...crew.others, g.id]
                                    : crew.others.filter((other) => other !== g.id),
                                })
                              }
                            />
                            {governorateName(g, language)}
                          </label>
                        ))}
                      </fieldset>
                    </details>
                    <fieldset
                      className="admin-checks admin-fleet-days"
                      aria-describedby={days.describedBy}
                    >
                      <legend>{t('admin:fleet.crews.days')}</legend>
                      {WEEKDAYS.map((day) => (
                        <label key={day} className="admin-check">
                          <input
                            type="checkbox"
                            checked={crew.days.includes(day)}
                            aria-invalid={days.invalid}
                            onChange={(e) =>
                              editor.changeCrew(index, {
                                days: e.target.checked
                                  ? [...crew.days, day]
                                  : crew.days.filter((d) => d !== day),
                              })
                            }
                          />
                          {formatWeekday(day, language)}
                        </label>
                      ))}
                      {days.message}
                    </fieldset>
                    <label className="admin-check admin-fleet-active">
                      <input
                        type="checkbox"
                        checked={crew.active}
                        onChange={(e) => editor.changeCrew(index, { active: e.target.checked })}
                      />
                      {t('admin:fleet.crews.active')}
                    </label>
                  </fieldset>
                  <button
                    type="button"
                    className="btn btn-ghost admin-row-remove"
                    onClick={() => editor.removeCrew(index)}
                  >
                    {t('admin:fleet.crews.remove')}
                    <span className="visually-hidden">
                      {' '}
                      <bdi>{title}</bdi>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {problemOf('crews').message}
          <button type="button" className="btn btn-secondary" onClick={editor.addCrew}>
            {t('admin:fleet.crews.add')}
          </button>
        </section>

        <section className="card" aria-labelledby={`${ids}-trucks`}>
          <h2 id={`${ids}-trucks`} className="admin-panel-title">
            {t('admin:fleet.trucks.title')}
          </h2>
          <p className="field-hint">{t('admin:fleet.trucks.lead')}</p>
          {form.trucks.length === 0 && <p className="muted">{t('admin:fleet.trucks.none')}</p>}
          <ul className="admin-rows">
            {form.trucks.map((truck, index) => {
              const base = `trucks.${index}`;
              const plate = problemOf(`${base}.plate`);
              const size = problemOf(`${base}.size`);
              const title =
                truck.plate.trim() || t('admin:fleet.trucks.number', { value: num(index + 1) });
              return (
                <li key={truck.id} className="admin-row">
                  <div className="field">
                    <label htmlFor={idOf(`${base}.plate`)}>{t('admin:fleet.trucks.plate')}</label>
                    <input
                      id={idOf(`${base}.plate`)}
                      className="input ltr-value"
                      type="text"
                      dir="ltr"
                      maxLength={20}
                      autoComplete="off"
                      value={truck.plate}
                      onChange={(e) => editor.changeTruck(index, { plate: e.target.value })}
                      aria-invalid={plate.invalid}
                      aria-describedby={plate.describedBy}
                    />
                    {plate.message}
                  </div>
                  <div className="field">
                    <label htmlFor={idOf(`${base}.size`)}>{t('admin:fleet.trucks.size')}</label>
                    <select
                      id={idOf(`${base}.size`)}
                      className="select"
                      value={truck.size}
                      onChange={(e) => editor.changeTruck(index, { size: e.target.value })}
                      aria-invalid={size.invalid}
                      aria-describedby={size.describedBy}
                    >
                      {!(TRUCK_SIZES as readonly string[]).includes(truck.size) && (
                        <option value={truck.size}>{truckSizeLabel(truck.size)}</option>
                      )}
                      {TRUCK_SIZES.map((option) => (
                        <option key={option} value={option}>
                          {truckSizeLabel(option)}
                        </option>
                      ))}
                    </select>
                    {size.message}
                  </div>
                  <label className="admin-check">
                    <input
                      type="checkbox"
                      checked={truck.active}
                      onChange={(e) => editor.changeTruck(index, { active: e.target.checked })}
                    />
                    {t('admin:fleet.trucks.active')}
                  </label>
                  <button
                    type="button"
                    className="btn btn-ghost admin-row-remove"
                    onClick={() => editor.removeTruck(index)}
                  >
                    {t('admin:fleet.trucks.remove')}
                    <span className="visually-hidden">
                      {' '}
                      <bdi>{title}</bdi>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {problemOf('trucks').message}
          <button type="button" className="btn btn-secondary" onClick={editor.addTruck}>
            {t('admin:fleet.trucks.add')}
          </button>
        </section>

        <div className="admin-form-actions">
          <button type="submit" className="btn btn-primary btn-lg" disabled={editor.saving}>
            {t('admin:fleet.save')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={editor.reload}>
            {t('admin:prices.reset')}
          </button>
        </div>
      </form>
    </>
  );
}
