import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/data/port.ts';
import type { Dashboard } from '../../src/domain/dashboard.ts';
import { formatNumber } from '../../src/domain/money.ts';
import { weeklySummaryDue } from '../../src/domain/weekly-summary.ts';
import { openDatabase } from '../../server/src/plugins/db.ts';
import { loadEnv } from '../../server/src/plugins/env.ts';
import { DashboardRepository } from '../../server/src/repositories/dashboard-repository.ts';
import { OutboxRepository } from '../../server/src/repositories/outbox-repository.ts';
import { notificationRouting } from '../../server/src/notifications/settings.ts';
import { TemplateRenderer } from '../../server/src/notifications/templates.ts';
import { NotificationsService } from '../../server/src/services/notifications-service.ts';
import { WeeklySummaryService } from '../../server/src/services/weekly-summary-service.ts';
import { orderBody } from './order-fixtures.ts';
import { adminClient, createTestServer, customerClient, uniquePhone } from './test-server.ts';
import type { TestClient, TestServer } from './test-server.ts';

// The weekly summary to the company (D27) on the self-hosted server: queued once per week and
// recipient however often the job runs and on however many processes, with the dashboard's own
// figures, and sent by the notification worker like any other message.

vi.setConfig({ testTimeout: 30_000 });

const COMPANY_PHONE = '+201000000009';
const COMPANY_EMAIL = 'ops@afsh.example';
/** Saturday 10 October 2026, 09:00 in Cairo (UTC+3 until the end of October). */
const SATURDAY = new Date('2026-10-10T06:00:00.000Z');
const KEY = 'weekly-summary:2026-10-03';

let server: TestServer;
let admin: TestClient;
/** The week due when the server started: caught up at start. */
let dueAtStart: string[];

type Row = { event_id: string; recipient: string; channel: string; template: string };
const messagesOf = (eventId: string) =>
  server.app.db
    .prepare(
      `SELECT event_id, recipient, channel, template, order_id, params, state FROM outbox_messages
       WHERE event_id = ? ORDER BY channel`,
    )
    .all(eventId) as (Row & { order_id: string | null; params: string; state: string })[];

beforeAll(async () => {
  const before = weeklySummaryDue(new Date(), '09:00').key;
  server = await createTestServer(
    {
      NOTIFY_COMPANY_WHATSAPP: '0100 000 0009',
      NOTIFY_COMPANY_EMAIL: COMPANY_EMAIL,
      NOTIFY_COMPANY_LANGUAGE: 'ar',
      NOTIFY_WEEKLY_SUMMARY: '09:00',
      SITE_URL: 'https://afsh.example',
    },
    { capacity: 'first' },
  );
  dueAtStart = [before, weeklySummaryDue(new Date(), '09:00').key];
  admin = await adminClient(server.app);
  const phone = uniquePhone();
  const customer = await customerClient(server.app, { phone });
  // Booked in the week (Cairo: 00:30 on Saturday the 3rd, 23:30 on Friday the 9th), and one
  // at 00:30 on Saturday the 10th, the next week's; the last moves in the week ahead.
  const bookings = [
    { createdAt: '2026-10-02T21:30:00.000Z', moveDate: '2026-10-05', cancel: false },
    { createdAt: '2026-10-05T10:00:00.000Z', moveDate: '2026-10-10', cancel: true },
    { createdAt: '2026-10-09T20:30:00.000Z', moveDate: '2026-10-10', cancel: false },
    { createdAt: '2026-10-09T21:30:00.000Z', moveDate: '2026-10-16', cancel: false },
  ];
  for (const { createdAt, moveDate, cancel } of bookings) {
    const res = await customer.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: phone }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { id } = res.body.order;
    if (cancel) {
      expect((await customer.request('POST', `/api/orders/${id}/cancel`)).status).toBe(200);
    }
    server.app.db
      .prepare('UPDATE orders SET created_at = ?, move_date = ? WHERE id = ?')
      .run(createdAt, moveDate, id);
  }
});

afterAll(async () => {
  await server.close();
});

describe('the weekly summary on the server', () => {
  it('catches up the week due when the server starts', () => {
    const events = server.app.db
      .prepare("SELECT id, order_id FROM outbox_events WHERE type = 'company.weeklySummary'")
      .all() as { id: string; order_id: string | null }[];
    expect(events).toHaveLength(1);
    expect(dueAtStart).toContain(events[0]!.id);
    expect(events[0]!.order_id).toBeNull();
    // No order had been booked then: that week says so.
    expect(messagesOf(events[0]!.id).map((m) => [m.channel, m.template])).toEqual([
      ['email', 'weekly_summary_quiet'],
      ['whatsapp', 'weekly_summary_quiet'],
    ]);
  });

  it('queues one message per recipient per week, however often and wherever it runs', () => {
    const job = server.app.services.weeklySummary;
    const first = job.run(SATURDAY);
    expect(first.map((m) => [m.id, m.recipient, m.channel, m.address])).toEqual([
      [`${KEY}:whatsapp`, 'company', 'whatsapp', COMPANY_PHONE],
      [`${KEY}:email`, 'company', 'email', COMPANY_EMAIL],
    ]);
    // Again, and later in the week (a restart on Tuesday): the week is recorded.
    expect(job.run(SATURDAY)).toEqual([]);
    expect(job.run(new Date('2026-10-13T12:00:00.000Z'))).toEqual([]);
    // A second process on the same database file, which looked before the first one wrote
    // (its check says "not yet"): the week's record in the database stops it all the same.
    const db = openDatabase(server.dbPath);
    try {
      const notifications = new NotificationsService({
        outbox: new OutboxRepository(db),
        orders: server.app.orders,
        renderer: new TemplateRenderer(),
        routing: notificationRouting(server.app.config),
        maxTries: 6,
      });
      const other = new WeeklySummaryService({
        db,
        dashboard: new DashboardRepository(db),
        capacity: server.app.services.capacity,
        notifications: {
          hasRecorded: () => false,
          recordWeeklySummary: (...args) => notifications.recordWeeklySummary(...args),
        },
        time: '09:00',
      });
      expect(other.run(SATURDAY)).toEqual([]);
    } finally {
      db.close();
    }
    const counts = server.app.db
      .prepare(
        `SELECT recipient, channel, COUNT(*) AS n FROM outbox_messages WHERE event_id = ?
         GROUP BY 1, 2 ORDER BY 2`,
      )
      .all(KEY);
    expect(counts).toEqual([
      { recipient: 'company', channel: 'email', n: 1 },
      { recipient: 'company', channel: 'whatsapp', n: 1 },
    ]);
  });

  it('tells the dashboard’s figures of the week, in Arabic, and the crews of the week ahead', async () => {
    const res = await admin.request<{ dashboard: Dashboard }>(
      'GET',
      '/api/admin/dashboard?from=2026-10-03&to=2026-10-09&bucket=week',
    );
    const { current } = res.body.dashboard;
    expect([current.bookings, current.cancellations]).toEqual([3, 1]);
    const [email] = messagesOf(KEY);
    expect(email).toMatchObject({ template: 'weekly_summary', order_id: null });
    const params = JSON.parse(email!.params) as Record<string, string>;
    expect(params.bookings).toBe(formatNumber(current.bookings, 'ar'));
    expect(params.cancellations).toBe(formatNumber(current.cancellations, 'ar'));
    expect(params.week).toBe('السبت، ٣ أكتوبر – الجمعة، ٩ أكتوبر');
    // Two moves hold a crew in the week ahead (the cancelled one none), of 3 × 3 a day.
    expect(params.next_moves).toBe('٢');
    expect(params.next_crews).toBe('٦٣');
    expect(params.next_days).toMatch(/^السبت ١\/٩، الأحد ٠\/٩، .*، الجمعة ١\/٩$/);
    const body = server.app.db
      .prepare('SELECT body, subject FROM outbox_messages WHERE id = ?')
      .get(`${KEY}:email`) as { body: string; subject: string };
    expect(body.subject).toBe('ملخص عفش الأسبوعي: السبت، ٣ أكتوبر – الجمعة، ٩ أكتوبر');
    expect(body.body).toContain('https://afsh.example/admin-dashboard');
  });

  it('is sent by the notification worker like any other message', async () => {
    server.app.notificationWorker.wake();
    await vi.waitFor(() => expect(messagesOf(KEY).map((m) => m.state)).toEqual(['sent', 'sent']), {
      timeout: 20_000,
      interval: 50,
    });
  });

  it('reads NOTIFY_WEEKLY_SUMMARY as a Cairo time on Saturdays, or off', () => {
    expect(loadEnv({}).NOTIFY_WEEKLY_SUMMARY).toBe('09:00');
    expect(loadEnv({ NOTIFY_WEEKLY_SUMMARY: ' 18:30 ' }).NOTIFY_WEEKLY_SUMMARY).toBe('18:30');
    expect(loadEnv({ NOTIFY_WEEKLY_SUMMARY: 'OFF' }).NOTIFY_WEEKLY_SUMMARY).toBeNull();
    for (const wrong of ['9am', '24:00', 'sat 09:00']) {
      expect(() => loadEnv({ NOTIFY_WEEKLY_SUMMARY: wrong }), wrong).toThrow(
        /NOTIFY_WEEKLY_SUMMARY/,
      );
    }
  });

  it('is off with NOTIFY_WEEKLY_SUMMARY=off', async () => {
    const off = await createTestServer({
      NOTIFY_COMPANY_EMAIL: COMPANY_EMAIL,
      NOTIFY_WEEKLY_SUMMARY: 'off',
    });
    try {
      expect(off.app.services.weeklySummary.run(SATURDAY)).toEqual([]);
      expect(off.app.db.prepare('SELECT COUNT(*) AS n FROM outbox_events').get()).toEqual({
        n: 0,
      });
    } finally {
      await off.close();
    }
  });
});
