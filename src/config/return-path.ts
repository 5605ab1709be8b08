import { paths } from './paths';

/**
 * Where a successful sign-in returns to: the page that sent the visitor there (router state
 * `{ from }`, a string or a location), if it is a path on this site. `//evil.example` and
 * `/\evil.example` are other hosts to a browser, control characters can hide either, and the
 * sign-in pages themselves would loop, so those go to `fallback`. The one open-redirect guard for
 * every sign-in screen.
 */
export function safeReturnPath(
  state: unknown,
  options: { fallback?: string; exclude?: readonly string[] } = {},
): string {
  const fallback = options.fallback ?? paths.home;
  const exclude = new Set<string>([paths.login, paths.signup, ...(options.exclude ?? [])]);
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
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//')) return fallback;
  if (candidate.includes('\\') || /\p{Cc}/u.test(candidate)) return fallback;
  const pathname = candidate.split(/[?#]/)[0] ?? '';
  if (exclude.has(pathname)) return fallback;
  return candidate;
}
