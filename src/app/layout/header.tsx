import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths, trackPath } from '../../config/paths';
import {
  BackArrowIcon,
  CloseIcon,
  MenuIcon,
  PhoneIcon,
  SearchIcon,
  TruckIcon,
} from '../../components/ui/icons';
import { LanguageToggle } from '../../components/ui/language-toggle';
import { groupMobile } from '../../components/ui/group-mobile';
import { formatDigits } from '../../domain/money';
import { LEGACY_ADMIN_FLAG_KEY, useSession } from '../../data/react/session-context';
import { useDisplayLanguage } from '../../i18n/use-display-language';
import { useHeaderScroll } from '../hooks/use-header-scroll';
import { TrackDialog } from './track-dialog';
import './header.css';

const NAV_LINKS = [
  { to: paths.home, key: 'nav.home', end: true },
  { to: paths.prices, key: 'nav.prices', end: false },
  { to: paths.about, key: 'nav.about', end: false },
  { to: paths.contact, key: 'nav.contact', end: false },
] as const;

/** Anyone with a session (a visitor who booked, or an account) has a list of orders to reach. */
const MY_ORDERS_LINK = { to: paths.myOrders, key: 'nav.myOrders', end: false } as const;

export function Header() {
  const { t } = useTranslation('common');
  const language = useDisplayLanguage();
  const { user, signOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { hidden, scrolled, progress } = useHeaderScroll();
  // The menu remembers the page it was opened on, so a route change closes it (spec) without an
  // effect that resets state after render.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? location.pathname : null);
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const navLinks = user ? [...NAV_LINKS, MY_ORDERS_LINK] : NAV_LINKS;
  // Under the tablet width, a page other than home shows a back arrow instead of the logo
  // (spec). The stylesheet decides by width, so the prerendered HTML is right on every screen
  // and hydration has nothing to correct.
  const isHome = location.pathname === paths.home;

  // The overlay also closes on a click outside it, or Escape (keyboard users need a way out too).
  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setMenuOpenOn(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpenOn(null);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen]);

  // The Track button opens an in-page dialog (D22), never window.prompt.
  const [tracking, setTracking] = useState(false);
  const trackButtonRef = useRef<HTMLButtonElement>(null);
  const openTracking = () => {
    setMenuOpen(false);
    setTracking(true);
  };
  const closeTracking = () => {
    setTracking(false);
    trackButtonRef.current?.focus();
  };
  const onTrack = (orderNumber: string) => {
    setTracking(false);
    navigate(trackPath(orderNumber));
  };

  const onLogout = async () => {
    await signOut();
    try {
      localStorage.removeItem(LEGACY_ADMIN_FLAG_KEY);
    } catch {
      // Storage may be unavailable; nothing to clear then.
    }
    setMenuOpen(false);
    navigate(paths.home, { replace: true });
  };

  // Signing in is by mobile number first (D13): one way in, /login. A customer signed in with
  // their number sees it, in the reader's digits, as the way to their account.
  const authLinks =
    user && !user.anonymous ? (
      <>
        {user.isAdmin && (
          <NavLink className="nav-link" to={paths.adminOrders}>
            {t('nav.admin')}
          </NavLink>
        )}
        {user.phone && (
          <NavLink className="nav-link header-account" to={paths.login}>
            <PhoneIcon />
            <span className="visually-hidden">{t('nav.account')}</span>{' '}
            {/* As PhoneNumber writes it; that component is not in the first download. */}
            <bdi className="ltr-value ltr-digits">
              {formatDigits(groupMobile(user.phone), language)}
            </bdi>
          </NavLink>
        )}
        <button type="button" className="btn btn-ghost nav-button" onClick={() => void onLogout()}>
          {t('nav.logout')}
        </button>
      </>
    ) : (
      <NavLink className="btn btn-secondary nav-cta" to={paths.login}>
        {t('nav.login')}
      </NavLink>
    );

  // Set through the CSSOM, not a style attribute: prerendered HTML must carry no inline style
  // (the CSP refuses it); the stylesheet starts the bar at zero.
  const progressBar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    progressBar.current?.style.setProperty('transform', `scaleX(${progress})`);
  }, [progress]);

  return (
    <header
      className="site-header"
      data-hidden={hidden && !menuOpen ? 'true' : 'false'}
      data-scrolled={scrolled ? 'true' : 'false'}
    >
      <div className="scroll-progress" aria-hidden="true">
        <div className="scroll-progress-bar" ref={progressBar} />
      </div>
      <div className="container header-inner">
        {!isHome && (
          <button
            type="button"
            className="btn btn-ghost header-back"
            aria-label={t('nav.back')}
            onClick={() => {
              const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
              if (idx > 0) navigate(-1);
              else navigate(paths.home);
            }}
          >
            <BackArrowIcon />
          </button>
        )}
        <Link
          to={paths.home}
          className={isHome ? 'brand' : 'brand brand-beside-back'}
          aria-label={t('brand.homeLink')}
        >
          <span className="brand-mark" aria-hidden="true">
            <TruckIcon />
          </span>
          <span className="brand-name">{t('brand.name')}</span>
        </Link>

        <nav className="desktop-nav" aria-label={t('nav.label')}>
          {navLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className="nav-link">
              {t(link.key)}
            </NavLink>
          ))}
        </nav>

        <div className="header-actions">
          <button
            ref={trackButtonRef}
            type="button"
            className="btn btn-ghost nav-button track-button"
            aria-haspopup="dialog"
            onClick={openTracking}
          >
            <SearchIcon />
            <span className="track-label">{t('nav.track')}</span>
          </button>
          <div className="desktop-only header-auth">{authLinks}</div>
          <LanguageToggle className="desktop-only" />
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-ghost menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      <div className="menu-backdrop" data-open={menuOpen ? 'true' : 'false'} aria-hidden="true" />
      <div
        ref={menuRef}
        id={menuId}
        className="mobile-menu"
        data-open={menuOpen ? 'true' : 'false'}
        hidden={!menuOpen}
      >
        <nav aria-label={t('nav.label')}>
          <ul className="mobile-menu-list">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className="mobile-link">
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mobile-menu-auth">{authLinks}</div>
        <LanguageToggle />
      </div>
      {tracking && <TrackDialog onTrack={onTrack} onClose={closeTracking} />}
    </header>
  );
}
