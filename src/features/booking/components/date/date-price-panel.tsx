import { useTranslation } from 'react-i18next';
import { NumberStepper } from '../../../../components/ui/number-stepper';
import { PriceListTable } from '../../../../components/ui/price-list-table';
import { formatMoney, formatNumber } from '../../../../domain/money';
import { clampWorkers, WORKERS_MAX, WORKERS_MIN } from '../../../../domain/pricing';
import { useDisplayLanguage } from '../../../../i18n/use-display-language';
import type { FlowPrice } from '../../flow/flow-price';

/** The date screen's side: the team (recommended, or chosen) and the live total it makes. */
export function DatePricePanel({
  ids,
  workersId,
  price,
  onWorkersChange,
}: {
  ids: string;
  workersId: string;
  price: FlowPrice;
  onWorkersChange(value: number): void;
}) {
  const { t } = useTranslation(['booking', 'pricing']);
  const language = useDisplayLanguage();
  const { workers, team, breakdown, total } = price;
  const num = (n: number) => formatNumber(n, language);
  const money = (n: number) => <bdi>{formatMoney(n, language)}</bdi>;
  const workersText = t('dateSelection.team.value', { count: workers, value: num(workers) });

  return (
    <div className="date-side">
      <section className="booking-card date-team" aria-labelledby={`${ids}-team`}>
        <h2 id={`${ids}-team`} className="booking-card-title">
          {t('dateSelection.team.title')}
        </h2>
        <NumberStepper
          id={workersId}
          label={t('dateSelection.team.workers')}
          value={workers}
          min={WORKERS_MIN}
          max={WORKERS_MAX}
          clamp={clampWorkers}
          onChange={onWorkersChange}
          decreaseLabel={t('dateSelection.team.decrease')}
          increaseLabel={t('dateSelection.team.increase')}
          valueText={workersText}
          announcement={t('dateSelection.team.announcement', {
            label: t('dateSelection.team.workers'),
            value: workersText,
          })}
          language={language}
          hintId={`${workersId}-hint`}
        />
        <p id={`${workersId}-hint`} className="date-team-recommended">
          {t('dateSelection.team.recommended', { count: team, value: num(team) })}
        </p>
        <p className="field-hint">
          {t('dateSelection.team.explain', {
            fee: formatMoney(breakdown.workerExtraPerHead, language),
          })}
        </p>
      </section>

      <section className="booking-card" aria-labelledby={`${ids}-total`}>
        <h2 id={`${ids}-total`} className="booking-card-title">
          {t('dateSelection.total.title')}
        </h2>
        <div aria-live="polite">
          {total === null ? (
            <p className="field-hint">{t('dateSelection.total.pending')}</p>
          ) : (
            <dl className="date-breakdown">
              <div>
                <dt>{t('dateSelection.total.base')}</dt>
                <dd>{money(breakdown.base)}</dd>
              </div>
              <div>
                <dt>
                  {t('dateSelection.total.floors', {
                    quantity: num(price.pickupFloor + price.dropoffFloor),
                    fee: formatMoney(breakdown.floorFee, language),
                  })}
                </dt>
                <dd>{money(breakdown.floorsSurcharge)}</dd>
              </div>
              <div>
                <dt>
                  {t('dateSelection.total.workers', {
                    quantity: num(workers - 1),
                    fee: formatMoney(breakdown.workerExtraPerHead, language),
                  })}
                </dt>
                <dd>{money(breakdown.workersExtra)}</dd>
              </div>
              {breakdown.distanceKm > 0 && <DistanceRow price={price} />}
              <div className="date-breakdown-total">
                <dt>{t('dateSelection.total.total')}</dt>
                <dd>{money(total)}</dd>
              </div>
            </dl>
          )}
        </div>
        <p className="field-hint date-approximate">{t('dateSelection.total.approximate')}</p>
      </section>

      <PriceListTable highlight={price.moveType ?? undefined} />
    </div>
  );
}

/**
 * The distance fee as its own line (D11): the estimated road distance between the two areas and
 * what it costs beyond the kilometres every move includes.
 */
export function DistanceRow({ price }: { price: Pick<FlowPrice, 'breakdown'> }) {
  const { t } = useTranslation('booking');
  const language = useDisplayLanguage();
  const { distanceKm, includedKm, perKm, distanceFee } = price.breakdown;
  const num = (n: number) => formatNumber(n, language);
  return (
    <div>
      <dt>
        {distanceFee > 0
          ? t('dateSelection.total.distance', {
              km: num(distanceKm),
              quantity: num(distanceKm - includedKm),
              fee: formatMoney(perKm, language),
            })
          : t('dateSelection.total.distanceIncluded', { km: num(distanceKm) })}
      </dt>
      <dd>
        <bdi>{formatMoney(distanceFee, language)}</bdi>
      </dd>
    </div>
  );
}
