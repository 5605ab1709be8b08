import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { BareLayout, MainLayout } from './layout/main-layout';
import { RouteError } from './pages/route-error';
import type { ComingSoonTitle } from './pages/coming-soon-page';

// Every screen is its own chunk: a visitor on mobile data downloads only the page they open.
const comingSoon = (title: ComingSoonTitle, standalone = false): RouteObject['lazy'] =>
  async () => {
    const { ComingSoonPage } = await import('./pages/coming-soon-page');
    return { Component: () => <ComingSoonPage title={title} standalone={standalone} /> };
  };

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: paths.home,
        lazy: async () => ({ Component: (await import('../features/content/components/home-page')).HomePage }),
      },
      {
        path: paths.about,
        lazy: async () => ({ Component: (await import('../features/content/components/about-page')).AboutPage }),
      },
      {
        path: paths.privacy,
        lazy: async () => ({ Component: (await import('../features/content/components/privacy-page')).PrivacyPage }),
      },
      {
        path: paths.prices,
        lazy: async () => ({ Component: (await import('../features/pricing/components/prices-page')).PricesPage }),
      },
      {
        path: paths.moveType,
        lazy: async () => ({ Component: (await import('../features/pricing/components/move-type-page')).MoveTypePage }),
      },
      { path: paths.contact, lazy: comingSoon('contact') },
      { path: paths.login, lazy: comingSoon('login') },
      { path: paths.signup, lazy: comingSoon('signup') },
      { path: paths.adminLogin, lazy: comingSoon('adminLogin') },
      { path: paths.myOrders, lazy: comingSoon('myOrders') },
      { path: paths.payment, lazy: comingSoon('payment') },
      { path: paths.selectCity, lazy: comingSoon('selectCity') },
      { path: paths.customerInfo, lazy: comingSoon('customerInfo') },
      { path: paths.dateSelection, lazy: comingSoon('dateSelection') },
      { path: paths.requestSummary, lazy: comingSoon('requestSummary') },
      { path: paths.confirmation, lazy: comingSoon('confirmation') },
      { path: paths.adminOrders, lazy: comingSoon('adminOrders') },
      { path: paths.reviews, lazy: comingSoon('reviews') },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage }),
      },
    ],
  },
  {
    element: <BareLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.track, lazy: comingSoon('track', true) },
      { path: paths.trackOrder, lazy: comingSoon('trackOrder', true) },
    ],
  },
];
