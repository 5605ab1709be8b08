import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The hosted build's notifications (docs/decisions.md D10) without an emulator: the functions'
// handlers, outbox, sender and sweeper over the in-process fake of Firestore (firebase-admin's
// API and the browser SDK's on one store), sending through the real providers to the local fakes
// of WhatsApp, Twilio and SMTP on 127.0.0.1; and the Firebase adapter's admin desk over it.

vi.mock(
  'firebase/app',
  async () => (await import('../../src/data/firebase/testing-fake-firestore')).fakeAppModule,
);
vi.mock(
  'firebase/auth',
  async () => (await import('../../src/data/firebase/testing-fake-firestore')).fakeAuthModule,
);
vi.mock(
  'firebase/firestore',
  async () => (await import('../../src/data/firebase/testing-fake-firestore')).fakeFirestoreModule,
);
vi.mock(
  'firebase/functions',
  async () => (await import('../../src/data/firebase/testing-fake-firestore')).fakeFunctionsModule,
);
vi.mock(
  'firebase/app-check',
  async () => (await import('../../src/data/firebase/testing-fake-firestore')).fakeAppCheckModule,
);

import type { Deps } from '../../functions/src/handlers';
import { queueWeeklySummary } from '../../functions/src/notifications/weekly-summary';
import {
  DEFAULT_NOTIFICATION_ENV,
  parseNotificationEnv,
  type NotificationEnv,
} from '../../functions/src/notifications/notify-settings';
import {
  dueOnWrite,
  LEASE_MARGIN_MS,
  sendOutboxMessage,
  sweepOutbox,
  type SenderDeps,
} from '../../functions/src/notifications/sender';
import { noLimits } from '../../functions/src/platform/settings';
import { routeFunctions, TEST_SETTINGS } from '../../functions/src/testing/in-process';
import { createProviders } from '../../server/src/notifications/providers/index';
import type { DeskChange } from '../../src/data/port';
import { backend, fakeUser, type Identity } from '../../src/data/firebase/testing-fake-firestore';
import { fakeBrowser, hostedOrderInput } from '../../src/data/firebase/testing-hosted';
import { firestoreReadRules } from '../../src/data/firebase/testing-read-rules';
import type { Dashboard } from '../../src/domain/dashboard';
import { COLLECTIONS } from '../../src/domain/hosted-store';
import type { NotificationMessage } from '../../src/domain/notifications';
import type { Order } from '../../src/domain/order';
import { forPhone, startProviderFakes } from '../fakes/provider-fakes';

const NOW = Date.parse('2026-03-10T08:00:00.000Z');
const SECOND = 1000;
const ADMIN: Identity = { uid: 'admin-uid', admin: true, anonymous: false };
const PHONE = { national: '01012345678', e164: '+201012345678' };
/** A customer who proved PHONE with a code: who may book for it (D13). */
const CUSTOMER: Identity = {
  uid: 'customer-uid',
  admin: false,
  anonymous: false,
  phone: PHONE.e164,
};
const SILENT = { info: () => {}, warn: () => {}, error: () => {} };

let fakes: Awaited<ReturnType<typeof startProviderFakes>>;
let deps: Deps;
let sender: SenderDeps;

/** Routes the callables with these notification settings; the sender uses the same. */
function deploy(overrides: Record<string, string> = {}): void {
  const env: NotificationEnv = parseNotificationEnv(
    fakes.env({ NOTIFY_RETRY_SECONDS: '10', NOTIFY_TIMEOUT_SECONDS: '1', ...overrides }),
    { secrets: true },
  );
  deps = routeFunctions(backend, { ...TEST_SETTINGS, limits: noLimits(), notifications: env }).deps;
  sender = {
    outbox: deps.outbox,
    providers: createProviders(env, SILENT),
    notify: deps.notify,
    log: SILENT,
    random: () => 0.5,
  };
}

async function call<T>(name: string, data: unknown, auth: Identity | null = CUSTOMER): Promise<T> {
  const outcome = await backend.functions!({ name, data, auth, appCheckToken: null });
  if (!outcome.ok) throw Object.assign(new Error(outcome.message), { code: outcome.code });
  return outcome.data as T;
}

async function refusal(name: string, data: unknown, auth: Identity | null) {
  const outcome = await backend.functions!({ name, data, auth, appCheckToken: null });
  expect(outcome.ok, `${name} should be refused`).toBe(false);
  return outcome as { ok: false; code: string; message: string };
}

const place = (overrides: Parameters<typeof hostedOrderInput>[0] = {}) =>
  call<Order>('placeOrder', hostedOrderInput({ phoneNumber: PHONE.national, ...overrides }));

const messagesOf = (orderId: string) =>
  call<NotificationMessage[]>('orderNotifications', { orderId }, ADMIN);

const outboxIds = () => backend.ids(COLLECTIONS.outbox).sort();

beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  backend.reset();
  backend.seed(`${COLLECTIONS.admins}/${ADMIN.uid}`, { email: 'admin@afsh.test' });
  for (const fake of [fakes.whatsapp, fakes.sms, fakes.smtp]) {
    fake.setMode({ kind: 'ok' });
    fake.requests.length = 0;
  }
  deploy();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the outbox is written in the order’s own transaction', () => {
  it('placing an order with consent commits the order, its event and its message together', async () => {
    const order = await place({ language: 'ar', notifyConsent: true });
    expect(order).toMatchObject({ language: 'ar', notifyConsent: true });
    const commit = backend.commits.find((writes) =>
      writes.some((w) => w.path === `${COLLECTIONS.orders}/${order.id}`),
    )!;
    expect(commit.map((w) => w.path)).toEqual(
      expect.arrayContaining([
        `${COLLECTIONS.orders}/${order.id}`,
        `${COLLECTIONS.tracking}/${order.orderNumber}`,
        `${COLLECTIONS.outboxEvents}/${order.id}-1`,
        `${COLLECTIONS.outbox}/${order.id}-1-1`,
      ]),
    );
    expect(backend.read(`${COLLECTIONS.orders}/${order.id}`)).toMatchObject({
      language: 'ar',
      notifyConsent: true,
      outboxSeq: 1,
    });
    expect(backend.read(`${COLLECTIONS.outbox}/${order.id}-1-1`)).toMatchObject({
      orderId: order.id,
      recipient: 'customer',
      channel: 'whatsapp',
      fallback: ['sms'],
      address: PHONE.e164,
      template: 'order_created',
      language: 'ar',
      state: 'pending',
      tries: 0,
      maxTries: 3,
      idempotencyKey: `afsh-${order.id}-1-1`,
    });
  });

  it('an outbox write that fails takes its order down with it: nothing is stored', async () => {
    backend.failWrites((write) => write.path.startsWith(`${COLLECTIONS.outbox}/`), 'unavailable');
    await expect(place({ notifyConsent: true })).rejects.toThrow();
    expect(backend.ids(COLLECTIONS.orders)).toEqual([]);
    expect(backend.ids(COLLECTIONS.tracking)).toEqual([]);
    expect(backend.ids(COLLECTIONS.outboxEvents)).toEqual([]);
  });

  it('no consent, no customer message; the team hears of every new order on each channel', async () => {
    deploy({ NOTIFY_COMPANY_WHATSAPP: '01099998888', NOTIFY_COMPANY_EMAIL: 'ops@afsh.example' });
    const order = await place();
    expect(order).toMatchObject({ language: 'ar', notifyConsent: false });
    const messages = await messagesOf(order.id);
    expect(messages.map((m) => [m.recipient, m.channel, m.address, m.template])).toEqual([
      ['company', 'whatsapp', '+201099998888', 'company_new_order'],
      ['company', 'email', 'ops@afsh.example', 'company_new_order'],
    ]);
    // The desk sees no bookkeeping (keys, provider internals).
    expect(Object.keys(messages[0]!)).not.toContain('idempotencyKey');
  });

  it('each change is its own event, a repeated one is refused and causes nothing, a cancel is one message', async () => {
    const order = await place({ notifyConsent: true, language: 'en' });
    await call('updateOrder', { id: order.id, update: { status: 'under_review' } }, ADMIN);
    // The same status again is no step of the lifecycle (D17): refused, nothing written.
    const again = await refusal(
      'updateOrder',
      { id: order.id, update: { status: 'under_review' } },
      ADMIN,
    );
    expect(again).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:lifecycle.notAllowed',
    });
    await call('cancelOrder', { id: order.id });
    const messages = await messagesOf(order.id);
    expect(messages.map((m) => [m.id, m.template, m.language])).toEqual([
      [`${order.id}-1-1`, 'order_created', 'en'],
      [`${order.id}-2-1`, 'order_status_under_review', 'en'],
      [`${order.id}-3-1`, 'order_cancelled_by_customer', 'en'],
    ]);
    expect(backend.ids(COLLECTIONS.outboxEvents).sort()).toEqual(
      [`${order.id}-1`, `${order.id}-2`, `${order.id}-3`].sort(),
    );
  });

  it('a new date and a booking brought back are each told to the customer, once (D17)', async () => {
    const order = await place({ notifyConsent: true, language: 'en' });
    // The customer moves it to the evening of the day after; the office cancels, then brings it
    // back with a reason.
    await call('rescheduleOrder', {
      id: order.id,
      reschedule: { moveDate: '2026-04-02', windowId: 'evening' },
    });
    await call('updateOrder', { id: order.id, update: { status: 'cancelled' } }, ADMIN);
    await call(
      'goBackOrder',
      { id: order.id, back: { action: 'uncancel', reason: 'The customer called' } },
      ADMIN,
    );
    const messages = await messagesOf(order.id);
    expect(messages.map((m) => m.template)).toEqual([
      'order_created',
      'order_rescheduled',
      'order_cancelled_by_company',
      'order_restored',
    ]);
    expect(messages[1]!.body).toContain('Thursday, April 2, 2026');
    expect(messages[1]!.body).toContain('4:00 PM');
    expect(backend.read(`${COLLECTIONS.outboxEvents}/${order.id}-2`)).toMatchObject({
      type: 'order.rescheduled',
      detail: {
        actor: 'customer',
        from: { date: '2026-04-01', time: '10:30' },
        to: { date: '2026-04-02', time: '16:00' },
      },
    });
    // The crews' counters moved with it: nothing held on the first day, one on the second.
    expect(backend.read(`${COLLECTIONS.crewBookings}/2026-04-01`)).toMatchObject({
      booked: { morning: 0 },
    });
    expect(backend.read(`${COLLECTIONS.crewBookings}/2026-04-02`)).toMatchObject({
      booked: { evening: 1 },
    });
  });

  it('an admin cancelling and marking paid: the customer hears each, once, by the company', async () => {
    const order = await place({ notifyConsent: true });
    await call('updateOrder', { id: order.id, update: { paymentStatus: 'paid' } }, ADMIN);
    await call('updateOrder', { id: order.id, update: { status: 'cancelled' } }, ADMIN);
    const messages = await messagesOf(order.id);
    expect(messages.map((m) => [m.template, m.recipient, m.channel])).toEqual([
      ['order_created', 'customer', 'whatsapp'],
      ['payment_confirmed', 'customer', 'whatsapp'],
      ['order_cancelled_by_company', 'customer', 'whatsapp'],
      // Paid, then cancelled: the money is owed back, and the customer is told how (D16).
      ['payment_refund_due', 'customer', 'whatsapp'],
    ]);
    expect(backend.read(`${COLLECTIONS.outboxEvents}/${order.id}-3`)).toMatchObject({
      type: 'order.cancelled',
      detail: { actor: 'admin' },
    });
  });

  it('deleting an order deletes its outbox with it, in the same transaction', async () => {
    const kept = await place({ notifyConsent: true });
    const order = await place({ notifyConsent: true });
    await call('updateOrder', { id: order.id, update: { status: 'under_review' } }, ADMIN);
    await call('deleteOrder', { id: order.id }, ADMIN);
    expect(backend.commits.at(-1)!.map((w) => `${w.kind} ${w.path}`)).toEqual(
      expect.arrayContaining([
        `delete ${COLLECTIONS.orders}/${order.id}`,
        `delete ${COLLECTIONS.outbox}/${order.id}-1-1`,
        `delete ${COLLECTIONS.outbox}/${order.id}-2-1`,
        `delete ${COLLECTIONS.outboxEvents}/${order.id}-2`,
      ]),
    );
    expect(outboxIds()).toEqual([`${kept.id}-1-1`]);
    expect(backend.ids(COLLECTIONS.outboxEvents)).toEqual([`${kept.id}-1`]);
  });

  it('with no settings at all, messages go to the log provider', async () => {
    expect(DEFAULT_NOTIFICATION_ENV.NOTIFY_PROVIDERS).toEqual(['log']);
    const logged: string[] = [];
    deploy();
    sender.providers = createProviders(DEFAULT_NOTIFICATION_ENV, {
      info: (_object, message) => logged.push(message),
      warn: () => {},
    });
    const order = await place({ notifyConsent: true, language: 'en' });
    expect(await sendOutboxMessage(`${order.id}-1-1`, sender)).toBe('sent');
    expect(logged.join('\n')).toContain(`/en/track/${order.orderNumber}`);
    expect(fakes.whatsapp.requests).toHaveLength(0);
  });
});

describe('the sender', () => {
  it('sends the template in the booking’s language, with +20 and the message’s key, once', async () => {
    const order = await place({ notifyConsent: true });
    const id = `${order.id}-1-1`;
    expect(dueOnWrite(backend.read(`${COLLECTIONS.outbox}/${id}`), new Date())).toBe(true);
    expect(await sendOutboxMessage(id, sender)).toBe('sent');
    // The same trigger delivered twice (at-least-once): the claim finds it sent.
    expect(await sendOutboxMessage(id, sender)).toBe('skipped');
    expect(fakes.whatsapp.requests).toHaveLength(1);
    const [delivery] = fakes.whatsapp.deliveries.slice(-1);
    expect(delivery).toMatchObject({ key: `afsh-${id}` });
    expect(delivery!.message).toMatchObject({
      to: PHONE.e164,
      template: 'order_created',
      language: 'ar',
    });
    // Arabic-Indic digits in the date, as the Arabic screens show them; the number stays Latin.
    expect(delivery!.message.params.move_date).toMatch(/[٠-٩]/);
    expect(delivery!.message.params.order_number).toBe(order.orderNumber);
    expect(delivery!.message.params.tracking_url).toContain(`/track/${order.orderNumber}`);
    const stored = backend.read(`${COLLECTIONS.outbox}/${id}`)!;
    expect(stored).toMatchObject({ state: 'sent', tries: 1, provider: 'whatsapp', dueAt: null });
    expect(dueOnWrite(stored, new Date())).toBe(false);
  });

  it('a message a newer version queued on a channel this one does not know is read, fails for want of a provider, and is listed', async () => {
    const order = await place({ notifyConsent: true });
    const id = `${order.id}-1-1`;
    // Telegram, without the fields it may not have stored (read through outboxMessageFromStored).
    const {
      subject: _subject,
      params: _params,
      ...stored
    } = backend.read(`${COLLECTIONS.outbox}/${id}`)!;
    backend.seed(`${COLLECTIONS.outbox}/${id}`, { ...stored, channel: 'telegram', fallback: [] });
    expect(await sendOutboxMessage(id, sender)).toBe('failed');
    expect(backend.read(`${COLLECTIONS.outbox}/${id}`)).toMatchObject({
      state: 'failed',
      lastError: 'no provider for telegram is configured',
    });
    expect(fakes.whatsapp.requests).toHaveLength(0);
    const listed = (await messagesOf(order.id)).find((message) => message.id === id);
    expect(listed).toMatchObject({ channel: 'telegram', state: 'failed' });
  });

  it('the trigger, a second delivery of it and the sweeper at once: one try, one request', async () => {
    const order = await place({ notifyConsent: true });
    const id = `${order.id}-1-1`;
    const results = await Promise.all([
      sendOutboxMessage(id, sender),
      sendOutboxMessage(id, sender),
      sweepOutbox(sender),
    ]);
    expect(results.filter((r) => r === 'sent').length + (results[2] as number)).toBe(1);
    expect(fakes.whatsapp.requests).toHaveLength(1);
    expect(backend.read(`${COLLECTIONS.outbox}/${id}`)).toMatchObject({ state: 'sent', tries: 1 });
  });

  it('a message that fails again after "send again" does not get a second SMS', async () => {
    const order = await place({ notifyConsent: true });
    const id = `${order.id}-1-1`;
    const refusal = { kind: 'error', status: 400, code: 131026, message: 'Undeliverable' };
    fakes.whatsapp.setMode(refusal as Parameters<typeof fakes.whatsapp.setMode>[0]);
    expect(await sendOutboxMessage(id, sender)).toBe('failed');
    expect(outboxIds()).toEqual([id, `${id}-f`]);
    await call('resendNotification', { id }, ADMIN);
    expect(await sendOutboxMessage(id, sender)).toBe('failed');
    // Its SMS stand-in is already there (and sent, or on its way): not a second one.
    expect(outboxIds()).toEqual([id, `${id}-f`]);
  });

  it('retries a failed try after the backoff, under the same key, from the sweeper', async () => {
    const order = await place({ notifyConsent: true });
    const id = `${order.id}-1-1`;
    fakes.whatsapp.failNext(1, { kind: 'error', status: 500, message: 'try later' });
    expect(await sendOutboxMessage(id, sender)).toBe('retry');
    const waiting = (await messagesOf(order.id))[0]!;
    expect(waiting).toMatchObject({ state: 'pending', tries: 1 });
    expect(waiting.lastError).toContain('HTTP 500');
    // 10 s doubling, jitter fixed at 0: due 10 s later, not before.
    expect(Date.parse(waiting.nextAttemptAt) - NOW).toBe(10 * SECOND);
    expect(dueOnWrite(backend.read(`${COLLECTIONS.outbox}/${id}`), new Date())).toBe(false);
    expect(await sweepOutbox(sender)).toBe(0);
    vi.setSystemTime(NOW + 10 * SECOND);
    expect(await sweepOutbox(sender)).toBe(1);
    expect((await messagesOf(order.id))[0]).toMatchObject({ state: 'sent', tries: 2 });
    const keys = fakes.whatsapp.requests.map((r) => r.key);
    expect(keys).toEqual([`afsh-${id}`, `afsh-${id}`]);
  });

  it('a refusal WhatsApp will never accept fails at once and the same text goes by SMS', async () => {
    const order = await place({ notifyConsent: true });
    const id = `${order.id}-1-1`;
    fakes.whatsapp.failNext(1, {
      kind: 'error',
      status: 400,
      code: 132001,
      message: 'Template name does not exist in the translation',
    });
    expect(await sendOutboxMessage(id, sender)).toBe('failed');
    const sms = backend.read(`${COLLECTIONS.outbox}/${id}-f`)!;
    expect(sms).toMatchObject({
      channel: 'sms',
      fallback: [],
      fallbackOf: id,
      state: 'pending',
      body: backend.read(`${COLLECTIONS.outbox}/${id}`)!.body,
    });
    // Written pending and due: the trigger sends it at once.
    expect(dueOnWrite(sms, new Date())).toBe(true);
    expect(await sendOutboxMessage(`${id}-f`, sender)).toBe('sent');
    expect(fakes.sms.deliveries.slice(-1)[0]).toMatchObject({ key: `afsh-${id}-f` });
    expect(fakes.sms.deliveries.slice(-1)[0]!.message.to).toBe(PHONE.e164);
    const [whatsapp, text] = await messagesOf(order.id);
    expect(whatsapp).toMatchObject({
      state: 'failed',
      lastError: expect.stringContaining('132001'),
    });
    expect(text).toMatchObject({ state: 'sent', channel: 'sms' });
  });

  it('a hanging provider times out; after the last try the message is failed, then SMS', async () => {
    const order = await place({ notifyConsent: true });
    const id = `${order.id}-1-1`;
    fakes.whatsapp.failNext(3, { kind: 'hang' }, forPhone(PHONE.e164));
    expect(await sendOutboxMessage(id, sender)).toBe('retry');
    vi.setSystemTime(NOW + 10 * SECOND);
    expect(await sendOutboxMessage(id, sender)).toBe('retry');
    vi.setSystemTime(NOW + 30 * SECOND);
    expect(await sendOutboxMessage(id, sender)).toBe('failed');
    const [whatsapp] = await messagesOf(order.id);
    expect(whatsapp).toMatchObject({ state: 'failed', tries: 3, lastError: 'timed out' });
    expect(outboxIds()).toEqual([id, `${id}-f`]);
  });

  it('a sweep starts no try it has no time left to finish: the next sweep sends it', async () => {
    const order = await place({ notifyConsent: true });
    const budgetMs = sender.notify.timeoutMs - 1;
    expect(await sweepOutbox(sender, { budgetMs })).toBe(0);
    expect(backend.read(`${COLLECTIONS.outbox}/${order.id}-1-1`)).toMatchObject({
      state: 'pending',
      tries: 0,
    });
    expect(await sweepOutbox(sender, { budgetMs: sender.notify.timeoutMs })).toBe(1);
    expect(fakes.whatsapp.requests).toHaveLength(1);
  });

  it('a message whose sender died mid-send is sent again after its lease, and delivered once', async () => {
    const order = await place({ notifyConsent: true });
    const id = `${order.id}-1-1`;
    // The provider delivers, but the sender never hears back (it dies): the claim stays.
    fakes.whatsapp.failNext(1, { kind: 'lose-answer' });
    await sender.outbox.claim(id, new Date(), sender.notify.timeoutMs + LEASE_MARGIN_MS);
    await sender.providers.whatsapp!.send(
      (await sender.outbox.get(id))!,
      AbortSignal.timeout(1000),
    );
    expect(await sweepOutbox(sender)).toBe(0);
    vi.setSystemTime(NOW + sender.notify.timeoutMs + LEASE_MARGIN_MS);
    expect(await sweepOutbox(sender)).toBe(1);
    expect((await messagesOf(order.id))[0]).toMatchObject({ state: 'sent', tries: 2 });
    expect(fakes.whatsapp.requests.filter((r) => r.key === `afsh-${id}`)).toHaveLength(2);
    expect(fakes.whatsapp.deliveries.filter((d) => d.key === `afsh-${id}`)).toHaveLength(1);
  });

  it('the team’s email goes over SMTP with the message’s key as its Message-ID', async () => {
    // A whole SMTP conversation (greeting, EHLO, MAIL, RCPT, DATA) can outlast the one-second
    // try the other tests use when the machine is busy: this test is about the Message-ID.
    deploy({
      NOTIFY_COMPANY_EMAIL: 'ops@afsh.example',
      NOTIFY_COMPANY_LANGUAGE: 'en',
      NOTIFY_TIMEOUT_SECONDS: '20',
    });
    const order = await place();
    expect(await sendOutboxMessage(`${order.id}-1-1`, sender)).toBe('sent');
    const mail = fakes.smtp.deliveries.slice(-1)[0]!;
    expect(mail.message).toMatchObject({ to: 'ops@afsh.example', contentLanguage: 'en' });
    expect(mail.message.messageId).toContain(`afsh-${order.id}-1-1@`);
    expect(mail.message.text).toContain(order.orderNumber);
  });
});

describe('the admin desk’s calls', () => {
  it('are for admins only', async () => {
    const order = await place({ notifyConsent: true });
    for (const [name, data] of [
      ['orderNotifications', { orderId: order.id }],
      ['resendNotification', { id: `${order.id}-1-1` }],
      ['stopNotifications', { orderId: order.id }],
    ] as const) {
      expect((await refusal(name, data, CUSTOMER)).code).toBe('permission-denied');
      expect((await refusal(name, data, null)).code).toBe('unauthenticated');
      // The claim alone is not enough: the admins document must say so now.
      const revoked = { uid: 'revoked', admin: true, anonymous: false };
      expect((await refusal(name, data, revoked)).code).toBe('permission-denied');
    }
  });

  it('"send again" gives a failed message new tries at once, under the same key', async () => {
    deploy({ NOTIFY_PROVIDERS: 'whatsapp' });
    const order = await place({ notifyConsent: true });
    const id = `${order.id}-1-1`;
    fakes.whatsapp.setMode({ kind: 'error', status: 400, code: 131026, message: 'Undeliverable' });
    expect(await sendOutboxMessage(id, sender)).toBe('failed');
    expect(outboxIds()).toEqual([id]); // SMS is off: no stand-in
    const notFailed = await refusal('resendNotification', { id: `${order.id}-x` }, ADMIN);
    expect(notFailed.code).toBe('not-found');
    fakes.whatsapp.setMode({ kind: 'ok' });
    const resent = await call<NotificationMessage>('resendNotification', { id }, ADMIN);
    expect(resent).toMatchObject({ state: 'pending', tries: 1, maxTries: 7 });
    expect(dueOnWrite(backend.read(`${COLLECTIONS.outbox}/${id}`), new Date())).toBe(true);
    expect(await sendOutboxMessage(id, sender)).toBe('sent');
    const again = await refusal('resendNotification', { id }, ADMIN);
    expect(again).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:notifications.notFailed',
    });
    expect(fakes.whatsapp.requests.map((r) => r.key)).toEqual([`afsh-${id}`, `afsh-${id}`]);
  });

  it('"stop" withdraws the consent, drops what waits for the customer, keeps the team’s', async () => {
    deploy({ NOTIFY_COMPANY_EMAIL: 'ops@afsh.example' });
    const order = await place({ notifyConsent: true });
    const stopped = await call<NotificationMessage[]>(
      'stopNotifications',
      { orderId: order.id },
      ADMIN,
    );
    expect(stopped.map((m) => [m.recipient, m.state])).toEqual([
      ['customer', 'cancelled'],
      ['company', 'pending'],
    ]);
    expect(backend.read(`${COLLECTIONS.orders}/${order.id}`)).toMatchObject({
      notifyConsent: false,
    });
    expect(await sendOutboxMessage(`${order.id}-1-1`, sender)).toBe('skipped');
    await call('updateOrder', { id: order.id, update: { status: 'under_review' } }, ADMIN);
    expect((await messagesOf(order.id)).filter((m) => m.recipient === 'customer')).toHaveLength(1);
    const missing = await refusal('stopNotifications', { orderId: 'no-such-order' }, ADMIN);
    expect(missing.code).toBe('not-found');
  });
});

describe('the Firebase adapter’s desk', () => {
  beforeEach(() => {
    backend.readRules = firestoreReadRules;
  });

  it('hears orders created, changed and deleted anywhere, and counts the new ones', async () => {
    const admin = fakeBrowser(
      fakeUser({ uid: ADMIN.uid, email: 'admin@afsh.test', claims: { admin: true } }),
    );
    // Placed before the desk's window: the listener first hears of it when it changes.
    vi.setSystemTime(NOW - 20 * 60 * SECOND);
    const before = await place();
    vi.setSystemTime(NOW);
    const heard: DeskChange[] = [];
    let live = false;
    const stop = admin.desk.watch(
      (change) => heard.push(change),
      (up) => {
        live = up;
      },
    );
    try {
      await vi.waitFor(() => expect(live).toBe(true));
      const since = new Date().toISOString();
      vi.setSystemTime(NOW + SECOND);
      const order = await place();
      await call('updateOrder', { id: before.id, update: { status: 'under_review' } }, ADMIN);
      await call('deleteOrder', { id: order.id }, ADMIN);
      await vi.waitFor(() => expect(heard).toHaveLength(3));
      expect(heard.map((h) => h.type === 'order' && [h.change.kind, h.change.orderNumber])).toEqual(
        [
          ['created', order.orderNumber],
          ['changed', before.orderNumber],
          ['deleted', order.orderNumber],
        ],
      );
      await place();
      expect(await admin.desk.newOrdersSince(since)).toBe(1);
      expect(await admin.desk.notifications(before.id)).toEqual([]);
    } finally {
      stop();
    }
  });

  it('hears the messages of an order the admin opened: a new one when the order changes', async () => {
    const admin = fakeBrowser(
      fakeUser({ uid: ADMIN.uid, email: 'admin@afsh.test', claims: { admin: true } }),
    );
    const order = await place({ notifyConsent: true, language: 'en' });
    const heard: NotificationMessage[] = [];
    let live = false;
    const stop = admin.desk.watch(
      (change) => {
        if (change.type === 'notification') heard.push(change.message);
      },
      (up) => {
        live = up;
      },
    );
    try {
      await vi.waitFor(() => expect(live).toBe(true));
      // The admin opens the order: its booking message, as the outbox holds it.
      expect((await admin.desk.notifications(order.id)).map((m) => m.state)).toEqual(['pending']);
      expect(await sendOutboxMessage(`${order.id}-1-1`, sender)).toBe('sent');
      await call('updateOrder', { id: order.id, update: { status: 'under_review' } }, ADMIN);
      // The order's change makes the desk ask again: the sent one and the new one are heard.
      await vi.waitFor(() =>
        expect(heard.map((m) => [m.id, m.template, m.state])).toEqual([
          [`${order.id}-1-1`, 'order_created', 'sent'],
          [`${order.id}-2-1`, 'order_status_under_review', 'pending'],
        ]),
      );
      // The outbox itself stays closed to the admin's browser.
      expect(backend.readRules).toBe(firestoreReadRules);
    } finally {
      stop();
    }
  });

  it('says when it is live; a desk opened offline starts from the server’s first answer', async () => {
    const admin = fakeBrowser(
      fakeUser({ uid: ADMIN.uid, email: 'admin@afsh.test', claims: { admin: true } }),
    );
    const earlier = await place();
    backend.setOnline(false);
    const heard: string[] = [];
    const live: boolean[] = [];
    const stop = admin.desk.watch(
      (change) => {
        if (change.type === 'order')
          heard.push(`${change.change.kind} ${change.change.orderNumber}`);
      },
      (up) => live.push(up),
    );
    try {
      await vi.waitFor(() => expect(live).toEqual([false]));
      backend.setOnline(true);
      await vi.waitFor(() => expect(live).toEqual([false, true]));
      // Placed before the desk opened: the server confirming it is not news.
      expect(heard).toEqual([]);
      backend.setOnline(false);
      await vi.waitFor(() => expect(live.at(-1)).toBe(false));
      const meanwhile = await place();
      await call('updateOrder', { id: earlier.id, update: { status: 'under_review' } }, ADMIN);
      expect(heard).toEqual([]);
      backend.setOnline(true);
      await vi.waitFor(() =>
        expect([...heard].sort()).toEqual(
          [`changed ${earlier.orderNumber}`, `created ${meanwhile.orderNumber}`].sort(),
        ),
      );
      expect(live.at(-1)).toBe(true);
    } finally {
      stop();
    }
  });

  it('refuses customers, and is not live for them', async () => {
    const customer = fakeBrowser(fakeUser({ uid: CUSTOMER.uid }));
    const order = await place();
    await expect(customer.desk.notifications(order.id)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(customer.desk.newOrdersSince(new Date().toISOString())).rejects.toMatchObject({
      code: 'permission-denied',
    });
    const live: boolean[] = [];
    const stop = customer.desk.watch(
      () => {},
      (up) => live.push(up),
    );
    await vi.waitFor(() => expect(live).toEqual([false]));
    stop();
  });
});

describe('settings', () => {
  it('a function that only queues needs no secrets; one that sends names what is missing', () => {
    const raw = { NOTIFY_PROVIDERS: 'whatsapp', WHATSAPP_PHONE_NUMBER_ID: '123' };
    expect(parseNotificationEnv(raw, { secrets: false }).NOTIFY_PROVIDERS).toEqual(['whatsapp']);
    expect(() => parseNotificationEnv(raw, { secrets: true })).toThrow(/WHATSAPP_ACCESS_TOKEN/);
    expect(() =>
      parseNotificationEnv({ ...raw, WHATSAPP_PHONE_NUMBER_ID: '' }, { secrets: false }),
    ).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    expect(() => parseNotificationEnv({ NOTIFY_PROVIDERS: 'pigeon' }, { secrets: false })).toThrow(
      /NOTIFY_PROVIDERS/,
    );
  });

  it('never prints a secret, even a wrong one', () => {
    let message = '';
    try {
      parseNotificationEnv(
        {
          NOTIFY_PROVIDERS: 'email',
          SMTP_URL: 'http://user:hunter2@mail.example',
          MAIL_FROM: 'a@b.c',
        },
        { secrets: true },
      );
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SMTP_URL');
    expect(message).not.toContain('hunter2');
  });
});

describe('the weekly summary to the company (D27)', () => {
  /** Saturday 7 March 2026, 09:00 in Cairo (UTC+2): the summary of 28 February to 6 March. */
  const SATURDAY = Date.parse('2026-03-07T07:00:00.000Z');
  const KEY = 'weekly-summary:2026-02-28';

  async function bookTheWeek(): Promise<void> {
    // Booked on Monday 2 March: two moves in the week ahead (Sunday the 8th), one cancelled.
    vi.setSystemTime(Date.parse('2026-03-02T10:00:00.000Z'));
    await place({ moveDate: '2026-03-08' });
    await place({ moveDate: '2026-03-08', paymentMethod: 'cod' });
    const cancelled = await place({ moveDate: '2026-03-09' });
    await call('cancelOrder', { id: cancelled.id });
    vi.setSystemTime(SATURDAY);
  }

  const summaryIds = () => outboxIds().filter((id) => id.startsWith('weekly-summary:'));

  it('is written once per recipient per week, however often it runs, even at once', async () => {
    deploy({ NOTIFY_COMPANY_WHATSAPP: '01099998888', NOTIFY_COMPANY_EMAIL: 'ops@afsh.example' });
    await bookTheWeek();
    const [first, second] = await Promise.all([
      queueWeeklySummary(deps, new Date()),
      queueWeeklySummary(deps, new Date()),
    ]);
    expect([...first!, ...second!].sort()).toEqual([`${KEY}:email`, `${KEY}:whatsapp`]);
    // Every hour after it, all week: one read finds the week written.
    vi.setSystemTime(SATURDAY + 3 * 24 * 3_600_000);
    expect(await queueWeeklySummary(deps, new Date())).toEqual([]);
    expect(summaryIds()).toEqual([`${KEY}:email`, `${KEY}:whatsapp`]);
    expect(backend.read(`${COLLECTIONS.outboxEvents}/${KEY}`)).toMatchObject({
      orderId: null,
      type: 'company.weeklySummary',
      detail: {
        from: '2026-02-28',
        to: '2026-03-06',
        nextFrom: '2026-03-07',
        nextTo: '2026-03-13',
      },
    });
  });

  it('tells the dashboard’s figures, and goes out through the sender like any message', async () => {
    deploy({
      NOTIFY_COMPANY_WHATSAPP: '01099998888',
      NOTIFY_COMPANY_EMAIL: 'ops@afsh.example',
      NOTIFY_COMPANY_LANGUAGE: 'en',
    });
    await bookTheWeek();
    await queueWeeklySummary(deps, new Date());
    const dashboard = await call<Dashboard>(
      'adminDashboard',
      { from: '2026-02-28', to: '2026-03-06', bucket: 'week' },
      ADMIN,
    );
    expect([dashboard.current.bookings, dashboard.current.cancellations]).toEqual([3, 1]);
    const stored = backend.read(`${COLLECTIONS.outbox}/${KEY}:whatsapp`)!;
    expect(stored).toMatchObject({
      orderId: null,
      recipient: 'company',
      template: 'weekly_summary',
      language: 'en',
      address: '+201099998888',
      idempotencyKey: `afsh-${KEY}:whatsapp`,
    });
    expect(stored.params).toMatchObject({
      week: 'Sat, Feb 28 – Fri, Mar 6',
      bookings: String(dashboard.current.bookings),
      cancellations: String(dashboard.current.cancellations),
      // Both moves of Sunday the 8th hold a crew of its morning.
      next_moves: '2',
    });
    expect(await sendOutboxMessage(`${KEY}:whatsapp`, sender)).toBe('sent');
    expect(fakes.whatsapp.deliveries.slice(-1)[0]!.message).toMatchObject({
      to: '+201099998888',
      template: 'weekly_summary',
      language: 'en',
    });
    expect(await sendOutboxMessage(`${KEY}:email`, sender)).toBe('sent');
    const mail = fakes.smtp.deliveries.slice(-1)[0]!.message;
    expect(mail.subject).toBe('Afsh weekly summary: Sat, Feb 28 – Fri, Mar 6');
    expect(mail.text).toContain('Bookings: 3, of which cancelled: 1.');
  });

  it('is nothing when off, or when the company hears on no channel', async () => {
    deploy({ NOTIFY_COMPANY_EMAIL: 'ops@afsh.example', NOTIFY_WEEKLY_SUMMARY: 'off' });
    vi.setSystemTime(SATURDAY);
    expect(await queueWeeklySummary(deps, new Date())).toEqual([]);
    deploy();
    expect(await queueWeeklySummary(deps, new Date())).toEqual([]);
    expect(backend.ids(COLLECTIONS.outboxEvents)).toEqual([]);
  });
});
