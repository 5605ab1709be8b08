import { afterAll, describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { parseCsv } from '../../src/features/admin/testing-csv';
import { futureDate } from '../../src/features/admin/testing-orders';
import { adminSession, E2E_ADMIN } from './e2e-admin';
import {
  appPath,
  asNewVisitor,
  checkA11y,
  closeBrowser,
  expectNoErrors,
  openPage,
  snap,
} from './harness';
import { placeOrderViaApi } from './api-orders';
import { visitorUrl, type Visitor } from './phone-codes';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

const json = { 'content-type': 'application/json' };
const at = (page: Page, path: string) => new URL(path, page.url()).toString();

/** A phone number no other test uses, so a search finds exactly this run's order. */
function uniquePhone(): string {
  return `015${String(Date.now() % 100_000_000).padStart(8, '0')}`;
}

/** A cash office move booked by "Hany Admin-Test" with `phoneNumber`, as the visitor. */
async function seedOrder(visitor: Visitor, phoneNumber: string): Promise<string> {
  const order = await placeOrderViaApi(visitor, {
    fullName: 'Hany Admin-Test',
    phoneNumber,
    pickupAddress: '5 Nile Corniche, Garden City',
    dropoffAddress: '14 Street 9, Maadi',
    notes: 'Call before arriving, please',
    moveType: 'office',
    pickupFloor: 1,
    dropoffFloor: 4,
    workers: 4,
    moveDate: futureDate(7),
  });
  return order.orderNumber;
}

/** A download's bytes (the browser is the run's shared one: its files are not on this side). */
async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function orderRow(page: Page, orderNumber: string): Locator {
  return page
    .locator('tbody')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(orderNumber) }) });
}

async function signInAsAdmin(page: Page) {
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Orders management' }).waitFor();
}

// The lifecycle's steps, one at a time (D17): the select offers only the next ones.
// The whole lifecycle from the office's desk (D28): each step with what the control offers at it,
// in the lifecycle's order (the office may also send a reviewed order straight to the road).
const STATUS_STEPS = [
  ['under_review', 'Under review', ['under_review', 'cancelled']],
  ['on_the_way', 'Crew on the way', ['on_the_way', 'in_transit', 'cancelled']],
  ['arrived', 'Crew arrived', ['arrived', 'cancelled']],
  ['loading', 'Loading', ['loading', 'cancelled']],
  ['in_transit', 'Moving', ['in_transit', 'cancelled']],
  ['delivered', 'Delivered', ['delivered', 'cancelled']],
] as const;

describe('admin (issue 5)', () => {
  it('in English on a desktop: sign in, find by phone, every status, tracker follows, CSV, delete', async () => {
    const phone = uniquePhone();
    const orderNumber = await asNewVisitor(async (customer) => {
      const number = await seedOrder(customer, phone);
      const sent = await customer.request.post(visitorUrl(customer, '/api/messages'), {
        headers: json,
        data: {
          name: 'Nadia Contact',
          email: 'nadia@example.com',
          phone: '01012345678',
          message: 'Do you move pianos to Alexandria?',
        },
      });
      expect(sent.status()).toBe(201);
      return number;
    });

    const admin = await openPage({ lang: 'en', viewport: 'desktop', path: '/admin-login' });
    const { page } = admin;
    try {
      await page.getByRole('heading', { level: 1, name: 'Admin sign-in' }).waitFor();
      await checkA11y(page, 'admin-login-en-desktop');
      await snap(page, 'admin-login-en-desktop');

      // A wrong password: the spec's failure, and no panel.
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'Email or password incorrect' }).waitFor();
      expect(await page.getByRole('alert').innerText()).toContain('Login failed');

      await signInAsAdmin(page);
      expect(appPath(page.url())).toBe('/admin-orders');
      await page.getByText(/^Showing 1–\d+ of [\d,]+$/).waitFor();
      // The panel sits in the same container as the header: its title starts under the logo.
      const logo = await page.getByRole('link', { name: 'Afsh, home page' }).boundingBox();
      const title = await page
        .getByRole('heading', { level: 1, name: 'Orders management' })
        .boundingBox();
      expect(Math.abs(title!.x - logo!.x)).toBeLessThanOrEqual(1);
      await checkA11y(page, 'admin-orders-en-desktop');
      await snap(page, 'admin-orders-en-desktop', { fullPage: false });

      // CSV export of the whole (unfiltered) list: one data row per order, BOM first.
      const showing = await page.getByText(/^Showing 1–\d+ of [\d,]+$/).innerText();
      const total = Number(showing.replace(/^.* of /, '').replaceAll(',', ''));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^afsh-orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = await bytesOf(download);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parseCsv(bytes.toString('utf8').slice(1));
      expect(rows[0]).toContain('Order number');
      expect(rows.length - 1).toBe(total);

      // Find the customer's order by phone.
      await page.getByRole('searchbox', { name: 'Search' }).fill(phone);
      // The search applies (and enters the address) once typing pauses.
      await page.waitForURL((url) => url.searchParams.get('q') === phone);
      await page.getByText('Showing 1–1 of 1').waitFor();
      const row = orderRow(page, orderNumber);
      await row.getByText('Hany Admin-Test').waitFor();
      await row.getByText('Office move').waitFor();
      await row.getByText('Team: 4').waitFor();

      // The filters live in the address: a reload keeps them, Back takes off the last one.
      const search = page.getByRole('searchbox', { name: 'Search' });
      const method = page.getByLabel('Payment method', { exact: true });
      await method.selectOption('cod');
      await page.waitForURL(
        (url) => url.searchParams.get('method') === 'cod' && url.searchParams.get('q') === phone,
      );
      await page.reload();
      await row.getByText('Hany Admin-Test').waitFor();
      await page.getByText('Showing 1–1 of 1').waitFor();
      expect(await search.inputValue()).toBe(phone);
      expect(await method.inputValue()).toBe('cod');
      await page.goBack();
      await page.waitForURL(
        (url) => !url.searchParams.has('method') && url.searchParams.get('q') === phone,
      );
      await expect.poll(() => method.inputValue()).toBe('');
      expect(await search.inputValue()).toBe(phone);
      await row.getByText('Hany Admin-Test').waitFor();

      // The filtered export has exactly the filtered list.
      const [filtered] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const filteredRows = parseCsv((await bytesOf(filtered)).toString('utf8').slice(1));
      expect(filteredRows).toHaveLength(2);
      expect(filteredRows[1]).toContain(orderNumber);
      // The phone as a text formula, so a spreadsheet keeps its leading zero (D20).
      expect(filteredRows[1]).toContain(`="${phone}"`);

      // Mark the cash payment as paid.
      await row.getByRole('button', { name: `Mark paid (order ${orderNumber})` }).click();
      await row.getByText('Paid', { exact: true }).waitFor();

      for (const [value, label, offered] of STATUS_STEPS) {
        const select = row.getByLabel(`New status for order ${orderNumber}`);
        expect(
          await select
            .locator('option')
            .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
        ).toEqual(offered);
        await select.selectOption(value);
        await row.getByRole('button', { name: `Update (order ${orderNumber})` }).click();
        await page
          .getByRole('status')
          .filter({ hasText: 'Status updated' })
          .filter({ hasText: `${orderNumber}: ${label}` })
          .waitFor();
        await row.getByRole('cell', { name: label, exact: true }).waitFor();

        if (value === 'delivered') {
          // The customer's tracker, in a separate browser, shows the new status and the history.
          const tracker = await openPage({
            lang: 'en',
            viewport: 'desktop',
            path: `/track/${orderNumber}`,
          });
          try {
            const history = tracker.page.getByRole('region', { name: 'Status history' });
            await tracker.page.getByText('Delivered').first().waitFor();
            for (const step of ['Order received', ...STATUS_STEPS.map(([, label]) => label)]) {
              await history.getByText(step).first().waitFor();
            }
            await expectNoErrors(tracker);
          } finally {
            await tracker.close();
          }
        }
      }

      // Delivered: nothing follows but going back, which asks first (lifecycle.e2e.ts).
      await row.getByRole('button', { name: `Reopen (order ${orderNumber})` }).waitFor();
      expect(await row.getByRole('combobox').count()).toBe(0);

      // The history in the details lists every change with its actor.
      await row.getByRole('button', { name: `Details (order ${orderNumber})` }).click();
      await row.getByText('Call before arriving, please').waitFor();
      expect(await row.getByText('by admin').count()).toBe(STATUS_STEPS.length);

      // The WhatsApp link names the order and its status.
      const href = await row.getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
      const wa = new URL(href!);
      expect(wa.origin + wa.pathname).toBe(`https://wa.me/20${phone.slice(1)}`);
      expect(wa.searchParams.get('text')).toContain(
        `${orderNumber}. Its current status: Delivered`,
      );

      // Delete asks first: cancel keeps the order, confirm removes it.
      await row.getByRole('button', { name: `Delete (order ${orderNumber})` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete this order?' });
      await dialog.waitFor();
      await checkA11y(page, 'admin-delete-dialog-en-desktop');
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByText('Showing 1–1 of 1').waitFor();
      await row.getByRole('button', { name: `Delete (order ${orderNumber})` }).click();
      await dialog.getByRole('button', { name: 'Delete the order' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Order ${orderNumber} was deleted.` })
        .waitFor();
      await page.getByText('No orders match these filters.').waitFor();

      // Messages and reviews.
      await page.getByRole('tab', { name: 'Messages' }).click();
      await page.getByText('Do you move pianos to Alexandria?').first().waitFor();
      await checkA11y(page, 'admin-messages-en-desktop');
      await page.getByRole('tab', { name: 'Reviews' }).click();
      await page.getByRole('heading', { name: 'Reviews', level: 2 }).waitFor();
      await page
        .getByText(/^(No reviews yet\.|Reviews: [\d,]+)$/)
        .first()
        .waitFor();
      await checkA11y(page, 'admin-reviews-en-desktop');
      await expectNoErrors(admin);
    } finally {
      await admin.close();
    }
  });

  it('in Arabic on a phone: the list as cards, readable right to left', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/admin-login' });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'دخول الإدارة' }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await checkA11y(page, 'admin-login-ar-phone');
      await snap(page, 'admin-login-ar-phone');
      const phone = uniquePhone();
      const orderNumber = await asNewVisitor((customer) => seedOrder(customer, phone));
      // Signed in right here, in Arabic.
      await page.getByLabel('البريد الإلكتروني').fill(E2E_ADMIN.email);
      await page.getByLabel('كلمة المرور', { exact: true }).fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.getByRole('heading', { level: 1, name: 'إدارة الطلبات' }).waitFor();
      await page.getByRole('searchbox', { name: 'بحث' }).fill(phone);
      const row = orderRow(page, orderNumber);
      await row.getByText('Hany Admin-Test').waitFor();
      await checkA11y(page, 'admin-orders-ar-phone');
      await snap(page, 'admin-orders-ar-phone');

      // Every button and link an operator taps is at least 44 px tall (the --tap token)...
      const box = async (target: Locator) => (await target.boundingBox())!;
      const update = row.getByRole('button', { name: /^تحديث/ });
      const markPaid = row.getByRole('button', { name: /^تأكيد الدفع/ });
      const targets = [
        page.getByRole('button', { name: 'تحديث', exact: true }),
        page.getByRole('button', { name: 'تصدير CSV', exact: true }),
        update,
        markPaid,
        row.getByRole('link', { name: phone }),
        row.getByRole('link', { name: /^واتساب/ }),
      ];
      for (const target of targets) expect((await box(target)).height).toBeGreaterThanOrEqual(44);
      // ...and the Update button does not touch the status select beside it.
      const select = await box(row.getByRole('combobox'));
      const button = await box(update);
      const gap = Math.max(
        select.x - (button.x + button.width),
        button.x - (select.x + select.width),
      );
      expect(gap).toBeGreaterThanOrEqual(8);
      await markPaid.click();
      const dismiss = page.getByRole('status').getByRole('button', { name: 'إغلاق' });
      await dismiss.waitFor();
      const close = await box(dismiss);
      expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(44);
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in Arabic on a phone: the tracker’s status updater confirms and the view follows', async () => {
    const orderNumber = await asNewVisitor((customer) => seedOrder(customer, uniquePhone()));
    // The admin's session through the API: the sign-in screen is the first test's.
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: `/track/${orderNumber}`,
      before: adminSession,
    });
    const { page } = opened;
    try {
      const updater = page.getByRole('region', { name: 'الإدارة: تغيير الحالة' });
      // Only the next steps of the lifecycle (D17): under review, or cancelled.
      await updater.getByLabel('الحالة الجديدة').selectOption('under_review');
      await updater.getByRole('button', { name: 'تحديث الحالة' }).click();
      // The confirmation stays on screen while the view refreshes, and the history follows.
      await updater.getByText('تم تحديث الحالة').waitFor();
      const history = page.getByRole('region', { name: 'سجل الحالة' });
      await history.getByText('قيد المراجعة').waitFor();
      // Time and actor are joined by an Arabic comma, not a dot that reads as a zero.
      const joiner = await history
        .getByText('بواسطة فريق عفش')
        .evaluate((el) => getComputedStyle(el, '::before').content);
      expect(joiner).toBe('"، "');
      // The view has refreshed (the history shows the new status): the confirmation outlived it.
      expect(await updater.getByText('تم تحديث الحالة').isVisible()).toBe(true);
      await checkA11y(page, 'tracker-admin-updated-ar-phone');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('a signed-up customer who opens /admin-orders lands on /', async () => {
    const email = `customer.${Date.now()}@example.com`;
    const opened = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: '/en/admin-orders',
      before: async (customer) => {
        const signup = await customer.request.post(visitorUrl(customer, '/api/auth/signup'), {
          headers: json,
          data: { email, password: 'Strong-pass-1', confirmPassword: 'Strong-pass-1' },
        });
        expect(signup.status()).toBe(201);
      },
    });
    const { page } = opened;
    try {
      await page.waitForURL((url) => appPath(url) === '/');
      expect(await page.getByRole('heading', { name: 'Orders management' }).count()).toBe(0);

      // The admin sign-in refuses a customer account, with the spec's message.
      await page.goto(at(page, '/admin-login'));
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('Strong-pass-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'Email or password incorrect' }).waitFor();
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
