import { lazy, Suspense, useContext, type Attributes, type ComponentType } from 'react';
import { RenderedModulesContext } from './rendered-modules';
import { matchRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { ReviewsSectionSkeleton } from '../features/reviews/components/reviews-section-skeleton';
import { loadChunk } from './load-chunk';
import { BareLayout, MainLayout } from './layout/main-layout';
import { WhenVisible } from '../components/ui/when-visible';

/**
 * Only the prerenderer (an SSR build) and the tests read a screen's source modules; a browser's
 * build leaves their names out of the first download (D23: home is at its budget).
 */
const PRERENDER = import.meta.env.SSR || import.meta.env.MODE !== 'production';

// Every screen is its own chunk: a visitor on mobile data downloads only the page they open.
// Declarative routes with React.lazy (not the data router) keep ~17 KB gzip of router code off
// the first load; none of our screens use loaders or actions.
function screen<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  /** Its source modules: prerendering lists their built styles and chunks in the page. */
  modules: readonly string[],
) {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const loadOnce = () =>
    (loading ??= loadChunk(load).then((module) => {
      loaded = module[name];
      return loaded;
    }));
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  function Screen(props: P & Attributes) {
    const rendered = useContext(RenderedModulesContext);
    if (rendered) for (const module of modules) rendered.add(module);
    // Once loaded (preloaded before hydration), rendered at once: a screen that suspended
    // while a prerendered page hydrates would show its fallback and move the page.
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Screen, { modules, preload: loadOnce });
}

/**
 * Loads the code of the screens that `pathname` (without its language prefix) shows, so the
 * prerendered page hydrates in one go, without a screen suspending halfway.
 */
export async function preloadScreens(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((match) => {
      const type = (
        match.route.element as { type?: { preload?: () => Promise<unknown> } } | undefined
      )?.type;
      return type?.preload?.();
    }),
  );
}

const HomePage = screen(
  () => import('../features/content/components/home-page'),
  'HomePage',
  PRERENDER ? ['src/features/content/components/home-page.tsx'] : [],
);
const AboutPage = screen(
  () => import('../features/content/components/about-page'),
  'AboutPage',
  PRERENDER ? ['src/features/content/components/about-page.tsx'] : [],
);
const PrivacyPage = screen(
  () => import('../features/content/components/privacy-page'),
  'PrivacyPage',
  PRERENDER ? ['src/features/content/components/privacy-page.tsx'] : [],
);
const PricesPage = screen(
  () => import('../features/pricing/components/prices-page'),
  'PricesPage',
  PRERENDER ? ['src/features/pricing/components/prices-page.tsx'] : [],
);
// The estimator keeps its answers in the booking store; both load with the screen, not before.
const MoveTypePage = screen(
  async () => {
    const [page, { estimateDraft }] = await Promise.all([
      import('../features/pricing/components/move-type-page'),
      import('./estimate-draft'),
    ]);
    return { MoveTypePage: () => <page.MoveTypePage draft={estimateDraft} /> };
  },
  'MoveTypePage',
  PRERENDER
    ? ['src/features/pricing/components/move-type-page.tsx', 'src/app/estimate-draft.ts']
    : [],
);
const SelectCityPage = screen(
  () => import('../features/booking/components/select-city-page'),
  'SelectCityPage',
  PRERENDER ? ['src/features/booking/components/select-city-page.tsx'] : [],
);
// The details step and "my orders" come with the auth feature's phone sign-in (D13).
const CustomerInfoPage = screen(
  () => import('./customer-info-screen'),
  'CustomerInfoScreen',
  PRERENDER ? ['src/app/customer-info-screen.tsx'] : [],
);
const DateSelectionPage = screen(
  () => import('../features/booking/components/date-selection-page'),
  'DateSelectionPage',
  PRERENDER ? ['src/features/booking/components/date-selection-page.tsx'] : [],
);
const RequestSummaryPage = screen(
  () => import('../features/booking/components/request-summary-page'),
  'RequestSummaryPage',
  PRERENDER ? ['src/features/booking/components/request-summary-page.tsx'] : [],
);
const PaymentPage = screen(
  () => import('../features/booking/components/payment-page'),
  'PaymentPage',
  PRERENDER ? ['src/features/booking/components/payment-page.tsx'] : [],
);
const PaymentReturnPage = screen(
  () => import('../features/booking/components/payment-return-page'),
  'PaymentReturnPage',
  PRERENDER ? ['src/features/booking/components/payment-return-page.tsx'] : [],
);
const ConfirmationPage = screen(
  () => import('../features/booking/components/confirmation-page'),
  'ConfirmationPage',
  PRERENDER ? ['src/features/booking/components/confirmation-page.tsx'] : [],
);
const TrackOrderPage = screen(
  () => import('../features/tracking/components/track-order-page'),
  'TrackOrderPage',
  PRERENDER ? ['src/features/tracking/components/track-order-page.tsx'] : [],
);
const MyOrdersPage = screen(
  () => import('./my-orders-screen'),
  'MyOrdersScreen',
  PRERENDER ? ['src/app/my-orders-screen.tsx'] : [],
);
// The team leader's phone (D28), with the auth feature's sign-in by mobile number (D13).
const CrewPage = screen(
  () => import('./crew-screen'),
  'CrewScreen',
  PRERENDER ? ['src/app/crew-screen.tsx'] : [],
);
const ContactPage = screen(
  () => import('../features/contact/components/contact-page'),
  'ContactPage',
  PRERENDER ? ['src/features/contact/components/contact-page.tsx'] : [],
);
const LoginPage = screen(
  () => import('../features/auth/components/login-page'),
  'LoginPage',
  PRERENDER ? ['src/features/auth/components/login-page.tsx'] : [],
);
const SignupPage = screen(
  () => import('../features/auth/components/signup-page'),
  'SignupPage',
  PRERENDER ? ['src/features/auth/components/signup-page.tsx'] : [],
);
const ReviewsPage = screen(
  () => import('../features/reviews/components/reviews-page'),
  'ReviewsPage',
  PRERENDER ? ['src/features/reviews/components/reviews-page.tsx'] : [],
);
const ReviewsSection = screen(
  () => import('../features/reviews/components/reviews-section'),
  'ReviewsSection',
  PRERENDER ? ['src/features/reviews/components/reviews-section.tsx'] : [],
);
const AdminLoginPage = screen(
  () => import('../features/admin/components/admin-login-page'),
  'AdminLoginPage',
  PRERENDER ? ['src/features/admin/components/admin-login-page.tsx'] : [],
);
const AdminOrdersPage = screen(
  () => import('../features/admin/components/admin-orders-page'),
  'AdminOrdersPage',
  PRERENDER ? ['src/features/admin/components/admin-orders-page.tsx'] : [],
);
const AdminPricesPage = screen(
  () => import('../features/admin/components/admin-prices-page'),
  'AdminPricesPage',
  PRERENDER ? ['src/features/admin/components/admin-prices-page.tsx'] : [],
);
const AdminCapacityPage = screen(
  () => import('../features/admin/components/admin-capacity-page'),
  'AdminCapacityPage',
  PRERENDER ? ['src/features/admin/components/admin-capacity-page.tsx'] : [],
);
const AdminCalendarPage = screen(
  () => import('../features/admin/components/admin-calendar-page'),
  'AdminCalendarPage',
  PRERENDER ? ['src/features/admin/components/admin-calendar-page.tsx'] : [],
);
const AdminRefundsPage = screen(
  () => import('../features/admin/components/admin-refunds-page'),
  'AdminRefundsPage',
  PRERENDER ? ['src/features/admin/components/admin-refunds-page.tsx'] : [],
);
// The crews and trucks, and the dispatch board (D28).
const AdminFleetPage = screen(
  () => import('../features/admin/components/admin-fleet-page'),
  'AdminFleetPage',
  PRERENDER ? ['src/features/admin/components/admin-fleet-page.tsx'] : [],
);
const AdminDispatchPage = screen(
  () => import('../features/admin/components/admin-dispatch-page'),
  'AdminDispatchPage',
  PRERENDER ? ['src/features/admin/components/admin-dispatch-page.tsx'] : [],
);
// The owner's dashboard (D25): its charts library is in this chunk alone.
const AdminDashboardPage = screen(
  () => import('../features/admin/dashboard/admin-dashboard-page'),
  'AdminDashboardPage',
  PRERENDER ? ['src/features/admin/dashboard/admin-dashboard-page.tsx'] : [],
);
// The skeleton is in the first download: it holds the section's place (heading included) until the
// visitor scrolls near it and while its chunk loads.
const reviewsSkeleton = <ReviewsSectionSkeleton />;
const NotFoundPage = screen(
  () => import('./pages/not-found-page'),
  'NotFoundPage',
  PRERENDER ? ['src/app/pages/not-found-page.tsx'] : [],
);

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      // Home gets the live reviews carousel from the reviews feature (features don't import each
      // other; the app wires them). It loads in its own chunk when the visitor scrolls towards it.
      {
        path: paths.home,
        element: (
          <HomePage
            reviews={
              <WhenVisible placeholder={reviewsSkeleton}>
                <Suspense fallback={reviewsSkeleton}>
                  <ReviewsSection />
                </Suspense>
              </WhenVisible>
            }
          />
        ),
      },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: paths.prices, element: <PricesPage /> },
      { path: paths.moveType, element: <MoveTypePage /> },
      { path: paths.contact, element: <ContactPage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.signup, element: <SignupPage /> },
      { path: paths.adminLogin, element: <AdminLoginPage /> },
      { path: paths.myOrders, element: <MyOrdersPage /> },
      { path: paths.crew, element: <CrewPage /> },
      { path: paths.payment, element: <PaymentPage /> },
      { path: paths.paymentReturn, element: <PaymentReturnPage /> },
      { path: paths.selectCity, element: <SelectCityPage /> },
      { path: paths.customerInfo, element: <CustomerInfoPage /> },
      { path: paths.dateSelection, element: <DateSelectionPage /> },
      { path: paths.requestSummary, element: <RequestSummaryPage /> },
      { path: paths.confirmation, element: <ConfirmationPage /> },
      { path: paths.adminOrders, element: <AdminOrdersPage /> },
      { path: paths.adminPrices, element: <AdminPricesPage /> },
      { path: paths.adminCapacity, element: <AdminCapacityPage /> },
      { path: paths.adminCalendar, element: <AdminCalendarPage /> },
      { path: paths.adminRefunds, element: <AdminRefundsPage /> },
      { path: paths.adminDashboard, element: <AdminDashboardPage /> },
      { path: paths.adminFleet, element: <AdminFleetPage /> },
      { path: paths.adminDispatch, element: <AdminDispatchPage /> },
      { path: paths.reviews, element: <ReviewsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <BareLayout />,
    children: [
      { path: paths.track, element: <TrackOrderPage /> },
      { path: paths.trackOrder, element: <TrackOrderPage /> },
    ],
  },
];
