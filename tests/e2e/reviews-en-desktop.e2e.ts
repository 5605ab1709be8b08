import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminEn from '../../locales/en/admin.json';
import { formatDate } from '../../src/domain/datetime';
import { adminSession } from './e2e-admin';
import { baseUrl } from './harness';
import {
  closeBrowser,
  checkA11y,
  expectNoErrors,
  openPage,
  snap,
  type OpenedPage,
} from './harness';
import {
  deliveredMove,
  dropExpected,
  FAVICON_CUT,
  holdReviews,
  norm,
  openDialog,
  reviewsSection,
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
  it('English desktop: a visitor cannot review; a customer rates in one tap; the admin publishes it', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'desktop', path: '/en/reviews' });
    const { page } = opened;
    const t = T.en;
    let admin: OpenedPage | undefined;
    try {
      // A visitor without an order, on /reviews: the button explains how reviews come about.
      await page.getByRole('heading', { level: 1, name: t.reviews.page.title }).waitFor();
      const header = page.locator('.reviews-page-header');
      const dialog = await openDialog(page, header, 'en');
      await dialog.getByText(t.reviews.dialog.noOrder.text).waitFor();
      expect(
        await dialog
          .getByRole('link', { name: t.reviews.dialog.noOrder.book })
          .getAttribute('href'),
      ).toMatch(/\/select-city$/);
      expect(
        await dialog
          .getByRole('link', { name: t.reviews.dialog.noOrder.signIn })
          .getAttribute('href'),
      ).toMatch(/\/login$/);
      await checkA11y(page, 'reviews-no-order-en-desktop');
      await dialog.getByRole('button', { name: t.reviews.dialog.close }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The same browser books a move; the team delivers it; Home offers to rate it in one tap.
      const move = await deliveredMove(page, 'Karim Adel Mansour');
      await page.goto(`${baseUrl()}/en/`);
      const section = await reviewsSection(page, 'en');
      const stars = section.getByRole('group', { name: new RegExp(move.orderNumber) });
      await stars.waitFor();
      const title = norm(await section.locator('.quick-rating-title').textContent());
      expect(title).toBe(
        `How was your move on ${formatDate(move.moveDate, 'en')} (order ${move.orderNumber})? Rate it in one tap:`,
      );
      await checkA11y(page, 'reviews-quick-rating-en-desktop');
      await stars.getByRole('button', { name: 'Rate 5 out of 5' }).click();
      await section.getByText(t.reviews.sent.held).waitFor();
      expect(await stars.count()).toBe(0);

      // The admin publishes it from the reviews screen.
      admin = await openPage({
        lang: 'en',
        viewport: 'desktop',
        path: '/en/admin-orders',
        before: adminSession,
      });
      const a = admin.page;
      await a.getByRole('tab', { name: adminEn.panel.tabs.reviews }).click();
      await a
        .getByRole('group', { name: adminEn.reviews.settings.title })
        .getByRole('radio', { name: adminEn.reviews.settings.hold })
        .waitFor();
      const card = a.locator('.admin-review').filter({ hasText: move.orderNumber });
      await card.getByText(adminEn.reviews.state.pending).waitFor();
      expect(norm(await card.textContent())).toContain('Karim Adel Mansour');
      await card.scrollIntoViewIfNeeded();
      await checkA11y(a, 'admin-reviews-held-en-desktop');
      await snap(a, 'admin-reviews-held-en-desktop', { fullPage: false });
      await card.getByRole('button', { name: 'Publish (review by Karim)' }).click();
      await card.getByText(adminEn.reviews.state.listed).waitFor();

      // It appears on /reviews, under the first name only.
      await page.goto(`${baseUrl()}/en/reviews`);
      const published = page
        .getByRole('list', { name: t.reviews.page.listLabel })
        .getByRole('listitem')
        .filter({ hasText: 'Karim' })
        .filter({ hasText: 'Rated 5 stars' });
      await published.first().waitFor();
      expect(norm(await published.first().textContent())).not.toContain('Mansour');
      await checkA11y(page, 'reviews-page-en-desktop');
      await snap(page, 'reviews-page-en-desktop', { fullPage: false });

      dropExpected(opened, [STREAM_CLOSED, FAVICON_CUT]);
      dropExpected(admin, [FAVICON_CUT, /admin\/desk\/stream \(net::ERR_ABORTED\)/]);
      await expectNoErrors(opened);
      await expectNoErrors(admin);
    } finally {
      await opened.close();
      await admin?.close();
    }
  }, 240_000);
});
