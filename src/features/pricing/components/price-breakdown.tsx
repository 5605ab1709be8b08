import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../domain/money';
import type { PriceBreakdown } from '../../../domain/pricing';
import { PendingFigure } from '../../../components/ui/pending-figure';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import './price-breakdown.css';

interface PriceBreakdownViewProps {
  breakdown: PriceBreakdown;
  /** False while no move type is chosen: base and total wait for it, surcharges already show. */
  hasType: boolean;
  floors: number;
  workers: number;
  title?: string;
  headingLevel?: 2 | 3;
  /** Announce changes politely (the live estimate on /move-type). */
  live?: boolean;
  /** The catalog is not known yet (D11): figures are same-sized placeholders. */
  pending?: boolean;
  children?: ReactNode;
}

/** Base, floors surcharge, extra workers and total, every figure straight from estimatePrice. */
export function PriceBreakdownView({
  breakdown,
  hasType,
  floors,
  workers,
  title,
  headingLevel = 2,
  live = false,
  pending = false,
  children,
}: PriceBreakdownViewProps) {
  const { t } = useTranslation('pricing');
  const language = useDisplayLanguage();
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const figure = (text: string) => <PendingFigure pending={pending}>{text}</PendingFigure>;
  const money = (amount: number) => <bdi>{figure(formatMoney(amount, language))}</bdi>;
  const extraWorkers = Math.max(0, workers - 1);

  return (
    <section className="breakdown" aria-labelledby={headingId} aria-busy={pending || undefined}>
      <Heading id={headingId} className="breakdown-title">
        {title ?? t('breakdown.title')}
      </Heading>
      <div aria-live={live ? 'polite' : undefined}>
        <dl className="breakdown-list">
          <div className="breakdown-row">
            <dt>
              <span>{t('breakdown.base')}</span>
            </dt>
            <dd>{hasType ? money(breakdown.base) : t('breakdown.pending')}</dd>
          </div>
          <div className="breakdown-row">
            <dt>
              <span>{t('breakdown.floors')}</span>
              <span className="breakdown-detail">
                {figure(
                  t('breakdown.times', {
                    quantity: t('count.floors', {
                      count: floors,
                      value: formatNumber(floors, language),
                    }),
                    fee: formatMoney(breakdown.floorFee, language),
                  }),
                )}
              </span>
            </dt>
            <dd>{money(breakdown.floorsSurcharge)}</dd>
          </div>
          <div className="breakdown-row">
            <dt>
              <span>{t('breakdown.workers')}</span>
              <span className="breakdown-detail">
                {figure(
                  t('breakdown.times', {
                    quantity: t('count.extraWorkers', {
                      count: extraWorkers,
                      value: formatNumber(extraWorkers, language),
                    }),
                    fee: formatMoney(breakdown.workerExtraPerHead, language),
                  }),
                )}
              </span>
            </dt>
            <dd>{money(breakdown.workersExtra)}</dd>
          </div>
          <div className="breakdown-row breakdown-total">
            <dt>
              <span>{t('breakdown.total')}</span>
            </dt>
            <dd>{hasType ? money(breakdown.total) : t('breakdown.pending')}</dd>
          </div>
        </dl>
      </div>
      <p className="breakdown-note">{t('breakdown.approximate')}</p>
      {children}
    </section>
  );
}
