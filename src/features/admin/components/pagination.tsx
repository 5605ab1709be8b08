import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';

/** Previous, a page picker ("page 2 of 7") and next, for the orders list. */
export function Pagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('admin');
  const language = useDisplayLanguage();
  const n = (value: number) => formatNumber(value, language);
  return (
    <nav className="admin-pagination" aria-label={t('admin:orders.pagination.label')}>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('admin:orders.pagination.previous')}
      </button>
      <label className="admin-page-select">
        <span className="visually-hidden">{t('admin:orders.pagination.label')}</span>
        <select className="select" value={page} onChange={(e) => onPage(Number(e.target.value))}>
          {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
            <option key={p} value={p}>
              {t('admin:orders.pagination.page', { page: n(p), pages: n(pages) })}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('admin:orders.pagination.next')}
      </button>
    </nav>
  );
}
