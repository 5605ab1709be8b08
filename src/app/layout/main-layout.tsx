import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { RouteErrorBoundary } from '../pages/route-error';
import { Header } from './header';
import { Footer } from './footer';
import { HydrateLater } from '../../components/ui/hydrate-later';
import { FloatingContact } from './floating-contact';
import { ScrollToTop } from './scroll-to-top';
import { PageFallback } from './page-fallback';
import './layout.css';

/** One screen: its own error boundary (reset by navigating) around its lazily loaded code. */
function Screen() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

// On form screens the floating buttons would sit on top of inputs and steppers on a phone; those
// screens carry their own call and chat buttons instead (or the footer's, below the form). On
// /contact they covered the start of the phone number being typed (left to right, where an
// Arabic page puts them); "my orders" is a sign-in by mobile number for most visitors (D13), and
// its cards have buttons.
const FORM_SCREENS = new Set<string>([
  paths.contact,
  paths.myOrders,
  // The crew's phone (D28): its cards end in big field buttons, and the team has the office's number.
  paths.crew,
  paths.moveType,
  paths.prices,
  paths.selectCity,
  paths.customerInfo,
  paths.dateSelection,
  paths.requestSummary,
  paths.payment,
  paths.paymentReturn,
  paths.confirmation,
  paths.login,
  paths.signup,
  paths.adminLogin,
  paths.adminOrders,
  paths.adminPrices,
  paths.adminCapacity,
  paths.adminCalendar,
  paths.adminRefunds,
  paths.adminDashboard,
  paths.adminFleet,
  paths.adminDispatch,
]);

export function MainLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <div className="app-frame">
      <ScrollToTop />
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="app-main">
        <Screen />
      </main>
      {/* Links and text: React takes it over when it comes near or is used (D23). */}
      <HydrateLater>
        <Footer />
      </HydrateLater>
      {!FORM_SCREENS.has(pathname) && <FloatingContact />}
    </div>
  );
}

/** Tracking pages stand alone: no header or footer (spec), so a shared link opens straight to the status. */
export function BareLayout() {
  return (
    <div className="app-frame app-frame-bare">
      <ScrollToTop />
      <main id="main" tabIndex={-1} className="app-main">
        <Screen />
      </main>
    </div>
  );
}
