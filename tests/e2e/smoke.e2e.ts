import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, expectNoErrors, openPage, snap } from './harness.ts';

describe('smoke', () => {
  afterAll(closeBrowser);

  it('renders / in Arabic on a phone, right to left, without errors', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/' });
    try {
      const html = opened.page.locator('html');
      await expect.poll(() => html.getAttribute('lang')).toBe('ar');
      expect(await html.getAttribute('dir')).toBe('rtl');
      await snap(opened.page, 'smoke-home-ar-phone');
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
      await snap(opened.page, 'smoke-home-en-desktop');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('answers an unknown route with the app (HTTP 200) and lets the app show its 404', async () => {
    const res = await fetch(`${baseUrl()}/no-such-page`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);

    // openPage fails if #root stays empty; expectNoErrors fails on any HTTP error on the way.
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/no-such-page' });
    try {
      expect(await opened.page.locator('#root').innerText()).not.toBe('');
      await snap(opened.page, 'smoke-not-found-ar-phone');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
