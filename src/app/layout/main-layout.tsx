import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Header } from './header';
import { Footer } from './footer';
import { FloatingContact } from './floating-contact';
import { ScrollToTop } from './scroll-to-top';
import { PageFallback } from './page-fallback';
import './layout.css';

export function MainLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="app-frame">
      <ScrollToTop />
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="app-main">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <FloatingContact />
    </div>
  );
}

/** Tracking pages stand alone: no header or footer (spec), so a shared link opens straight to the status. */
export function BareLayout() {
  return (
    <div className="app-frame app-frame-bare">
      <ScrollToTop />
      <main id="main" tabIndex={-1} className="app-main">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
