import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  appPath,
  baseUrl,
  checkA11y,
  closeBrowser,
  expectNoErrors,
  openPage,
  settled,
  snap,
} from './harness';
import { startVisitorSession } from './api-orders';
import { uniquePhone } from './phone-codes';
import { E2E_ADMIN } from './e2e-admin';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

// The admin screens (issue 5) are covered by admin.e2e.ts.

describe('header', () => {
  it('Track asks for an order number in a dialog and opens its tracking page without header or footer', async () => {
    const opened = await openPage({ warm: true, lang: 'en', viewport: 'desktop', path: '/about' });
    const { page } = opened;
    try {
      // An in-page dialog (D22), never the browser's prompt.
      const browserDialogs: string[] = [];
      page.on('dialog', (dialog) => {
        browserDialogs.push(dialog.type());
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: 'Track order' }).click();
      const dialog = page.getByRole('dialog', { name: 'Track your order' });
      await dialog.getByRole('textbox', { name: 'Order number' }).fill('  af 20250101 123 ');
      await dialog.getByRole('button', { name: 'Track', exact: true }).click();
      await page.waitForURL('**/track/AF-20250101-123');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(browserDialogs).toEqual([]);
      // The site header (its main menu) and footer are not on tracking pages.
      expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
      expect(await page.getByRole('contentinfo').count()).toBe(0);
      // The tracking screen for an unknown number passes axe in tracking.e2e.ts.
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('an empty Track answer stays on the page, in the dialog', async () => {
    const opened = await openPage({ warm: true, lang: 'ar', viewport: 'phone', path: '/about' });
    const { page } = opened;
    try {
      await page.getByRole('button', { name: 'تتبّع طلبك' }).click();
      const dialog = page.getByRole('dialog', { name: 'تتبّع طلبك' });
      await dialog.getByRole('textbox', { name: 'رقم الطلب' }).fill('   ');
      await dialog.getByRole('button', { name: 'تتبّع', exact: true }).click();
      await dialog.getByText('من فضلك أدخل رقم الطلب.').waitFor();
      await settled(page);
      expect(new URL(page.url()).pathname).toBe('/about');
    } finally {
      await opened.close();
    }
  });

  it('on a phone shows a back arrow instead of the logo except on home, and the menu works', async () => {
    const opened = await openPage({ warm: true, lang: 'ar', viewport: 'phone', path: '/' });
    const { page } = opened;
    try {
      await page.getByRole('link', { name: 'عفش، الصفحة الرئيسية' }).waitFor();
      const toggle = page.getByRole('button', { name: 'افتح القائمة' });
      await toggle.click();
      const menu = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
      await menu.waitFor();
      // The backdrop covers the floating call and WhatsApp buttons: a tap there cannot open them.
      // (and they step aside under it, D22).
      for (const name of ['تحدث معنا على واتساب', 'اتصل بنا الآن']) {
        const floating = page.getByRole('link', { name, includeHidden: true });
        const covered = await floating.evaluate((link) => {
          const box = link.getBoundingClientRect();
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return top !== null && !link.contains(top);
        });
        expect(covered, name).toBe(true);
      }
      // The language switch starts where the menu items' labels start.
      const contentStart = (locator: ReturnType<Page['getByRole']>) =>
        locator.evaluate((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return range.getBoundingClientRect().right;
        });
      const itemStart = await contentStart(menu.getByRole('link', { name: 'من نحن' }));
      const switchStart = await contentStart(page.getByRole('button', { name: 'English' }));
      expect(Math.abs(itemStart - switchStart)).toBeLessThanOrEqual(3);
      await checkA11y(page, 'menu-open-ar-phone');
      await page
        .getByRole('navigation', { name: 'القائمة الرئيسية' })
        .getByRole('link', { name: 'من نحن' })
        .click();
      await page.waitForURL('**/about');
      expect(
        await page.getByRole('button', { name: 'افتح القائمة' }).getAttribute('aria-expanded'),
      ).toBe('false');
      const back = page.getByRole('button', { name: 'رجوع' }).first();
      await back.waitFor();
      expect(await page.getByRole('link', { name: 'عفش، الصفحة الرئيسية' }).count()).toBe(0);
      // The back arrow points right in Arabic: the icon is mirrored.
      const transform = await back
        .locator('svg')
        .evaluate((svg) => getComputedStyle(svg).transform);
      expect(transform).toMatch(/^matrix\(-1, 0, 0, 1/);
      await back.click();
      await page.waitForURL((url) => appPath(url) === '/');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('on a desktop keeps the logo and shows no back arrow on inner pages', async () => {
    const opened = await openPage({ warm: true, lang: 'en', viewport: 'desktop', path: '/about' });
    const { page } = opened;
    try {
      await page.getByRole('link', { name: 'Afsh, home page' }).waitFor();
      expect(await page.getByRole('button', { name: 'Back', exact: true }).count()).toBe(0);
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('the menu closes on a click outside it', async () => {
    const opened = await openPage({ warm: true, lang: 'en', viewport: 'phone', path: '/about' });
    const { page } = opened;
    try {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Close menu' }).waitFor();
      await page.mouse.click(200, 780);
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
    } finally {
      await opened.close();
    }
  });

  it.each([
    { lang: 'ar', viewport: 'phone' },
    { lang: 'en', viewport: 'desktop' },
  ] as const)(
    'hides when scrolling down past 120 px, stays hidden, and comes back when scrolling up ($lang, $viewport)',
    async ({ lang, viewport }) => {
      const opened = await openPage({ warm: true, lang, viewport, path: '/privacy-policy' });
      const { page } = opened;
      try {
        const header = page.getByRole('banner');
        // The app's scroll listener is attached (#root[data-hydrated]) and the page is laid out
        // for good: a web font arriving after the scroll reflows the text above the reader, the
        // browser scrolls back to keep their place, and the header rightly reads that as a
        // scroll up.
        await settled(page);
        await page.evaluate(() => window.scrollTo(0, 600));
        // The position with the state: if the page moved by itself, the failure says so.
        const where = () =>
          page.evaluate(() => ({
            y: window.scrollY,
            hidden: document.querySelector('header')?.getAttribute('data-hidden'),
          }));
        await expect.poll(where).toEqual({ y: 600, hidden: 'true' });
        expect(await header.getAttribute('data-scrolled')).toBe('true');
        // Once scrolled, the bar gets shorter; when that has run to its end the page has not
        // moved under it, and the header is still hidden: nobody scrolled up.
        await settled(page);
        expect(await page.evaluate(() => window.scrollY)).toBe(600);
        expect(await header.getAttribute('data-hidden')).toBe('true');
        await page.evaluate(() => window.scrollTo(0, 400));
        await expect.poll(() => header.getAttribute('data-hidden')).toBe('false');
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect.poll(() => header.getAttribute('data-scrolled')).toBe('false');
        await expectNoErrors(opened);
      } finally {
        await opened.close();
      }
    },
  );

  it('the language toggle switches direction and the choice survives a reload', async () => {
    const opened = await openPage({ warm: true, lang: 'ar', viewport: 'desktop', path: '/about' });
    const { page } = opened;
    try {
      await page.getByRole('button', { name: 'English' }).first().click();
      await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('ltr');
      await page.getByRole('link', { name: 'Prices' }).first().waitFor();
      await page.reload();
      await page.getByRole('link', { name: 'Prices' }).first().waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('floating call and WhatsApp buttons use the configured numbers, and stay off form screens', async () => {
    const opened = await openPage({ warm: true, lang: 'en', viewport: 'phone', path: '/about' });
    const { page } = opened;
    try {
      // Out of the way on the first screen (D22), there all the same.
      const call = page.getByRole('link', { name: 'Call us now', includeHidden: true });
      const chat = page.getByRole('link', {
        name: 'Chat with us on WhatsApp',
        includeHidden: true,
      });
      expect(await call.getAttribute('href')).toBe('tel:+201000000000');
      expect(await chat.getAttribute('href')).toBe('https://wa.me/201000000000');
      expect(await chat.getAttribute('target')).toBe('_blank');
      await page.goto(new URL('/prices', page.url()).toString());
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(
        await page.getByRole('link', { name: 'Call us now', includeHidden: true }).count(),
      ).toBe(0);
    } finally {
      await opened.close();
    }
  });

  it('an unknown address answers a real 404, the not-found page in its language, with a way home', async () => {
    for (const [path, lang] of [
      ['/no-such-page', 'ar'],
      ['/en/no-such-page', 'en'],
    ] as const) {
      const res = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      // Prerendered: the heading is in the HTML before any script runs.
      expect(html).toMatch(
        new RegExp(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`),
      );
      expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    }

    // expectNoErrors fails on any HTTP error but the page's own 404.
    const opened = await openPage({
      warm: true,
      lang: 'ar',
      viewport: 'phone',
      path: '/no-such-page',
      documentStatus: 404,
    });
    try {
      await opened.page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }).waitFor();
      // The big code is in Arabic digits, like every other number on Arabic pages.
      await opened.page.getByText('٤٠٤', { exact: true }).waitFor();
      expect(await opened.page.getByText('404', { exact: true }).count()).toBe(0);
      await checkA11y(opened.page, 'not-found-ar-phone');
      await snap(opened.page, 'not-found-ar-phone');
      await expectNoErrors(opened);
      await opened.page.getByRole('link', { name: 'العودة للرئيسية' }).click();
      await opened.page.waitForURL((url) => appPath(url) === '/');
    } finally {
      await opened.close();
    }
  });
});

describe('the header follows the session the server reports', () => {
  const json = { 'content-type': 'application/json' };
  const at = (page: { url(): string }, path: string) => new URL(path, page.url()).toString();

  it('a signed-up customer sees Logout, and logging out brings back the one sign-in entry', async () => {
    const opened = await openPage({ warm: true, lang: 'en', viewport: 'desktop', path: '/about' });
    const { page } = opened;
    try {
      await page.getByRole('link', { name: 'Log in' }).waitFor();
      const email = `mona.${Date.now()}@example.com`;
      const response = await page.request.post(at(page, '/api/auth/signup'), {
        headers: json,
        data: { email, password: 'Strong-pass-1', confirmPassword: 'Strong-pass-1' },
      });
      expect(response.status()).toBe(201);
      await page.reload();
      await page.getByRole('button', { name: 'Log out' }).waitFor();
      expect(await page.getByRole('link', { name: 'Orders panel' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL((url) => appPath(url) === '/');
      await page.getByRole('link', { name: 'Log in' }).waitFor();
      // One way in, /login (by mobile number first, D13); sign-up by email is reached from there.
      expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
      const me = await (await page.request.get(at(page, '/api/auth/me'))).json();
      expect(me).toEqual({ user: null });
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('an admin sees the orders panel link; a forged isAdmin flag in storage changes nothing', async () => {
    const forged = await openPage({
      warm: true,
      lang: 'ar',
      viewport: 'phone',
      path: '/about',
      storage: { isAdmin: 'true' },
    });
    try {
      await forged.page.getByRole('button', { name: 'افتح القائمة' }).click();
      await forged.page.getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
      expect(await forged.page.getByRole('link', { name: 'لوحة الطلبات' }).count()).toBe(0);
    } finally {
      await forged.close();
    }

    const opened = await openPage({ warm: true, lang: 'ar', viewport: 'phone', path: '/about' });
    const { page } = opened;
    try {
      const response = await page.request.post(at(page, '/api/auth/login'), {
        headers: json,
        data: E2E_ADMIN,
      });
      expect(response.status()).toBe(200);
      await page.reload();
      await page.getByRole('button', { name: 'افتح القائمة' }).click();
      await page.getByRole('link', { name: 'لوحة الطلبات' }).waitFor();
      await page.getByRole('button', { name: 'تسجيل الخروج' }).waitFor();
      await checkA11y(page, 'menu-admin-ar-phone');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});

describe('My orders in the header', () => {
  /**
   * A customer who proved their number to book has a session (D13); the API calls share the
   * page's cookies. The header then also shows their number.
   */
  async function startSession(page: Page) {
    await startVisitorSession(page, uniquePhone());
    await page.reload();
  }

  it('appears in the phone menu once the visitor has a session (Arabic)', async () => {
    const opened = await openPage({ warm: true, lang: 'ar', viewport: 'phone', path: '/about' });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'افتح القائمة' }).click();
      const menu = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
      expect(await menu.getByRole('link', { name: 'طلباتي' }).count()).toBe(0);
      await startSession(page);
      await page.getByRole('button', { name: 'افتح القائمة' }).click();
      await menu.getByRole('link', { name: 'طلباتي' }).click();
      await page.waitForURL('**/my-orders');
      await page.getByRole('heading', { level: 1, name: 'طلباتي' }).waitFor();
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('sits in the bar on a desktop, and the bar still fits at its narrowest (English)', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'desktop', path: '/prices' });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await startSession(page);
      const bar = page.getByRole('banner').getByRole('navigation', { name: 'Main menu' }).first();
      await bar.getByRole('link', { name: 'My orders' }).waitFor();
      for (const width of [1280, 1200]) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(() => {
          const inner = document.querySelector('header .header-inner');
          return inner ? inner.scrollWidth - inner.clientWidth : -1;
        });
        expect(overflow, `header overflow at ${width}px`).toBeLessThanOrEqual(0);
      }
      await checkA11y(page, 'header-my-orders-en-desktop');
      await bar.getByRole('link', { name: 'My orders' }).click();
      await page.waitForURL('**/my-orders');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('the Arabic bar fits on one line from 1200 px; below, the menu holds the links', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'desktop', path: '/prices' });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await startSession(page);
      await page.setViewportSize({ width: 1200, height: 800 });
      const bar = page.getByRole('banner').getByRole('navigation', { name: 'القائمة الرئيسية' });
      await bar.first().getByRole('link', { name: 'طلباتي' }).waitFor();
      const overflow = await page.evaluate(() => {
        const inner = document.querySelector('header .header-inner');
        return inner ? inner.scrollWidth - inner.clientWidth : -1;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      // Labels stay on one line: every link and button of the bar is one line tall.
      const tallest = await page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll('header .header-inner :is(a, button)')]
            .filter((el) => (el as HTMLElement).offsetParent !== null)
            .map((el) => el.getClientRects().length),
        ),
      );
      expect(tallest).toBe(1);
      const lineBoxes = await page.evaluate(() =>
        [...document.querySelectorAll('header .desktop-nav a, header .header-auth a')].map((el) =>
          Math.round(el.getBoundingClientRect().height),
        ),
      );
      expect(new Set(lineBoxes).size).toBe(1);
      // Just below, the menu takes the links.
      await page.setViewportSize({ width: 1199, height: 800 });
      await page.getByRole('button', { name: 'افتح القائمة' }).waitFor();
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
