import { afterAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import arBooking from '../../locales/ar/booking.json';
import enBooking from '../../locales/en/booking.json';
import {
  appPath,
  baseUrl,
  checkA11y,
  closeBrowser,
  openPage,
  snap,
  type OpenedPage,
} from './harness';
import { ownServer } from './server';

// "Location that is right or asks" (issue 26, D21): the browser's position at Tahrir Square, a
// reverse geocoder that names a district we do not list ("قصر النيل"), or none at all.
ownServer();

afterAll(closeBrowser);

const TAHRIR = { latitude: 30.0444, longitude: 31.2357 };
const GEOCODER = '**/reverse**';
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const LATIN_DIGIT = /[0-9]/;

/** The answer for Tahrir, as Nominatim shapes it, in the language asked for. */
const QASR_EL_NIL = {
  ar: {
    display_name: 'ميدان التحرير، قصر النيل، القاهرة، مصر',
    address: { suburb: 'قصر النيل', city: 'القاهرة', state: 'محافظة القاهرة', country: 'مصر' },
  },
  en: {
    display_name: 'Tahrir Square, Qasr El Nil, Cairo, Egypt',
    address: { suburb: 'Qasr El Nil', city: 'Cairo', state: 'Cairo Governorate', country: 'Egypt' },
  },
};

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => appPath(url) === path, { timeout: 10_000 });
}

async function flow(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('afsh.booking') ?? '{}'));
}

/** The browser knows it is at Tahrir Square, and the site may ask. */
async function atTahrir(opened: OpenedPage) {
  await opened.context.grantPermissions(['geolocation'], { origin: new URL(baseUrl()).origin });
  await opened.context.setGeolocation(TAHRIR);
}

/** The geocoder answers with `body`; returns the queries it was asked. */
async function geocoderAnswers(page: Page, body: unknown): Promise<URLSearchParams[]> {
  const asked: URLSearchParams[] = [];
  await page.route(GEOCODER, async (route: Route) => {
    asked.push(new URL(route.request().url()).searchParams);
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify(body),
    });
  });
  return asked;
}

/** The geocoder cannot be reached at all: the connection fails. */
async function geocoderDown(page: Page): Promise<() => number> {
  let tries = 0;
  await page.route(GEOCODER, async (route: Route) => {
    tries += 1;
    await route.abort('internetdisconnected');
  });
  return () => tries;
}

/** No error on the page but the geocoder's own failure, which the test caused. */
function expectNoErrorsBesidesGeocoder(opened: OpenedPage) {
  const others = opened.errors.filter((e) => !e.includes('nominatim.openstreetmap.org/reverse'));
  expect(others).toEqual([]);
}

/** The nearby districts' buttons, as text, in the order shown. */
async function nearbyChoices(page: Page, title: string): Promise<string[]> {
  const region = page.getByRole('main').getByRole('region', { name: title });
  await region.waitFor();
  return (await region.getByRole('list').getByRole('button').allTextContents()).map(norm);
}

describe('location on a phone, in Arabic', () => {
  it('Tahrir with "قصر النيل، القاهرة": the nearest central districts to choose from, then step 2 fills the pickup', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/select-city' });
    const { page } = opened;
    const main = page.getByRole('main');
    const s = arBooking;
    try {
      await atTahrir(opened);
      const asked = await geocoderAnswers(page, QASR_EL_NIL.ar);
      await main.getByRole('button', { name: new RegExp(s.selectCity.gps.title) }).click();

      const choices = await nearbyChoices(page, s.selectCity.nearby.title);
      expect(choices).toHaveLength(3);
      expect(choices[0]).toMatch(/^وسط البلد ?القاهرة، على بُعد ٠٫٦ كم$/);
      expect(choices[1]).toMatch(/^جاردن سيتي ?القاهرة، على بُعد ٠٫٨ كم$/);
      expect(choices[2]).toMatch(/^عابدين ?القاهرة، على بُعد ١٫١ كم$/);
      const text = norm(await main.textContent());
      expect(text).toContain(s.selectCity.nearby.lead);
      expect(text).not.toContain('القاهرة الجديدة');
      expect(text).not.toMatch(LATIN_DIGIT);
      expect(asked[0]?.get('lat')).toBe('30.0444');
      expect(asked[0]?.get('accept-language')).toBe('ar');
      // Nothing was chosen for the customer.
      expect(await flow(page)).not.toHaveProperty('districtId');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await checkA11y(page, 'location-nearby-ar-phone');
      await snap(page, 'location-nearby-ar-phone');

      await main.getByRole('button', { name: /^وسط البلد/ }).click();
      await waitForPath(page, '/customer-info');
      await main.locator('dd').getByText('وسط البلد', { exact: true }).waitFor();
      expect(await main.getByText(s.customerInfo.location.fromGps).isVisible()).toBe(true);
      await snap(page, 'location-step2-arrived-ar-phone-screen', { fullPage: false });
      expect(await flow(page)).toMatchObject({
        governorateId: 'cairo',
        districtId: 'downtown',
        locationSource: 'gps',
      });

      // Step 2: the button above the pickup address fills the pickup address, and only it.
      await main.getByRole('button', { name: s.customerInfo.useLocation.button }).click();
      const pickup = main.getByLabel(s.customerInfo.pickup, { exact: true });
      await expect.poll(() => pickup.inputValue()).toBe(QASR_EL_NIL.ar.display_name);
      await main.getByText(s.customerInfo.useLocation.filledPickup).waitFor();
      expect(await main.getByLabel(s.customerInfo.dropoff, { exact: true }).inputValue()).toBe('');
      expect(
        await main.getByLabel(s.customerInfo.dropoffArea.district, { exact: true }).inputValue(),
      ).toBe('downtown');
      await checkA11y(page, 'location-step2-filled-ar-phone');
      await snap(page, 'location-step2-filled-ar-phone');
      await pickup.scrollIntoViewIfNeeded();
      await snap(page, 'location-step2-filled-ar-phone-screen', { fullPage: false });
      expectNoErrorsBesidesGeocoder(opened);
      expect(opened.errors).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('the geocoder down: the districts nearest the coordinates, saying the address was not looked up', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/select-city' });
    const { page } = opened;
    const main = page.getByRole('main');
    const s = arBooking;
    try {
      await atTahrir(opened);
      const tries = await geocoderDown(page);
      await main.getByRole('button', { name: new RegExp(s.selectCity.gps.title) }).click();

      const choices = await nearbyChoices(page, s.selectCity.nearby.title);
      expect(choices.map((c) => c.split('القاهرة،')[0]!.trim())).toEqual([
        'وسط البلد',
        'جاردن سيتي',
        'عابدين',
      ]);
      expect(tries()).toBeGreaterThan(0);
      await main.getByText(s.selectCity.nearby.noAddress).waitFor();
      // Not the error a refused or failed position shows.
      expect(await main.getByRole('alert').count()).toBe(0);
      expect(norm(await main.textContent())).not.toMatch(LATIN_DIGIT);
      await checkA11y(page, 'location-no-geocoder-ar-phone');
      await snap(page, 'location-no-geocoder-ar-phone');

      await main.getByRole('button', { name: /^جاردن سيتي/ }).click();
      await waitForPath(page, '/customer-info');
      expect(await flow(page)).toMatchObject({ districtId: 'garden-city', locationSource: 'gps' });

      // Step 2 without a geocoder: no address to fill, and it says so.
      await main.getByRole('button', { name: s.customerInfo.useLocation.button }).click();
      await main.getByText(s.customerInfo.useLocation.noAddress).waitFor();
      expect(await main.getByLabel(s.customerInfo.pickup, { exact: true }).inputValue()).toBe('');
      expectNoErrorsBesidesGeocoder(opened);
    } finally {
      await opened.close();
    }
  });

  it('step 2 at Tahrir with Nasr City chosen: it asks, and the answer moves the pickup area', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/select-city' });
    const { page } = opened;
    const main = page.getByRole('main');
    const s = arBooking;
    try {
      await main.getByRole('button', { name: new RegExp(s.selectCity.manualChoice.title) }).click();
      await main.getByLabel(s.selectCity.manual.governorate).selectOption({ label: 'القاهرة' });
      await main.getByLabel(s.selectCity.manual.district).selectOption({ label: 'مدينة نصر' });
      await main.getByRole('button', { name: s.selectCity.manual.continue }).click();
      await waitForPath(page, '/customer-info');

      await atTahrir(opened);
      await geocoderAnswers(page, QASR_EL_NIL.ar);
      await main.getByRole('button', { name: s.customerInfo.useLocation.button }).click();
      const question =
        'موقعك الحالي ليس في مدينة نصر، التي اخترتها منطقةً للتحميل. من أين يبدأ النقل؟';
      const answers = main.getByRole('group', { name: question });
      await answers.waitFor();
      expect((await answers.getByRole('button').allTextContents()).map(norm)).toEqual([
        'من وسط البلد، القاهرة',
        'من جاردن سيتي، القاهرة',
        'من عابدين، القاهرة',
        'من مدينة نصر، وسأكتب العنوان',
      ]);
      const pickup = main.getByLabel(s.customerInfo.pickup, { exact: true });
      expect(await pickup.inputValue()).toBe('');
      await checkA11y(page, 'location-step2-ask-ar-phone');
      await snap(page, 'location-step2-ask-ar-phone');
      // What the phone shows around the question, where the customer is.
      await main
        .getByRole('button', { name: s.customerInfo.useLocation.button })
        .scrollIntoViewIfNeeded();
      await snap(page, 'location-step2-ask-ar-phone-screen', { fullPage: false });

      await answers.getByRole('button', { name: 'من وسط البلد، القاهرة' }).click();
      await expect.poll(() => pickup.inputValue()).toBe(QASR_EL_NIL.ar.display_name);
      await main.locator('dd').getByText('وسط البلد', { exact: true }).waitFor();
      expect(
        await main.getByLabel(s.customerInfo.dropoffArea.district, { exact: true }).inputValue(),
      ).toBe('downtown');
      expect(await flow(page)).toMatchObject({ governorateId: 'cairo', districtId: 'downtown' });
      await expect.poll(() => pickup.evaluate((el) => el === document.activeElement)).toBe(true);
      expectNoErrorsBesidesGeocoder(opened);
      expect(opened.errors).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});

describe('location on a desktop, in English', () => {
  it('Tahrir with "Qasr El Nil, Cairo": the choice in English, then the pickup filled', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'desktop', path: '/select-city' });
    const { page } = opened;
    const main = page.getByRole('main');
    const s = enBooking;
    try {
      await atTahrir(opened);
      const asked = await geocoderAnswers(page, QASR_EL_NIL.en);
      await main.getByRole('button', { name: new RegExp(s.selectCity.gps.title) }).click();
      const choices = await nearbyChoices(page, s.selectCity.nearby.title);
      expect(choices).toEqual([
        expect.stringMatching(/^Downtown ?Cairo, 0\.6 km away$/),
        expect.stringMatching(/^Garden City ?Cairo, 0\.8 km away$/),
        expect.stringMatching(/^Abdeen ?Cairo, 1\.1 km away$/),
      ]);
      expect(asked[0]?.get('accept-language')).toBe('en');
      expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
      await checkA11y(page, 'location-nearby-en-desktop');
      await snap(page, 'location-nearby-en-desktop');

      await main.getByRole('button', { name: /^Garden City/ }).click();
      await waitForPath(page, '/customer-info');
      await main.locator('dd').getByText('Garden City', { exact: true }).waitFor();
      await main.getByRole('button', { name: s.customerInfo.useLocation.button }).click();
      const pickup = main.getByLabel(s.customerInfo.pickup, { exact: true });
      await expect.poll(() => pickup.inputValue()).toBe(QASR_EL_NIL.en.display_name);
      expect(await main.getByLabel(s.customerInfo.dropoff, { exact: true }).inputValue()).toBe('');
      await snap(page, 'location-step2-filled-en-desktop');
      await pickup.scrollIntoViewIfNeeded();
      await snap(page, 'location-step2-filled-en-desktop-screen', { fullPage: false });
      expect(opened.errors).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
