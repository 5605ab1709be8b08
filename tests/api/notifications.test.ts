import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationMessage } from '../../src/domain/notifications.ts';
import type { Order } from '../../src/domain/order.ts';
import type { ServerEnv } from '../../server/src/plugins/env.ts';
import { forPhone, startProviderFakes } from '../fakes/provider-fakes.ts';
import { orderBody, TEST_CARD_TOKEN } from './order-fixtures.ts';
import { adminClient, createTestServer, TestClient } from './test-server.ts';
import type { TestServer } from './test-server.ts';

// Order and status notifications (D10) against local fakes of WhatsApp's Cloud API, a Twilio-style
// SMS gateway and an SMTP server: what arrives (template, language, digits, +20 numbers, the
// idempotency key), retries and the final failed state, the SMS fallback, "send again", and a
// booking that never waits for a provider.

// Every test waits for the notification worker (its sends, retries and fallbacks) by polling
// the messages' states (`until`): on a busy machine that takes longer than the default 5 s, and
// a test must give `until` the time it allows before saying what never settled.
vi.setConfig({ testTimeout: 30_000 });

const ARABIC_INDIC = /[\u0660-\u0669]/;
const COMPANY_PHONE = '+201000000009';
const COMPANY_EMAIL = 'ops@afsh.example';

let fakes: Awaited<ReturnType<typeof startProviderFakes>>;
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  fakes = await startProviderFakes();
  server = await createTestServer(
    fakes.env({
      NOTIFY_COMPANY_WHATSAPP: '0100 000 0009',
      NOTIFY_COMPANY_EMAIL: COMPANY_EMAIL,
      NOTIFY_COMPANY_LANGUAGE: 'en',
      NOTIFY_MAX_TRIES: '3',
      NOTIFY_RETRY_SECONDS: '0.05',
      NOTIFY_TIMEOUT_SECONDS: '1',
      SITE_URL: 'https://afsh.example',
    }) as unknown as Partial<ServerEnv>,
  );
  admin = await adminClient(server.app);
});

afterAll(async () => {
  await server.close();
  await fakes.close();
});

beforeEach(() => {
  for (const fake of [fakes.whatsapp, fakes.sms]) fake.setMode({ kind: 'ok' });
  fakes.smtp.setMode({ kind: 'ok' });
});

interface Phone {
  national: string;
  e164: string;
}

let phones = 0;
/** A mobile no other test uses, so each test finds only its own messages. */
function uniquePhone(): Phone {
  phones += 1;
  const digits = `${process.pid % 1000}${phones}`.padStart(8, '0').slice(-8);
  return { national: `012${digits}`, e164: `+2012${digits}` };
}

/** The WhatsApp template sign-in codes go in (D13): not one of the order's messages. */
const CODE_TEMPLATE = 'afsh_code';

/** A customer who proved `phone` (D13): who may book for it. */
interface Customer {
  client: TestClient;
  phone: Phone;
}

/**
 * Signs in with `phone` as a customer does: the code comes by WhatsApp (the fake here), in the
 * authentication template's one parameter. Done before a test makes the fakes fail, so that
 * only the order's messages meet the failures.
 */
async function signInAs(phone: Phone = uniquePhone()): Promise<Customer> {
  const client = new TestClient(server.app);
  const asked = await client.request('POST', '/api/auth/phone/code', {
    phone: phone.national,
    language: 'ar',
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  expect(asked.body.challenge.channel).toBe('whatsapp');
  const sent = fakes.whatsapp.deliveries.findLast(
    (d) => d.message.template === CODE_TEMPLATE && d.message.to === phone.e164.slice(1),
  );
  const verified = await client.request('POST', '/api/auth/phone/verify', {
    challengeId: asked.body.challenge.challengeId,
    code: sent?.message.params[''],
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { client, phone };
}

/** `booker` books for their own number. */
async function place(
  booker: Customer,
  overrides: Record<string, unknown> = {},
): Promise<{ order: Order; customer: TestClient }> {
  const res = await booker.client.request<{ order: Order }>(
    'POST',
    '/api/orders',
    orderBody({ phoneNumber: booker.phone.national, ...overrides }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { order: res.body.order, customer: booker.client };
}

async function messagesOf(orderId: string): Promise<NotificationMessage[]> {
  const res = await admin.request<{ notifications: NotificationMessage[] }>(
    'GET',
    `/api/orders/${orderId}/notifications`,
  );
  expect(res.status).toBe(200);
  return res.body.notifications;
}

/** Reads the admin's view of an order's messages until `done` holds. */
function until(
  orderId: string,
  done: (messages: NotificationMessage[]) => boolean,
  timeoutMs = 20_000,
): Promise<NotificationMessage[]> {
  return vi.waitFor(
    async () => {
      const messages = await messagesOf(orderId);
      if (!done(messages)) {
        throw new Error(`messages never settled: ${JSON.stringify(messages, null, 2)}`);
      }
      return messages;
    },
    { timeout: timeoutMs, interval: 30 },
  );
}

const settled = (messages: NotificationMessage[]) =>
  messages.length > 0 && messages.every((m) => m.state === 'sent' || m.state === 'failed');

/** The order's WhatsApp messages to `e164` (not the sign-in code). */
const toPhone = (e164: string) =>
  fakes.whatsapp.deliveries.filter(
    (d) => d.message.to === e164 && d.message.template !== CODE_TEMPLATE,
  );

describe('a booking with consent', () => {
  it('sends the Arabic template on WhatsApp to +20…, with Arabic-Indic digits and the idempotency key', async () => {
    const phone = uniquePhone();
    const { order } = await place(await signInAs(phone), { language: 'ar', notifyConsent: true });
    expect(order.language).toBe('ar');
    expect(order.notifyConsent).toBe(true);

    const messages = await until(order.id, (list) => list.length === 3 && settled(list));
    const customer = messages.find((m) => m.recipient === 'customer')!;
    expect(customer).toMatchObject({
      channel: 'whatsapp',
      template: 'order_created',
      language: 'ar',
      address: phone.e164,
      state: 'sent',
      tries: 1,
    });
    // The rendered Arabic text: Arabic-Indic digits for the date and total, the order number and
    // the link as they are typed and opened.
    expect(customer.body).toMatch(ARABIC_INDIC);
    expect(customer.body).toContain(order.orderNumber);
    expect(customer.body).toContain(`https://afsh.example/track/${order.orderNumber}`);
    expect(customer.body).not.toContain(order.fullName);

    const [delivery] = toPhone(phone.e164);
    expect(delivery).toBeDefined();
    expect(delivery!.message.template).toBe('order_created');
    expect(delivery!.message.language).toBe('ar');
    expect(delivery!.message.params.order_number).toBe(order.orderNumber);
    expect(delivery!.message.params.total).toMatch(ARABIC_INDIC);
    expect(delivery!.message.params.move_date).toMatch(ARABIC_INDIC);
    expect(delivery!.message.params.tracking_url).toBe(
      `https://afsh.example/track/${order.orderNumber}`,
    );
    // One key per message: in the header, in Meta's callback data, and nowhere else.
    const request = fakes.whatsapp.requests.find((r) => r.key === delivery!.key)!;
    expect(request.key).toMatch(/^afsh-[0-9a-f-]{36}$/);
    expect(delivery!.message.callbackData).toBe(request.key);

    // The company: WhatsApp and email, in the company's language (English here).
    const company = messages.filter((m) => m.recipient === 'company');
    expect(company.map((m) => [m.channel, m.template, m.language, m.address]).sort()).toEqual([
      ['email', 'company_new_order', 'en', COMPANY_EMAIL],
      ['whatsapp', 'company_new_order', 'en', COMPANY_PHONE],
    ]);
    const mail = fakes.smtp.deliveries.find((d) => d.message.text.includes(order.orderNumber));
    expect(mail?.message.subject).toBe(`New order ${order.orderNumber}`);
    expect(mail?.message.to).toBe(COMPANY_EMAIL);
    expect(mail?.message.contentLanguage).toBe('en');
    expect(mail?.message.text).toContain(
      `https://afsh.example/en/admin-orders?q=${order.orderNumber}`,
    );
    expect(mail?.message.text).not.toMatch(ARABIC_INDIC);
  });

  it('English: the English template, Latin digits and the /en tracking link', async () => {
    const phone = uniquePhone();
    const { order } = await place(await signInAs(phone), { language: 'en', notifyConsent: true });
    await until(order.id, settled);
    const [delivery] = toPhone(phone.e164);
    expect(delivery!.message.language).toBe('en');
    expect(delivery!.message.params.total).toMatch(/\d/);
    expect(delivery!.message.params.total).not.toMatch(ARABIC_INDIC);
    expect(delivery!.message.params.tracking_url).toBe(
      `https://afsh.example/en/track/${order.orderNumber}`,
    );
  });

  it('every status change is told once; a customer cancellation is one message, not two', async () => {
    const phone = uniquePhone();
    const { order, customer: client } = await place(await signInAs(phone), {
      notifyConsent: true,
    });
    await until(order.id, settled);
    expect(
      (await admin.request('PATCH', `/api/orders/${order.id}`, { status: 'under_review' })).status,
    ).toBe(200);
    await until(order.id, (list) => list.length === 4 && settled(list));
    expect((await client.request('POST', `/api/orders/${order.id}/cancel`)).status).toBe(200);
    const messages = await until(order.id, (list) => list.length === 5 && settled(list));
    expect(messages.filter((m) => m.recipient === 'customer').map((m) => m.template)).toEqual([
      'order_created',
      'order_status_under_review',
      'order_cancelled_by_customer',
    ]);
    expect(toPhone(phone.e164).map((d) => d.message.template)).toEqual([
      'order_created',
      'order_status_under_review',
      'order_cancelled_by_customer',
    ]);
  });

  it('cash marked paid is told; a card paid while booking is not told twice', async () => {
    const { order } = await place(await signInAs(), { notifyConsent: true });
    await until(order.id, settled);
    await admin.request('PATCH', `/api/orders/${order.id}`, { paymentStatus: 'paid' });
    await until(order.id, (list) =>
      list.some((m) => m.template === 'payment_confirmed' && m.state === 'sent'),
    );

    const paid = await place(await signInAs(), {
      notifyConsent: true,
      paymentMethod: 'card',
      paymentToken: TEST_CARD_TOKEN,
    });
    const messages = await until(paid.order.id, (list) => list.length === 3 && settled(list));
    expect(messages.filter((m) => m.recipient === 'customer').map((m) => m.template)).toEqual([
      'order_created',
    ]);
  });
});

describe('consent', () => {
  it('no consent, no customer message; the company still hears of the order', async () => {
    const phone = uniquePhone();
    const { order } = await place(await signInAs(phone));
    expect(order.notifyConsent).toBe(false);
    const messages = await until(order.id, (list) => list.length === 2 && settled(list));
    expect(messages.every((m) => m.recipient === 'company')).toBe(true);
    await admin.request('PATCH', `/api/orders/${order.id}`, { status: 'under_review' });
    // The change is committed with its (empty) set of customer messages: nothing new arrives.
    expect((await messagesOf(order.id)).length).toBe(2);
    expect(toPhone(phone.e164)).toEqual([]);
  });

  it('refuses a consent or language that is not a boolean or a known language', async () => {
    const { client, phone } = await signInAs();
    const bad = await client.request(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: phone.national, notifyConsent: 'yes' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.notifyConsent).toBe('validation:common.invalid');
    const french = await client.request(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: phone.national, language: 'fr' }),
    );
    expect(french.status).toBe(400);
  });
});

describe('a provider that fails', () => {
  it('is tried again with the same key, and a lost answer is not a second message', async () => {
    const phone = uniquePhone();
    const booker = await signInAs(phone);
    const only = forPhone(phone.e164);
    fakes.whatsapp.failNext(
      1,
      { kind: 'error', status: 500, code: 131000, message: 'Something went wrong' },
      only,
    );
    fakes.whatsapp.failNext(1, { kind: 'lose-answer' }, only);
    const { order } = await place(booker, { notifyConsent: true });
    const messages = await until(order.id, (list) => list.length === 3 && settled(list));
    const customer = messages.find((m) => m.recipient === 'customer')!;
    expect(customer.state).toBe('sent');
    expect(customer.tries).toBe(3);
    expect(customer.lastError).toMatch(/network error|timed out/);
    // Three requests, one key, one delivery.
    const [delivery] = toPhone(phone.e164);
    expect(toPhone(phone.e164)).toHaveLength(1);
    expect(fakes.whatsapp.requests.filter((r) => r.key === delivery!.key)).toHaveLength(3);
  });

  it('WhatsApp refusing for good falls back to SMS at once, with the same text', async () => {
    const phone = uniquePhone();
    const booker = await signInAs(phone);
    fakes.whatsapp.failNext(
      1,
      {
        kind: 'error',
        status: 400,
        code: 132001,
        message: 'Template name does not exist in the translation',
      },
      forPhone(phone.e164),
    );
    const { order } = await place(booker, { notifyConsent: true, language: 'en' });
    const messages = await until(order.id, (list) => list.length === 4 && settled(list));
    const whatsapp = messages.find((m) => m.recipient === 'customer' && m.channel === 'whatsapp')!;
    const sms = messages.find((m) => m.channel === 'sms')!;
    expect(whatsapp).toMatchObject({ state: 'failed', tries: 1 });
    expect(whatsapp.lastError).toContain('132001');
    expect(sms).toMatchObject({
      state: 'sent',
      fallbackOf: whatsapp.id,
      template: 'order_created',
    });
    const texts = fakes.sms.deliveries.filter((d) => d.message.to === phone.e164);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.message.body).toBe(whatsapp.body);
    expect(texts[0]!.message.from).toBe('Afsh');
  });

  it('a provider that hangs or is down is retried, then failed, then the SMS goes', async () => {
    const phone = uniquePhone();
    const booker = await signInAs(phone);
    fakes.whatsapp.failNext(1, { kind: 'hang' }, forPhone(phone.e164));
    fakes.whatsapp.failNext(2, { kind: 'down' }, forPhone(phone.e164));
    const { order } = await place(booker, { notifyConsent: true });
    const messages = await until(order.id, (list) => list.length === 4 && settled(list));
    const whatsapp = messages.find((m) => m.recipient === 'customer' && m.channel === 'whatsapp')!;
    expect(whatsapp).toMatchObject({ state: 'failed', tries: 3, maxTries: 3 });
    expect(whatsapp.lastError).toMatch(/network error/);
    expect(messages.find((m) => m.channel === 'sms')?.state).toBe('sent');
  });

  it('every channel failing ends in failed; "send again" delivers it once the provider is back', async () => {
    const phone = uniquePhone();
    const booker = await signInAs(phone);
    fakes.whatsapp.setMode({
      kind: 'error',
      status: 503,
      code: 131016,
      message: 'Service unavailable',
    });
    fakes.sms.setMode({
      kind: 'error',
      status: 500,
      code: 20500,
      message: 'Internal Server Error',
    });
    const { order } = await place(booker, { notifyConsent: true });
    const messages = await until(
      order.id,
      (list) => list.filter((m) => m.recipient === 'customer').length === 2 && settled(list),
    );
    const sms = messages.find((m) => m.channel === 'sms')!;
    expect(sms).toMatchObject({ state: 'failed', tries: 3 });
    expect(sms.lastError).toContain('20500');

    fakes.sms.setMode({ kind: 'ok' });
    const visitor = new TestClient(server.app);
    await visitor.anonymous();
    expect((await visitor.request('POST', `/api/notifications/${sms.id}/resend`)).status).toBe(403);
    const resent = await admin.request<{ notification: NotificationMessage }>(
      'POST',
      `/api/notifications/${sms.id}/resend`,
    );
    expect(resent.status).toBe(200);
    expect(resent.body.notification.state).toBe('pending');
    await until(order.id, (list) => list.find((m) => m.id === sms.id)?.state === 'sent');
    expect(fakes.sms.deliveries.filter((d) => d.message.to === phone.e164)).toHaveLength(1);
    // Only a failed message can be sent again.
    const again = await admin.request('POST', `/api/notifications/${sms.id}/resend`);
    expect(again.status).toBe(409);
  });

  it('an SMTP server that says "later" is tried again; one that refuses fails the email', async () => {
    const [one, two] = [await signInAs(), await signInAs()];
    fakes.smtp.failNext(1, { kind: 'error', status: 451, message: 'Try again later' });
    const first = await place(one);
    const later = await until(first.order.id, (list) => list.length === 2 && settled(list));
    expect(later.find((m) => m.channel === 'email')).toMatchObject({ state: 'sent', tries: 2 });

    fakes.smtp.setMode({ kind: 'error', status: 550, message: 'Mailbox unavailable' });
    const second = await place(two);
    const refused = await until(second.order.id, (list) => list.length === 2 && settled(list));
    const email = refused.find((m) => m.channel === 'email')!;
    expect(email).toMatchObject({ state: 'failed', tries: 1 });
    expect(email.lastError).toContain('550');
  });
});

describe('the booking never waits for a provider', () => {
  it('answers while WhatsApp has not answered, and when every provider fails', async () => {
    const [one, two] = [await signInAs(), await signInAs()];
    fakes.whatsapp.setMode({ kind: 'hang' });
    const before = fakes.whatsapp.requests.length;
    // If the booking waited for the provider, this would never answer (the fake never does).
    const { order } = await place(one, { notifyConsent: true });
    expect(order.orderNumber).toMatch(/^AF-/);
    await fakes.whatsapp.waitForRequests(before + 1);

    fakes.whatsapp.setMode({ kind: 'down' });
    fakes.sms.setMode({ kind: 'down' });
    fakes.smtp.setDown(true);
    try {
      const again = await place(two, { notifyConsent: true });
      expect(again.order.status).toBe('received');
    } finally {
      fakes.smtp.setDown(false);
    }
  });
});

describe('who may see and resend messages', () => {
  it('an order’s messages are for admins only', async () => {
    const { order, customer: owner } = await place(await signInAs(), { notifyConsent: true });
    expect((await owner.request('GET', `/api/orders/${order.id}/notifications`)).status).toBe(403);
    const stranger = new TestClient(server.app);
    expect((await stranger.request('GET', `/api/orders/${order.id}/notifications`)).status).toBe(
      401,
    );
    expect((await admin.request('POST', '/api/notifications/nope/resend')).status).toBe(404);
  });
});

describe('the outbox and its order', () => {
  it('commit together: an outbox that cannot write takes its order down, not the others', async () => {
    const { notifications } = server.app.services;
    // Two customers, each booking for the number they proved (D13).
    const broken = await signInAs();
    const fine = await signInAs();
    const record = notifications.record.bind(notifications);
    notifications.record = (events) => {
      if (
        events.some(
          (event) => 'order' in event && event.order.phoneNumber === broken.phone.national,
        )
      ) {
        throw new Error('disk full');
      }
      return record(events);
    };
    try {
      // Sent together, so that both land in one group commit (each order in its savepoint).
      const [bad, good] = await Promise.all([
        broken.client.request(
          'POST',
          '/api/orders',
          orderBody({ phoneNumber: broken.phone.national, notifyConsent: true }),
        ),
        fine.client.request(
          'POST',
          '/api/orders',
          orderBody({ phoneNumber: fine.phone.national, notifyConsent: true }),
        ),
      ]);
      expect(bad.status).toBe(500);
      expect(good.status).toBe(201);
      const search = async (phone: string) =>
        (await admin.request('GET', `/api/orders?search=${phone}`)).body.total as number;
      expect(await search(broken.phone.national)).toBe(0);
      expect(await search(fine.phone.national)).toBe(1);
      await until(good.body.order.id, (list) => list.length === 3 && settled(list));
    } finally {
      notifications.record = record;
    }
    const db = server.app.db;
    const orphans = db
      .prepare(
        'SELECT COUNT(*) AS n FROM outbox_messages m LEFT JOIN orders o ON o.id = m.order_id WHERE o.id IS NULL',
      )
      .get() as { n: number };
    expect(orphans.n).toBe(0);
  });
});

describe('a customer who asks to stop', () => {
  it('gets nothing more about that order: waiting messages are dropped, later changes send none', async () => {
    const phone = uniquePhone();
    const booker = await signInAs(phone);
    const worker = server.app.notificationWorker;
    // Held still, so that the booking's messages are waiting when the customer asks.
    await worker.stop();
    let order: Order;
    try {
      ({ order } = await place(booker, { notifyConsent: true }));
      const stopped = await admin.request<{ notifications: NotificationMessage[] }>(
        'POST',
        `/api/orders/${order.id}/notifications/stop`,
      );
      expect(stopped.status).toBe(200);
      const byRecipient = Object.fromEntries(
        stopped.body.notifications.map((m) => [`${m.recipient} ${m.channel}`, m.state]),
      );
      expect(byRecipient).toEqual({
        'customer whatsapp': 'cancelled',
        'company whatsapp': 'pending',
        'company email': 'pending',
      });
    } finally {
      worker.start();
    }
    const after = await admin.request<{ order: Order }>('GET', `/api/orders/${order.id}`);
    expect(after.body.order.notifyConsent).toBe(false);
    await admin.request('PATCH', `/api/orders/${order.id}`, { status: 'under_review' });
    // The team's messages go out; the customer's never do.
    await until(order.id, (list) => list.filter((m) => m.state === 'sent').length === 2);
    expect((await messagesOf(order.id)).map((m) => m.state).sort()).toEqual([
      'cancelled',
      'sent',
      'sent',
    ]);
    expect(toPhone(phone.e164)).toEqual([]);
    expect((await admin.request('POST', '/api/orders/nope/notifications/stop')).status).toBe(404);
  });
});

describe('a message a newer version queued on a channel this one does not know', () => {
  it('is read, fails for want of a provider without stopping the worker, and is listed', async () => {
    const booker = await signInAs();
    const worker = server.app.notificationWorker;
    // Held still, so that the booking's customer message can be made a Telegram one first
    // (possible since migration 040: the column checks a channel's shape, not a list).
    await worker.stop();
    let order: Order;
    try {
      ({ order } = await place(booker, { notifyConsent: true }));
      const changed = server.app.db
        .prepare(
          `UPDATE outbox_messages SET channel = 'telegram', fallback = ''
           WHERE order_id = ? AND recipient = 'customer'`,
        )
        .run(order.id);
      expect(changed.changes).toBe(1);
    } finally {
      worker.start();
    }
    const messages = await until(order.id, settled);
    expect(messages.find((m) => m.channel === ('telegram' as string))).toMatchObject({
      recipient: 'customer',
      state: 'failed',
      lastError: 'no provider for telegram is configured',
    });
    // The team's messages, after it in the queue, went out all the same.
    expect(messages.filter((m) => m.recipient === 'company').map((m) => m.state)).toEqual([
      'sent',
      'sent',
    ]);
  });
});
