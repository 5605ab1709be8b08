import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN } from './e2e-admin';
import {
  checkA11y,
  closeBrowser,
  expectNoErrors,
  getBrowser,
  baseUrl,
  openPage,
  snap,
  appPath,
} from './harness';
import { placeOrderViaApi } from './api-orders';

afterAll(closeBrowser);

const json = { 'content-type': 'application/json' };

/** Messages stored on the server, read as the admin from a context of its own. */
async function messageCount(): Promise<number> {
  const browser = await getBrowser();
  const context = await browser.newContext();
  try {
    const login = await context.request.post(`${baseUrl()}/api/auth/login`, {
      headers: json,
      data: E2E_ADMIN,
    });
    expect(login.status()).toBe(200);
    const response = await context.request.get(`${baseUrl()}/api/messages`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { messages: unknown[] }).messages.length;
  } finally {
    await context.close();
  }
}

async function fill(page: Page, labels: Record<string, string>) {
  for (const [label, value] of Object.entries(labels)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

describe('/contact', () => {
  it('in Arabic on a phone: empty submit shows every message and stores nothing; a valid one is stored', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/contact' });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'تواصل معنا' }).waitFor();
      await page.getByText('لا يوجد رقم طلب بعد', { exact: false }).waitFor();
      await checkA11y(page, 'contact-ar-phone');
      await snap(page, 'contact-ar-phone');

      const before = await messageCount();
      await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
      await page.getByText('من فضلك أدخل اسمك.', { exact: false }).waitFor();
      const danger = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--danger').trim(),
      );
      for (const label of ['الاسم', 'البريد الإلكتروني', 'رقم الهاتف', 'الرسالة']) {
        const field = page.getByLabel(label, { exact: true });
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        // Marked like every other form's refused field: a red border.
        const border = await field.evaluate((el) => getComputedStyle(el).borderInlineStartColor);
        const expected = await page.evaluate((color) => {
          const probe = document.createElement('span');
          probe.style.color = color;
          document.body.append(probe);
          const value = getComputedStyle(probe).color;
          probe.remove();
          return value;
        }, danger);
        expect(border).toBe(expected);
      }
      expect(await page.getByLabel('البريد الإلكتروني', { exact: true }).getAttribute('type')).toBe(
        'email',
      );
      await checkA11y(page, 'contact-errors-ar-phone');
      await snap(page, 'contact-errors-ar-phone');
      expect(await messageCount()).toBe(before);

      await fill(page, {
        الاسم: 'منى حسن',
        'البريد الإلكتروني': 'mona@example.com',
        'رقم الهاتف': '٠١٠ ١٢٣٤ ٥٦٧٨',
        الرسالة: 'أريد تعديل موعد النقل من فضلكم.',
      });
      await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
      await page.getByText('تم إرسال الرسالة بنجاح').waitFor();
      expect(await page.getByLabel('الاسم', { exact: true }).inputValue()).toBe('');
      expect(await messageCount()).toBe(before + 1);
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in English on a desktop: the order number carried from tracking shows with copy, share and its QR', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'desktop', path: '/track-order' });
    const { page } = opened;
    try {
      // Place an order in this context, track it, and follow "Contact us" with its number.
      const { orderNumber: number } = await placeOrderViaApi(page, {
        fullName: 'Contact Tester',
        phoneNumber: '01234567890',
        pickupAddress: '1 Nile Street, Giza',
        dropoffAddress: '2 Pyramids Road, Giza',
        moveType: 'office',
        pickupFloor: 1,
        dropoffFloor: 1,
        workers: 3,
        moveTime: '11:00',
      });
      await page.getByRole('textbox', { name: 'Order number' }).fill(number);
      await page.getByRole('button', { name: 'Track', exact: true }).click();
      await page.getByRole('heading', { name: new RegExp(number) }).waitFor();
      await page.getByRole('link', { name: 'Contact us' }).click();
      await page.waitForURL((url) => appPath(url) === '/contact');

      const section = page.getByRole('region', { name: 'Your order number' });
      await section.getByText(number, { exact: true }).waitFor();
      await section.getByRole('button', { name: 'Copy' }).waitFor();
      await section.getByRole('button', { name: 'Share' }).waitFor();
      const qr = section.getByRole('img', { name: `QR code for tracking order ${number}` });
      await qr.scrollIntoViewIfNeeded();
      await qr.locator('svg').waitFor();
      expect(
        await section.getByRole('link', { name: 'Track this order' }).getAttribute('href'),
      ).toBe(`/en/track/${number}`);
      await checkA11y(page, 'contact-order-en-desktop');
      await snap(page, 'contact-order-en-desktop');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});

describe("the company's number", () => {
  // The default number (src/config/env-schema.ts), as the e2e build has it.
  const cases = [
    { lang: 'ar', viewport: 'phone', shown: '+٢٠١٠٠٠٠٠٠٠٠٠' },
    { lang: 'en', viewport: 'desktop', shown: '+201000000000' },
  ] as const;

  it.each(cases)(
    'is written in the reader’s digits, left to right, and dials the Latin number ($lang, $viewport)',
    async ({ lang, viewport, shown }) => {
      const opened = await openPage({ lang, viewport, path: '/contact' });
      const { page } = opened;
      try {
        // The contact details list it twice: to call, and on WhatsApp.
        const inPage = page.getByRole('main').getByText(shown, { exact: true });
        await inPage.first().waitFor();
        expect(await inPage.count()).toBe(2);

        const footer = page.getByRole('contentinfo');
        const inFooter = footer.getByText(shown, { exact: true });
        await inFooter.scrollIntoViewIfNeeded();
        // Left to right inside the Arabic line, so the + stays in front.
        for (const number of [inPage.first(), inFooter]) {
          expect(await number.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
        }
        const call = inFooter.locator('xpath=ancestor::a');
        expect(await call.getAttribute('href')).toBe('tel:+201000000000');
        await checkA11y(page, `company-number-${lang}-${viewport}`);
        await snap(page, `company-number-${lang}-${viewport}`);
      } finally {
        await opened.close();
      }
    },
  );
});
