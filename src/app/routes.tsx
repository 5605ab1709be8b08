import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { BareLayout, MainLayout } from './layout/main-layout';
import type { ComingSoonTitle } from './pages/coming-soon-page';

// Every screen is its own chunk: a visitor on mobile data downloads only the page they open.
// Declarative routes with React.lazy (not the data router) keep ~17 KB gzip of router code off
// the first load; none of our screens use loaders or actions.
function screen<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HomePage = screen(() => import('../features/content/components/home-page'), 'HomePage');
const AboutPage = screen(() => import('../features/content/components/about-page'), 'AboutPage');
const PrivacyPage = screen(
  () => import('../features/content/components/privacy-page'),
  'PrivacyPage',
);
const PricesPage = screen(() => import('../features/pricing/components/prices-page'), 'PricesPage');
const MoveTypePage = screen(
  () => import('../features/pricing/components/move-type-page'),
  'MoveTypePage',
);
const NotFoundPage = screen(() => import('./pages/not-found-page'), 'NotFoundPage');
const ComingSoonPage = screen(() => import('./pages/coming-soon-page'), 'ComingSoonPage');

const comingSoon = (path: string, title: ComingSoonTitle, standalone = false): RouteObject => ({
  path,
  element: <ComingSoonPage title={title} standalone={standalone} />,
});

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: paths.prices, element: <PricesPage /> },
      { path: paths.moveType, element: <MoveTypePage /> },
      comingSoon(paths.contact, 'contact'),
      comingSoon(paths.login, 'login'),
      comingSoon(paths.signup, 'signup'),
      comingSoon(paths.adminLogin, 'adminLogin'),
      comingSoon(paths.myOrders, 'myOrders'),
      comingSoon(paths.payment, 'payment'),
      comingSoon(paths.selectCity, 'selectCity'),
      comingSoon(paths.customerInfo, 'customerInfo'),
      comingSoon(paths.dateSelection, 'dateSelection'),
      comingSoon(paths.requestSummary, 'requestSummary'),
      comingSoon(paths.confirmation, 'confirmation'),
      comingSoon(paths.adminOrders, 'adminOrders'),
      comingSoon(paths.reviews, 'reviews'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <BareLayout />,
    children: [
      comingSoon(paths.track, 'track', true),
      comingSoon(paths.trackOrder, 'trackOrder', true),
    ],
  },
];
