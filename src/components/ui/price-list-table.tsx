import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../domain/money';
import { FLOOR_FEE, MOVE_TYPES, PRICE_CATALOG, WORKER_EXTRA_PER_HEAD } from '../../domain/pricing';
import type { MoveType } from '../../domain/pricing';
import './price-list-table.css';

/**
 * The one price catalog (docs/decisions.md D4) as a table, for the prices and date-selection screens.
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
  const money = (amount: number) => <bdi>{formatMoney(amount, language)}</bdi>;

  return (
    <div className={['price-list', className].filter(Boolean).join(' ')}>
      <table className="table price-list-table">
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
                <td className="price-list-amount">{money(PRICE_CATALOG[type])}</td>
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
              <bdi>{t('priceList.floorFeeValue', { price: formatMoney(FLOOR_FEE, language) })}</bdi>
            </td>
          </tr>
          <tr>
            <th scope="row">{t('priceList.workerFee')}</th>
            <td className="price-list-amount">
              <bdi>
                {t('priceList.workerFeeValue', {
                  price: formatMoney(WORKER_EXTRA_PER_HEAD, language),
                })}
              </bdi>
            </td>
          </tr>
        </tbody>
      </table>
      <p className="price-list-note">{t('priceList.note')}</p>
    </div>
  );
}
