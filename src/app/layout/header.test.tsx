import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { SessionContext, type CurrentUser, type Session } from '../../data/react/session-context';
import { Header } from './header';
import { trackedNumber } from './track-dialog';

function setViewportWidth(width: number) {
  window.matchMedia = vi.fn((query: string) => {
    // The breakpoints are in rem (src/config/breakpoints.ts); 1rem is 16px here.
    const max = /max-width:\s*([\d.]+)(px|rem)/.exec(query);
    const limit = max ? Number(max[1]) * (max[2] === 'rem' ? 16 : 1) : null;
    return {
      matches: limit !== null ? width <= limit : false,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    };
  }) as unknown as typeof window.matchMedia;
}

function renderHeader({
  user = null,
  route = '/',
  language = 'en' as const,
  signOut = vi.fn(async () => {}),
}: {
  user?: CurrentUser | null;
  route?: string;
  language?: 'ar' | 'en';
  signOut?: Session['signOut'];
} = {}) {
  const session: Session = { user, signOut };
  return {
    signOut,
    ...renderWithProviders(
      <SessionContext.Provider value={session}>
        <Header />
      </SessionContext.Provider>,
      { route, language },
    ),
  };
}

const location = () => screen.getByTestId('location').textContent;
const customer: CurrentUser = {
  id: 'u1',
  email: 'mona@example.com',
  phone: null,
  anonymous: false,
  isAdmin: false,
};
const admin: CurrentUser = {
  id: 'a1',
  email: 'ops@example.com',
  phone: null,
  anonymous: false,
  isAdmin: true,
};
const visitor: CurrentUser = {
  id: 'v1',
  email: null,
  phone: null,
  anonymous: true,
  isAdmin: false,
};

afterEach(() => {
  vi.restoreAllMocks();
  setViewportWidth(1280);
});

describe('Header links', () => {
  it('links Home, Prices, About and Contact', () => {
    setViewportWidth(1280);
    renderHeader();
    const nav = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Prices', '/prices'],
      ['About', '/about'],
      ['Contact', '/contact'],
    ]);
  });

  it.each([
    ['a visitor who booked', visitor],
    ['a signed-in customer', customer],
  ])('adds My orders for %s, in the bar and the menu', (_who, user) => {
    setViewportWidth(1280);
    renderHeader({ user });
    const navs = screen.getAllByRole('navigation', { name: 'Main menu', hidden: true });
    expect(navs).toHaveLength(2);
    for (const nav of navs) {
      const links = within(nav).getAllByRole('link', { hidden: true });
      expect(links.at(-1)).toHaveTextContent('My orders');
      expect(links.at(-1)).toHaveAttribute('href', '/my-orders');
    }
  });

  it('has no My orders link without a session', () => {
    renderHeader({ user: null });
    expect(screen.queryAllByRole('link', { name: 'My orders', hidden: true })).toHaveLength(0);
  });

  it('speaks Arabic when the language is Arabic', () => {
    renderHeader({ language: 'ar', user: visitor });
    expect(screen.getAllByRole('link', { name: 'الأسعار' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'طلباتي', hidden: true }).length).toBe(2);
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('Track dialog (D22)', () => {
  const openDialog = async (
    user: ReturnType<typeof renderHeader>['user'],
    name = 'Track order',
  ) => {
    await user.click(screen.getByRole('button', { name }));
    return screen.getByRole('dialog', {
      name: name === 'Track order' ? 'Track your order' : 'تتبّع طلبك',
    });
  };

  it('opens an in-page dialog, never window.prompt, with the field focused', async () => {
    const prompt = vi.spyOn(window, 'prompt');
    const { user } = renderHeader({ route: '/about' });
    const dialog = await openDialog(user);
    expect(prompt).not.toHaveBeenCalled();
    const field = within(dialog).getByRole('textbox', { name: 'Order number' });
    expect(field).toHaveFocus();
    // Typed left to right whatever the page's direction.
    expect(field).toHaveAttribute('dir', 'ltr');
    expect(field).toHaveAccessibleDescription(/confirmation message, like AF-20250101-123/);
  });

  it.each([
    ['  AF-20250101-123  ', '/track/AF-20250101-123'],
    ['af 20261127 838', '/track/AF-20261127-838'],
    ['AF-٢٠٢٦١١٢٧-٨٣٨', '/track/AF-20261127-838'],
    ['#af–20261127–838', '/track/AF-20261127-838'],
    // Not an order number's shape: looked up as typed (the tracker says "not found").
    ['AF 2025/01', '/track/AF%202025%2F01'],
  ])('%j goes to %s', async (typed, expected) => {
    const { user } = renderHeader({ route: '/about' });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox'), typed);
    await user.click(within(dialog).getByRole('button', { name: 'Track' }));
    expect(location()).toBe(expected);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a number when the field is empty, and stays open', async () => {
    const { user } = renderHeader({ route: '/about' });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox'), '   {Enter}');
    expect(location()).toBe('/about');
    const field = within(dialog).getByRole('textbox');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Please enter the order number\./);
    expect(field).toHaveFocus();
    // Typing again clears the message.
    await user.type(field, 'a');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof renderHeader>['user']) => user.keyboard('{Escape}')],
    [
      'the close button',
      async (user: ReturnType<typeof renderHeader>['user']) =>
        user.click(screen.getByRole('button', { name: 'Close' })),
    ],
    [
      'Cancel',
      async (user: ReturnType<typeof renderHeader>['user']) =>
        user.click(screen.getByRole('button', { name: 'Cancel' })),
    ],
  ])('%s closes it, goes nowhere, and gives focus back to the button', async (_how, close) => {
    const { user } = renderHeader({ route: '/about' });
    await openDialog(user);
    await user.type(screen.getByRole('textbox'), 'AF-1');
    await close(user);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/about');
    expect(screen.getByRole('button', { name: 'Track order' })).toHaveFocus();
  });

  it('speaks Arabic in an Arabic page, the number still left to right', async () => {
    const { user } = renderHeader({ route: '/about', language: 'ar' });
    const dialog = await openDialog(user, 'تتبّع طلبك');
    const field = within(dialog).getByRole('textbox', { name: 'رقم الطلب' });
    expect(field).toHaveAttribute('dir', 'ltr');
    expect(within(dialog).getByRole('button', { name: 'تتبّع' })).toBeTruthy();
    await user.type(field, 'af ٢٠٢٦١١٢٧ ٨٣٨{Enter}');
    expect(location()).toBe('/track/AF-20261127-838');
  });
});

describe('trackedNumber', () => {
  it.each<[string, ReturnType<typeof trackedNumber>]>([
    ['af 20261127 838', { number: 'AF-20261127-838' }],
    ['', { error: 'trackDialog.required' }],
    ['#  ', { error: 'trackDialog.required' }],
    ['AF\u0000-1', { error: 'trackDialog.invalid' }],
  ])('%j → %j', (typed, expected) => {
    expect(trackedNumber(typed)).toEqual(expected);
  });
});

describe('Account links', () => {
  it.each([
    { who: 'nobody', user: null, login: true, logout: false, admin: false },
    { who: 'an anonymous visitor', user: visitor, login: true, logout: false, admin: false },
    { who: 'a customer', user: customer, login: false, logout: true, admin: false },
    { who: 'an admin', user: admin, login: false, logout: true, admin: true },
  ])(
    '$who sees login=$login logout=$logout admin=$admin',
    ({ user, login, logout, admin: adminLink }) => {
      setViewportWidth(1280);
      renderHeader({ user });
      expect(screen.queryAllByRole('link', { name: 'Log in' }).length > 0).toBe(login);
      // One way in, by mobile number first (D13): sign-up by email is on /login, not here.
      expect(screen.queryAllByRole('link', { name: 'Sign up' })).toHaveLength(0);
      expect(screen.queryAllByRole('button', { name: 'Log out' }).length > 0).toBe(logout);
      expect(screen.queryAllByRole('link', { name: 'Orders panel' }).length > 0).toBe(adminLink);
    },
  );

  it('the sign-in entry leads to /login', async () => {
    setViewportWidth(1280);
    const { user } = renderHeader({ route: '/about' });
    await user.click(screen.getAllByRole('link', { name: 'Log in' })[0]!);
    expect(location()).toBe('/login');
  });

  it('a customer signed in with their number sees it, in the reader’s digits, left to right', () => {
    setViewportWidth(1280);
    renderHeader({
      language: 'ar',
      user: { ...customer, email: null, phone: '+201012345678' },
    });
    const account = screen.getAllByRole('link', { name: 'حسابك ٠١٠ ١٢٣٤ ٥٦٧٨', hidden: true });
    expect(account).toHaveLength(2);
    expect(account[0]).toHaveAttribute('href', '/login');
    expect(within(account[0]!).getByText('٠١٠ ١٢٣٤ ٥٦٧٨')).toHaveClass('ltr-value');
  });

  it('logout signs out, clears the stale admin flag and returns home', async () => {
    setViewportWidth(1280);
    localStorage.setItem('isAdmin', 'true');
    const { user, signOut } = renderHeader({ user: customer, route: '/about' });
    await user.click(screen.getAllByRole('button', { name: 'Log out' })[0]!);
    // signOut is asynchronous: the redirect follows once it settles.
    await waitFor(() => expect(location()).toBe('/'));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('isAdmin')).toBeNull();
  });
});

describe('Back arrow on small screens', () => {
  // Which of the two shows is the stylesheet's choice by width (tests/e2e/shell.e2e.ts checks
  // it in a browser): the markup is the same on every screen, as in the prerendered HTML.
  it.each([
    { route: '/about', back: true },
    { route: '/prices', back: true },
    { route: '/', back: false },
  ])('on $route renders a back arrow: $back, and the logo', ({ route, back }) => {
    setViewportWidth(390);
    renderHeader({ route });
    expect(screen.queryByRole('button', { name: 'Back' }) !== null).toBe(back);
    expect(screen.getByRole('link', { name: 'Afsh, home page' })).toBeInTheDocument();
  });

  it('goes home when there is no history to go back to', async () => {
    setViewportWidth(390);
    const { user } = renderHeader({ route: '/about' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/');
  });
});

describe('Mobile menu', () => {
  it('opens, and closes on an outside click', async () => {
    setViewportWidth(390);
    const { user } = renderHeader({ route: '/about' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Close menu' })).toBe(toggle);
    fireEvent.pointerDown(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on route change', async () => {
    setViewportWidth(390);
    const { user, container } = renderHeader({ route: '/about' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = container.querySelector('[id]:not([hidden])[data-open="true"]') as HTMLElement;
    await user.click(within(menu).getByRole('link', { name: 'Prices' }));
    expect(location()).toBe('/prices');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    setViewportWidth(390);
    const { user } = renderHeader({ route: '/about' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('Scroll behaviour', () => {
  async function scrollTo(y: number) {
    await act(async () => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    });
  }

  it('hides past 120 px going down, shows going up, and casts a shadow past 10 px', async () => {
    const { container } = renderHeader({ route: '/about' });
    const header = container.querySelector('header')!;
    await scrollTo(11);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    expect(header).toHaveAttribute('data-hidden', 'false');
    await scrollTo(300);
    expect(header).toHaveAttribute('data-hidden', 'true');
    await scrollTo(298);
    expect(header).toHaveAttribute('data-hidden', 'true');
    await scrollTo(250);
    expect(header).toHaveAttribute('data-hidden', 'false');
    await scrollTo(0);
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });
});
