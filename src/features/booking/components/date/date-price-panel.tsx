import { useTranslation } from 'react-i18next';
import { NumberStepper } from '../../../../components/ui/number-stepper';
import { formatMoney, formatNumber } from '../../../../domain/money';
import { clampWorkers, WORKERS_MAX, WORKERS_MIN } from '../../../../domain/pricing';
import { useDisplayLanguage } from '../../../../i18n/use-display-language';
import type { FlowPrice } from '../../flow/flow-price';

interface PanelProps {
  ids: string;
  price: FlowPrice;
}

/** The date screen's team: recommended, or chosen with the stepper (D4). */
export function DateTeam({
  ids,
  workersId,
  price,
  onWorkersChange,
}: PanelProps & { workersId: string; onWorkersChange(value: number): void }) {
  const { t } = useTranslation(['booking', 'pricing']);
  const language = useDisplayLanguage();
  const { workers, team, breakdown } = price;
  const num = (n: number) => formatNumber(n, language);
  const workersText = t('dateSelection.team.value', { count: workers, value: num(workers) });

  return (
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
  );
}

/**
 * The estimated total line by line. The total's own line is the price bar's to show (it follows
 * this card, PriceBar): here it is kept for screen readers, who read the card as one, and
 * hidden from the eye so the total is not drawn twice.
 */
export function DateTotal({ ids, price }: PanelProps) {
  const { t } = useTranslation(['booking', 'pricing']);
  const language = useDisplayLanguage();
  const { workers, breakdown, total } = price;
  const num = (n: number) => formatNumber(n, language);
  const money = (n: number) => <bdi>{formatMoney(n, language)}</bdi>;

  return (
    <section className="booking-card date-total" aria-labelledby={`${ids}-total`}>
      <h2 id={`${ids}-total`} className="booking-card-title">
        {t('dateSelection.total.title')}
      </h2>
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
          <div className="date-breakdown-total visually-hidden">
            <dt>{t('dateSelection.total.total')}</dt>
            <dd>{money(total)}</dd>
          </div>
        </dl>
      )}
      <p className="field-hint date-approximate">{t('dateSelection.total.approximate')}</p>
    </section>
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
