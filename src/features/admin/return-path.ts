import { paths } from '../../config/paths';

/**
 * Where a successful admin sign-in goes: the page that sent the admin here, if it is a path on
 * this site (`//host` and `/\host` are other hosts to a browser), else the orders panel.
 */
export function adminReturnPath(state: unknown): string {
  const from =
    state && typeof state === 'object' && 'from' in state
      ? (state as { from: unknown }).from
      : undefined;
  let candidate: string | undefined;
  if (typeof from === 'string') candidate = from;
  else if (from && typeof from === 'object' && 'pathname' in from) {
    const { pathname, search, hash } = from as Record<string, unknown>;
    if (typeof pathname === 'string') {
      candidate =
        pathname +
        (typeof search === 'string' ? search : '') +
        (typeof hash === 'string' ? hash : '');
    }
  }
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//')) {
    return paths.adminOrders;
  }
  if (candidate.includes('\\') || /\p{Cc}/u.test(candidate)) return paths.adminOrders;
  const pathname = candidate.split(/[?#]/)[0] ?? '';
  if (pathname === paths.adminLogin || pathname === paths.login || pathname === paths.signup) {
    return paths.adminOrders;
  }
  return candidate;
}
