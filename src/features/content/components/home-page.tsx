import { useId, useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContactButtons } from '../../../components/ui/contact-buttons';
import { CheckIcon, ChevronDownIcon, TruckIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useMediaQueryAfterMount, WIDE_QUERY } from '../hooks/use-media-query';
import {
  BoxIcon,
  CalendarIcon,
  CardIcon,
  ChatIcon,
  ListIcon,
  MapPinIcon,
  NoteIcon,
  TagIcon,
  UsersIcon,
} from './content-icons';
import { HydrateLater } from '../../../components/ui/hydrate-later';
import { HeroVideo } from './hero-video';
import { StartLink } from './start-link';
import './home-page.css';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const HERO_POINTS = ['cities', 'fast', 'packing', 'support'] as const;

const STEPS: readonly { id: string; Icon: Icon }[] = [
  { id: 'service', Icon: ListIcon },
  { id: 'schedule', Icon: CalendarIcon },
  { id: 'details', Icon: NoteIcon },
  { id: 'arrive', Icon: TruckIcon },
];

const REASONS: readonly { id: string; Icon: Icon }[] = [
  { id: 'crew', Icon: UsersIcon },
  { id: 'packing', Icon: BoxIcon },
  { id: 'price', Icon: TagIcon },
  { id: 'cities', Icon: MapPinIcon },
  { id: 'support', Icon: ChatIcon },
  { id: 'payment', Icon: CardIcon },
];

const FAQ = ['request', 'distance', 'edits'] as const;

/**
 * `reviews`: the reviews carousel, once the reviews feature exists. Features don't import each
 * other, so src/app passes it in; until then the page says honestly that reviews are coming.
 */
export function HomePage({ reviews }: { reviews?: ReactNode }) {
  const { t } = useTranslation('home');
  return (
    <div className="home">
      <title>{t('meta.title')}</title>
      <HomeHero />
      {/* Below the fold on a phone: React takes each section over as it comes near (D23). */}
      <HydrateLater>
        <HowItWorks />
      </HydrateLater>
      <HydrateLater>
        <WhyChooseUs />
      </HydrateLater>
      <HydrateLater>
        <PriceEstimate />
      </HydrateLater>
      {reviews ?? <ReviewsSoon />}
      <HydrateLater>
        <HomeFaq />
      </HydrateLater>
    </div>
  );
}

function HomeHero() {
  const { t } = useTranslation('home');
  return (
    // Its text runs the screen's whole width on a phone: the floating buttons stay away until it
    // has scrolled clear of them (D22).
    <section className="home-hero" aria-labelledby="home-title" data-floating-clear="">
      <div className="container home-hero-grid">
        <div className="home-hero-copy">
          <p className="home-hero-badge">
            <MapPinIcon />
            {t('hero.badge')}
          </p>
          <h1 id="home-title">{t('hero.title')}</h1>
          <p className="lead home-hero-lead">{t('hero.lead')}</p>
          <StartLink event="cta_start_now_bar" className="home-hero-cta" />
          <ul className="home-hero-points" aria-label={t('hero.pointsLabel')}>
            {HERO_POINTS.map((point) => (
              <li key={point}>
                <CheckIcon />
                {t(`hero.points.${point}`)}
              </li>
            ))}
          </ul>
        </div>

        <HeroVideo />
      </div>
    </section>
  );
}

function HowItWorks() {
  const { t } = useTranslation('home');
  const language = useDisplayLanguage();
  return (
    <section className="section home-section home-steps-section" aria-labelledby="steps-title">
      <div className="container">
        <h2 id="steps-title" className="section-title">
          {t('steps.title')}
        </h2>
        <p className="lead home-section-lead">{t('steps.lead')}</p>
        <ol className="home-steps">
          {STEPS.map(({ id, Icon }, index) => (
            <li key={id} className="home-step">
              <span className="home-step-icon">
                <Icon />
              </span>
              <p className="home-step-number">
                {t('steps.stepLabel', { number: formatNumber(index + 1, language) })}
              </p>
              <h3>{t(`steps.items.${id}.title`)}</h3>
              <p className="muted">{t(`steps.items.${id}.body`)}</p>
            </li>
          ))}
        </ol>
        <div className="home-center">
          <StartLink event="cta_start_steps" />
        </div>
      </div>
    </section>
  );
}

function WhyChooseUs() {
  const { t } = useTranslation('home');
  const listId = useId();
  // Phones start with the list folded (the page is long there); wider screens start with it open.
  // Once the visitor uses the button, their choice wins.
  const wide = useMediaQueryAfterMount(WIDE_QUERY);
  const [choice, setChoice] = useState<boolean | null>(null);
  const expanded = choice ?? wide;
  return (
    <section className="section home-section home-why render-when-near" aria-labelledby="why-title">
      <div className="container">
        <h2 id="why-title" className="home-why-heading">
          <button
            type="button"
            className="home-why-toggle"
            aria-expanded={expanded}
            aria-controls={listId}
            data-toggled={choice === null ? undefined : ''}
            onClick={() => setChoice(!expanded)}
          >
            <span>{t('why.title')}</span>
            <ChevronDownIcon className="home-why-chevron" />
          </button>
        </h2>
        <ul id={listId} className="home-why-list" hidden={!expanded}>
          {REASONS.map(({ id, Icon }) => (
            <li key={id} className="home-why-item">
              <span className="home-why-icon">
                <Icon />
              </span>
              <div>
                <h3>{t(`why.items.${id}.title`)}</h3>
                <p className="muted">{t(`why.items.${id}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function PriceEstimate() {
  const { t } = useTranslation('home');
  return (
    <section
      className="section home-section home-prices-section render-when-near"
      aria-labelledby="prices-title"
    >
      <div className="container">
        <div className="home-prices">
          <span className="home-prices-icon">
            <TagIcon />
          </span>
          <div className="home-prices-copy">
            <h2 id="prices-title">{t('prices.title')}</h2>
            <p>{t('prices.body')}</p>
          </div>
          <div className="home-prices-actions">
            <Link className="btn btn-primary" to={paths.moveType}>
              {t('prices.estimate')}
            </Link>
            <Link className="btn btn-secondary" to={paths.prices}>
              {t('prices.list')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function ReviewsSoon() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section home-reviews" aria-labelledby="reviews-title">
      <div className="container">
        <div className="home-reviews-card">
          <ChatIcon className="home-reviews-icon" />
          <div>
            <h2 id="reviews-title">{t('reviews.title')}</h2>
            <p className="muted">{t('reviews.body')}</p>
          </div>
        </div>
      </div>
    </section>
  );
}

function HomeFaq() {
  const { t } = useTranslation(['home', 'common']);
  return (
    <section className="section home-section home-faq render-when-near" aria-labelledby="faq-title">
      <div className="container-narrow">
        <h2 id="faq-title" className="section-title">
          {t('faq.title')}
        </h2>
        <div className="home-faq">
          {FAQ.map((id) => (
            <details key={id} className="home-faq-item">
              <summary>
                <span>{t(`faq.items.${id}.question`)}</span>
                <ChevronDownIcon className="home-faq-chevron" />
              </summary>
              <p>{t(`faq.items.${id}.answer`, { startNow: t('common:actions.startNow') })}</p>
            </details>
          ))}
        </div>
        <div className="home-faq-more">
          <p>{t('faq.more')}</p>
          <ContactButtons className="home-faq-contact" />
        </div>
      </div>
    </section>
  );
}
