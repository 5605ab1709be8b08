import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIRST_CAPACITY_PLAN } from '../../src/domain/capacity';
import { cairoDatePlusDays, formatDate } from '../../src/domain/datetime';
import { formatMoney } from '../../src/domain/money';
import { FIRST_CATALOG, ratesOf, type CatalogRates } from '../../src/domain/pricing';
import { orderPrice } from '../../src/domain/booking-schemas';
import { ROOMY_CAPACITY } from '../../src/testing/capacity-fixtures';
import arAdmin from '../../locales/ar/admin.json';
import enAdmin from '../../locales/en/admin.json';
import arBooking from '../../locales/ar/booking.json';
import enBooking from '../../locales/en/booking.json';
import arPayment from '../../locales/ar/payment.json';
import arPricing from '../../locales/ar/pricing.json';
import enPricing from '../../locales/en/pricing.json';
import arTracking from '../../locales/ar/tracking.json';
import { placeOrderViaApi, startVisitorSession } from './api-orders';
import { toArabicDigits, uniquePhone } from './phone-codes';
import { chooseWindow, windowName } from './crew-windows';
import { adminCookie, adminSession, saveCrewsPlan } from './e2e-admin';
import {
  appPath,
  asNewVisitor,
  baseUrl,
  checkA11y,
  closeBrowser,
  expectNoErrors,
  newVisitor,
  openPage,
  snap,
  type OpenedPage,
} from './harness';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

// Prices as data (D11), moves between governorates (D11) and crew capacity (D12), in a real
// browser against the real server. The server is this file's own (ownServer above): each test
// starts from the first catalog and roomy crews, whatever the test before it saved.

const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const json = { 'content-type': 'application/json' };

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => appPath(url) === path, { timeout: 10_000 });
}

/** Saves `rates` as a new catalog version, as the admin's page does (PUT /api/prices). */
async function saveRates(rates: CatalogRates): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/prices`, {
    method: 'PUT',
    headers: { ...json, cookie: await adminCookie(baseUrl()) },
    body: JSON.stringify(rates),
  });
  expect(res.status).toBe(200);
}

beforeEach(async () => {
  await saveRates(ratesOf(FIRST_CATALOG));
  await saveCrewsPlan(baseUrl(), ROOMY_CAPACITY);
});

/** A booking under way, as the steps before the date screen leave it (D7). */
const booking = (flow: object) => ({ 'afsh.booking': JSON.stringify(flow) });

describe('prices as data (D11)', () => {
  it('English desktop: the admin changes a price, previews it, saves; the prices page shows it', async () => {
    // The admin's session through the API: the sign-in screen is admin.e2e.ts's.
    const opened = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: '/en/admin-prices',
      before: adminSession,
    });
    const { page } = opened;
    const main = page.getByRole('main');
    try {
      await main.getByRole('heading', { level: 1, name: enAdmin.prices.title }).waitFor();
      const partial = main.getByLabel(enPricing.moveTypes.partial.label, { exact: true });
      await expect.poll(() => partial.inputValue()).toBe(String(FIRST_CATALOG.base.partial));
      await partial.fill('1175');
      const preview = main.getByRole('table', { name: enAdmin.prices.preview.title });
      await expect
        .poll(async () => norm(await preview.textContent()))
        .toContain(norm(`+${formatMoney(175, 'en')}`));
      await checkA11y(page, 'admin-prices-en-desktop');
      await snap(page, 'prices-admin-prices-en-desktop');

      const save = main.getByRole('button', { name: /Save as version/ });
      const version = Number((await save.textContent())?.match(/\d+/)?.[0]);
      await save.click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('button', { name: enAdmin.prices.confirm.yes }).click();
      await page.getByText(`Version ${version} saved.`, { exact: false }).waitFor();

      // The server renders the prices page with the current catalog: the new price is in the
      // HTML a visitor receives, before any script runs.
      const html = await (
        await fetch(`${baseUrl()}/en/prices`, { headers: { accept: 'text/html' } })
      ).text();
      expect(norm(html.replace(/<script[\s\S]*?<\/script>/g, ''))).toContain(
        norm(formatMoney(1175, 'en')),
      );
      // A visitor (another browser) sees the new price, and the page hydrates without a mismatch.
      const visitor = await openPage({ lang: 'en', viewport: 'desktop', path: '/en/prices' });
      try {
        const table = visitor.page
          .getByRole('main')
          .getByRole('table', { name: enPricing.priceList.caption });
        await expect
          .poll(async () => norm(await table.textContent()))
          .toContain(norm(formatMoney(1175, 'en')));
        expect(norm(await table.textContent())).not.toContain(
          norm(formatMoney(FIRST_CATALOG.base.partial, 'en')),
        );
        await checkA11y(visitor.page, 'prices-new-catalog-en-desktop');
        await expectNoErrors(visitor);
      } finally {
        await visitor.close();
      }
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('Arabic phone: the admin raises the floor fee; the estimator and price list show it', async () => {
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: '/admin-prices',
      before: adminSession,
    });
    const { page } = opened;
    const main = page.getByRole('main');
    try {
      await main.getByRole('heading', { level: 1, name: arAdmin.prices.title }).waitFor();
      const floorFee = main.getByLabel(arAdmin.prices.floorFee, { exact: true });
      await expect.poll(() => floorFee.inputValue()).toBe(String(FIRST_CATALOG.floorFee));
      // Typed in Arabic-Indic digits, as an Arabic keyboard gives them.
      await floorFee.fill('٩٥');
      await checkA11y(page, 'admin-prices-ar-phone');
      await snap(page, 'prices-admin-prices-ar-phone');
      await main.getByRole('button', { name: /الحفظ كإصدار/ }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: arAdmin.prices.confirm.yes })
        .click();
      await page.getByText(/تم حفظ الإصدار/).waitFor();

      await page.goto(new URL('/prices', page.url()).toString());
      const table = main.getByRole('table', { name: arPricing.priceList.caption });
      const fee = norm(
        arPricing.priceList.floorFeeValue.replace('{{price}}', formatMoney(95, 'ar')),
      );
      await expect.poll(async () => norm(await table.textContent())).toContain(fee);
      await page.goto(new URL('/move-type', page.url()).toString());
      await expect
        .poll(async () => norm(await main.textContent()))
        .toContain(norm(formatMoney(95, 'ar')));
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});

describe('a move between governorates (D11)', () => {
  it('Arabic phone: Cairo to Alexandria shows the distance line, and the order carries the route', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/select-city' });
    const { page } = opened;
    const main = page.getByRole('main');
    const b = arBooking;
    try {
      // Step 1 asks for the service first (D22).
      await main
        .getByRole('group', { name: b.serviceChoice.legend })
        .getByRole('radio', { name: arPricing.moveTypes.full.label })
        .check();
      await main.getByRole('button', { name: new RegExp(b.selectCity.manualChoice.title) }).click();
      await main.getByLabel(b.selectCity.manual.governorate).selectOption('cairo');
      await main.getByLabel(b.selectCity.manual.district).selectOption('nasr-city');
      await main.getByRole('button', { name: b.selectCity.manual.continue }).click();
      await waitForPath(page, '/customer-info');

      await main.getByLabel(b.customerInfo.fullName, { exact: true }).fill('سلمى فؤاد');
      // A number the customer proved (the code step is phone-sign-in.e2e.ts's).
      const phone = uniquePhone();
      await startVisitorSession(page, phone);
      await main.getByLabel(b.customerInfo.phone, { exact: true }).fill(toArabicDigits(phone));
      await main.getByLabel(b.customerInfo.pickup, { exact: true }).fill('٧ شارع مكرم عبيد');
      await main.getByLabel(b.customerInfo.dropoff, { exact: true }).fill('١٢ شارع فوزي معاذ');
      const dropGovernorate = main.getByLabel(b.customerInfo.dropoffArea.governorate);
      expect(await dropGovernorate.inputValue()).toBe('cairo');
      await dropGovernorate.selectOption('alexandria');
      await main.getByLabel(b.customerInfo.dropoffArea.district).selectOption('smouha');
      await checkA11y(page, 'customer-info-dropoff-ar-phone');
      await main.getByRole('button', { name: b.customerInfo.next }).click();
      await waitForPath(page, '/date-selection');

      const date = cairoDatePlusDays(12);
      await main.getByLabel(b.dateSelection.date, { exact: true }).fill(date);
      await chooseWindow(main, 'ar', '12:00', '16:00');
      const totals = main.getByRole('region', { name: b.dateSelection.total.title });
      const price = orderPrice(FIRST_CATALOG, {
        moveType: 'full',
        pickupFloor: 0,
        dropoffFloor: 0,
        workers: 3,
        governorateId: 'cairo',
        districtId: 'nasr-city',
        dropoffGovernorateId: 'alexandria',
        dropoffDistrictId: 'smouha',
      });
      expect(price.distanceFee).toBeGreaterThan(0);
      const text = norm(await totals.textContent());
      expect(text).toContain('المسافة (حوالي');
      expect(text).toContain(norm(formatMoney(price.distanceFee, 'ar')));
      expect(text).toContain(norm(formatMoney(price.total, 'ar')));
      expect(text).not.toMatch(/[0-9]/);
      await checkA11y(page, 'date-selection-distance-ar-phone');
      await main.getByRole('button', { name: b.dateSelection.next }).click();
      await waitForPath(page, '/request-summary');

      await main.getByRole('heading', { level: 1, name: b.summary.title }).waitFor();
      const summary = norm(await main.textContent());
      expect(summary).toContain('مدينة نصر، القاهرة');
      expect(summary).toContain('سموحة، الإسكندرية');
      expect(summary).toContain(norm(windowName('12:00', '16:00', 'ar')));
      expect(summary).toContain(norm(formatMoney(price.total, 'ar')));
      await checkA11y(page, 'request-summary-route-ar-phone');
      await main.getByRole('button', { name: b.summary.confirm }).click();
      await waitForPath(page, '/payment');
      await main.getByRole('button', { name: arPayment.submit.cod }).click();
      await waitForPath(page, '/confirmation');
      await main.getByRole('heading', { level: 1, name: arPayment.confirmation.title }).waitFor();
      const confirmation = norm(await main.textContent());
      expect(confirmation).toContain('سموحة، الإسكندرية');
      expect(confirmation).toContain(norm(formatMoney(price.total, 'ar')));
      await checkA11y(page, 'confirmation-route-ar-phone');

      // Tracking by number shows the governorates, and nothing finer.
      await main.getByRole('link', { name: arPayment.confirmation.trackOrder }).click();
      await page.getByText(arTracking.found.route).waitFor();
      const tracking = norm(await page.locator('body').textContent());
      expect(tracking).toContain('من القاهرة إلى الإسكندرية');
      expect(tracking).not.toContain('سموحة');
      expect(tracking).not.toContain('مدينة نصر');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('English desktop: the distance line on the date screen, none inside one district', async () => {
    const flow = {
      governorateId: 'giza',
      districtId: 'dokki',
      fullName: 'Omar Nabil',
      phoneNumber: '01234567891',
      pickupAddress: '3 Mosadak St, Dokki',
      dropoffAddress: '8 Corniche Rd, Hurghada',
      moveType: 'partial',
    };
    const hurghada = { dropoffGovernorateId: 'red-sea', dropoffDistrictId: 'hurghada' };
    const opened = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: '/en/date-selection',
      session: booking({ ...flow, ...hurghada }),
    });
    const { page } = opened;
    const main = page.getByRole('main');
    try {
      for (const [drop, expectLine] of [
        [hurghada, true],
        [{}, false],
      ] as const) {
        if (drop !== hurghada) {
          await page.evaluate(
            (value) => sessionStorage.setItem('afsh.booking', value),
            JSON.stringify({ ...flow, ...drop }),
          );
          await page.goto(new URL('/en/date-selection', page.url()).toString());
        }
        const totals = main.getByRole('region', { name: enBooking.dateSelection.total.title });
        await totals.waitFor();
        const text = norm(await totals.textContent());
        expect(text.includes('Distance (about'), JSON.stringify(drop)).toBe(expectLine);
        if (expectLine) {
          await checkA11y(page, 'date-selection-distance-en-desktop');
        }
      }
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});

describe('crew capacity (D12)', () => {
  // A date of this spec's own, with one morning crew: nobody else books it.
  const DATE = cairoDatePlusDays(150);
  const ONE_MORNING_CREW = {
    windows: FIRST_CAPACITY_PLAN.windows,
    exceptions: [{ date: DATE, crews: { morning: 1 }, note: 'One crew' }],
  };

  it('Arabic phone: a full window is not offered; a cancelled order frees it', async () => {
    await saveCrewsPlan(baseUrl(), ONE_MORNING_CREW);
    // Another customer holds the morning's one crew.
    const other = await newVisitor();
    let opened: OpenedPage | undefined;
    try {
      const held = await placeOrderViaApi(other, {
        moveDate: DATE,
        moveTime: '08:00',
        windowId: 'morning',
      });
      opened = await openPage({
        lang: 'ar',
        viewport: 'phone',
        path: '/date-selection',
        session: booking({
          governorateId: 'cairo',
          districtId: 'maadi',
          fullName: 'هبة سامي',
          phoneNumber: '01112223334',
          pickupAddress: '٩ شارع ٢٠٠، دجلة',
          dropoffAddress: '٤ شارع النصر، المعادي',
          moveType: 'partial',
        }),
      });
      const { page } = opened;
      const main = page.getByRole('main');
      await main.getByLabel(arBooking.dateSelection.date, { exact: true }).fill(DATE);
      const midday = main.getByRole('radio', { name: windowName('12:00', '16:00', 'ar') });
      await midday.waitFor({ state: 'attached' });
      expect(
        await main.getByRole('radio', { name: windowName('08:00', '12:00', 'ar') }).count(),
      ).toBe(0);
      await checkA11y(page, 'date-selection-full-window-ar-phone');

      // The customer who held the morning cancels: the crew is free again.
      const cancelled = await other.request.post(`${baseUrl()}/api/orders/${held.id}/cancel`, {
        headers: json,
        data: {},
      });
      expect(cancelled.ok()).toBe(true);
      await page.reload();
      await main.getByLabel(arBooking.dateSelection.date, { exact: true }).fill(DATE);
      await chooseWindow(main, 'ar', '08:00', '12:00');
      await expectNoErrors(opened);
    } finally {
      await other.close();
      await opened?.close();
    }
  });

  it('English desktop: a closed day offers the next free times; the admin sets crews and reads the calendar', async () => {
    await saveCrewsPlan(baseUrl(), {
      windows: FIRST_CAPACITY_PLAN.windows,
      exceptions: [{ date: DATE, crews: { morning: 0, midday: 0, evening: 0 }, note: 'Holiday' }],
    });
    const opened = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: '/en/date-selection',
      session: booking({
        governorateId: 'cairo',
        districtId: 'maadi',
        fullName: 'Heba Sami',
        phoneNumber: '01112223335',
        pickupAddress: '9 Road 200, Degla',
        dropoffAddress: '4 Nasr St, Maadi',
        moveType: 'partial',
      }),
    });
    const { page } = opened;
    const main = page.getByRole('main');
    try {
      await main.getByLabel(enBooking.dateSelection.date, { exact: true }).fill(DATE);
      await main.getByText(enBooking.dateSelection.windows.none).waitFor();
      expect(await main.getByRole('radio', { name: /AM|PM/ }).count()).toBe(0);
      await checkA11y(page, 'date-selection-closed-day-en-desktop');
      const next = main.getByRole('button', {
        name: new RegExp(formatDate(cairoDatePlusDays(151), 'en')),
      });
      await next.first().click();
      expect(
        await main.getByLabel(enBooking.dateSelection.date, { exact: true }).inputValue(),
      ).toBe(cairoDatePlusDays(151));
      // The next day's windows load, and its first free one is chosen.
      await expect
        .poll(() => main.getByRole('radio', { checked: true, name: /AM|PM/ }).count())
        .toBe(1);

      // The admin's pages: the crews plan and the calendar.
      await adminSession(page);
      await page.goto(new URL('/en/admin-capacity', page.url()).toString());
      await main.getByRole('heading', { level: 1, name: enAdmin.capacity.title }).waitFor();
      await expect
        .poll(() => main.getByLabel(enAdmin.capacity.windows.crews, { exact: true }).count())
        .toBe(3);
      await checkA11y(page, 'admin-capacity-en-desktop');
      await snap(page, 'capacity-admin-capacity-en-desktop');

      await page.goto(new URL('/en/admin-calendar', page.url()).toString());
      await main.getByRole('heading', { level: 1, name: enAdmin.calendar.title }).waitFor();
      await main.getByRole('table').waitFor();
      await checkA11y(page, 'admin-calendar-en-desktop');
      await snap(page, 'capacity-admin-calendar-en-desktop');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('Arabic phone: the admin calendar shows a booked window and its orders', async () => {
    const date = cairoDatePlusDays(1);
    const order = await asNewVisitor((customer) =>
      placeOrderViaApi(customer, {
        moveDate: date,
        moveTime: '16:00',
        windowId: 'evening',
        fullName: 'تقويم الفرق',
      }),
    );
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: '/admin-calendar',
      before: adminSession,
    });
    const { page } = opened;
    const main = page.getByRole('main');
    try {
      await main.getByRole('heading', { level: 1, name: arAdmin.calendar.title }).waitFor();
      const cell = main.getByRole('button', {
        name: new RegExp(`^${windowName('16:00', '20:00', 'ar')} يوم ${formatDate(date, 'ar')}`),
      });
      await cell.click();
      await main.getByText(order.orderNumber).waitFor();
      expect(norm(await main.textContent())).toContain('تقويم الفرق');
      await checkA11y(page, 'admin-calendar-ar-phone');
      await snap(page, 'capacity-admin-calendar-ar-phone');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
