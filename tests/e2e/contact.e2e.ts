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
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

const json = { 'content-type': 'application/json' };

interface StoredMessage {
  name: string;
  email: string | null;
  phone: string | null;
  message: string;
}

/** Messages stored on the server, newest first, read as the admin from a context of its own. */
async function storedMessages(): Promise<StoredMessage[]> {
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
    return ((await response.json()) as { messages: StoredMessage[] }).messages;
  } finally {
    await context.close();
  }
}

const messageCount = async () => (await storedMessages()).length;

const LATIN_DIGIT = /[0-9]/;

async function fill(page: Page, labels: Record<string, string>) {
  for (const [label, value] of Object.entries(labels)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

describe('/contact', () => {
  it('in Arabic on a phone: empty submit says what is missing and stores nothing; a phone alone, in Arabic digits, is enough', async () => {
    const opened = await openPage({ warm: true, lang: 'ar', viewport: 'phone', path: '/contact' });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'تواصل معنا' }).waitFor();
      await page.getByText('لا يوجد رقم طلب بعد', { exact: false }).waitFor();
      // The form says either way to reply is enough, in Arabic digits only.
      const reach = page.getByRole('group', { name: 'كيف نرد عليك؟' });
      await reach.getByText('برقم الموبايل أو بالبريد الإلكتروني، ويكفي أحدهما.').waitFor();
      expect(await page.locator('.contact-form-card').innerText()).not.toMatch(LATIN_DIGIT);
      for (const label of ['رقم الهاتف', 'البريد الإلكتروني']) {
        expect(await page.getByLabel(label, { exact: true }).getAttribute('required')).toBeNull();
      }
      // The example number's groups read left to right, in the order they are typed.
      const groups = await page.locator('.contact-reach .field-hint bdi').evaluate((bdi) => {
        const text = bdi.firstChild!;
        const leftOf = (group: string) => {
          const range = document.createRange();
          const start = text.textContent!.indexOf(group);
          range.setStart(text, start);
          range.setEnd(text, start + group.length);
          return range.getBoundingClientRect().left;
        };
        return ['٠١٠', '١٢٣٤', '٥٦٧٨'].map(leftOf);
      });
      expect([...groups].sort((a, b) => a - b)).toEqual(groups);
      // A form screen: no floating call and WhatsApp buttons over the fields (the page has its
      // own), so nothing typed or shown goes under them.
      expect(await page.getByRole('link', { name: 'اتصل بنا الآن' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'تحدث معنا على واتساب' }).count()).toBe(0);
      await page.getByRole('main').getByRole('link', { name: 'اتصل بنا', exact: true }).waitFor();
      await checkA11y(page, 'contact-ar-phone');
      await snap(page, 'contact-ar-phone');

      const before = await messageCount();
      await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
      await page.getByText('من فضلك أدخل اسمك.', { exact: false }).waitFor();
      // What the customer sees: the page where the focus went, the first refused field.
      expect(
        await page
          .getByLabel('الاسم', { exact: true })
          .evaluate((el) => el === document.activeElement),
      ).toBe(true);
      const neither = page.getByText(
        'من فضلك أدخل رقم الموبايل أو البريد الإلكتروني لنرد عليك، ويكفي أحدهما.',
      );
      expect(await neither.count()).toBe(1);
      expect(await neither.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
      // Each way to reply is described by the pair's message (and the phone by its hint too),
      // every id it names being on the page.
      for (const [label, count] of [
        ['رقم الهاتف', 2],
        ['البريد الإلكتروني', 1],
      ] as const) {
        const described = await page
          .getByLabel(label, { exact: true })
          .evaluate((el) =>
            (el.getAttribute('aria-describedby') ?? '')
              .split(' ')
              .map((id) => document.getElementById(id)?.textContent ?? null),
          );
        expect(described).toHaveLength(count);
        expect(described[0]).toBe(await neither.textContent());
        expect(described).not.toContain(null);
      }
      const danger = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--danger').trim(),
      );
      for (const label of ['الاسم', 'رقم الهاتف', 'البريد الإلكتروني', 'الرسالة']) {
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
      expect(await page.locator('.contact-form-card').innerText()).not.toMatch(LATIN_DIGIT);
      await neither.scrollIntoViewIfNeeded();
      await checkA11y(page, 'contact-errors-ar-phone');
      expect(await messageCount()).toBe(before);

      await fill(page, {
        الاسم: 'منى حسن',
        'رقم الهاتف': '٠١٠ ١٢٣٤ ٥٦٧٨',
        الرسالة: 'أريد تعديل موعد النقل من فضلكم.',
      });
      expect(await neither.count()).toBe(0);
      await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
      await page.getByText('تم إرسال الرسالة بنجاح').waitFor();
      expect(await page.getByLabel('الاسم', { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel('رقم الهاتف', { exact: true }).inputValue()).toBe('');
      await checkA11y(page, 'contact-sent-ar-phone');
      const stored = await storedMessages();
      expect(stored).toHaveLength(before + 1);
      expect(stored[0]).toMatchObject({
        name: 'منى حسن',
        email: null,
        phone: '01012345678',
        message: 'أريد تعديل موعد النقل من فضلكم.',
      });
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in English on a desktop: an email alone is enough', async () => {
    const opened = await openPage({
      warm: true,
      lang: 'en',
      viewport: 'desktop',
      path: '/contact',
    });
    const { page } = opened;
    try {
      const reach = page.getByRole('group', { name: 'How can we reply?' });
      await reach.getByText('By phone or by email: either one is enough.').waitFor();
      await page.getByText('Name and message are required.').waitFor();
      await fill(page, {
        Name: 'Mona Hassan',
        Email: ' Mona@Example.com ',
        Message: 'Do you pack books and glassware?',
      });
      await checkA11y(page, 'contact-email-en-desktop');
      await snap(page, 'contact-email-en-desktop');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Message sent successfully').waitFor();
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('');
      await checkA11y(page, 'contact-sent-en-desktop');
      expect((await storedMessages())[0]).toMatchObject({
        name: 'Mona Hassan',
        email: 'mona@example.com',
        phone: null,
        message: 'Do you pack books and glassware?',
      });
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in English on a desktop: the order number carried from tracking shows with copy, share and its QR', async () => {
    // This browser's order (placed through the API): track it, and follow "Contact us" with
    // its number.
    let number = '';
    const opened = await openPage({
      warm: true,
      lang: 'en',
      viewport: 'desktop',
      path: '/track-order',
      before: async (visitor) => {
        ({ orderNumber: number } = await placeOrderViaApi(visitor, {
          fullName: 'Contact Tester',
          phoneNumber: '01234567890',
          pickupAddress: '1 Nile Street, Giza',
          dropoffAddress: '2 Pyramids Road, Giza',
          moveType: 'office',
          pickupFloor: 1,
          dropoffFloor: 1,
          workers: 3,
          moveTime: '11:00',
        }));
      },
    });
    const { page } = opened;
    try {
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
      const opened = await openPage({ warm: true, lang, viewport, path: '/contact' });
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
        // The contact page passes axe in both languages above.
      } finally {
        await opened.close();
      }
    },
  );
});
