import { afterAll, describe, expect, it } from 'vitest';
import {
  appPath,
  baseUrl,
  closeBrowser,
  expectNoErrors,
  getBrowser,
  openPage,
  VIEWPORTS,
} from './harness.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { FIRST_CATALOG, MOVE_TYPES } from '../../src/domain/pricing.ts';
import { PAGE_SCRIPT } from '../../src/prerender/page-script.ts';
import enPricing from '../../locales/en/pricing.json';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

// Every public page is real HTML before any script runs (issue 12): its language, direction,
// title, description, main heading and links to its other-language twin are in what the server
// sends, and the browser then hydrates it without a mismatch.

const PUBLIC = [
  '/',
  '/about',
  '/privacy-policy',
  '/prices',
  '/move-type',
  '/select-city',
  '/contact',
  '/reviews',
  '/track-order',
];
const prefixed = (path: string, lang: 'ar' | 'en') =>
  lang === 'ar' ? path : path === '/' ? '/en/' : `/en${path}`;
const attr = (html: string, re: RegExp) => re.exec(html)?.[1];

describe('prerendered pages', () => {
  afterAll(closeBrowser);

  it.each(PUBLIC.flatMap((path) => (['ar', 'en'] as const).map((lang) => [path, lang] as const)))(
    '%s in %s: language, direction, title, description, heading and alternates in the HTML',
    async (path, lang) => {
      const url = prefixed(path, lang);
      const res = await fetch(`${baseUrl()}${url}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(attr(html, /<html lang="(\w+)"/)).toBe(lang);
      expect(attr(html, /<html lang="\w+" dir="(\w+)"/)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(attr(html, /<title>([^<]+)<\/title>/)?.trim()).toBeTruthy();
      expect(attr(html, /<meta name="description" content="([^"]+)"/)).toBeTruthy();
      // The main heading is in the body; the page's code is not loaded by the HTML itself but by
      // the page script once the page has been drawn, from the module list after the content.
      const heading = html.search(/<h1[\s>]/);
      const modules = html.search(/<script type="application\/json" id="afsh-modules">/);
      expect(heading).toBeGreaterThan(-1);
      expect(html.indexOf('<body')).toBeLessThan(heading);
      expect(modules).toBeGreaterThan(heading);
      expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
      // Both languages are findable, each page names itself canonical.
      expect(html).toMatch(
        new RegExp(`<link rel="canonical" href="[^"]*${url.replace(/\//g, '\\/')}"`),
      );
      expect(html).toMatch(/<link rel="alternate" hrefLang="ar" href="https?:\/\//);
      expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="https?:\/\//);
      // The faces the first screen draws with are fetched with the stylesheets: Cairo's Latin
      // file everywhere (Arabic sentences use its full stop and digits), its Arabic file only on
      // Arabic pages.
      const fonts = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) =>
        m[1]!.replace(/^\/assets\/(cairo-[a-z]+)-.*$/, '$1'),
      );
      expect(fonts).toEqual(lang === 'ar' ? ['cairo-arabic', 'cairo-latin'] : ['cairo-latin']);
      // No inline style (the CSP refuses it) and no inline script but the page script.
      expect(html).not.toMatch(/ style="/);
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(inline).toEqual([PAGE_SCRIPT]);
      // Data blocks (strings, modules, the home page's JSON-LD, D26) are never run.
      expect(html.match(/<script(?![^>]*type="application\/(ld\+)?json")/g)).toHaveLength(1);
    },
  );

  it('prices pages carry the current catalog’s prices in their HTML, rendered by the server (D11)', async () => {
    // The prerendered files hold placeholders (a build cannot know today's prices); the server
    // renders these pages with the catalog it prices orders with.
    const { catalog } = (await (await fetch(`${baseUrl()}/api/prices`)).json()) as {
      catalog: typeof FIRST_CATALOG;
    };
    for (const path of ['/prices', '/move-type']) {
      for (const lang of ['ar', 'en'] as const) {
        const res = await fetch(`${baseUrl()}${prefixed(path, lang)}`, {
          headers: { accept: 'text/html' },
        });
        const html = (await res.text()).replace(/<script[\s\S]*?<\/script>/g, '');
        expect(html, `${path} ${lang}`).not.toContain('class="figure-pending"');
        expect(html, `${path} ${lang}`).toContain(formatMoney(catalog.base.full, lang));
        if (path === '/prices') {
          for (const type of MOVE_TYPES) {
            expect(html, `${path} ${lang} ${type}`).toContain(
              formatMoney(catalog.base[type], lang),
            );
          }
        }
      }
    }
  });

  it('an order’s tracking address answers the tracking shell, findable as the tracking form', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const url = prefixed('/track/AF-20260101-123', lang);
      const res = await fetch(`${baseUrl()}${url}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain('name="robots"');
      expect(html).toMatch(
        new RegExp(`<link rel="canonical" href="[^"]*${prefixed('/track-order', lang)}"`),
      );
      expect(attr(html, /<title>([^<]+)<\/title>/)?.trim()).toBeTruthy();
    }
  });

  it('shows the page with JavaScript off: the Arabic home on a phone, prices in English', async () => {
    const browser = await getBrowser();
    for (const [path, lang, viewport] of [
      ['/', 'ar', 'phone'],
      ['/en/prices', 'en', 'desktop'],
    ] as const) {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: VIEWPORTS[viewport],
        locale: lang === 'ar' ? 'ar-EG' : 'en-US',
      });
      try {
        const page = await context.newPage();
        await page.goto(baseUrl() + path);
        await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
        expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        if (path === '/en/prices') {
          // The server rendered the prices with the current catalog: they are there without
          // JavaScript, not placeholders.
          const list = page.getByRole('table', { name: enPricing.priceList.caption });
          expect(await list.textContent()).toContain(formatMoney(FIRST_CATALOG.base.full, 'en'));
        }
      } finally {
        await context.close();
      }
    }
  });

  it('before the app runs, a shell takes no typing and a form is not sent as an address (ar, phone)', async () => {
    // A private page's HTML is a shell the app replaces: typed text would be lost, so it is inert.
    const shell = await fetch(`${baseUrl()}/admin-login`, { headers: { accept: 'text/html' } });
    expect(await shell.text()).toMatch(/<div id="root" inert="">/);
    const browser = await getBrowser();
    const context = await browser.newContext({
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      locale: 'ar-EG',
    });
    try {
      const page = await context.newPage();
      // The app's code never arrives (mobile data stalls): the prerendered contact page is all
      // there is. Sending its form must not put the visitor's details in the address.
      let holding = () => {};
      const held = new Promise<void>((resolve) => (holding = resolve));
      await page.route(/\/assets\/.*\.js$/, () => holding());
      await page.goto(`${baseUrl()}/contact`);
      // The page script has asked for the app's code (after the first paint), which never comes.
      await held;
      const form = page.locator('form').first();
      await form.locator('input').first().fill('01012345678');
      let navigations = 0;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations += 1;
      });
      // The submit event reaches the window last: whether anything before it cancelled the
      // submission (the page script does) decides whether the form goes out.
      await page.evaluate(() =>
        window.addEventListener('submit', (event) => {
          document.documentElement.dataset.submitCancelled = String(event.defaultPrevented);
        }),
      );
      await form.locator('button[type="submit"]').click();
      await page.waitForSelector('html[data-submit-cancelled]', { state: 'attached' });
      expect(await page.locator('html').getAttribute('data-submit-cancelled')).toBe('true');
      expect(navigations).toBe(0);
      expect(new URL(page.url()).search).toBe('');
      expect(await form.locator('input').first().inputValue()).toBe('01012345678');
      await page.goto(`${baseUrl()}/admin-login`);
      expect(await page.locator('#root').getAttribute('inert')).toBe('');
    } finally {
      await context.close();
    }
    // Once the app runs, the shell is live and takes typing.
    const opened = await openPage({
      warm: true,
      lang: 'ar',
      viewport: 'phone',
      path: '/admin-login',
    });
    try {
      await expect.poll(() => opened.page.locator('#root').getAttribute('inert')).toBeNull();
      expect(await opened.page.locator('#root').getAttribute('data-live')).toBe('');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('a visitor who chose English opening an Arabic address gets the English page, no Arabic paint', async () => {
    const opened = await openPage({ warm: true, lang: 'en', viewport: 'phone', path: '/prices' });
    try {
      expect(new URL(opened.page.url()).pathname).toBe('/en/prices');
      expect(appPath(opened.page.url())).toBe('/prices');
      expect(await opened.page.locator('html').getAttribute('lang')).toBe('en');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('switching language keeps the page and its address follows: /prices ↔ /en/prices', async () => {
    const opened = await openPage({ warm: true, lang: 'ar', viewport: 'desktop', path: '/prices' });
    try {
      const { page } = opened;
      await page.getByRole('button', { name: 'English' }).first().click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
      expect(new URL(page.url()).pathname).toBe('/en/prices');
      await page.getByRole('link', { name: 'About' }).first().click();
      await page.waitForURL((url) => url.pathname === '/en/about');
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/en/prices');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
