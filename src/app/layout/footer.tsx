import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { env } from '../../config/env';
import { formatDigits } from '../../domain/money';
import { paths } from '../../config/paths';
import { track } from '../../analytics/analytics';
import { telHref, whatsappHref } from '../../components/ui/contact-buttons';
import { PhoneIcon, WhatsAppIcon } from '../../components/ui/icons';
import './footer.css';

export function Footer() {
  const { t, i18n } = useTranslation('common');
  // The year in the reader's digits (Arabic-Indic in Arabic), without a thousands separator.
  const digits = i18n.language === 'ar' ? 'ar' : 'en';
  const year = formatDigits(new Date().getFullYear(), digits);
  return (
    <footer className="site-footer render-when-near">
      <div className="container footer-grid">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="footer-brand">
            {t('brand.name')}
          </h2>
          <p className="footer-about">{t('footer.about')}</p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer-heading">
            {t('footer.links')}
          </h2>
          <ul className="footer-list">
            <li>
              <Link to={paths.home}>{t('nav.home')}</Link>
            </li>
            <li>
              <Link to={paths.about}>{t('nav.about')}</Link>
            </li>
            <li>
              <Link to={paths.contact}>{t('nav.contact')}</Link>
            </li>
            <li>
              <Link to={paths.privacy}>{t('footer.privacy')}</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-reach">
          <h2 id="footer-reach" className="footer-heading">
            {t('footer.reachUs')}
          </h2>
          <ul className="footer-list">
            <li>
              <a href={telHref(env.phoneNumber)} onClick={() => track('click_phone')}>
                <PhoneIcon /> {t('contact.call')}{' '}
                {/* As PhoneNumber writes it, without its module on every page's first load. */}
                <bdi className="ltr-value">{formatDigits(env.phoneNumber, digits)}</bdi>
              </a>
            </li>
            <li>
              <a
                href={whatsappHref(env.whatsappNumber)}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => track('click_whatsapp')}
              >
                <WhatsAppIcon /> {t('contact.whatsapp')}
              </a>
            </li>
          </ul>
        </section>
      </div>
      <p className="container footer-rights">{t('footer.rights', { year })}</p>
    </footer>
  );
}
