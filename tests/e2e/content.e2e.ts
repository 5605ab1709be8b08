import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  checkA11y,
  closeBrowser,
  expectNoErrors,
  openPage,
  settled,
  snap,
  type OpenedPage,
  appPath,
} from './harness';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

// Home, About and Privacy: Arabic on a phone and English on a desktop, as customers mostly meet
// them, each in its language and direction, without an error.
const pages = [
  {
    path: '/',
    name: 'home',
    ar: 'انقل عفشك بسهولة وراحة بال',
    en: 'Move your home with ease and peace of mind',
  },
  { path: '/about', name: 'about', ar: 'عن عفش', en: 'About Afsh' },
  { path: '/privacy-policy', name: 'privacy', ar: 'سياسة الخصوصية', en: 'Privacy policy' },
] as const;

const runs = [
  { lang: 'ar', viewport: 'phone', dir: 'rtl' },
  { lang: 'en', viewport: 'desktop', dir: 'ltr' },
] as const;

async function withPage(
  options: Parameters<typeof openPage>[0],
  body: (opened: OpenedPage) => Promise<void>,
) {
  // These tests only look, click and scroll: each may have a page an earlier one opened.
  const opened = await openPage({ warm: true, ...options });
  try {
    await body(opened);
  } finally {
    await opened.close();
  }
}

const VIDEO_LABEL = {
  ar: 'رسم متحرك لشاحنة عفش تسير في المدينة',
  en: 'Animation: an Afsh moving truck driving through town',
};
const videoState = (page: Page, lang: 'ar' | 'en') =>
  page.getByLabel(VIDEO_LABEL[lang]).evaluate((el) => {
    const video = el as HTMLVideoElement;
    return {
      paused: video.paused,
      muted: video.muted,
      currentTime: video.currentTime,
      src: video.currentSrc,
    };
  });

describe('content pages render cleanly', () => {
  for (const { path, name, ar, en } of pages) {
    for (const { lang, viewport, dir } of runs) {
      it(`${path} in ${lang} on a ${viewport}`, async () => {
        await withPage({ lang, viewport, path }, async (opened) => {
          const { page } = opened;
          await expect(
            page.getByRole('heading', { level: 1, name: lang === 'ar' ? ar : en }).isVisible(),
          ).resolves.toBe(true);
          expect(await page.locator('html').getAttribute('lang')).toBe(lang);
          expect(await page.locator('html').getAttribute('dir')).toBe(dir);
          await checkA11y(page, `${name}-${lang}-${viewport}`);
          await snap(page, `${name}-${lang}-${viewport}`);
          await expectNoErrors(opened);
        });
      });
    }
  }
});

describe('home', () => {
  it('"Start now" opens /select-city', async () => {
    await withPage({ lang: 'ar', viewport: 'phone', path: '/' }, async (opened) => {
      const { page } = opened;
      const hero = page.getByRole('region', { name: 'انقل عفشك بسهولة وراحة بال' });
      await hero.getByRole('link', { name: 'ابدأ الآن' }).click();
      await page.waitForURL((url) => appPath(url) === '/select-city');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoErrors(opened);
    });
  });

  it('an FAQ answer opens from its question', async () => {
    await withPage({ lang: 'en', viewport: 'desktop', path: '/' }, async (opened) => {
      const { page } = opened;
      const answer = page.getByText(
        'Yes. For a move between areas, every kilometre beyond the distance',
      );
      expect(await answer.isVisible()).toBe(false);
      await page.getByText('Is there an extra fee for long distances?').click();
      await answer.waitFor({ state: 'visible' });
      await expectNoErrors(opened);
    });
  });

  it('why-choose-us opens on a phone', async () => {
    await withPage({ lang: 'ar', viewport: 'phone', path: '/' }, async (opened) => {
      const { page } = opened;
      const toggle = page.getByRole('button', { name: 'لماذا تختار عفش؟' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('heading', { name: 'تغليف احترافي' }).waitFor();
      await checkA11y(page, 'home-ar-phone-why-open');
      await expectNoErrors(opened);
    });
  });

  it('the video plays muted on its own, and the mute toggle works', async () => {
    await withPage({ lang: 'en', viewport: 'desktop', path: '/' }, async (opened) => {
      const { page } = opened;
      await page.waitForFunction(
        (label) => {
          const video = document.querySelector<HTMLVideoElement>(`video[aria-label="${label}"]`);
          return !!video && !video.paused && video.currentTime > 0;
        },
        VIDEO_LABEL.en,
        { timeout: 15_000 },
      );
      expect(await videoState(page, 'en')).toMatchObject({ paused: false, muted: true });

      const mute = page.getByRole('button', { name: 'Mute sound' });
      expect(await mute.getAttribute('aria-pressed')).toBe('true');
      await mute.click();
      expect(await mute.getAttribute('aria-pressed')).toBe('false');
      expect((await videoState(page, 'en')).muted).toBe(false);
      await mute.click();
      expect(await mute.getAttribute('aria-pressed')).toBe('true');
      expect((await videoState(page, 'en')).muted).toBe(true);

      const pause = page.getByRole('button', { name: 'Pause animation' });
      await pause.click();
      expect(await pause.getAttribute('aria-pressed')).toBe('true');
      expect((await videoState(page, 'en')).paused).toBe(true);
      await expectNoErrors(opened);
    });
  });

  it('with reduced motion the video stays paused on its poster', async () => {
    await withPage(
      { lang: 'ar', viewport: 'phone', path: '/', reducedMotion: true },
      async (opened) => {
        const { page } = opened;
        // Settled after the load event, when the video would start on its own (hero-video.tsx).
        await page.waitForFunction(() => document.readyState === 'complete');
        await settled(page);
        const state = await videoState(page, 'ar');
        expect(state.paused).toBe(true);
        expect(state.currentTime).toBe(0);
        expect(
          await page
            .getByRole('button', { name: 'إيقاف الحركة مؤقتًا' })
            .getAttribute('aria-pressed'),
        ).toBe('true');
        await expectNoErrors(opened);
      },
    );
  });
});
