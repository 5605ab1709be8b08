import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { cairoDatePlusDays, formatMoveDay, formatTime } from '../../src/domain/datetime';
import { formatMoney } from '../../src/domain/money';
import { estimatePrice, FIRST_CATALOG, ratesOf } from '../../src/domain/pricing';
import { futureDate } from '../../src/testing/order-fixtures';
import arBooking from '../../locales/ar/booking.json';
import enBooking from '../../locales/en/booking.json';
import arCommon from '../../locales/ar/common.json';
import enCommon from '../../locales/en/common.json';
import arPayment from '../../locales/ar/payment.json';
import arPricing from '../../locales/ar/pricing.json';
import enPricing from '../../locales/en/pricing.json';
import arTracking from '../../locales/ar/tracking.json';
import { placeOrderViaApi, startVisitorSession } from './api-orders';
import { chooseWindow } from './crew-windows';
import { adminCookie } from './e2e-admin';
import {
  appPath,
  asNewVisitor,
  baseUrl,
  checkA11y,
  closeBrowser,
  expectNoErrors,
  networkQuiet,
  openPage,
  settled,
  snap,
} from './harness';
import { toArabicDigits, uniquePhone } from './phone-codes';
import { ownServer } from './server';

// The customer's phone, issue 26 (D22): the price in sight on the date step, the service asked
// for, a price change as news, the header's tracking dialog, floating buttons that cover nothing,
// Arabic-Indic digits and the weekday in every date the customer confirms. This file's own
// server and database (server.ts).
ownServer();

afterAll(closeBrowser);

const norm = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/[\u200E\u200F]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const money = (n: number, language: 'ar' | 'en') => norm(formatMoney(n, language));
const waitForPath = (page: Page, path: string) =>
  page.waitForURL((url) => appPath(url) === path, { timeout: 10_000 });

/**
 * Latin digits in what an Arabic page shows (its text nodes, screen-reader-only text included),
 * outside what is left to right on purpose: fields and values marked dir="ltr", order numbers
 * (AF-YYYYMMDD-N, D6) and the test card's number.
 */
async function latinDigitsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const element = node.parentElement;
      if (!element || !/[0-9]/.test(text)) continue;
      if (element.closest('script, style, noscript, template, [hidden], [dir="ltr"]')) continue;
      const rest = text.replace(/\bAF-\d{8}-\d{1,6}\b/g, '').replace(/4242 4242 4242 4242/g, '');
      if (/[0-9]/.test(rest)) found.push(text.trim());
    }
    return found;
  });
}

/** A period doubled after the pound sign ("ج.م.."), or anywhere, in the page's text. */
async function doubledPeriods(page: Page): Promise<string[]> {
  const text = (await page.locator('body').innerText()).replace(/[\u200E\u200F]/g, '');
  return text.match(/.{0,20}\.\s*\.(?!\.).{0,10}/g) ?? [];
}

/** Where an element's centre is, and what the page shows on top there. */
async function onTopAtCentre(target: Locator): Promise<{ inViewport: boolean; onTop: boolean }> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const inViewport = box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
    const top = document.elementFromPoint(x, y);
    return { inViewport, onTop: top !== null && (element === top || element.contains(top)) };
  });
}

/** The floating buttons' boxes while they are shown (none when they are out of the way). */
async function floatingBoxes(page: Page): Promise<DOMRect[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.floating-button')]
      .filter((button) => {
        const style = getComputedStyle(button);
        return (
          style.visibility === 'visible' &&
          Number(getComputedStyle(button.parentElement!).opacity) > 0
        );
      })
      .map((button) => button.getBoundingClientRect().toJSON() as DOMRect),
  );
}

/** The texts in `selector` that a shown floating button covers, even in part. */
async function textsUnderFloating(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const buttons = [...document.querySelectorAll('.floating-button')]
      .filter(
        (b) =>
          getComputedStyle(b).visibility === 'visible' &&
          Number(getComputedStyle(b.parentElement!).opacity) > 0,
      )
      .map((b) => b.getBoundingClientRect());
    const covered: string[] = [];
    for (const element of document.querySelectorAll(sel)) {
      // Each line box of the text, not the element's whole box (a heading is as wide as its column).
      const range = document.createRange();
      range.selectNodeContents(element);
      for (const line of range.getClientRects()) {
        if (line.width === 0 || line.height === 0) continue;
        const hit = buttons.some(
          (b) =>
            b.left < line.right &&
            line.left < b.right &&
            b.top < line.bottom &&
            line.top < b.bottom,
        );
        if (hit) {
          covered.push((element.textContent ?? '').trim().slice(0, 40));
          break;
        }
      }
    }
    return covered;
  }, selector);
}

const HERO_TEXT = '.home-hero h1, .home-hero p, .home-hero li, .home-hero a';

/** A booking under way up to the date step (D7): where, who, and a number proved for it. */
function bookingUpToDate<T extends object>(extra: T = {} as T) {
  return {
    governorateId: 'cairo',
    districtId: 'nasr-city',
    fullName: 'منى عادل',
    phoneNumber: uniquePhone(),
    pickupAddress: '١٢ شارع عباس العقاد، مدينة نصر',
    dropoffAddress: '٥ شارع ٩، المعادي',
    ...extra,
  };
}

describe('the price in sight (D22)', () => {
  it('Arabic phone: step 1 asks for the service; on the date step the total stays in sight and uncovered while floors, crew and service change', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/select-city' });
    const { page } = opened;
    const main = page.getByRole('main');
    const b = arBooking;
    try {
      // Step 1: the service is the first question, and nothing is chosen for the customer.
      const services = main.getByRole('group', { name: b.serviceChoice.legend });
      const full = services.getByRole('radio', { name: arPricing.moveTypes.full.label });
      expect(await full.isChecked()).toBe(false);
      expect(await services.getByRole('radio', { checked: true }).count()).toBe(0);
      await snap(page, 'phone-step1-service-ar-phone', { fullPage: false });
      await checkA11y(page, 'step1-service-ar-phone');
      await full.check();

      await main.getByRole('button', { name: new RegExp(b.selectCity.manualChoice.title) }).click();
      await main.getByLabel(b.selectCity.manual.governorate).selectOption('cairo');
      await main.getByLabel(b.selectCity.manual.district).selectOption('nasr-city');
      await main.getByRole('button', { name: b.selectCity.manual.continue }).click();
      await waitForPath(page, '/customer-info');
      const phone = uniquePhone();
      await startVisitorSession(page, phone);
      await main.getByLabel(b.customerInfo.fullName, { exact: true }).fill('منى عادل');
      await main.getByLabel(b.customerInfo.phone, { exact: true }).fill(toArabicDigits(phone));
      await main.getByLabel(b.customerInfo.pickup, { exact: true }).fill('١٢ شارع عباس العقاد');
      await main.getByLabel(b.customerInfo.dropoff, { exact: true }).fill('٥ شارع ٩، المعادي');
      await main.getByRole('button', { name: b.customerInfo.next }).click();
      await waitForPath(page, '/date-selection');
      await main.getByRole('heading', { level: 1, name: b.dateSelection.title }).waitFor();

      // The service chosen on step 1 is the one here.
      expect(await main.getByLabel(b.dateSelection.moveType).inputValue()).toBe('full');
      const bar = page.locator('.price-bar');
      const barText = async () => norm(await bar.locator('.price-bar-inner').textContent());
      const status = bar.getByRole('status');
      // A full move, ground floors: the team we recommend is 3 (D4).
      expect(await barText()).toContain(money(2000, 'ar'));
      // At the top of the step, the total is already in sight, and nothing covers it.
      expect(await onTopAtCentre(bar)).toEqual({ inViewport: true, onTop: true });

      // The floors, typed with the keyboard: 3 + 2 floors make the team we recommend 4.
      const pickup = main.getByLabel(b.dateSelection.pickupFloor, { exact: true });
      const dropoff = main.getByLabel(b.dateSelection.dropoffFloor, { exact: true });
      await pickup.focus();
      await page.keyboard.press('Backspace');
      await page.keyboard.type('٣');
      await dropoff.focus();
      await page.keyboard.press('Backspace');
      await page.keyboard.type('٢');
      const withFloors = estimatePrice(FIRST_CATALOG, {
        moveType: 'full',
        workers: 4,
        pickupFloor: 3,
        dropoffFloor: 2,
      }).total;
      await expect.poll(barText).toContain(money(withFloors, 'ar'));
      expect(await barText()).toContain(
        `دوران إضافيان +${money(160, 'ar')} · عامل إضافي (مقترح) +${money(250, 'ar')}`,
      );
      expect(norm(await status.textContent())).toContain(
        `الإجمالي الآن ${money(withFloors, 'ar')}`,
      );
      // The total is in sight and on top while the field is edited, and the field is not under it.
      expect(await onTopAtCentre(bar)).toEqual({ inViewport: true, onTop: true });
      expect(await onTopAtCentre(dropoff)).toEqual({ inViewport: true, onTop: true });
      await snap(page, 'phone-date-floors-ar-phone', { fullPage: false });

      // The crew, one more: the total follows, still in sight and uncovered.
      const team = main.getByRole('region', { name: b.dateSelection.team.title });
      const add = team.getByRole('button', { name: b.dateSelection.team.increase });
      await add.scrollIntoViewIfNeeded();
      await add.click();
      await expect.poll(barText).toContain(money(withFloors + 250, 'ar'));
      expect(await barText()).toContain(`عامل إضافي +${money(250, 'ar')}`);
      expect(await onTopAtCentre(bar)).toEqual({ inViewport: true, onTop: true });
      expect(await onTopAtCentre(add)).toEqual({ inViewport: true, onTop: true });
      await snap(page, 'phone-date-crew-ar-phone', { fullPage: false });

      // The service, changed back at the top of the step: the bar says what it did.
      const select = main.getByLabel(b.dateSelection.moveType);
      await select.scrollIntoViewIfNeeded();
      await select.selectOption('partial');
      await expect.poll(barText).toContain(`${arPricing.moveTypes.partial.label} بدلًا من`);
      expect(await onTopAtCentre(bar)).toEqual({ inViewport: true, onTop: true });
      expect(await onTopAtCentre(select)).toEqual({ inViewport: true, onTop: true });

      // Next comes after the crew and the total; the bar stops above it and never covers it.
      const next = main.getByRole('button', { name: b.dateSelection.next });
      await next.scrollIntoViewIfNeeded();
      expect(await onTopAtCentre(next)).toEqual({ inViewport: true, onTop: true });
      // In its own place now: under the crew and the breakdown, above Next.
      const order = await page.evaluate(() => {
        const at = (s: string) => document.querySelector(s)!.getBoundingClientRect().top;
        return [at('.date-team'), at('.date-total'), at('.price-bar'), at('.date-actions')];
      });
      expect([...order].sort((x, y) => x - y)).toEqual(order);
      await snap(page, 'phone-date-next-ar-phone', { fullPage: false });
      await checkA11y(page, 'date-price-bar-ar-phone');
      expect(await latinDigitsShown(page)).toEqual([]);
      expect(await doubledPeriods(page)).toEqual([]);

      // The weekday with the date, on this step and every one after it.
      const date = cairoDatePlusDays(9);
      await main.getByLabel(b.dateSelection.date, { exact: true }).fill(date);
      await main.getByText(formatMoveDay(date, 'ar'), { exact: true }).waitFor();
      await chooseWindow(main, 'ar', '08:00', '12:00');
      await next.click();
      await waitForPath(page, '/request-summary');
      await main.getByRole('heading', { level: 1, name: b.summary.title }).waitFor();
      expect(norm(await main.textContent())).toContain(norm(formatMoveDay(date, 'ar')));
      expect(await latinDigitsShown(page)).toEqual([]);
      await main.getByRole('button', { name: b.summary.confirm }).click();
      await waitForPath(page, '/payment');
      await main.getByRole('heading', { level: 1, name: arPayment.title }).waitFor();
      expect(norm(await main.textContent())).toContain(
        norm(
          `${formatMoveDay(date, 'ar')}، من ${formatTime('08:00', 'ar')} إلى ${formatTime('12:00', 'ar')}`,
        ),
      );
      expect(await latinDigitsShown(page)).toEqual([]);
      await main.getByRole('button', { name: arPayment.submit.cod }).click();
      await waitForPath(page, '/confirmation');
      await main.getByRole('heading', { level: 1, name: arPayment.confirmation.title }).waitFor();
      expect(norm(await main.textContent())).toContain(
        norm(
          `${formatMoveDay(date, 'ar')}، من ${formatTime('08:00', 'ar')} إلى ${formatTime('12:00', 'ar')}`,
        ),
      );
      expect(await latinDigitsShown(page)).toEqual([]);
      expect(await doubledPeriods(page)).toEqual([]);
      await snap(page, 'phone-confirmation-weekday-ar-phone', { fullPage: false });
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('Arabic phone: a price change at payment is news with the new total, not an error', async () => {
    const flow = bookingUpToDate({
      moveType: 'full',
      housing: 'apartment',
      pickupFloor: 1,
      dropoffFloor: 1,
      workers: 3,
      moveDate: futureDate(6),
      moveTime: '08:00',
      windowId: 'morning',
      windowEnd: '12:00',
      catalogVersion: 1,
      totalPrice: estimatePrice(FIRST_CATALOG, {
        moveType: 'full',
        workers: 3,
        pickupFloor: 1,
        dropoffFloor: 1,
      }).total,
    });
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: '/payment',
      session: { 'afsh.booking': JSON.stringify(flow) },
      before: (context) => startVisitorSession(context, flow.phoneNumber),
    });
    const { page } = opened;
    const main = page.getByRole('main');
    const rates = ratesOf(FIRST_CATALOG);
    try {
      await main.getByRole('button', { name: arPayment.submit.cod }).waitFor();
      // The office raises the full move's price while the customer is on this page.
      rates.base.full += 200;
      const saved = await fetch(`${baseUrl()}/api/prices`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: await adminCookie(baseUrl()) },
        body: JSON.stringify(rates),
      });
      expect(saved.status).toBe(200);
      await main.getByRole('button', { name: arPayment.submit.cod }).click();

      const notice = main.getByRole('status').filter({ hasText: arBooking.pricesChanged.title });
      await notice.waitFor();
      const text = norm(await notice.textContent());
      expect(text).toContain(
        `${money(flow.totalPrice + 200, 'ar')} بدلًا من ${money(flow.totalPrice, 'ar')}`,
      );
      // Focused, so a screen reader reads it at once; no red error box beside it.
      await page.waitForFunction(() =>
        document.activeElement?.classList.contains('prices-changed'),
      );
      expect(await main.getByRole('alert').count()).toBe(0);
      expect(await doubledPeriods(page)).toEqual([]);
      expect(await latinDigitsShown(page)).toEqual([]);
      await snap(page, 'phone-prices-changed-ar-phone', { fullPage: false });
      await checkA11y(page, 'prices-changed-ar-phone');

      await notice.getByRole('button').click();
      await main.getByRole('button', { name: arPayment.submit.cod }).click();
      await waitForPath(page, '/confirmation');
      await main.getByRole('heading', { level: 1, name: arPayment.confirmation.title }).waitFor();
      expect(norm(await main.textContent())).toContain(money(flow.totalPrice + 200, 'ar'));
      await expectNoErrors(opened);
    } finally {
      rates.base.full = FIRST_CATALOG.base.full;
      await fetch(`${baseUrl()}/api/prices`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: await adminCookie(baseUrl()) },
        body: JSON.stringify(ratesOf(FIRST_CATALOG)),
      });
      await opened.close();
    }
  });
});

describe('the tracking entry (D22)', () => {
  it('Arabic phone: the header opens a dialog; an Arabic-Indic, spaced, lower-case number is found', async () => {
    const order = await asNewVisitor((owner) =>
      placeOrderViaApi(owner, { moveType: 'partial', moveDate: futureDate(4) }),
    );
    const [, day, suffix] = order.orderNumber.split('-');
    const typed = `af ${toArabicDigits(day!)} ${toArabicDigits(suffix!)}`;
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/about' });
    const { page } = opened;
    try {
      const browserDialogs: string[] = [];
      page.on('dialog', (dialog) => {
        browserDialogs.push(dialog.type());
        void dialog.dismiss();
      });
      const opener = page.getByRole('button', { name: arCommon.nav.track });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: arCommon.trackDialog.title });
      const field = dialog.getByRole('textbox', { name: arCommon.trackDialog.label });
      await page.waitForFunction(
        (el) => el === document.activeElement,
        await field.elementHandle(),
      );
      expect(await field.getAttribute('dir')).toBe('ltr');
      // Modal: the page behind cannot be reached with Tab, and Escape closes it, focus back.
      for (let i = 0; i < 6; i += 1) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(
        (el) => el === document.activeElement,
        await opener.elementHandle(),
      );

      await opener.click();
      await field.fill(typed);
      // Typed left to right in the order typed: the digits of the date come before the suffix.
      const style = await field.evaluate((el) => {
        const s = getComputedStyle(el);
        return { direction: s.direction, unicodeBidi: s.unicodeBidi };
      });
      expect(style).toEqual({ direction: 'ltr', unicodeBidi: 'bidi-override' });
      await snap(page, 'phone-track-dialog-ar-phone', { fullPage: false });
      await checkA11y(page, 'track-dialog-ar-phone');
      expect(await latinDigitsShown(page)).toEqual([]);
      await dialog.getByRole('button', { name: arCommon.trackDialog.submit, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/track/${order.orderNumber}`);
      await page.getByText(arTracking.found.status).first().waitFor();
      expect(norm(await page.locator('body').textContent())).toContain(order.orderNumber);
      expect(browserDialogs).toEqual([]);
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('Arabic phone: /track-order keeps an Arabic-Indic number in the order typed, and finds it', async () => {
    const order = await asNewVisitor((owner) =>
      placeOrderViaApi(owner, { moveType: 'office', moveDate: futureDate(3) }),
    );
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/track-order' });
    const { page } = opened;
    try {
      const field = page.getByLabel(arTracking.form.label, { exact: true });
      await field.fill(toArabicDigits(order.orderNumber.replace(/-/g, ' ').toLowerCase()));
      expect(
        await field.evaluate((el) => {
          const s = getComputedStyle(el);
          return [s.direction, s.unicodeBidi];
        }),
      ).toEqual(['ltr', 'bidi-override']);
      await snap(page, 'phone-track-order-typed-ar-phone', { fullPage: false });
      await page.getByRole('button', { name: arTracking.form.submit, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/track/${order.orderNumber}`);
      await page.getByText(arTracking.found.status).first().waitFor();
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});

describe('floating buttons cover nothing (D22)', () => {
  it.each([
    [320, 568],
    [390, 844],
  ])(
    'Arabic phone at %i px: not over the hero, room at the end, never above a dialog',
    async (width, height) => {
      const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/' });
      const { page } = opened;
      try {
        await page.setViewportSize({ width, height });
        await settled(page);
        // The first screen: the hero's text is never under them.
        expect(await textsUnderFloating(page, HERO_TEXT)).toEqual([]);
        expect(await floatingBoxes(page)).toEqual([]);
        await snap(page, `phone-floating-hero-${width}-ar-phone`, { fullPage: false });

        // Scrolled down the hero, a step at a time: they appear once it is clear of them, and
        // its text is never under them on the way.
        let shown = false;
        for (let y = 0; y <= 3 * height; y += Math.round(height / 4)) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await settled(page);
          expect(await textsUnderFloating(page, HERO_TEXT), `at ${y}px`).toEqual([]);
          if ((await floatingBoxes(page)).length === 2) shown = true;
        }
        expect(shown).toBe(true);

        // The page's end keeps room for them: the footer's text scrolls clear.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await settled(page);
        expect(await floatingBoxes(page)).toHaveLength(2);
        expect(
          await textsUnderFloating(page, '.site-footer p, .site-footer a, .site-footer h2'),
        ).toEqual([]);
        await snap(page, `phone-floating-end-${width}-ar-phone`, { fullPage: false });

        // A dialog is the only thing on top: the buttons step aside under it.
        await page.getByRole('button', { name: arCommon.nav.track }).click();
        await page.getByRole('dialog', { name: arCommon.trackDialog.title }).waitFor();
        await settled(page);
        expect(await floatingBoxes(page)).toEqual([]);
        for (const name of [arCommon.contact.floatingWhatsapp, arCommon.contact.floatingCall]) {
          const link = page.getByRole('link', { name, includeHidden: true });
          expect((await onTopAtCentre(link)).onTop, name).toBe(false);
        }
        await snap(page, `phone-floating-dialog-${width}-ar-phone`, { fullPage: false });
        await page.keyboard.press('Escape');
        await settled(page);
        expect(await floatingBoxes(page)).toHaveLength(2);

        // And under the open menu.
        await page.getByRole('button', { name: arCommon.nav.openMenu }).click();
        await settled(page);
        expect(await floatingBoxes(page)).toEqual([]);
        await expectNoErrors(opened);
      } finally {
        await opened.close();
      }
    },
  );

  it('Arabic pages show no Latin digit in their text and no doubled period', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/' });
    const { page } = opened;
    try {
      for (const path of [
        '/',
        '/about',
        '/prices',
        '/move-type',
        '/select-city',
        '/contact',
        '/login',
        '/track-order',
        '/reviews',
        '/privacy-policy',
      ]) {
        await page.goto(new URL(path, baseUrl()).toString());
        await networkQuiet(page);
        await settled(page);
        expect(await latinDigitsShown(page), path).toEqual([]);
        expect(await doubledPeriods(page), path).toEqual([]);
      }
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});

describe('a service chosen on /prices (D22)', () => {
  it('English desktop: is the one chosen on step 1', async () => {
    const opened = await openPage({
      warm: true,
      lang: 'en',
      viewport: 'desktop',
      path: '/en/prices',
    });
    const { page } = opened;
    const main = page.getByRole('main');
    try {
      await main.getByRole('radio', { name: enPricing.moveTypes.partial.label }).check();
      await main.getByRole('button', { name: enCommon.actions.continue, exact: true }).click();
      await waitForPath(page, '/select-city');
      const services = main.getByRole('group', { name: enBooking.serviceChoice.legend });
      const partial = services.getByRole('radio', { name: enPricing.moveTypes.partial.label });
      await expect.poll(() => partial.isChecked()).toBe(true);
      expect(await services.getByRole('radio', { checked: true }).count()).toBe(1);
      await snap(page, 'phone-step1-carried-en-desktop', { fullPage: false });
      await checkA11y(page, 'step1-carried-en-desktop');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});

describe('English on a desktop (D22)', () => {
  it('the date step’s total beside the fields, Next under it; the track dialog; floating buttons clear', async () => {
    const flow = bookingUpToDate({ moveType: 'office' });
    const opened = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: '/en/date-selection',
      session: { 'afsh.booking': JSON.stringify(flow) },
    });
    const { page } = opened;
    const main = page.getByRole('main');
    const b = enBooking;
    try {
      await main.getByRole('heading', { level: 1, name: b.dateSelection.title }).waitFor();
      const bar = page.locator('.price-bar');
      const barText = async () => norm(await bar.locator('.price-bar-inner').textContent());
      // An office move, ground floors: the team we recommend is 3 (D4).
      expect(await barText()).toBe(`${b.priceBar.label} ${money(1200 + 2 * 250, 'en')}`);
      await main
        .getByRole('region', { name: b.dateSelection.team.title })
        .getByRole('button', { name: b.dateSelection.team.increase })
        .click();
      await expect.poll(barText).toContain(`One more worker +${money(250, 'en')}`);
      await main.getByLabel(b.dateSelection.moveType).selectOption('full');
      await expect
        .poll(barText)
        .toContain(
          `${enPricing.moveTypes.full.label} instead of ${enPricing.moveTypes.office.label} +${money(300, 'en')}`,
        );
      // Beside the fields: the team, the breakdown and its total in one column, the total in
      // sight at the foot of the screen from the start, and while the floors are edited.
      const columns = await page.evaluate(() => {
        const left = (s: string) =>
          Math.round(document.querySelector(s)!.getBoundingClientRect().left);
        return {
          fields: left('.date-fields'),
          side: [left('.date-team'), left('.date-total'), left('.price-bar')],
        };
      });
      expect(new Set(columns.side).size).toBe(1);
      expect(columns.side[0]).not.toBe(columns.fields);
      expect(await onTopAtCentre(bar)).toEqual({ inViewport: true, onTop: true });
      const dropoff = main.getByLabel(b.dateSelection.dropoffFloor, { exact: true });
      await dropoff.focus();
      await page.keyboard.press('Backspace');
      await page.keyboard.type('4');
      await expect.poll(barText).toContain(`4 more floors +${money(320, 'en')}`);
      expect(await onTopAtCentre(bar)).toEqual({ inViewport: true, onTop: true });
      expect(await onTopAtCentre(dropoff)).toEqual({ inViewport: true, onTop: true });
      // Next follows both columns, and nothing covers it.
      const next = main.getByRole('button', { name: b.dateSelection.next });
      await next.scrollIntoViewIfNeeded();
      expect(await onTopAtCentre(next)).toEqual({ inViewport: true, onTop: true });
      await snap(page, 'phone-date-price-en-desktop', { fullPage: false });
      await checkA11y(page, 'date-price-bar-en-desktop');

      // The header's dialog, in English.
      await page.getByRole('button', { name: enCommon.nav.track }).click();
      const dialog = page.getByRole('dialog', { name: enCommon.trackDialog.title });
      await dialog.getByRole('textbox', { name: enCommon.trackDialog.label }).waitFor();
      await snap(page, 'phone-track-dialog-en-desktop', { fullPage: false });
      await checkA11y(page, 'track-dialog-en-desktop');
      await page.keyboard.press('Escape');

      // Home on a desktop: the hero's text is never under the floating buttons.
      await page.goto(new URL('/en/', baseUrl()).toString());
      await settled(page);
      expect(await textsUnderFloating(page, HERO_TEXT)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2));
      await settled(page);
      expect(await floatingBoxes(page)).toHaveLength(2);
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
