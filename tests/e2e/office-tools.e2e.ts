import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { parseDecimal } from '../../src/domain/digits';
import { futureDate } from '../../src/testing/order-fixtures';
import { placeOrderViaApi } from './api-orders';
import { adminSession } from './e2e-admin';
import { asNewVisitor, checkA11y, closeBrowser, expectNoErrors, openPage, snap } from './harness';
import { visitorUrl } from './phone-codes';
import { ownServer } from './server';

// The office's tools (D20) in a real browser: a contact message sent while the desk is open
// appears on it without "refresh" and is marked handled (English, desktop); the admin's search
// finds an order typed with another hamza form, without the diacritics and tatweel it was
// stored with (Arabic, phone).

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

const json = { 'content-type': 'application/json' };

/** A word no other order or message of the run has (letters only: names need them). */
function tag(): string {
  const letters = 'بتثجحخدذرزسشصضطظعغفقكلمن';
  return [...String(Date.now())].map((d) => letters[Number(d) * 2]).join('');
}

/** The count of messages waiting beside the tab's name (none shown: 0). */
async function waitingOn(tab: Locator): Promise<number> {
  const count = tab.locator('.admin-tab-count');
  // In Arabic the count is in Arabic-Indic digits.
  return (await count.count()) === 0 ? 0 : parseDecimal(await count.innerText());
}

/** The text of the live region the desk's actions announce in. */
async function announced(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

describe('office tools (D20)', () => {
  it('in English on a desktop: a new message appears on the open desk and is marked handled', async () => {
    const opened = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: '/en/admin-orders',
      before: adminSession,
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'Orders management' }).waitFor();
      // The desk is live before anything is sent: what follows arrives over its stream.
      await page.getByText('Live: new orders and changes appear by themselves').waitFor();
      const tab = page.getByRole('tab', { name: /^Messages/ });
      await tab.click();
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('heading', { level: 2, name: 'Contact messages' }).waitFor();
      const waitingBefore = await tab.innerText();

      // Another visitor writes through the contact form's API while the desk stays open.
      const text = `Can you move a piano on Friday? ${Date.now()}`;
      await asNewVisitor(async (visitor) => {
        const sent = await visitor.request.post(visitorUrl(visitor, '/api/messages'), {
          headers: json,
          data: { name: 'Nadia Piano', phone: '01112345678', message: text },
        });
        expect(sent.status()).toBe(201);
      });

      // No reload, no "Refresh": the card arrives, not handled, and the tab counts it.
      const card = panel.getByRole('listitem').filter({ hasText: text });
      await card.waitFor();
      await card.getByText('Not handled', { exact: true }).waitFor();
      await expect.poll(() => tab.innerText()).not.toBe(waitingBefore);
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      const count = await waitingOn(tab);
      expect(count).toBeGreaterThanOrEqual(1);

      // Reply on WhatsApp: the sender's number, a greeting in the message's language, a new tab.
      const reply = card.getByRole('link', { name: /Reply on WhatsApp/ });
      const href = new URL((await reply.getAttribute('href'))!);
      expect(href.origin + href.pathname).toBe('https://wa.me/201112345678');
      expect(href.searchParams.get('text')).toBe(
        'Hello Nadia Piano, this is the Afsh team about your message.',
      );
      expect(await reply.getAttribute('target')).toBe('_blank');
      expect(await reply.getAttribute('rel')).toBe('noopener noreferrer');
      await checkA11y(page, 'admin-messages-live-en-desktop');
      await snap(page, 'admin-messages-live-en-desktop', { fullPage: false });

      await card
        .getByRole('button', { name: 'Mark handled for the message from Nadia Piano' })
        .click();
      await announced(page, 'The message is marked handled.');
      await card.getByText('Handled', { exact: true }).waitFor();
      await card.getByText(/^Handled by admin@afsh\.example on /).waitFor();
      await expect.poll(() => waitingOn(tab)).toBe(count - 1);

      // The filter: not handled hides it, handled shows it.
      const filters = panel.getByRole('group', { name: 'Show' });
      await filters.getByRole('button', { name: /^Not handled/ }).click();
      await expect.poll(() => card.count()).toBe(0);
      await filters.getByRole('button', { name: 'Handled', exact: true }).click();
      await card.waitFor();
      await checkA11y(page, 'admin-messages-handled-en-desktop');
      await snap(page, 'admin-messages-handled-en-desktop', { fullPage: false });
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in Arabic on a phone: a search with another hamza form finds the order; a message is handled', async () => {
    const word = tag();
    // Stored with a hamza, diacritics and tatweel, as a customer might have typed it.
    const stored = `أَحْـمَـد ${word}`;
    const order = await asNewVisitor((customer) =>
      placeOrderViaApi(customer, {
        fullName: stored,
        pickupAddress: '12 شارع التحرير، الدقي',
        dropoffAddress: '5 شارع 9، المعادي',
        moveDate: futureDate(6),
      }),
    );
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: '/admin-orders',
      before: adminSession,
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'إدارة الطلبات' }).waitFor();
      const search = page.getByRole('searchbox', { name: 'بحث' });
      // Typed bare, without the hamza, the marks or the tatweel.
      const typed = `احمد ${word}`;
      await search.fill(typed);
      await page.waitForURL((url) => url.searchParams.get('q') === typed);
      await page.getByText('عرض ١–١ من ١').waitFor();
      const row = page
        .locator('tbody')
        .filter({ has: page.getByRole('rowheader', { name: new RegExp(order.orderNumber) }) });
      await row.getByText(stored).waitFor();

      // And with the hamza below: the same order.
      await search.fill(`إحمد ${word}`);
      await page.waitForURL((url) => url.searchParams.get('q') === `إحمد ${word}`);
      await row.getByText(stored).waitFor();
      await page.getByText('عرض ١–١ من ١').waitFor();
      await checkA11y(page, 'admin-search-hamza-ar-phone');
      await snap(page, 'admin-search-hamza-ar-phone');
      await row.scrollIntoViewIfNeeded();
      await snap(page, 'admin-search-hamza-row-ar-phone', { fullPage: false });

      // The messages tab on the phone, right to left: an Arabic message, handled, with who.
      const text = `عايزة أنقل شقة يوم الجمعة ${word}`;
      await asNewVisitor(async (visitor) => {
        const sent = await visitor.request.post(visitorUrl(visitor, '/api/messages'), {
          headers: json,
          data: { name: 'منى', phone: '01012345678', message: text },
        });
        expect(sent.status()).toBe(201);
      });
      const tab = page.getByRole('tab', { name: /^الرسائل/ });
      await expect.poll(() => waitingOn(tab)).toBe(1);
      // Arabic-Indic digits beside the tab's name.
      expect(await tab.locator('.admin-tab-count').innerText()).toBe('١');
      await tab.click();
      const card = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: text });
      const reply = card.getByRole('link', { name: /رد على واتساب/ });
      expect(new URL((await reply.getAttribute('href'))!).searchParams.get('text')).toBe(
        'مرحبًا منى، معك فريق عفش بخصوص رسالتك.',
      );
      await card.getByRole('button', { name: 'علّمها: تم الرد على رسالة منى' }).click();
      await card.getByText(/^تم الرد بواسطة admin@afsh\.example في /).waitFor();
      await expect.poll(() => waitingOn(tab)).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await checkA11y(page, 'admin-messages-handled-ar-phone');
      await snap(page, 'admin-messages-handled-ar-phone', { fullPage: false });
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
