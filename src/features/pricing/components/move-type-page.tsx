import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NumberStepper } from '../../../components/ui/number-stepper';
import { paths } from '../../../config/paths';
import { formatMoney, formatNumber } from '../../../domain/money';
import { PendingFigure } from '../../../components/ui/pending-figure';
import { useCatalogState } from '../../../data/react/price-catalog';
import {
  clampFloor,
  clampWorkers,
  DEFAULT_MOVE_TYPE,
  estimatePrice,
  FLOOR_MAX,
  FLOOR_MIN,
  HOUSING_TYPES,
  WORKERS_DEFAULT,
  WORKERS_MAX,
  WORKERS_MIN,
  type Housing,
  type MoveType,
} from '../../../domain/pricing';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { readMoveTypeInputs, type MoveTypeFlowState, type MoveTypeInputs } from '../move-state';
import { MoveTypeChoices } from './move-type-choices';
import { PriceBreakdownView } from './price-breakdown';
import { PricingContinue, PricingFrame } from './pricing-frame';
import './move-type-page.css';

/**
 * Where the estimator keeps its last answers between visits. The app passes the booking store's
 * (features don't import each other); without one, nothing is kept.
 */
export interface EstimateDraftStore {
  load(): MoveTypeInputs | null;
  save(state: MoveTypeInputs): void;
}

/** /move-type: the estimator. Choose a service and the job's size; the estimate follows live. */
export function MoveTypePage({ draft }: { draft?: EstimateDraftStore } = {}) {
  const { t } = useTranslation('pricing');
  const language = useDisplayLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const ids = useId();
  // The current catalog (D11): placeholders in the prerendered page, then the backend's.
  const { catalog, pending } = useCatalogState();

  // Coming back to this screen (or reloading it) restores the last answers, if any.
  const [initial] = useState(() => readMoveTypeInputs(location.state) ?? draft?.load() ?? null);
  const [moveType, setMoveType] = useState<MoveType | null>(initial?.moveType ?? null);
  const [workers, setWorkers] = useState(initial?.workers ?? WORKERS_DEFAULT);
  const [housing, setHousing] = useState<Housing>(initial?.housing ?? 'apartment');
  const [pickupFloor, setPickupFloor] = useState(initial?.pickupFloor ?? FLOOR_MIN);
  const [dropoffFloor, setDropoffFloor] = useState(initial?.dropoffFloor ?? FLOOR_MIN);

  // Surcharges show before a type is chosen; base and total wait for it.
  const pricing = estimatePrice(catalog, {
    moveType: moveType ?? DEFAULT_MOVE_TYPE,
    pickupFloor,
    dropoffFloor,
    workers,
  });
  const canContinue = moveType !== null && workers > 0;
  const num = (n: number) => formatNumber(n, language);
  const announce = (label: string, value: string) =>
    t('moveTypePage.stepperAnnouncement', { label, value });
  const workersText = t('count.workers', { count: workers, value: num(workers) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!moveType || workers <= 0) return;
    const state: MoveTypeFlowState = {
      moveType,
      workers,
      housing,
      pickupFloor,
      dropoffFloor,
      pricing,
    };
    draft?.save(state);
    void navigate(paths.prices, { state });
  };

  const workersHintId = `${ids}-workers-hint`;
  const floorsHintId = `${ids}-floors-hint`;

  return (
    <PricingFrame title={t('moveTypePage.title')} lead={t('moveTypePage.lead')}>
      <form className="pricing-layout" onSubmit={onSubmit} noValidate>
        <div className="pricing-main">
          <MoveTypeChoices
            legend={t('moveTypePage.typeLegend')}
            value={moveType}
            onChange={setMoveType}
            priceFor={(type) => (
              <bdi>
                <PendingFigure pending={pending}>
                  {t('price.from', { price: formatMoney(catalog.base[type], language) })}
                </PendingFigure>
              </bdi>
            )}
          />

          <div className="details-card">
            <div className="details-row">
              <div className="details-cell">
                <NumberStepper
                  id={`${ids}-workers`}
                  label={t('moveTypePage.workers.label')}
                  value={workers}
                  min={WORKERS_MIN}
                  max={WORKERS_MAX}
                  clamp={clampWorkers}
                  onChange={setWorkers}
                  decreaseLabel={t('moveTypePage.workers.decrease')}
                  increaseLabel={t('moveTypePage.workers.increase')}
                  valueText={workersText}
                  announcement={announce(t('moveTypePage.workers.label'), workersText)}
                  language={language}
                  hintId={workersHintId}
                />
                <p id={workersHintId} className="field-hint details-hint">
                  <PendingFigure pending={pending}>
                    {t('moveTypePage.workers.hint', {
                      fee: formatMoney(catalog.workerExtraPerHead, language),
                    })}
                  </PendingFigure>
                </p>
              </div>

              <fieldset className="details-cell segmented-field">
                <legend className="details-legend">{t('moveTypePage.housingLegend')}</legend>
                <div className="segmented">
                  {HOUSING_TYPES.map((type) => (
                    <label key={type} className="segmented-option">
                      <input
                        className="segmented-input"
                        type="radio"
                        name={`${ids}-housing`}
                        value={type}
                        checked={housing === type}
                        onChange={() => setHousing(type)}
                      />
                      <span className="segmented-body">{t(`housing.${type}`)}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            </div>

            <fieldset className="floors-field" aria-describedby={floorsHintId}>
              <legend className="details-legend">{t('moveTypePage.floors.legend')}</legend>
              <p id={floorsHintId} className="field-hint details-hint">
                <PendingFigure pending={pending}>
                  {t('moveTypePage.floors.hint', { fee: formatMoney(catalog.floorFee, language) })}
                </PendingFigure>
              </p>
              <div className="floors-grid">
                <NumberStepper
                  id={`${ids}-pickup`}
                  label={t('moveTypePage.floors.pickup')}
                  value={pickupFloor}
                  min={FLOOR_MIN}
                  max={FLOOR_MAX}
                  clamp={clampFloor}
                  onChange={setPickupFloor}
                  decreaseLabel={t('moveTypePage.floors.pickupDecrease')}
                  increaseLabel={t('moveTypePage.floors.pickupIncrease')}
                  valueText={num(pickupFloor)}
                  announcement={announce(t('moveTypePage.floors.pickup'), num(pickupFloor))}
                  language={language}
                />
                <NumberStepper
                  id={`${ids}-dropoff`}
                  label={t('moveTypePage.floors.dropoff')}
                  value={dropoffFloor}
                  min={FLOOR_MIN}
                  max={FLOOR_MAX}
                  clamp={clampFloor}
                  onChange={setDropoffFloor}
                  decreaseLabel={t('moveTypePage.floors.dropoffDecrease')}
                  increaseLabel={t('moveTypePage.floors.dropoffIncrease')}
                  valueText={num(dropoffFloor)}
                  announcement={announce(t('moveTypePage.floors.dropoff'), num(dropoffFloor))}
                  language={language}
                />
              </div>
            </fieldset>
          </div>
        </div>

        <div className="pricing-side">
          <PriceBreakdownView
            breakdown={pricing}
            pending={pending}
            hasType={moveType !== null}
            floors={pickupFloor + dropoffFloor}
            workers={workers}
            live
          >
            <PricingContinue blockedBy={canContinue ? null : t('moveTypePage.chooseTypeFirst')} />
          </PriceBreakdownView>
        </div>
      </form>
    </PricingFrame>
  );
}
