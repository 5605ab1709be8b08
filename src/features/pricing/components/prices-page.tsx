import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ContactButtons } from '../../../components/ui/contact-buttons';
import { PriceListTable } from '../../../components/ui/price-list-table';
import { paths } from '../../../config/paths';
import { PendingFigure } from '../../../components/ui/pending-figure';
import { useCatalogState } from '../../../data/react/price-catalog';
import { formatMoney, formatNumber } from '../../../domain/money';
import { estimatePrice, type MoveType } from '../../../domain/pricing';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { pricesContinueState, readMoveTypeInputs } from '../move-state';
import { MoveTypeChoices } from './move-type-choices';
import { PriceBreakdownView } from './price-breakdown';
import { PricingContinue, PricingFrame } from './pricing-frame';
import './prices-page.css';

/**
 * /prices: pick a service, see the catalog. Arriving from /move-type, the customer's own estimate
 * is shown and preselected; missing or malformed state simply means a fresh start.
 */
export function PricesPage() {
  const { t } = useTranslation('pricing');
  const language = useDisplayLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const ids = useId();
  const { catalog, pending } = useCatalogState();

  // The estimate from /move-type, priced with the current catalog (D11), never a carried total.
  const [carried] = useState(() => readMoveTypeInputs(location.state));
  const carriedPricing = carried ? estimatePrice(catalog, carried) : null;
  const [selected, setSelected] = useState<MoveType | null>(carried?.moveType ?? null);

  const money = (amount: number) => formatMoney(amount, language);
  const num = (n: number) => formatNumber(n, language);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!selected) return;
    void navigate(paths.selectCity, { state: pricesContinueState(selected, carried, catalog) });
  };

  const notesId = `${ids}-notes`;
  const contactId = `${ids}-contact`;

  return (
    <PricingFrame title={t('pricesPage.title')} lead={t('pricesPage.lead')}>
      <div className="pricing-layout">
        <form className="pricing-main" onSubmit={onSubmit} noValidate>
          {carried && carriedPricing && (
            <PriceBreakdownView
              title={t('pricesPage.carried.title')}
              breakdown={carriedPricing}
              pending={pending}
              hasType
              floors={carried.pickupFloor + carried.dropoffFloor}
              workers={carried.workers}
            >
              <div className="carried-details">
                <p className="carried-summary">
                  {t('pricesPage.carried.summary', {
                    type: t(`moveTypes.${carried.moveType}.label`),
                    workers: t('count.workers', {
                      count: carried.workers,
                      value: num(carried.workers),
                    }),
                    housing: t(`housing.${carried.housing}`),
                  })}
                </p>
                <p className="carried-floors">
                  {t('pricesPage.carried.floors', {
                    pickup: num(carried.pickupFloor),
                    dropoff: num(carried.dropoffFloor),
                  })}
                </p>
                <Link className="carried-edit" to={paths.moveType} state={carried}>
                  {t('pricesPage.carried.edit')}
                </Link>
              </div>
            </PriceBreakdownView>
          )}

          <MoveTypeChoices
            legend={t('pricesPage.serviceLegend')}
            value={selected}
            onChange={setSelected}
            priceFor={(type) => (
              <bdi>
                <PendingFigure pending={pending}>
                  {carried && carriedPricing && carried.moveType === type
                    ? t('price.yourEstimate', { price: money(carriedPricing.total) })
                    : t('price.from', { price: money(catalog.base[type]) })}
                </PendingFigure>
              </bdi>
            )}
          />

          <PricingContinue
            blockedBy={selected ? null : t('pricesPage.chooseFirst')}
            className="prices-continue"
          />
        </form>

        <div className="pricing-side prices-side">
          <PriceListTable highlight={selected ?? undefined} />

          <section className="prices-card" aria-labelledby={notesId}>
            <h2 id={notesId} className="prices-card-title">
              {t('pricesPage.notesTitle')}
            </h2>
            <ul className="prices-notes">
              <li>{t('pricesPage.notes.team')}</li>
              <li>{t('pricesPage.notes.approximate')}</li>
              <li>
                <PendingFigure pending={pending}>
                  {t('pricesPage.notes.cancellation', {
                    free: num(catalog.cancellationPolicy.freeHours),
                    fee: num(catalog.cancellationPolicy.lateFeePercent),
                    closed: num(catalog.cancellationPolicy.closedHours),
                  })}
                </PendingFigure>
              </li>
            </ul>
          </section>

          <section className="prices-card" aria-labelledby={contactId}>
            <h2 id={contactId} className="prices-card-title">
              {t('pricesPage.contactTitle')}
            </h2>
            <ContactButtons className="prices-contact" />
          </section>
        </div>
      </div>
    </PricingFrame>
  );
}
