import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/domain/datetime';
import { formatDigits } from '../../src/domain/money';
import { adminCookie } from './e2e-admin';
import { baseUrl } from './harness';
import { closeBrowser, checkA11y, expectNoErrors, openPage, snap } from './harness';
import {
  asTeam,
  deliveredMove,
  dropExpected,
  FAVICON_CUT,
  holdReviews,
  norm,
  openDialog,
  reviewsSection,
  RUN,
  STREAM_CLOSED,
  T,
} from './reviews-helpers';
import { ownServer } from './server';

// This file's own server and database (server.ts): its review is the only one from this
// machine's address there, so the one-a-minute rule (D2) never makes it wait.
ownServer();

afterAll(closeBrowser);
beforeAll(holdReviews);

describe('reviews from customers (D14)', () => {
  it('Arabic phone: a visitor cannot review; a customer reviews a delivered move; published, it appears', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/' });
    const { page } = opened;
    const t = T.ar;
    const words = `فريق محترم وسريع، شكرًا لكم ${formatDigits(RUN, 'ar')}`;
    try {
      // The placeholder's height is the section's as drawn in the app's font. The font is
      // `font-display: optional`: on a first visit to a busy machine it can miss its moment, and
      // the page keeps the fallback, whose Arabic on this machine is not the phone's (the buttons
      // then wrap). Once the font has come, it is there from a page's first paint: reload.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.reload();
      // Far from the visitor, the section is a skeleton: its heading, busy, at the loaded height.
      const region = page.getByRole('region', { name: t.common.reviewsSection.title });
      const skeleton = region.and(page.locator('[aria-busy="true"]'));
      await skeleton.waitFor();
      const skeletonHeight = (await skeleton.boundingBox())!.height;

      // A visitor without an order: no quick rating, and the button explains.
      let section = await reviewsSection(page, 'ar');
      const loadedHeight = (await section.boundingBox())!.height;
      // What the page was drawn with, should the heights differ.
      const fonts = await page.evaluate(() =>
        [...document.fonts]
          .filter((f) => f.status !== 'unloaded')
          .map((f) => `${f.family} ${f.unicodeRange.slice(0, 12)} ${f.status}`)
          .join('; '),
      );
      expect(
        Math.abs(loadedHeight - skeletonHeight),
        `loaded ${loadedHeight} px, skeleton ${skeletonHeight} px; fonts: ${fonts}`,
      ).toBeLessThanOrEqual(loadedHeight * 0.05);
      expect(await section.locator('.quick-rating').count()).toBe(0);
      let dialog = await openDialog(page, section, 'ar');
      await dialog.getByText(t.reviews.dialog.noOrder.text).waitFor();
      await dialog.getByRole('link', { name: t.reviews.dialog.noOrder.book }).waitFor();
      await dialog.getByRole('link', { name: t.reviews.dialog.noOrder.signIn }).waitFor();
      expect(await dialog.getByRole('textbox').count()).toBe(0);
      await checkA11y(page, 'reviews-no-order-ar-phone');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // The same browser books a move, and the team delivers it.
      const move = await deliveredMove(page, 'منى عبد الرحمن');
      await page.reload();
      section = await reviewsSection(page, 'ar');

      // The quick rating names the move: its number and its date, in Arabic digits.
      const quick = section.locator('.quick-rating');
      await quick.getByText(move.orderNumber).waitFor();
      expect(norm(await quick.textContent())).toContain(formatDate(move.moveDate, 'ar'));

      // The dialog: which move, under which name, no star chosen.
      dialog = await openDialog(page, section, 'ar');
      await dialog.getByText(move.orderNumber).waitFor();
      expect(norm(await dialog.textContent())).toContain('منى');
      for (const radio of await dialog.getByRole('radio').all()) {
        expect(await radio.isChecked()).toBe(false);
      }
      await dialog.getByLabel(t.reviews.dialog.text, { exact: true }).fill(words);
      await dialog.getByRole('button', { name: t.reviews.dialog.submit }).click();
      await dialog.getByText(t.validation.review.rating).waitFor();
      await checkA11y(page, 'reviews-dialog-no-rating-ar-phone');

      // The stars are the radios' labels: tap the fourth.
      await dialog.locator('label').filter({ hasText: '٤ نجوم' }).click();
      expect(await dialog.getByRole('radio', { name: '٤ نجوم' }).isChecked()).toBe(true);
      await dialog.getByRole('button', { name: t.reviews.dialog.submit }).click();
      await dialog.getByText(t.reviews.sent.held).waitFor();
      await dialog.getByRole('button', { name: t.reviews.dialog.done }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Reviewed: the quick rating has nothing left to rate.
      await quick.getByText(move.orderNumber).waitFor({ state: 'detached' });

      // Held: not public until the team publishes it.
      const list = async () =>
        (await (await page.request.get(`${baseUrl()}/api/reviews`)).json()) as {
          reviews: { id: string; review: string; name: string }[];
        };
      expect((await list()).reviews.some((r) => r.review === words)).toBe(false);
      const all = (await (
        await fetch(`${baseUrl()}/api/reviews?all=1`, {
          headers: { cookie: await adminCookie(baseUrl()) },
        })
      ).json()) as { reviews: { id: string; review: string }[] };
      const held = all.reviews.find((r) => r.review === words)!;
      await asTeam('PATCH', `/api/reviews/${held.id}`, { hidden: false });

      // Published: it is on /reviews, under the order's first name.
      await page.goto(`${baseUrl()}/reviews`);
      await page.getByRole('heading', { level: 1, name: t.reviews.page.title }).waitFor();
      const published = page
        .getByRole('list', { name: t.reviews.page.listLabel })
        .getByRole('listitem')
        .filter({ hasText: words });
      await published.waitFor();
      expect(norm(await published.textContent())).toContain('منى');
      expect(norm(await published.textContent())).not.toContain('عبد الرحمن');
      await published.scrollIntoViewIfNeeded();
      await checkA11y(page, 'reviews-page-ar-phone');
      await snap(page, 'reviews-page-ar-phone', { fullPage: false });

      dropExpected(opened, [STREAM_CLOSED, FAVICON_CUT]);
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  }, 240_000);
});
