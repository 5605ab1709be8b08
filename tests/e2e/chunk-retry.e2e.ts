import { afterAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { appPath, checkA11y, closeBrowser, networkQuiet, openPage, snap } from './harness';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

// On mobile data a screen's chunk can fail to download, and after a new release the chunks a
// page knows are gone. src/app/load-chunk.ts tries once more, then reloads once, then lets the
// error page offer a reload. The About screen's chunk stands in for any screen.

const ABOUT_CHUNK = /\/assets\/about-page-[\w-]+\.js$/;

/** Fails the About chunk's first `failures` downloads (all of them with Infinity). */
async function breakAboutChunk(
  page: Page,
  failures: number,
): Promise<{ requests: () => number; log: string[] }> {
  let requests = 0;
  // What each download was and what it got, for a failure's message.
  const log: string[] = [];
  await page.route(ABOUT_CHUNK, async (route: Route) => {
    requests += 1;
    const request = route.request();
    const kind = `${request.resourceType()} ${request.headers()['sec-fetch-dest'] ?? ''}`.trim();
    if (requests <= failures) {
      log.push(`${kind}: failed`);
      await route.abort('internetdisconnected');
    } else {
      log.push(`${kind}: served`);
      await route.continue();
    }
  });
  return { requests: () => requests, log };
}

function countReloads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

describe('a screen whose download fails', () => {
  it('is downloaded again after one failure (Arabic, phone)', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/' });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // One download per try: the screen's chunk is fetched by its import alone (vite.config.ts,
      // modulePreload); the first fails.
      const chunk = await breakAboutChunk(page, 1);
      const loads = countReloads(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'من نحن' }).click();
      await page.getByRole('heading', { level: 1, name: 'عن عفش' }).waitFor();
      expect(appPath(page.url())).toBe('/about');
      // A second download, without a reload: the retry.
      expect(chunk.requests(), chunk.log.join(', ')).toBe(2);
      expect(loads(), chunk.log.join(', ')).toBe(0);
      // The About page it shows passes axe in content.e2e.ts.
    } finally {
      await opened.close();
    }
  });

  it('reloads the page once, then shows the error page with a reload button (English, desktop)', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'desktop', path: '/' });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const chunk = await breakAboutChunk(page, Number.POSITIVE_INFINITY);
      const loads = countReloads(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
      await page
        .getByRole('heading', { name: 'Something went wrong' })
        .waitFor({ timeout: 20_000 });
      expect(loads()).toBe(1);
      // Then it stays: the error page is drawn only once loadChunk has given up, and the reload
      // it made is on record, so no further failure reloads again (src/app/load-chunk.ts).
      expect(
        await page.evaluate(() => Number(sessionStorage.getItem('afsh.chunkReloadAt'))),
      ).toBeGreaterThan(0);
      const requests = chunk.requests();
      await networkQuiet(page);
      expect(loads()).toBe(1);
      expect(chunk.requests()).toBe(requests);
      await checkA11y(page, 'chunk-error-en-desktop');
      await snap(page, 'chunk-error-en-desktop', { fullPage: false });

      // Once the network is back, the button brings the screen.
      await page.unroute(ABOUT_CHUNK);
      await page.getByRole('button', { name: 'Reload the page' }).click();
      await page.getByRole('heading', { level: 1, name: 'About Afsh' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
      expect(appPath(page.url())).toBe('/about');
    } finally {
      await opened.close();
    }
  });
});
