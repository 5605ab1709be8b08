import { describe, expect, it } from 'vitest';
import type { NotifiableOrder, NotificationEvent, NotificationRouting } from './notifications';
import {
  afterTry,
  EXAMPLE_NOTIFIABLE_ORDER,
  e164EgyptianMobile,
  e164Phone,
  isNotificationEvent,
  orderChangeEvents,
  orderCreationEvents,
  planMessages,
  retryDelayMs,
  TEMPLATE_PARAMETERS,
  templateParams,
} from './notifications';
import { formatMoney } from './money';

const order: NotifiableOrder = {
  ...EXAMPLE_NOTIFIABLE_ORDER,
  orderNumber: 'AF-20260315-123',
  language: 'ar',
  notifyConsent: true,
};

const routing: NotificationRouting = {
  customerChannels: ['whatsapp', 'sms'],
  company: { whatsapp: '+201000000009', email: 'ops@afsh.example', language: 'en' },
  siteUrl: 'https://afsh.example',
};

const ARABIC_INDIC = /[\u0660-\u0669]/;
const summary = (events: NotificationEvent[], r = routing) =>
  planMessages(events, r).map((m) => `${m.recipient}:${m.channel}:${m.template}:${m.language}`);

describe('planMessages', () => {
  it('a new order: the customer on WhatsApp (SMS next), the company on each recipient', () => {
    const planned = planMessages([{ type: 'order.created', order }], routing);
    expect(summary([{ type: 'order.created', order }])).toEqual([
      'customer:whatsapp:order_created:ar',
      'company:whatsapp:company_new_order:en',
      'company:email:company_new_order:en',
    ]);
    expect(planned[0]).toMatchObject({
      address: '+201012345678',
      fallback: ['sms'],
      eventIndex: 0,
    });
  });

  it('no consent, or consent unknown: nothing for the customer, the company still hears', () => {
    for (const notifyConsent of [false, undefined]) {
      expect(summary([{ type: 'order.created', order: { ...order, notifyConsent } }])).toEqual([
        'company:whatsapp:company_new_order:en',
        'company:email:company_new_order:en',
      ]);
      expect(
        summary([
          {
            type: 'order.statusChanged',
            order: { ...order, notifyConsent },
            from: 'received',
            to: 'in_transit',
            actor: 'admin',
          },
        ]),
      ).toEqual([]);
    }
  });

  it('each status has its template; a cancellation is told once, by who cancelled', () => {
    const change = (to: 'received' | 'under_review' | 'in_transit' | 'delivered' | 'cancelled') =>
      ({ type: 'order.statusChanged', order, from: 'received', to, actor: 'admin' }) as const;
    expect(summary([change('under_review')])).toEqual([
      'customer:whatsapp:order_status_under_review:ar',
    ]);
    expect(summary([change('in_transit')])).toEqual([
      'customer:whatsapp:order_status_in_transit:ar',
    ]);
    expect(summary([change('delivered')])).toEqual(['customer:whatsapp:order_status_delivered:ar']);
    expect(summary([change('received')])).toEqual(['customer:whatsapp:order_status_received:ar']);
    expect(
      summary([change('cancelled'), { type: 'order.cancelled', order, actor: 'customer' }]),
    ).toEqual(['customer:whatsapp:order_cancelled_by_customer:ar']);
    expect(
      summary([change('cancelled'), { type: 'order.cancelled', order, actor: 'admin' }]),
    ).toEqual(['customer:whatsapp:order_cancelled_by_company:ar']);
  });

  it('a card paid while booking is told by the booking message alone', () => {
    const paid = {
      ...order,
      paymentMethod: 'card',
      paymentStatus: 'paid',
      paymentProvider: 'test',
    } as const;
    expect(
      summary([
        { type: 'order.created', order: paid },
        { type: 'order.paymentConfirmed', order: paid },
      ]).filter((line) => line.startsWith('customer')),
    ).toEqual(['customer:whatsapp:order_created:ar']);
    expect(summary([{ type: 'order.paymentConfirmed', order: paid }])).toEqual([
      'customer:whatsapp:payment_confirmed:ar',
    ]);
  });

  it('follows the channels that have a provider: SMS alone, or none', () => {
    const smsOnly = {
      ...routing,
      customerChannels: ['sms'] as const,
      company: { language: 'ar' as const },
    };
    expect(planMessages([{ type: 'order.created', order }], smsOnly)).toMatchObject([
      { channel: 'sms', fallback: [] },
    ]);
    expect(
      summary([{ type: 'order.created', order }], { ...smsOnly, customerChannels: [] }),
    ).toEqual([]);
  });

  it('an English booking is told in English', () => {
    expect(summary([{ type: 'order.created', order: { ...order, language: 'en' } }])[0]).toBe(
      'customer:whatsapp:order_created:en',
    );
    // A backend that does not know the language books in Arabic.
    expect(summary([{ type: 'order.created', order: { ...order, language: undefined } }])[0]).toBe(
      'customer:whatsapp:order_created:ar',
    );
  });

  it('only order events can cause messages', () => {
    expect(isNotificationEvent({ type: 'order.created' })).toBe(true);
    expect(isNotificationEvent({ type: 'order.deleted' })).toBe(false);
    expect(isNotificationEvent({ type: 'review.posted' })).toBe(false);
  });
});

describe('templateParams', () => {
  it('Arabic: Arabic-Indic digits for dates, times and amounts; the number and link stay Latin', () => {
    const params = templateParams('order_created', order, 'ar', routing.siteUrl);
    expect(Object.keys(params)).toEqual([...TEMPLATE_PARAMETERS.order_created]);
    expect(params.move_date).toMatch(ARABIC_INDIC);
    // The weekday first, as the customer checks a date against their week (D22).
    expect(params.move_date).toMatch(/^الأحد،/);
    expect(params.move_time).toMatch(ARABIC_INDIC);
    expect(params.total).toMatch(ARABIC_INDIC);
    expect(params.order_number).toBe('AF-20260315-123');
    expect(params.tracking_url).toBe('https://afsh.example/track/AF-20260315-123');
    expect(params.payment).toEqual({ key: 'notifications:payment.cod' });
  });

  it('English: Latin digits and the /en pages', () => {
    const params = templateParams('company_new_order', order, 'en', routing.siteUrl);
    expect(params.total).toBe(formatMoney(2240, 'en'));
    expect(params.total).toMatch(/^EGP\s2,240$/);
    expect(params.move_date).toBe('Sunday, March 15, 2026');
    expect(params.area).toBe('Cairo, Maadi');
    expect(params.admin_url).toBe('https://afsh.example/en/admin-orders?q=AF-20260315-123');
    expect(params.move_type).toEqual({ key: 'pricing:moveTypes.full.label' });
  });

  it('says when a card payment was a test (D3)', () => {
    const test = { ...order, paymentMethod: 'card', paymentProvider: 'test' } as const;
    expect(templateParams('order_created', test, 'en', '').payment).toEqual({
      key: 'notifications:payment.cardTest',
    });
  });
});

describe('phone numbers', () => {
  it('+20 for Egyptian mobiles typed any way; + international numbers for the company', () => {
    expect(e164EgyptianMobile('٠١٠١٢٣٤٥٦٧٨')).toBe('+201012345678');
    expect(e164EgyptianMobile('+20 10 1234 5678')).toBe('+201012345678');
    expect(e164EgyptianMobile('12345')).toBeNull();
    expect(e164Phone('+44 20 7946 0958')).toBe('+442079460958');
    expect(e164Phone('0020')).toBeNull();
  });
});

describe('retries', () => {
  const policy = { maxTries: 5, baseDelayMs: 30_000, maxDelayMs: 3_600_000 };

  it('back off exponentially, with jitter, up to the cap', () => {
    expect(retryDelayMs(1, policy, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(2, policy, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(4, policy, () => 0.5)).toBe(240_000);
    expect(retryDelayMs(30, policy, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(1, policy, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, policy, () => 1)).toBe(36_000);
  });

  it('retry while tries remain and the failure is temporary; fail otherwise', () => {
    const temporary = { ok: false, retry: true, error: 'HTTP 503' } as const;
    expect(afterTry(temporary, 1, 3)).toBe('retry');
    expect(afterTry(temporary, 3, 3)).toBe('failed');
    expect(afterTry({ ok: false, retry: false, error: 'HTTP 400' }, 1, 3)).toBe('failed');
    expect(afterTry({ ok: true, providerMessageId: null }, 3, 3)).toBe('sent');
  });
});

describe('order events', () => {
  it('a booking is created, and paid when a card was approved', () => {
    expect(orderCreationEvents(order).map((e) => e.type)).toEqual(['order.created']);
    expect(
      orderCreationEvents({ ...order, paymentStatus: 'paid' as const }).map((e) => e.type),
    ).toEqual(['order.created', 'order.paymentConfirmed']);
  });

  it('a change says what changed, a cancellation who did it; the same status says nothing', () => {
    const cancelled = { ...order, status: 'cancelled' as const };
    expect(orderChangeEvents(order, cancelled, 'customer')).toEqual([
      {
        type: 'order.statusChanged',
        order: cancelled,
        from: 'received',
        to: 'cancelled',
        actor: 'customer',
      },
      { type: 'order.cancelled', order: cancelled, actor: 'customer' },
    ]);
    const paid = { ...order, paymentStatus: 'paid' as const };
    expect(orderChangeEvents(order, paid, 'admin').map((e) => e.type)).toEqual([
      'order.paymentConfirmed',
    ]);
    expect(orderChangeEvents(order, { ...order }, 'admin')).toEqual([]);
  });
});
