import { useTranslation } from 'react-i18next';
import { useCatalogState } from '../../data/react/price-catalog';
import { formatMoney, formatNumber } from '../../domain/money';
import { MOVE_TYPES } from '../../domain/pricing';
import type { MoveType } from '../../domain/pricing';
import { PendingFigure } from './pending-figure';
import './price-list-table.css';

/**
 * The current price catalog (docs/decisions.md D4, D11) as a table, for the prices and
 * date-selection screens; its figures are placeholders until the catalog is known.
 * Its strings live under `priceList` (and the service names under `moveTypes`) in the `pricing`
 * namespace: a JSON bundle, not a feature import, so shared code may load it.
 */
export function PriceListTable({
  highlight,
  className,
}: {
  highlight?: MoveType;
  className?: string;
}) {
  const { t, i18n } = useTranslation('pricing');
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'ar';
  const { catalog, pending } = useCatalogState();
  const figure = (text: string) => <PendingFigure pending={pending}>{text}</PendingFigure>;
  const money = (amount: number) => <bdi>{figure(formatMoney(amount, language))}</bdi>;

  return (
    <div className={['price-list', className].filter(Boolean).join(' ')}>
      <table className="table price-list-table" aria-busy={pending || undefined}>
        <caption>{t('priceList.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('priceList.service')}</th>
            <th scope="col" className="price-list-amount">
              {t('priceList.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {MOVE_TYPES.map((type) => {
            const highlighted = type === highlight;
            return (
              <tr key={type} className={highlighted ? 'price-list-highlight' : undefined}>
                <th scope="row">
                  {t(`moveTypes.${type}.label`)}
                  {highlighted && (
                    <>
                      {' '}
                      <span className="badge price-list-badge">{t('priceList.selected')}</span>
                    </>
                  )}
                </th>
                <td className="price-list-amount">{money(catalog.base[type])}</td>
              </tr>
            );
          })}
        </tbody>
        <tbody className="price-list-extras">
          <tr>
            <th scope="rowgroup" colSpan={2} className="price-list-group">
              {t('priceList.extrasTitle')}
            </th>
          </tr>
          <tr>
            <th scope="row">{t('priceList.floorFee')}</th>
            <td className="price-list-amount">
              <bdi>
                {figure(
                  t('priceList.floorFeeValue', { price: formatMoney(catalog.floorFee, language) }),
                )}
              </bdi>
            </td>
          </tr>
          <tr>
            <th scope="row">{t('priceList.workerFee')}</th>
            <td className="price-list-amount">
              <bdi>
                {figure(
                  t('priceList.workerFeeValue', {
                    price: formatMoney(catalog.workerExtraPerHead, language),
                  }),
                )}
              </bdi>
            </td>
          </tr>
          <tr>
            <th scope="row">
              {figure(
                t('priceList.distanceFee', {
                  km: formatNumber(catalog.distance.includedKm, language),
                }),
              )}
            </th>
            <td className="price-list-amount">
              <bdi>
                {figure(
                  t('priceList.distanceFeeValue', {
                    price: formatMoney(catalog.distance.perKm, language),
                  }),
                )}
              </bdi>
            </td>
          </tr>
        </tbody>
      </table>
      <p className="price-list-note">{t('priceList.note')}</p>
    </div>
  );
}
