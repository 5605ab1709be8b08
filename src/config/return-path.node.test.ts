import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { safeReturnPath } from './return-path';

const admin = { fallback: paths.adminOrders, exclude: [paths.adminLogin] };

describe('safeReturnPath: the one open-redirect guard', () => {
  it('follows a path on this site, with its query and hash', () => {
    expect(safeReturnPath({ from: '/my-orders?page=2#top' })).toBe('/my-orders?page=2#top');
    expect(safeReturnPath({ from: { pathname: '/track/AF-1', search: '?x=1', hash: '#h' } })).toBe(
      '/track/AF-1?x=1#h',
    );
    expect(safeReturnPath({ from: '/admin-orders?status=received' }, admin)).toBe(
      '/admin-orders?status=received',
    );
  });

  it.each([
    ['another host', '//evil.example/x'],
    ['a backslash host', '/\\evil.example'],
    ['a full URL', 'https://evil.example/'],
    ['a relative path', 'my-orders'],
    ['a control character', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['the login page (a loop)', '/login'],
    ['the sign-up page', '/signup?x=1'],
  ])('refuses %s', (_name, from) => {
    expect(safeReturnPath({ from })).toBe(paths.home);
    expect(safeReturnPath({ from }, admin)).toBe(paths.adminOrders);
  });

  it('refuses what is not a location, and the pages a caller excludes', () => {
    for (const state of [null, undefined, 'x', 42, {}, { from: 42 }, { from: { pathname: 1 } }]) {
      expect(safeReturnPath(state)).toBe(paths.home);
    }
    expect(safeReturnPath({ from: '/admin-login' }, admin)).toBe(paths.adminOrders);
    expect(safeReturnPath({ from: '/admin-login' })).toBe('/admin-login');
  });
});
