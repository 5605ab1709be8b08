import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  baseUrl,
  checkA11y,
  closeBrowser,
  expectNoErrors,
  newVisitor,
  openPage,
  snap,
  type OpenedPage,
} from './harness';
import { placeOrderViaApi } from './api-orders';
import { adminCookie, adminSession, saveCrewsPlan } from './e2e-admin';
import { phoneCodeFor, toArabicDigits, uniquePhone } from './phone-codes';
import { ownServer } from './server';
import { futureDate } from '../../src/testing/order-fixtures';
import { formatTimeRange } from '../../src/domain/datetime';
import type { FleetDraft } from '../../src/domain/fleet';
import { FIRST_CAPACITY_PLAN, WEEKDAYS } from '../../src/domain/capacity';
import authAr from '../../locales/ar/auth.json';
import crewAr from '../../locales/ar/crew.json';
import trackingAr from '../../locales/ar/tracking.json';
import errorsEn from '../../locales/en/errors.json';

// Dispatch in the field (D28), end to end on one server of this file's own: the office's fleet of
// three crews in two governorates, a day with a long move on the board, an order moved by
// keyboard and a clash refused; then a team leader's phone runs a move from "we set off" to a
// signed delivery, one step tapped without a connection, while the customer's tracker follows.
ownServer();

afterAll(closeBrowser);

/** Tomorrow in Cairo: a day on the board and on the crew's phone (today's and tomorrow's jobs). */
const DAY = futureDate(1);

const LEADER = { name: 'Mahmoud Adel', phone: uniquePhone() };

/** Three crews, two in Cairo and one in the Delta, each with its truck. */
const FLEET: FleetDraft = {
  crews: [
    {
      id: 'maadi',
      name: 'Maadi crew',
      leaderName: LEADER.name,
      leaderPhone: LEADER.phone,
      size: 4,
      governorates: ['cairo', 'giza'],
      days: [...WEEKDAYS],
      truckId: 'truck-1',
      active: true,
    },
    {
      id: 'nasr',
      name: 'Nasr City crew',
      leaderName: 'Karim Fathy',
      leaderPhone: uniquePhone(),
      size: 3,
      governorates: ['cairo'],
      days: [...WEEKDAYS],
      truckId: 'truck-2',
      active: true,
    },
    {
      id: 'delta',
      name: 'Delta crew',
      leaderName: 'Said Mansour',
      leaderPhone: uniquePhone(),
      size: 4,
      governorates: ['kafr-el-sheikh', 'gharbia'],
      days: [...WEEKDAYS],
      truckId: 'truck-3',
      active: true,
    },
  ],
  trucks: [
    { id: 'truck-1', plate: 'ق ط ر 1234', size: 'medium', active: true },
    { id: 'truck-2', plate: 'ن ص ر 5678', size: 'small', active: true },
    { id: 'truck-3', plate: 'د ل ت 9012', size: 'large', active: true },
  ],
};

interface Booked {
  id: string;
  orderNumber: string;
  totalPrice: number;
}
let inMaadi: Booked;
let inNasrCity: Booked;
let longMove: Booked;

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const base = baseUrl();
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', cookie: await adminCookie(base) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  expect(res.ok, text).toBe(true);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Where the office's board says an order is: its crew and first window. */
async function assignmentOf(orderId: string) {
  const { order } = (await api(`/api/orders/${orderId}`)) as {
    order: { assignment: { crewId: string; slots: { date: string; windowId: string }[] } | null };
  };
  return order.assignment;
}

/** Books a move for tomorrow morning as a customer of its own. */
async function book(patch: Parameters<typeof placeOrderViaApi>[1]): Promise<Booked> {
  const customer = await newVisitor();
  try {
    return await placeOrderViaApi(customer, { moveDate: DAY, moveTime: '09:00', ...patch });
  } finally {
    await customer.close();
  }
}

/**
 * The day the tests look at, set up once for the file by whichever test runs first (expect.poll,
 * which reading a sign-in code uses, runs only inside a test): the fleet, and three moves.
 */
let dayReady: Promise<void> | null = null;
function theDay(): Promise<void> {
  dayReady ??= setUpTheDay();
  return dayReady;
}

async function setUpTheDay(): Promise<void> {
  // The first plan's three windows, three crews each, as a company starting out has them.
  await saveCrewsPlan(baseUrl(), {
    windows: FIRST_CAPACITY_PLAN.windows.map((window) => ({ ...window })),
    exceptions: [],
  });
  await api('/api/admin/fleet', { method: 'PUT', body: FLEET });
  inMaadi = await book({
    fullName: 'Hoda Maadi',
    pickupAddress: '5 Road 9, Maadi',
    dropoffAddress: '20 Street 233, Degla',
    governorateId: 'cairo',
    districtId: 'maadi',
    paymentMethod: 'cod',
    notes: 'The piano needs four people',
  });
  inNasrCity = await book({
    fullName: 'Omar Nasr',
    pickupAddress: '14 Abbas El Akkad, Nasr City',
    dropoffAddress: '3 Makram Ebeid',
    governorateId: 'cairo',
    districtId: 'nasr-city',
  });
  longMove = await book({
    fullName: 'Salma Delta',
    pickupAddress: '8 El Geish Street',
    dropoffAddress: 'Naama Bay, building 4',
    governorateId: 'kafr-el-sheikh',
    districtId: 'kafr-el-sheikh-city',
    dropoffGovernorateId: 'south-sinai',
    dropoffDistrictId: 'sharm-el-sheikh',
    moveType: 'full',
    housing: 'apartment',
    workers: 4,
  });
}

describe('dispatch (D28)', () => {
  it('books each move onto a crew that serves its governorate, the long one for as long as it takes', async () => {
    await theDay();
    const maadi = await assignmentOf(inMaadi.id);
    const nasr = await assignmentOf(inNasrCity.id);
    const long = await assignmentOf(longMove.id);
    // The two Cairo moves of the same window go to two Cairo crews; the Delta's to its own crew.
    expect(new Set([maadi?.crewId, nasr?.crewId])).toEqual(new Set(['maadi', 'nasr']));
    expect(long?.crewId).toBe('delta');
    // About 430 km and back: more than one window, into the next day.
    expect(long!.slots.length).toBeGreaterThan(3);
    expect(long!.slots.at(-1)!.date > DAY).toBe(true);
  });

  it('in English on a desktop: the board shows the day, moves an order by keyboard and refuses a clash with its reason', async () => {
    await theDay();
    const opened = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: '/admin-dispatch',
      before: adminSession,
    });
    const { page } = opened;
    try {
      await page.getByLabel('Day', { exact: true }).fill(DAY);
      const board = page.getByRole('table', { name: /^Board of / });
      const row = (crew: string) => board.getByRole('row').filter({ hasText: crew });
      await row('Delta crew').getByText(longMove.orderNumber).first().waitFor();
      // Three crews, two governorates, each with its leader's first name and truck.
      await row('Maadi crew').getByText('Leader: Mahmoud').waitFor();
      await row('Delta crew').getByRole('rowheader').getByText('Kafr El Sheikh').waitFor();
      await row('Maadi crew').getByRole('rowheader').getByText('Cairo').waitFor();
      // The long move holds every window of the Delta crew's day.
      expect(await row('Delta crew').getByText(longMove.orderNumber).count()).toBe(3);
      await row('Delta crew').getByText('continues').first().waitFor();
      await checkA11y(page, 'dispatch-board-en-desktop');
      await snap(page, 'dispatch-board-en-desktop');

      // The Nasr City move goes to the Maadi crew's midday window, from the keyboard alone.
      const chip = board.getByRole('button', { name: new RegExp(inNasrCity.orderNumber) });
      await chip.first().focus();
      await page.keyboard.press('Enter');
      let dialog = page.getByRole('alertdialog');
      await dialog.getByLabel('Crew', { exact: true }).selectOption('maadi');
      await dialog.getByLabel('Truck', { exact: true }).selectOption('');
      await dialog
        .getByLabel('Window', { exact: true })
        .selectOption({ label: formatTimeRange('12:00', '16:00', 'en') });
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Order ${inNasrCity.orderNumber} assigned to Maadi crew` })
        .waitFor();
      await expect
        .poll(async () => (await assignmentOf(inNasrCity.id))?.slots[0]?.windowId)
        .toBe('midday');
      await row('Maadi crew').getByText(inNasrCity.orderNumber).waitFor();

      // The Maadi move into the Maadi crew's midday too: it has a move there now. Refused, and
      // said why; nothing moved.
      const maadiBefore = await assignmentOf(inMaadi.id);
      await board
        .getByRole('button', { name: new RegExp(inMaadi.orderNumber) })
        .first()
        .click();
      dialog = page.getByRole('alertdialog');
      await dialog.getByLabel('Crew', { exact: true }).selectOption('maadi');
      await dialog
        .getByLabel('Window', { exact: true })
        .selectOption({ label: formatTimeRange('12:00', '16:00', 'en') });
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await page
        .getByText(
          new RegExp(
            `${errorsEn.dispatch.crewBusy.replace('.', '\\.')}|${errorsEn.dispatch.truckBusy.replace('.', '\\.')}`,
          ),
        )
        .first()
        .waitFor();
      expect(await assignmentOf(inMaadi.id)).toEqual(maadiBefore);
      await snap(page, 'dispatch-refused-en-desktop');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in Arabic on a phone: the team leader runs a move to a signed delivery, one step offline, and the tracker follows', async () => {
    await theDay();
    // The Maadi crew's move of the morning.
    const maadi = await assignmentOf(inMaadi.id);
    const job = maadi?.crewId === 'maadi' ? inMaadi : inNasrCity;
    if (maadi?.crewId !== 'maadi') {
      await api(`/api/admin/orders/${inMaadi.id}/assignment`, {
        method: 'PUT',
        body: { crewId: 'maadi', date: DAY, windowId: 'morning' },
      });
    }

    // The same day on the office's board, in Arabic on a phone: right to left, scrolled sideways.
    const office = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: '/admin-dispatch',
      before: adminSession,
    });
    try {
      await office.page.getByLabel('التاريخ', { exact: true }).fill(DAY);
      await office.page.getByText(longMove.orderNumber).first().waitFor();
      await office.page.getByText('Delta crew').waitFor();
      await checkA11y(office.page, 'dispatch-board-ar-phone');
      await snap(office.page, 'dispatch-board-ar-phone');
      await expectNoErrors(office);
    } finally {
      await office.close();
    }

    const tracker = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: `/track/${job.orderNumber}`,
    });
    const crew = await openPage({ lang: 'ar', viewport: 'phone', path: '/crew' });
    const { page } = crew;
    try {
      await signInAsLeader(page);
      const card = page.getByRole('article').filter({ hasText: job.orderNumber });
      await card.waitFor();
      await page.getByRole('heading', { name: 'Maadi crew' }).waitFor();
      // Tomorrow's jobs, each with its window, addresses, floors and what to collect.
      await page.getByRole('heading', { name: new RegExp(crewAr.day.tomorrow) }).waitFor();
      await checkA11y(page, 'crew-jobs-ar-phone');
      await snap(page, 'crew-jobs-ar-phone');
      // What the page itself writes (days, windows, floors) in Arabic-Indic digits; the
      // customer's own address stays as they typed it.
      const written = await page
        .locator('.crew-day-title, .crew-job-time, .crew-address-place, .crew-job-cash')
        .allInnerTexts();
      expect(written.length).toBeGreaterThan(3);
      expect(written.join(' ').replace(/AF-\d{8}-\d{3}/g, '')).not.toMatch(/[0-9]/);

      const step = async (action: keyof typeof crewAr.action) => {
        await card.getByRole('button', { name: crewAr.action[action], exact: true }).click();
      };
      const trackerPage = tracker.page;
      const current = trackerPage
        .getByRole('region', { name: 'سجل الحالة' })
        .locator('[aria-current="step"]');

      await step('on_the_way');
      await trackerPage
        .getByText(trackingAr.crew.onTheWay.replace('<name>{{name}}</name>', 'Mahmoud'))
        .waitFor();
      await checkA11y(trackerPage, 'track-crew-on-the-way-ar-phone');
      await snap(trackerPage, 'track-crew-on-the-way-ar-phone');

      await step('arrived');
      await trackerPage
        .getByText(trackingAr.crew.arrived.replace('<name>{{name}}</name>', 'Mahmoud'))
        .waitFor();

      // No connection: the step waits on the phone, then goes by itself when it is back.
      await crew.context.setOffline(true);
      await step('loading');
      await page.getByText(crewAr.sync.waiting_one).waitFor();
      await snap(page, 'crew-offline-ar-phone');
      expect(await statusOf(job.id)).toBe('arrived');
      await crew.context.setOffline(false);
      await expect.poll(() => statusOf(job.id), { timeout: 20_000 }).toBe('loading');
      await current.getByText('جارٍ التحميل').waitFor();
      await page.getByText(crewAr.sync.waiting_one).waitFor({ state: 'hidden' });

      await step('in_transit');
      await current.getByText('جارٍ النقل').waitFor();

      // Delivered: the receiver's name, a signature drawn with a finger, the cash taken.
      await step('delivered');
      const dialog = page.getByRole('alertdialog');
      await dialog.getByLabel(crewAr.delivery.receivedBy).fill('هدى');
      await drawSignature(dialog.getByRole('img', { name: crewAr.delivery.signature }), page);
      const cash = dialog.getByLabel(crewAr.delivery.cash);
      if ((await cash.count()) > 0) await cash.fill(toArabicDigits(String(job.totalPrice)));
      await snap(page, 'crew-delivery-ar-phone', { fullPage: false });
      await dialog.getByRole('button', { name: crewAr.delivery.confirm }).click();
      await card.getByText(crewAr.job.done).waitFor();
      await current.getByText('تم التسليم').waitFor();
      await snap(trackerPage, 'track-delivered-ar-phone');

      // Every field step is the crew's in the order's history, each once (the offline one too).
      const { order } = (await api(`/api/orders/${job.id}`)) as {
        order: { statusHistory: { status: string; actor: string }[]; paymentStatus: string };
      };
      expect(order.statusHistory.filter((h) => h.actor === 'crew').map((h) => h.status)).toEqual([
        'on_the_way',
        'arrived',
        'loading',
        'in_transit',
        'delivered',
      ]);
      if (job === inMaadi) expect(order.paymentStatus).toBe('paid');
      // The crew's phone number is nowhere on the public tracker.
      const publicText = await trackerPage.locator('body').innerText();
      expect(publicText).not.toContain(LEADER.phone.slice(1));
      expect(publicText).not.toContain(toArabicDigits(LEADER.phone.slice(1)));
      expect(publicText).not.toContain('Adel');

      await expectNoErrors(tracker);
      expectOnlyOfflineErrors(crew);
    } finally {
      await crew.close();
      await tracker.close();
    }
  });
});

async function statusOf(orderId: string): Promise<string> {
  const { order } = (await api(`/api/orders/${orderId}`)) as { order: { status: string } };
  return order.status;
}

/** The crew's sign-in (D13's phone code), typed as a leader types it, in Arabic-Indic digits. */
async function signInAsLeader(page: Page): Promise<void> {
  await page.getByLabel(authAr.phone.number, { exact: true }).fill(toArabicDigits(LEADER.phone));
  const asked = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/phone/code',
  );
  await page.getByRole('button', { name: authAr.phone.send }).click();
  const answer = await asked;
  const { challenge } = (await answer.json()) as {
    challenge: { challengeId: string; phone: string };
  };
  const code = await phoneCodeFor(challenge, { origin: new URL(page.url()).origin });
  await page.getByLabel(authAr.phone.code, { exact: true }).fill(toArabicDigits(code));
  await page.getByRole('button', { name: authAr.phone.verify, exact: true }).click();
}

/** A finger's stroke across the signature box. */
async function drawSignature(pad: Locator, page: Page): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) {
    await page.mouse.move(box.x + box.width * (0.2 + i * 0.06), y + (i % 2 ? -15 : 15));
  }
  await page.mouse.up();
}

/** The crew's page lost requests only while the phone had no connection. */
function expectOnlyOfflineErrors(opened: OpenedPage): void {
  const others = opened.errors.filter(
    (error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_NETWORK_CHANGED/.test(error),
  );
  expect(others).toEqual([]);
}
