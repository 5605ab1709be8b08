import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, expectNoErrors, openPage, snap } from './harness.ts';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

describe('smoke', () => {
  afterAll(closeBrowser);

  it('renders / in Arabic on a phone, right to left, without errors', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/' });
    try {
      const html = opened.page.locator('html');
      await expect.poll(() => html.getAttribute('lang')).toBe('ar');
      expect(await html.getAttribute('dir')).toBe('rtl');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('renders / in English on a desktop, left to right, without errors', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'desktop', path: '/' });
    try {
      const html = opened.page.locator('html');
      await expect.poll(() => html.getAttribute('lang')).toBe('en');
      expect(await html.getAttribute('dir')).toBe('ltr');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('answers an unknown address with a real 404: the not-found page, in its language', async () => {
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

    // openPage fails if #root stays empty; expectNoErrors fails on any other HTTP error.
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: '/no-such-page',
      documentStatus: 404,
    });
    try {
      expect(await opened.page.locator('#root').innerText()).not.toBe('');
      await snap(opened.page, 'smoke-not-found-ar-phone');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
