// The one table of client routes (spec section 2). Links and the router read from here.
export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy-policy',
  login: '/login',
  signup: '/signup',
  adminLogin: '/admin-login',
  myOrders: '/my-orders',
  payment: '/payment',
  /** Where the payment gateway sends the browser back (D3). */
  paymentReturn: '/payment-return',
  selectCity: '/select-city',
  moveType: '/move-type',
  prices: '/prices',
  customerInfo: '/customer-info',
  dateSelection: '/date-selection',
  requestSummary: '/request-summary',
  confirmation: '/confirmation',
  track: '/track/:orderId',
  trackOrder: '/track-order',
  adminOrders: '/admin-orders',
  adminPrices: '/admin-prices',
  adminCapacity: '/admin-capacity',
  adminCalendar: '/admin-calendar',
  adminRefunds: '/admin-refunds',
  adminDashboard: '/admin-dashboard',
  /** The crews and trucks, and the dispatch board (D28). */
  adminFleet: '/admin-fleet',
  adminDispatch: '/admin-dispatch',
  reviews: '/reviews',
  /** The team leader's phone (D28). */
  crew: '/crew',
} as const;

export type PathKey = keyof typeof paths;

/** `/track/{orderId}` with the number URL-encoded, as the spec requires. */
export function trackPath(orderId: string): string {
  return `/track/${encodeURIComponent(orderId)}`;
}
