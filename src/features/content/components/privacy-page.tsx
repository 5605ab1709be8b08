import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { formatDate } from '../format';
import { BackHomeLink } from './back-home-link';
import {
  ChatIcon,
  CookieIcon,
  DatabaseIcon,
  RefreshIcon,
  ShieldIcon,
  SlidersIcon,
} from './content-icons';
import './content-page.css';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** Change this whenever the policy text changes (spec: the updates section promises a date). */
export const PRIVACY_LAST_UPDATED = '2026-11-25';
/** How many recent names and phone numbers the booking form remembers (spec section 9). */
const SUGGESTION_LIMIT = 10;

type SectionId = 'collected' | 'use' | 'messages' | 'protection' | 'cookies' | 'updates';

const SECTIONS: readonly { id: SectionId; Icon: Icon; items?: readonly string[] }[] = [
  {
    id: 'collected',
    Icon: DatabaseIcon,
    items: ['order', 'history', 'account', 'messages', 'location', 'card'],
  },
  {
    id: 'use',
    Icon: SlidersIcon,
    items: ['move', 'contact', 'geocoding', 'abuse', 'stats', 'noSale'],
  },
  {
    // What is sent on WhatsApp/SMS, to whom, and how to stop it (D10).
    id: 'messages',
    Icon: ChatIcon,
    items: ['what', 'content', 'noConsent', 'company', 'providers', 'noAds', 'stop', 'record'],
  },
  { id: 'protection', Icon: ShieldIcon, items: ['https', 'owner', 'tracking', 'admin'] },
  {
    id: 'cookies',
    Icon: CookieIcon,
    items: ['session', 'language', 'suggestions', 'booking', 'review'],
  },
  { id: 'updates', Icon: RefreshIcon },
];

// Only these sections have an introduction line / closing line in the translations.
const HAS_INTRO: readonly SectionId[] = ['collected', 'cookies'];
const HAS_OUTRO: readonly SectionId[] = ['cookies'];

export function PrivacyPage() {
  const { t, i18n } = useTranslation(['privacy', 'common']);
  const language = i18n.language;
  const displayLanguage = useDisplayLanguage();
  return (
    <article className="content-page" aria-labelledby="privacy-title">
      <title>{`${t('meta.title')} | ${t('common:brand.name')}`}</title>
      <header className="content-hero">
        <div className="container-narrow">
          <h1 id="privacy-title">{t('title')}</h1>
          <p className="content-updated">
            {t('updated', { date: formatDate(PRIVACY_LAST_UPDATED, language) })}
          </p>
          <p className="lead">{t('intro')}</p>
        </div>
      </header>

      <div className="container-narrow content-body">
        <nav className="privacy-toc" aria-labelledby="privacy-toc">
          <h2 id="privacy-toc" className="privacy-toc-title">
            {t('toc')}
          </h2>
          <ol>
            {SECTIONS.map(({ id }) => (
              <li key={id}>
                <a href={`#privacy-${id}`}>{t(`${id}.title`)}</a>
              </li>
            ))}
          </ol>
        </nav>

        {SECTIONS.map(({ id, Icon, items }) => (
          <section
            key={id}
            id={`privacy-${id}`}
            className="content-card privacy-section"
            aria-labelledby={`privacy-${id}-title`}
          >
            <h2 id={`privacy-${id}-title`} className="privacy-section-title">
              <span className="content-icon">
                <Icon />
              </span>
              <span>{t(`${id}.title`)}</span>
            </h2>
            {HAS_INTRO.includes(id) && <p>{t(`${id}.intro`)}</p>}
            {items ? (
              <ul className="privacy-list">
                {items.map((item) => (
                  <li key={item}>
                    {t(`${id}.items.${item}`, {
                      max: formatNumber(SUGGESTION_LIMIT, displayLanguage),
                    })}
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t(`${id}.body`)}</p>
            )}
            {HAS_OUTRO.includes(id) && <p className="privacy-outro">{t(`${id}.outro`)}</p>}
          </section>
        ))}

        <div className="privacy-contact">
          <p>
            {t('contact.text')} <Link to={paths.contact}>{t('contact.link')}</Link>
          </p>
        </div>

        <div className="content-actions">
          <BackHomeLink className="btn btn-primary" />
        </div>
      </div>
    </article>
  );
}
