import { afterAll, describe, expect, it } from 'vitest';
import { cairoToday } from '../../src/domain/datetime';
import { estimatePrice, FIRST_CATALOG } from '../../src/domain/pricing';
import { placeOrderViaApi } from './api-orders';
import { uniquePhone } from './phone-codes';
import { checkA11y, closeBrowser, expectNoErrors, openPage, appPath } from './harness';
import { ownServer } from './server';

// Other spec files' servers have their limits off (they book from one address many times); this
// file's has them on, with a customer allowance of one order.
ownServer({
  env: { RATE_LIMITS: 'on', ORDER_LIMIT_CUSTOMER_HOUR: '1', ORDER_LIMIT_CUSTOMER_DAY: '1' },
});

afterAll(closeBrowser);

const STRINGS = {
  ar: {
    paymentTitle: 'الدفع',
    submitCod: 'تأكيد الطلب',
    limited: 'سجّلت عدة طلبات خلال وقت قصير',
    call: 'اتصل بنا',
  },
  en: {
    paymentTitle: 'Payment',
    submitCod: 'Confirm order',
    limited: 'You have placed several orders in a short time',
    call: 'Call us',
  },
} as const;

function cairoDatePlus(days: number): string {
  const [y, m, d] = cairoToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A complete booking, as the steps before /payment leave it in session storage. */
function bookingFlow(phoneNumber: string) {
  const choice = { moveType: 'full', pickupFloor: 2, dropoffFloor: 1, workers: 3 } as const;
  return {
    governorateId: 'giza',
    districtId: 'dokki',
    housing: 'apartment',
    ...choice,
    totalPrice: estimatePrice(FIRST_CATALOG, choice).total,
    fullName: 'منى علي حسن',
    phoneNumber,
    pickupAddress: '١٢ شارع التحرير، الدقي',
    dropoffAddress: '٥ شارع مكرم عبيد، مدينة نصر',
    moveDate: cairoDatePlus(5),
    moveTime: '10:00',
  };
}

describe('a customer over the order limit (D8)', () => {
  for (const [lang, viewport] of [
    ['ar', 'phone'],
    ['en', 'desktop'],
  ] as const) {
    it(`sees why the second booking is refused, and keeps it (${lang}, ${viewport})`, async () => {
      const s = STRINGS[lang];
      // One order from a customer who proved their number (D13; a number per test): the next,
      // booked on /payment, is over the allowance, which counts that number.
      const flow = bookingFlow(uniquePhone());
      const opened = await openPage({
        lang,
        viewport,
        path: '/payment',
        session: { 'afsh.booking': JSON.stringify(flow) },
        before: async (visitor) => {
          await placeOrderViaApi(visitor, { phoneNumber: flow.phoneNumber });
        },
      });
      const { page } = opened;
      try {
        await page.getByRole('heading', { level: 1, name: s.paymentTitle }).waitFor();
        await page.getByRole('button', { name: s.submitCod }).click();

        const alert = page.getByRole('alert').filter({ hasText: s.limited });
        await alert.waitFor();
        expect(appPath(page.url())).toBe('/payment');
        // The company can still take the booking: the alert offers the phone and WhatsApp.
        const call = alert.getByRole('link', { name: s.call });
        expect(await call.getAttribute('href')).toMatch(/^tel:\+20\d+$/);
        expect(await alert.getByRole('link', { name: /WhatsApp|واتساب/ }).count()).toBe(1);
        await checkA11y(page, `order-limit-${lang}-${viewport}`);

        // Nothing the customer typed is lost: the booking is still there to try again later.
        const kept = await page.evaluate(() =>
          JSON.parse(sessionStorage.getItem('afsh.booking') ?? '{}'),
        );
        expect(kept).toMatchObject({ fullName: flow.fullName, moveDate: flow.moveDate });
        await expectNoErrors(opened);
      } finally {
        await opened.close();
      }
    });
  }
});
