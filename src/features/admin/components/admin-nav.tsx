import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import './admin-nav.css';

const SECTIONS = [
  ['dashboard', paths.adminDashboard],
  ['orders', paths.adminOrders],
  ['prices', paths.adminPrices],
  ['capacity', paths.adminCapacity],
  ['calendar', paths.adminCalendar],
  ['fleet', paths.adminFleet],
  ['dispatch', paths.adminDispatch],
  ['refunds', paths.adminRefunds],
] as const;

/**
 * The admin's pages: the dashboard (D25), orders, prices (D11), time windows and their calendar
 * (D12), crews and trucks and the dispatch board (D28), refunds (D16).
 */
export function AdminNav() {
  const { t } = useTranslation('admin');
  return (
    <nav className="admin-nav" aria-label={t('nav.label')}>
      <ul>
        {SECTIONS.map(([key, to]) => (
          <li key={key}>
            <NavLink className="admin-nav-link" to={to} end>
              {t(`nav.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
