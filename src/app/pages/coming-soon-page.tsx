import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ContactButtons } from '../../components/ui/contact-buttons';
import { LanguageToggle } from '../../components/ui/language-toggle';
import './pages.css';

export type ComingSoonTitle =
  | 'contact'
  | 'login'
  | 'signup'
  | 'adminLogin'
  | 'myOrders'
  | 'payment'
  | 'selectCity'
  | 'customerInfo'
  | 'dateSelection'
  | 'requestSummary'
  | 'confirmation'
  | 'track'
  | 'trackOrder'
  | 'adminOrders'
  | 'reviews';

/**
 * An honest placeholder for the screens that need the backend (built in the next issues): it
 * says the page is coming and offers the phone and WhatsApp routes that work today.
 */
export function ComingSoonPage({
  title,
  standalone = false,
}: {
  title: ComingSoonTitle;
  standalone?: boolean;
}) {
  const { t } = useTranslation('common');
  const { orderId } = useParams();
  return (
    <div className="page">
      <div className="container-narrow card coming-soon">
        {standalone && (
          <div className="coming-soon-top">
            <LanguageToggle />
          </div>
        )}
        <span className="badge badge-accent">{t('comingSoon.badge')}</span>
        <h1>{t(`comingSoon.titles.${title}`)}</h1>
        {orderId && (
          <p className="coming-soon-order">
            {t('comingSoon.orderNumberLabel')} <bdi className="ltr-value">{orderId}</bdi>
          </p>
        )}
        <p className="lead">{t('comingSoon.body')}</p>
        <ContactButtons />
        <p>
          <Link to={paths.home}>{t('actions.backHome')}</Link>
        </p>
      </div>
    </div>
  );
}
