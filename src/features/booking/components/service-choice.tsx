import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingFigure } from '../../../components/ui/pending-figure';
import { useCatalogState } from '../../../data/react/price-catalog';
import { formatMoney } from '../../../domain/money';
import { MOVE_TYPES, type MoveType } from '../../../domain/pricing';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useBookingFlow } from '../flow/booking-flow';
import { flowPrice } from '../flow/flow-price';
import './service-choice.css';

/**
 * "What do you need?": the booking's first question, where the home page's "how it works" says
 * it is (step 1, choose the service), and no service is chosen for the customer (D22). A service
 * carried from /prices (or the estimator through it) is already chosen here, and can be changed;
 * a customer who goes on without one is asked again on the date step, which has no default
 * either. The choice goes into the booking at once, so the steps after it price with it.
 */
export function ServiceChoice() {
  const { t } = useTranslation(['booking', 'pricing']);
  const language = useDisplayLanguage();
  const { state, update } = useBookingFlow();
  const { catalog, pending } = useCatalogState();
  const ids = useId();
  const chosen = state.moveType ?? null;
  // The estimate carried from the estimator (its team and floors), for the service it was for.
  const estimate = chosen && state.workers !== undefined ? flowPrice(state, catalog).total : null;
  const priceOf = (type: MoveType) =>
    type === chosen && estimate !== null
      ? t('pricing:price.yourEstimate', { price: formatMoney(estimate, language) })
      : t('pricing:price.from', { price: formatMoney(catalog.base[type], language) });

  const choose = (moveType: MoveType) => {
    if (moveType === chosen) return;
    // A team size and total estimated for another service would mislead (as on /prices): the
    // date step recommends a team for this one; housing and floors are the home's, and stay.
    update({
      moveType,
      workers: undefined,
      totalPrice: undefined,
      catalogVersion: undefined,
      pricing: undefined,
    });
  };

  return (
    <fieldset className="service-choice" aria-describedby={`${ids}-hint`}>
      <legend className="booking-card-title service-choice-legend">
        {t('serviceChoice.legend')}
      </legend>
      <p id={`${ids}-hint`} className="field-hint service-choice-hint">
        {t('serviceChoice.hint')}
      </p>
      <div className="service-choice-grid">
        {MOVE_TYPES.map((type) => (
          <label key={type} className="service-option">
            <input
              className="service-option-input"
              type="radio"
              name={`${ids}-service`}
              value={type}
              checked={chosen === type}
              onChange={() => choose(type)}
              // Named by the service alone; its price is its description.
              aria-labelledby={`${ids}-${type}-label`}
              aria-describedby={`${ids}-${type}-price`}
            />
            <span className="service-option-body">
              <span id={`${ids}-${type}-label`} className="service-option-label">
                {t(`pricing:moveTypes.${type}.label`)}
              </span>
              <span id={`${ids}-${type}-price`} className="service-option-price">
                <bdi>
                  <PendingFigure pending={pending}>{priceOf(type)}</PendingFigure>
                </bdi>
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
