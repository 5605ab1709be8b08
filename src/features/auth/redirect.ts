import { paths } from '../../config/paths';

// Where a successful login returns to. Only a path on this site is followed: `//evil.example` and
// `/\evil.example` are read by browsers as other hosts, and the auth pages themselves would loop.
const AUTH_PAGES = new Set<string>([paths.login, paths.signup]);

export function safeReturnPath(state: unknown): string {
  const from =
    state && typeof state === 'object' && 'from' in state
      ? (state as { from: unknown }).from
      : undefined;
  let candidate: string | undefined;
  if (typeof from === 'string') candidate = from;
  else if (from && typeof from === 'object' && 'pathname' in from) {
    const { pathname, search, hash } = from as {
      pathname?: unknown;
      search?: unknown;
      hash?: unknown;
    };
    if (typeof pathname === 'string') {
      candidate =
        pathname +
        (typeof search === 'string' ? search : '') +
        (typeof hash === 'string' ? hash : '');
    }
  }
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//')) return paths.home;
  if (candidate.includes('\\') || /\p{Cc}/u.test(candidate)) return paths.home;
  const pathname = candidate.split(/[?#]/)[0] ?? '';
  if (AUTH_PAGES.has(pathname)) return paths.home;
  return candidate;
}
