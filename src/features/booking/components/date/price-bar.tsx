import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../../domain/money';
import type { DisplayLanguage } from '../../../../domain/locale';
import {
  priceChange,
  type PriceChange,
  type PriceChangePart,
  type PricedChoice,
} from '../../../../domain/price-change';
import { useDisplayLanguage } from '../../../../i18n/use-display-language';
import type { FlowPrice } from '../../flow/flow-price';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The date screen's price as the domain's price change compares it. */
export function pricedChoice(price: FlowPrice, workersChosen: boolean): PricedChoice {
  return {
    moveType: price.moveType,
    floors: price.pickupFloor + price.dropoffFloor,
    workers: price.workers,
    recommendedWorkers: !workersChosen,
    breakdown: price.breakdown,
    total: price.total,
  };
}

// What identifies a price for "did it change": the figures that make it.
const keyOf = (p: PricedChoice) =>
  `${p.moveType}|${p.floors}|${p.workers}|${p.breakdown.base}|${p.breakdown.floorsSurcharge}|` +
  `${p.breakdown.workersExtra}|${p.breakdown.distanceFee}|${p.total}`;

/**
 * The latest news about the total: the change from the price before the last edit to this one,
 * kept until the next edit that moves the total (an edit that moves nothing keeps the news).
 * Adjusted while rendering, React's way for state derived from a changing prop.
 */
export function usePriceNews(current: PricedChoice): PriceChange | null {
  const [seen, setSeen] = useState<{ key: string; price: PricedChoice; news: PriceChange | null }>(
    () => ({ key: keyOf(current), price: current, news: null }),
  );
  const key = keyOf(current);
  if (key !== seen.key) {
    const change = priceChange(seen.price, current);
    const news = change ?? (current.total === null ? null : seen.news);
    setSeen({ key, price: current, news });
    return news;
  }
  return seen.news;
}

/** "+EGP 250" / "+‏٢٥٠ ج.م.‏": a signed amount, the minus a real minus sign. */
export function signedMoney(amount: number, language: DisplayLanguage): string {
  const sign = amount < 0 ? '\u2212' : '+';
  return `${sign}${formatMoney(Math.abs(amount), language)}`;
}

/** One reason, in words: "one more worker", "2 floors fewer", "partial move instead of full". */
function reason(part: PriceChangePart, t: Translate, language: DisplayLanguage) {
  const num = (n: number) => formatNumber(Math.abs(n), language);
  switch (part.kind) {
    case 'service':
      return t('priceBar.reason.service', {
        type: t(`pricing:moveTypes.${part.moveType}.label`),
        previous: t(`pricing:moveTypes.${part.previous}.label`),
      });
    case 'floors':
      return t(part.count >= 0 ? 'priceBar.reason.floorsMore' : 'priceBar.reason.floorsFewer', {
        count: Math.abs(part.count),
        value: num(part.count),
      });
    case 'workers': {
      const workers = t(
        part.count >= 0 ? 'priceBar.reason.workersMore' : 'priceBar.reason.workersFewer',
        { count: Math.abs(part.count), value: num(part.count) },
      );
      return part.recommended ? t('priceBar.reason.recommended', { workers }) : workers;
    }
    case 'distance':
      return t('priceBar.reason.distance');
    case 'catalog':
      return t('priceBar.reason.catalog');
  }
}

/** Each reason with its amount: "one more worker +EGP 250". */
export function changeParts(
  change: PriceChange,
  t: Translate,
  language: DisplayLanguage,
): string[] {
  return change.parts.map((part) =>
    t('priceBar.part', {
      reason: reason(part, t, language),
      amount: signedMoney(part.amount, language),
    }),
  );
}

/**
 * The running total on the date screen (D22), with what last changed it. On a phone it stays at
 * the bottom of the screen while the customer edits the date, the service, the housing, the
 * floors and the team above it (position: sticky inside the block of those fields, so it stops
 * at its own place under the breakdown and never reaches the Next button below), and the page
 * keeps room for it when a field is scrolled into view. Each change is announced politely to
 * screen readers (its text, not the whole breakdown); the figures themselves are read in the
 * breakdown above, so the bar's own text is not read twice.
 */
export function PriceBar({ price, workersChosen }: { price: FlowPrice; workersChosen: boolean }) {
  const { t } = useTranslation(['booking', 'pricing']);
  const language = useDisplayLanguage();
  const news = usePriceNews(pricedChoice(price, workersChosen));
  const parts = news ? changeParts(news, t, language) : [];
  const separator = t('priceBar.separator');
  const total = price.total;

  return (
    <div className="price-bar" data-pending={total === null || undefined}>
      <div className="price-bar-inner" aria-hidden="true">
        <p className="price-bar-total">
          <span className="price-bar-label">{t('priceBar.label')}</span>{' '}
          {total === null ? (
            <span className="price-bar-pending">{t('dateSelection.total.pending')}</span>
          ) : (
            <strong className="price-bar-amount">
              <bdi>{formatMoney(total, language)}</bdi>
            </strong>
          )}
        </p>
        {parts.length > 0 && (
          <p className="price-bar-change" data-direction={news!.amount > 0 ? 'up' : 'down'}>
            {parts.map((part, i) => (
              <span key={i}>
                {i > 0 && separator}
                <bdi>{part}</bdi>
              </span>
            ))}
          </p>
        )}
      </div>
      <p className="visually-hidden" role="status" aria-atomic="true">
        {news && total !== null
          ? t('priceBar.announcement', {
              total: formatMoney(total, language),
              change: parts.join(separator),
            })
          : ''}
      </p>
    </div>
  );
}
