import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GOVERNORATES, governorateName } from '../../../domain/governorates';
import { ORDER_SORTS } from '../../../domain/order-query';
import { formatNumber } from '../../../domain/money';
import type { OrderPage } from '../../../data/port';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../domain/status';
import type { OrderStatus } from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import type { OrderFilters } from '../order-filters';

type SelectFilter = 'governorateId' | 'paymentStatus' | 'paymentMethod' | 'sort';
type DateFilter = 'moveDateFrom' | 'moveDateTo';
interface Option {
  value: string;
  label: string;
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** The search box and one control per filter, each showing and setting its filter. */
export function FilterGrid({
  filters,
  update,
  searchInput,
  onSearchInput,
}: {
  filters: OrderFilters;
  update(changes: Partial<OrderFilters>): void;
  searchInput: string;
  onSearchInput(value: string): void;
}) {
  const { t } = useTranslation('admin');
  const language = useDisplayLanguage();
  const ids = useId();
  const all = t('admin:orders.filters.all');
  const valueOptions = (group: 'paymentStatus' | 'paymentMethod', values: readonly string[]) =>
    values.map((value): Option => ({ value, label: t(`admin:values.${group}.${value}`) }));

  // `allLabel` adds the "no filter" choice (''); every other value is one of `options`.
  const select = (key: SelectFilter, label: string, options: Option[], allLabel?: string) => (
    <FilterField id={`${ids}-${key}`} label={label}>
      <select
        id={`${ids}-${key}`}
        className="select"
        value={filters[key]}
        onChange={(e) => update({ [key]: e.target.value } as Partial<OrderFilters>)}
      >
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
  const date = (key: DateFilter, label: string, range: { min?: string; max?: string }) => (
    <FilterField id={`${ids}-${key}`} label={label}>
      <input
        id={`${ids}-${key}`}
        className="input"
        type="date"
        value={filters[key]}
        min={range.min || undefined}
        max={range.max || undefined}
        onChange={(e) => update({ [key]: e.target.value })}
      />
    </FilterField>
  );

  return (
    <div className="admin-filter-grid">
      <div className="field admin-search" role="search">
        <label htmlFor={`${ids}-search`}>{t('admin:orders.filters.search')}</label>
        <input
          id={`${ids}-search`}
          className="input"
          type="search"
          placeholder={t('admin:orders.filters.searchPlaceholder')}
          value={searchInput}
          onChange={(e) => onSearchInput(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      {select(
        'governorateId',
        t('admin:orders.filters.governorate'),
        GOVERNORATES.map((g) => ({ value: g.id, label: governorateName(g, language) })),
        t('admin:orders.filters.allGovernorates'),
      )}
      {date('moveDateFrom', t('admin:orders.filters.dateFrom'), { max: filters.moveDateTo })}
      {date('moveDateTo', t('admin:orders.filters.dateTo'), { min: filters.moveDateFrom })}
      {select(
        'paymentStatus',
        t('admin:orders.filters.paymentStatus'),
        valueOptions('paymentStatus', PAYMENT_STATUSES),
        all,
      )}
      {select(
        'paymentMethod',
        t('admin:orders.filters.paymentMethod'),
        valueOptions('paymentMethod', PAYMENT_METHODS),
        all,
      )}
      {select(
        'sort',
        t('admin:orders.filters.sort'),
        ORDER_SORTS.map((s) => ({ value: s, label: t(`admin:orders.sort.${s}`) })),
      )}
    </div>
  );
}

/** "All" and one chip per status, each with how many orders the other filters match. */
export function StatusChips({
  status,
  counts,
  onChoose,
}: {
  status: OrderStatus | '';
  counts: OrderPage['counts'] | undefined;
  onChoose(status: OrderStatus | ''): void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const language = useDisplayLanguage();
  const n = (value: number) => formatNumber(value, language);
  const allCount = counts ? ORDER_STATUSES.reduce((sum, s) => sum + counts[s], 0) : 0;
  return (
    <div className="admin-chips" role="group" aria-label={t('admin:orders.counts.label')}>
      <button
        type="button"
        className="admin-chip"
        aria-pressed={status === ''}
        onClick={() => onChoose('')}
      >
        {t('admin:orders.counts.all')} <span className="admin-chip-count">{n(allCount)}</span>
      </button>
      {ORDER_STATUSES.map((value) => (
        <button
          key={value}
          type="button"
          className={`admin-chip admin-chip-${value}`}
          aria-pressed={status === value}
          onClick={() => onChoose(value)}
        >
          {t(`common:status.${value}`)}{' '}
          <span className="admin-chip-count">{n(counts?.[value] ?? 0)}</span>
        </button>
      ))}
    </div>
  );
}
