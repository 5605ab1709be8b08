import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrateLater } from '../../../components/ui/hydrate-later';
import { BackHomeLink } from './back-home-link';
import { BoxIcon, EyeIcon, HeadsetIcon, TargetIcon, UsersIcon } from './content-icons';
import { StartLink } from './start-link';
import './content-page.css';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const PILLARS: readonly { id: 'mission' | 'vision'; Icon: Icon }[] = [
  { id: 'mission', Icon: TargetIcon },
  { id: 'vision', Icon: EyeIcon },
];

const TEAM: readonly { id: string; Icon: Icon }[] = [
  { id: 'crew', Icon: UsersIcon },
  { id: 'packing', Icon: BoxIcon },
  { id: 'support', Icon: HeadsetIcon },
];

export function AboutPage() {
  const { t } = useTranslation(['about', 'common']);
  return (
    <article className="content-page" aria-labelledby="about-title">
      <title>{`${t('meta.title')} | ${t('common:brand.name')}`}</title>
      {/* Text and links: React takes them over when they come near or are used (D23). */}

      <header className="content-hero">
        <div className="container content-hero-inner">
          <h1 id="about-title">{t('title')}</h1>
          <p className="lead">{t('intro')}</p>
        </div>
      </header>

      <HydrateLater>
        <div className="container content-body">
          <div className="about-pillars">
            {PILLARS.map(({ id, Icon }) => (
              <section
                key={id}
                className="content-card content-titled"
                aria-labelledby={`about-${id}`}
              >
                <span className="content-icon">
                  <Icon />
                </span>
                <h2 id={`about-${id}`}>{t(`${id}.title`)}</h2>
                <p>{t(`${id}.body`)}</p>
              </section>
            ))}
          </div>

          <section className="about-team" aria-labelledby="about-team">
            <h2 id="about-team" className="section-title">
              {t('team.title')}
            </h2>
            <p className="lead about-team-lead">{t('team.lead')}</p>
            <ul className="about-team-list">
              {TEAM.map(({ id, Icon }) => (
                <li key={id} className="content-card content-titled">
                  <span className="content-icon content-icon-accent">
                    <Icon />
                  </span>
                  <h3>{t(`team.members.${id}.title`)}</h3>
                  <p className="muted">{t(`team.members.${id}.body`)}</p>
                </li>
              ))}
            </ul>
          </section>

          <section className="about-closing" aria-labelledby="about-closing">
            <h2 id="about-closing">{t('closing.title')}</h2>
            <p>{t('closing.body')}</p>
            <div className="content-actions">
              <StartLink />
              <BackHomeLink className="btn btn-secondary btn-lg" />
            </div>
          </section>
        </div>
      </HydrateLater>
    </article>
  );
}
