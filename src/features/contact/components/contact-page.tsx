import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { ContactButtons } from '../../../components/ui/contact-buttons';
import { CopyButton } from '../../../components/ui/copy-button';
import { SearchIcon } from '../../../components/ui/icons';
import { PhoneNumber } from '../../../components/ui/phone-number';
import { ShareButton } from '../../../components/ui/share-button';
import { TrackingQr, trackingUrl } from '../../../components/ui/tracking-qr';
import { env } from '../../../config/env';
import { paths, trackPath } from '../../../config/paths';
import { isOrderNumber } from '../../../domain/order-number';
import { ContactForm } from './contact-form';
import '../../../components/ui/page-header.css';
import './contact-page.css';
import { PageTitle } from '../../../components/ui/page-title';

/** Only a real order number from navigation state is shown; anything else gets the placeholder. */
function orderNumberFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as { orderNumber?: unknown }).orderNumber;
  return isOrderNumber(value) ? (value as string) : null;
}

/**
 * /contact (spec section 2): the order number carried here (copy, share, QR of its tracking
 * link), the official contact details, and the contact form stored through the DataPort (D7).
 */
export function ContactPage() {
  const { t } = useTranslation(['contact', 'common']);
  const location = useLocation();
  const ids = useId();
  const orderNumber = orderNumberFrom(location.state);
  const orderId = `${ids}-order`;
  const detailsId = `${ids}-details`;

  return (
    <div className="container page contact-page">
      <div className="contact-toolbar">
        <BackButton fallback={paths.home} />
      </div>
      <header className="page-header contact-header">
        <PageTitle title={t('contact:title')} />
        <h1>{t('contact:title')}</h1>
        <p className="lead">{t('contact:lead')}</p>
      </header>

      <div className="contact-layout">
        <div className="contact-side">
          <section className="card contact-order" aria-labelledby={orderId}>
            <h2 id={orderId}>{t('contact:order.title')}</h2>
            {orderNumber ? (
              <>
                <p className="contact-order-number">
                  <bdi className="ltr-value">{orderNumber}</bdi>
                </p>
                <div className="contact-order-actions">
                  <CopyButton text={orderNumber} />
                  <ShareButton
                    title={t('contact:order.shareTitle')}
                    text={t('contact:order.shareText', { number: orderNumber })}
                    url={trackingUrl(orderNumber)}
                  />
                </div>
                <TrackingQr orderNumber={orderNumber} />
                <Link className="btn btn-ghost" to={trackPath(orderNumber)}>
                  <SearchIcon />
                  {t('contact:order.track')}
                </Link>
              </>
            ) : (
              <p className="muted contact-order-placeholder">{t('contact:order.placeholder')}</p>
            )}
          </section>

          <section className="card contact-details" aria-labelledby={detailsId}>
            <h2 id={detailsId}>{t('contact:details.title')}</h2>
            <dl>
              <div>
                <dt>{t('contact:details.phone')}</dt>
                <dd>
                  <PhoneNumber value={env.phoneNumber} />
                </dd>
              </div>
              <div>
                <dt>{t('contact:details.whatsapp')}</dt>
                <dd>
                  <PhoneNumber value={`+${env.whatsappNumber.replace(/\D/g, '')}`} />
                </dd>
              </div>
              <div>
                <dt>{t('contact:details.hours')}</dt>
                <dd>{t('contact:details.hoursValue')}</dd>
              </div>
            </dl>
            <ContactButtons prominentCall />
          </section>
        </div>

        <ContactForm />
      </div>
    </div>
  );
}
