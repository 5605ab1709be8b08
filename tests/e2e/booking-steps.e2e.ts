import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cairoDatePlusDays, cairoToday } from '../../src/domain/datetime';
import { formatMoney } from '../../src/domain/money';
import { BOOKING_HORIZON_DAYS, estimatePrice, FIRST_CATALOG } from '../../src/domain/pricing';
import { chooseWindow } from './crew-windows';
import arBooking from '../../locales/ar/booking.json';
import enBooking from '../../locales/en/booking.json';
import arPricing from '../../locales/ar/pricing.json';
import enPricing from '../../locales/en/pricing.json';
import arValidation from '../../locales/ar/validation.json';
import enValidation from '../../locales/en/validation.json';
import arCommon from '../../locales/ar/common.json';
import enCommon from '../../locales/en/common.json';
import enPayment from '../../locales/en/payment.json';
import {
  baseUrl,
  checkA11y,
  closeBrowser,
  expectNoErrors,
  networkQuiet,
  openPage,
  snap,
  appPath,
} from './harness';
import { startVisitorSession } from './api-orders';
import { toArabicDigits, uniquePhone } from './phone-codes';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

const DAY = 24 * 60 * 60 * 1000;
const pathOf = (page: Page) => appPath(page.url());
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => appPath(url) === path, { timeout: 10_000 });
}

async function flow(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('afsh.booking') ?? '{}'));
}

type Strings = {
  b: typeof enBooking;
  v: typeof enValidation;
  p: typeof enPricing;
  c: typeof enCommon;
};
const AR: Strings = { b: arBooking, v: arValidation, p: arPricing, c: arCommon };
const EN: Strings = { b: enBooking, v: enValidation, p: enPricing, c: enCommon };

async function chooseManualLocation(page: Page, s: Strings, governorate: string, district: string) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: new RegExp(s.b.selectCity.manualChoice.title) }).click();
  await main.getByLabel(s.b.selectCity.manual.governorate).selectOption({ label: governorate });
  await main.getByLabel(s.b.selectCity.manual.district).selectOption({ label: district });
}

async function fillCustomer(page: Page, s: Strings, phone: string) {
  const main = page.getByRole('main');
  await main.getByLabel(s.b.customerInfo.fullName, { exact: true }).fill('منى عادل');
  await main.getByLabel(s.b.customerInfo.phone, { exact: true }).fill(phone);
  await main
    .getByLabel(s.b.customerInfo.pickup, { exact: true })
    .fill('١٢ شارع عباس العقاد، مدينة نصر');
  await main.getByLabel(s.b.customerInfo.dropoff, { exact: true }).fill('٥ شارع ٩، المعادي');
}

/**
 * /move-type with a full move, 4 workers and floors 2 and 1, on through /prices to the date
 * screen; returns the estimate's total as the estimator showed it.
 */
async function estimateThenReachDate(page: Page, s: Strings, lang: 'ar' | 'en'): Promise<string> {
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: s.p.moveTypePage.title }).waitFor();
  await main.getByRole('radio', { name: s.p.moveTypes.full.label }).check();
  const add = main.getByRole('button', { name: s.p.moveTypePage.workers.increase });
  await add.click();
  await add.click();
  expect(
    await main.getByRole('spinbutton', { name: s.p.moveTypePage.workers.label }).inputValue(),
  ).toBe(lang === 'ar' ? '٤' : '4');
  await main
    .getByRole('spinbutton', { name: s.p.moveTypePage.floors.pickup })
    .fill(lang === 'ar' ? '٢' : '2');
  await main
    .getByRole('spinbutton', { name: s.p.moveTypePage.floors.dropoff })
    .fill(lang === 'ar' ? '١' : '1');
  const estimate = norm(
    await main.getByRole('region', { name: s.p.breakdown.title }).textContent(),
  );
  const total = norm(
    formatMoney(
      estimatePrice(FIRST_CATALOG, {
        moveType: 'full',
        workers: 4,
        pickupFloor: 2,
        dropoffFloor: 1,
      }).total,
      lang,
    ),
  );
  expect(estimate).toContain(total);

  await main.getByRole('button', { name: s.c.actions.continue, exact: true }).click();
  await waitForPath(page, '/prices');
  await main.getByRole('button', { name: s.c.actions.continue, exact: true }).click();
  await waitForPath(page, '/select-city');
  await chooseManualLocation(
    page,
    s,
    lang === 'ar' ? 'القاهرة' : 'Cairo',
    lang === 'ar' ? 'مدينة نصر' : 'Nasr City',
  );
  await main.getByRole('button', { name: s.b.selectCity.manual.continue }).click();
  await waitForPath(page, '/customer-info');
  // A number proved already (the code step is phone-sign-in.e2e.ts's): Next goes straight on.
  const phone = uniquePhone();
  await startVisitorSession(page, phone);
  await fillCustomer(page, s, phone);
  await main.getByRole('button', { name: s.b.customerInfo.next }).click();
  await waitForPath(page, '/date-selection');
  await main.getByRole('heading', { level: 1, name: s.b.dateSelection.title }).waitFor();
  return total;
}

describe('booking steps: /select-city → /request-summary', () => {
  it('Arabic phone: manual location, Arabic-digit phone, reload, validation, summary', async () => {
    const opened = await openPage({
      warm: true,
      lang: 'ar',
      viewport: 'phone',
      path: '/select-city',
    });
    const { page } = opened;
    const s = AR;
    const main = page.getByRole('main');
    const phone = uniquePhone();
    try {
      await main.getByRole('heading', { level: 1, name: s.b.selectCity.title }).waitFor();
      expect(await main.getByRole('navigation', { name: s.b.steps.label }).textContent()).toContain(
        'الخطوة ١ من ٥',
      );
      await checkA11y(page, 'select-city-choice-ar-phone');
      await snap(page, 'booking-a-select-city-choice-ar-phone');
      // The service is asked first, and nothing is chosen for the customer (D22).
      const services = main.getByRole('group', { name: s.b.serviceChoice.legend });
      expect(await services.getByRole('radio', { checked: true }).count()).toBe(0);
      await services.getByRole('radio', { name: s.p.moveTypes.full.label }).check();

      // Manual mode: continue with nothing chosen shows the spec message.
      await main
        .getByRole('button', { name: new RegExp(s.b.selectCity.manualChoice.title) })
        .click();
      await main.getByRole('button', { name: s.b.selectCity.manual.continue }).click();
      expect(norm(await main.getByRole('alert').textContent())).toBe(s.v.location.required);
      await main.getByLabel(s.b.selectCity.manual.governorate).selectOption({ label: 'القاهرة' });
      await main.getByLabel(s.b.selectCity.manual.district).selectOption({ label: 'مدينة نصر' });
      await checkA11y(page, 'select-city-manual-ar-phone');
      await main.getByRole('button', { name: s.b.selectCity.manual.continue }).click();
      await waitForPath(page, '/customer-info');

      // Customer info: an empty required field shows its message and nothing moves on.
      await main.getByRole('heading', { level: 1, name: s.b.customerInfo.title }).waitFor();
      expect(await main.locator('dd').getByText('مدينة نصر', { exact: true }).isVisible()).toBe(
        true,
      );
      await main.getByRole('button', { name: s.b.customerInfo.next }).click();
      expect(norm(await main.getByRole('alert').first().textContent())).toBe(
        s.v.customerInfo.required,
      );
      expect(pathOf(page)).toBe('/customer-info');
      expect((await flow(page)).fullName).toBeUndefined();
      await checkA11y(page, 'customer-info-errors-ar-phone');

      await fillCustomer(page, s, toArabicDigits(phone));
      await snap(page, 'booking-a-customer-info-filled-ar-phone');
      // A crew is held only for a proved number (D13). The customer proved this one (the code
      // step itself is phone-sign-in.e2e.ts's), typed here in Arabic digits: no code step.
      await startVisitorSession(page, phone);
      await main.getByRole('button', { name: s.b.customerInfo.next }).click();
      await waitForPath(page, '/date-selection');
      expect(await flow(page)).toMatchObject({ phoneNumber: phone, fullName: 'منى عادل' });

      // A reload in the middle of the flow keeps everything.
      await page.reload();
      await networkQuiet(page);
      await main.getByRole('heading', { level: 1, name: s.b.dateSelection.title }).waitFor();
      expect(pathOf(page)).toBe('/date-selection');
      expect(await flow(page)).toMatchObject({
        governorateId: 'cairo',
        districtId: 'nasr-city',
        fullName: 'منى عادل',
        phoneNumber: phone,
      });
      await checkA11y(page, 'date-selection-ar-phone');
      await snap(page, 'booking-a-date-selection-ar-phone');

      // A past date shows its message and nothing is saved.
      const yesterday = cairoToday(new Date(Date.now() - DAY));
      const tomorrow = cairoToday(new Date(Date.now() + DAY));
      await main.getByLabel(s.b.dateSelection.date, { exact: true }).fill(yesterday);
      // No window is offered on a past day.
      await main.getByText(s.b.dateSelection.windows.chooseDate).waitFor();
      await main.getByRole('button', { name: s.b.dateSelection.next }).click();
      await main.getByText(s.v.date.past).waitFor();
      expect(pathOf(page)).toBe('/date-selection');
      expect((await flow(page)).moveDate).toBeUndefined();

      await main.getByLabel(s.b.dateSelection.date, { exact: true }).fill(tomorrow);
      await chooseWindow(main, 'ar', '08:00', '12:00');
      await main.getByLabel(s.b.dateSelection.pickupFloor, { exact: true }).fill('٣');
      await main.getByRole('button', { name: s.b.dateSelection.next }).click();
      await waitForPath(page, '/request-summary');

      await main.getByRole('heading', { level: 1, name: s.b.summary.title }).waitFor();
      const text = norm(await main.textContent());
      // The phone is stored with Latin digits and shown in the page's.
      for (const value of [
        'منى عادل',
        toArabicDigits(phone),
        'مدينة نصر، القاهرة',
        '٥ شارع ٩، المعادي',
      ]) {
        expect(text).toContain(value);
      }
      expect(text).toContain(s.b.summary.teamNote);
      expect(await flow(page)).toMatchObject({
        moveDate: tomorrow,
        moveTime: '08:00',
        windowId: 'morning',
        pickupFloor: 3,
      });
      await checkA11y(page, 'request-summary-ar-phone');
      await snap(page, 'booking-a-request-summary-ar-phone');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('English desktop: the happy path', async () => {
    const opened = await openPage({
      warm: true,
      lang: 'en',
      viewport: 'desktop',
      path: '/select-city',
    });
    const { page } = opened;
    const s = EN;
    const main = page.getByRole('main');
    try {
      await main.getByRole('heading', { level: 1, name: s.b.selectCity.title }).waitFor();
      await checkA11y(page, 'select-city-en-desktop');
      await snap(page, 'booking-a-select-city-en-desktop');
      await chooseManualLocation(page, s, 'Alexandria', 'Smouha');
      await main.getByRole('button', { name: s.b.selectCity.manual.continue }).click();
      await waitForPath(page, '/customer-info');
      await main.locator('dd').getByText('Smouha', { exact: true }).waitFor();
      const phone = uniquePhone();
      await fillCustomer(
        page,
        s,
        `+20 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`,
      );
      await checkA11y(page, 'customer-info-en-desktop');
      await snap(page, 'booking-a-customer-info-en-desktop');
      await startVisitorSession(page, phone);
      await main.getByRole('button', { name: s.b.customerInfo.next }).click();
      await waitForPath(page, '/date-selection');
      await main
        .getByLabel(s.b.dateSelection.date, { exact: true })
        .fill(cairoToday(new Date(Date.now() + 2 * DAY)));
      await chooseWindow(main, 'en', '12:00', '16:00');
      await main.getByLabel(s.b.dateSelection.moveType).selectOption('office');
      await main.getByRole('radio', { name: 'Villa' }).check();
      await checkA11y(page, 'date-selection-en-desktop');
      await snap(page, 'booking-a-date-selection-en-desktop');
      await main.getByRole('button', { name: s.b.dateSelection.next }).click();
      await waitForPath(page, '/request-summary');
      await main.getByRole('heading', { level: 1, name: s.b.summary.title }).waitFor();
      const text = norm(await main.textContent());
      expect(text).toContain(phone);
      expect(text).toContain('Smouha, Alexandria');
      expect(text).toContain('Office move');
      expect(text).toContain('4 workers');
      await checkA11y(page, 'request-summary-en-desktop');
      await snap(page, 'booking-a-request-summary-en-desktop');
      await main.getByRole('button', { name: s.b.summary.confirm }).click();
      await waitForPath(page, '/payment');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('a screen opened without its data sends the customer back', async () => {
    const opened = await openPage({
      warm: true,
      lang: 'en',
      viewport: 'phone',
      path: '/request-summary',
    });
    try {
      await waitForPath(opened.page, '/select-city');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('GPS granted: the stubbed reverse lookup lands on /customer-info with Cairo / Nasr City', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/select-city' });
    const { page, context } = opened;
    const main = page.getByRole('main');
    try {
      await context.grantPermissions(['geolocation'], { origin: new URL(baseUrl()).origin });
      await context.setGeolocation({ latitude: 30.0444, longitude: 31.2357 });
      let query: URLSearchParams | null = null;
      // The lookup answers once the test has seen the locating state: not after a time, which a
      // busy machine could make too short to see it.
      let answer = () => {};
      const seen = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/reverse**', async (route) => {
        query = new URL(route.request().url()).searchParams;
        await seen;
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          headers: { 'Access-Control-Allow-Origin': '*' },
          body: JSON.stringify({
            display_name: 'مدينة نصر، القاهرة، مصر',
            address: { state: 'القاهرة', suburb: 'مدينة نصر', country: 'مصر' },
          }),
        });
      });
      await main.getByRole('button', { name: new RegExp(AR.b.selectCity.gps.title) }).click();
      await main.getByText(AR.b.selectCity.gps.locatingTitle).waitFor();
      answer();
      await waitForPath(page, '/customer-info');
      await main.locator('dd').getByText('مدينة نصر', { exact: true }).waitFor();
      expect(await main.locator('dd').getByText('القاهرة', { exact: true }).isVisible()).toBe(true);
      expect(query).not.toBeNull();
      expect(query!.get('lat')).toBe('30.0444');
      expect(query!.get('format')).toBe('json');
      expect(await flow(page)).toMatchObject({
        governorateId: 'cairo',
        districtId: 'nasr-city',
        locationSource: 'gps',
      });
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('GPS denied: the denied message, back on the choice', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'phone', path: '/select-city' });
    const { page } = opened;
    const main = page.getByRole('main');
    try {
      await main.getByRole('button', { name: new RegExp(EN.b.selectCity.gps.title) }).click();
      const alert = main.getByRole('alert');
      await alert.getByText(EN.b.selectCity.errors.denied).waitFor();
      expect(
        await main
          .getByRole('button', { name: new RegExp(EN.b.selectCity.manualChoice.title) })
          .isVisible(),
      ).toBe(true);
      await checkA11y(page, 'select-city-denied-en-phone');
      // Dismiss is a neutral close button in the alert's top inline-end corner, not a red ×.
      const dismiss = alert.getByRole('button', { name: EN.b.selectCity.errors.dismiss });
      const alertBox = (await alert.boundingBox())!;
      const dismissBox = (await dismiss.boundingBox())!;
      expect(alertBox.x + alertBox.width - (dismissBox.x + dismissBox.width)).toBeLessThanOrEqual(
        2,
      );
      expect(dismissBox.y - alertBox.y).toBeLessThanOrEqual(2);
      const colors = await dismiss.evaluate((button) => [
        getComputedStyle(button).color,
        getComputedStyle(button.closest('[role="alert"]')!).color,
      ]);
      expect(colors[0]).not.toBe(colors[1]);
      await dismiss.click();
      expect(await main.getByRole('alert').count()).toBe(0);
      expect(pathOf(page)).toBe('/select-city');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('Arabic phone: the workers chosen on /move-type reach the date screen with the same total', async () => {
    const opened = await openPage({
      warm: true,
      lang: 'ar',
      viewport: 'phone',
      path: '/move-type',
    });
    const { page } = opened;
    const s = AR;
    const main = page.getByRole('main');
    try {
      const total = await estimateThenReachDate(page, s, 'ar');

      const stepper = main.getByRole('spinbutton', { name: s.b.dateSelection.team.workers });
      expect(await stepper.inputValue()).toBe('٤');
      const team = main.getByRole('region', { name: s.b.dateSelection.team.title });
      const teamText = norm(await team.textContent());
      // Full move on an apartment, floors 2 + 1: we recommend 3; the customer chose 4.
      expect(teamText).toContain('نقترح ٣ عمال لهذا النقل.');
      expect(teamText).not.toMatch(/[0-9]/);
      const totals = main.getByRole('region', { name: s.b.dateSelection.total.title });
      expect(norm(await totals.textContent())).toContain(total);
      expect(norm(await totals.textContent())).not.toMatch(/[0-9]/);
      const dateInput = main.getByLabel(s.b.dateSelection.date, { exact: true });
      expect(await dateInput.getAttribute('max')).toBe(cairoDatePlusDays(BOOKING_HORIZON_DAYS));

      // RTL: the row runs right to left, minus first (on the right), the value, then plus.
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      const minus = (await team
        .getByRole('button', { name: s.b.dateSelection.team.decrease })
        .boundingBox())!;
      const plus = (await team
        .getByRole('button', { name: s.b.dateSelection.team.increase })
        .boundingBox())!;
      const field = (await stepper.boundingBox())!;
      expect(minus.x).toBeGreaterThan(field.x + field.width - 1);
      expect(plus.x + plus.width).toBeLessThan(field.x + 1);
      for (const box of [minus, plus]) {
        expect(Math.abs(box.y + box.height / 2 - (field.y + field.height / 2))).toBeLessThan(2);
      }
      // Nothing spills out of the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await checkA11y(page, 'date-selection-workers-ar-phone');

      // One more worker: the total follows, and the summary shows what was chosen.
      await team.getByRole('button', { name: s.b.dateSelection.team.increase }).click();
      const five = norm(
        formatMoney(
          estimatePrice(FIRST_CATALOG, {
            moveType: 'full',
            workers: 5,
            pickupFloor: 2,
            dropoffFloor: 1,
          }).total,
          'ar',
        ),
      );
      expect(norm(await totals.textContent())).toContain(five);
      await dateInput.fill(cairoToday(new Date(Date.now() + 3 * DAY)));
      await chooseWindow(main, 'ar', '08:00', '12:00');
      await main.getByRole('button', { name: s.b.dateSelection.next }).click();
      await waitForPath(page, '/request-summary');
      await main.getByRole('heading', { level: 1, name: s.b.summary.title }).waitFor();
      const summary = norm(await main.textContent());
      expect(summary).toContain('٥ عمال');
      expect(summary).toContain(five);
      expect(await flow(page)).toMatchObject({ workers: 5, pickupFloor: 2, dropoffFloor: 1 });
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('English desktop: the estimator’s 4 workers and total carry to the date screen and the summary', async () => {
    const opened = await openPage({
      warm: true,
      lang: 'en',
      viewport: 'desktop',
      path: '/move-type',
    });
    const { page } = opened;
    const s = EN;
    const main = page.getByRole('main');
    try {
      const total = await estimateThenReachDate(page, s, 'en');

      const stepper = main.getByRole('spinbutton', { name: s.b.dateSelection.team.workers });
      expect(await stepper.inputValue()).toBe('4');
      const team = main.getByRole('region', { name: s.b.dateSelection.team.title });
      expect(norm(await team.textContent())).toContain('We recommend 3 workers for this move.');
      const totals = main.getByRole('region', { name: s.b.dateSelection.total.title });
      expect(norm(await totals.textContent())).toContain(total);

      // Keyboard: the stepper's field takes the arrow keys.
      await stepper.focus();
      await page.keyboard.press('ArrowDown');
      expect(await stepper.inputValue()).toBe('3');
      await page.keyboard.press('ArrowUp');
      expect(await stepper.inputValue()).toBe('4');
      expect(norm(await totals.textContent())).toContain(total);
      await checkA11y(page, 'date-selection-workers-en-desktop');

      await main
        .getByLabel(s.b.dateSelection.date, { exact: true })
        .fill(cairoToday(new Date(Date.now() + 3 * DAY)));
      await chooseWindow(main, 'en', '16:00', '20:00');
      await main.getByRole('button', { name: s.b.dateSelection.next }).click();
      await waitForPath(page, '/request-summary');
      await main.getByRole('heading', { level: 1, name: s.b.summary.title }).waitFor();
      const summary = norm(await main.textContent());
      expect(summary).toContain('4 workers');
      expect(summary).toContain(total);
      await main.getByRole('button', { name: s.b.summary.confirm }).click();
      await waitForPath(page, '/payment');
      await main.getByRole('heading', { level: 1, name: enPayment.title }).waitFor();
      expect(norm(await main.textContent())).toContain(total);
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
