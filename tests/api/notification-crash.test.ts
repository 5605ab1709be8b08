import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { giveRoomyCapacity, verifiedSessionCookie } from '../../scripts/lib/order-body.ts';
import { openDatabase } from '../../server/src/plugins/db.ts';
import { startServerProcess } from '../../scripts/lib/server-process.ts';
import type { ServerProcess } from '../../scripts/lib/server-process.ts';
import { FAKE_WHATSAPP, FakeWhatsApp } from '../fakes/provider-fakes.ts';
import { orderBody } from './order-fixtures.ts';

// The outbox's promise (D10): an order and its messages commit together, and a message is
// delivered exactly once however the server dies. The real server is killed with SIGKILL while
// orders pour in and the worker is in the middle of sending to a fake WhatsApp that takes its
// time to answer (so some messages are delivered but their answer never arrives), then started
// again on the same file. Every committed order must have its messages, every message must
// reach the fake exactly once (it deduplicates by idempotency key, as a provider that honours
// the key does), and no message may exist for an order that was never committed.

const WORKERS = 12;
/** Kill once this many orders are acknowledged and the fake has had this many requests. */
const KILL_AFTER_ORDERS = 40;
const KILL_AFTER_REQUESTS = 6;
const COMPANY_PHONE = '+201000000009';

interface Row {
  order_number: string;
  state: string;
  idempotency_key: string;
  address: string;
  template: string;
}

describe('kill -9 while messages are being sent', () => {
  let tmp: string;
  let dbPath: string;
  let whatsapp: FakeWhatsApp;

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'afsh-outbox-crash-'));
    dbPath = join(tmp, 'afsh.sqlite');
    // Every order goes into one time window: give it the crews (D12).
    const db = openDatabase(dbPath);
    giveRoomyCapacity(db);
    db.close();
    whatsapp = await new FakeWhatsApp().listen();
    // Delivered at once, answered a little later: a kill in between loses the answer.
    whatsapp.setMode({ kind: 'slow', ms: 150 });
  });

  afterAll(async () => {
    await whatsapp.close();
    await rm(tmp, { recursive: true, force: true });
  });

  const env = () => ({
    DATABASE_PATH: dbPath,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    NOTIFY_PROVIDERS: 'whatsapp',
    WHATSAPP_API_URL: whatsapp.apiUrl,
    WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: FAKE_WHATSAPP.token,
    NOTIFY_COMPANY_WHATSAPP: COMPANY_PHONE,
    // Only the orders' messages: no weekly summary to the company at start (D27).
    NOTIFY_WEEKLY_SUMMARY: 'off',
    NOTIFY_RETRY_SECONDS: '0.05',
    NOTIFY_TIMEOUT_SECONDS: '5',
  });

  /** One customer per worker, each with a number of their own. */
  const phones = Array.from({ length: WORKERS }, (_, i) => `0111${String(i + 1).padStart(7, '0')}`);

  /**
   * The customers prove their numbers (D13) on a start of their own that prints the codes (the
   * log provider, at info), so that the fake WhatsApp hears only the orders' messages. Their
   * sessions are in the database and outlive the restarts.
   */
  async function proveNumbers(): Promise<string[]> {
    const server = await startServerProcess({
      env: { ...env(), LOG_LEVEL: 'info', NOTIFY_PROVIDERS: 'log' },
    });
    try {
      const cookies: string[] = [];
      for (const phone of phones) cookies.push(await verifiedSessionCookie(server, phone));
      return cookies;
    } finally {
      await server.stop();
    }
  }

  async function ordersUntilKilled(server: ServerProcess, cookies: string[]): Promise<string[]> {
    const acknowledged: string[] = [];
    let killed: Promise<void> | undefined;
    const worker = async (cookie: string, phone: string) => {
      while (!killed) {
        try {
          const res = await fetch(`${server.url}/api/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify(orderBody({ phoneNumber: phone, notifyConsent: true })),
          });
          const answer = (await res.json()) as { order?: { orderNumber?: string } };
          if (res.status !== 201 || typeof answer.order?.orderNumber !== 'string') {
            throw new Error(`POST /api/orders answered ${res.status}: ${JSON.stringify(answer)}`);
          }
          acknowledged.push(answer.order.orderNumber);
          if (
            acknowledged.length >= KILL_AFTER_ORDERS &&
            whatsapp.requests.length >= KILL_AFTER_REQUESTS
          ) {
            killed ??= server.kill();
          }
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    await Promise.all(cookies.map((cookie, i) => worker(cookie, phones[i]!)));
    await killed;
    return acknowledged;
  }

  function readOutbox(): { orders: Set<string>; messages: Row[] } {
    const db = new Database(dbPath, { readonly: true });
    try {
      const orders = new Set(
        db
          .prepare<[], { order_number: string }>('SELECT order_number FROM orders')
          .all()
          .map((row) => row.order_number),
      );
      const messages = db
        .prepare<[], Row>(
          `SELECT o.order_number, m.state, m.idempotency_key, m.address, m.template
           FROM outbox_messages m JOIN orders o ON o.id = m.order_id`,
        )
        .all();
      return { orders, messages };
    } finally {
      db.close();
    }
  }

  it('loses no message, sends none twice, and sends none for an order never committed', async () => {
    const cookies = await proveNumbers();
    const first = await startServerProcess({ env: env(), nodeArgs: [] });
    const acknowledged = await ordersUntilKilled(first, cookies);
    expect(first.child.signalCode).toBe('SIGKILL');

    // Killed mid-way: messages were still waiting or being sent.
    const atKill = readOutbox();
    const unfinished = atKill.messages.filter(
      (m) => m.state === 'pending' || m.state === 'sending',
    );
    expect(unfinished.length, 'messages unsent at the kill').toBeGreaterThan(0);
    const requestsAtKill = whatsapp.requests.length;

    const second = await startServerProcess({ env: env(), nodeArgs: [] });
    try {
      const outbox = await vi.waitFor(
        () => {
          const read = readOutbox();
          const unsent = read.messages.filter((m) => m.state !== 'sent');
          if (unsent.length > 0) throw new Error(`not all sent: ${JSON.stringify(unsent)}`);
          return read;
        },
        { timeout: 60_000, interval: 100 },
      );

      // Every acknowledged order is committed, and every committed order has its two messages:
      // the customer's and the company's.
      for (const number of acknowledged) expect(outbox.orders.has(number), number).toBe(true);
      const byOrder = new Map<string, Row[]>();
      for (const message of outbox.messages) {
        byOrder.set(message.order_number, [...(byOrder.get(message.order_number) ?? []), message]);
      }
      for (const number of outbox.orders) {
        const messages = byOrder.get(number) ?? [];
        expect(messages.map((m) => m.address === COMPANY_PHONE).sort(), number).toEqual([
          false,
          true,
        ]);
      }

      // Each message reached the fake exactly once, under its own key...
      const keys = new Set(outbox.messages.map((m) => m.idempotency_key));
      const delivered = whatsapp.deliveries;
      expect(delivered.map((d) => d.key).sort()).toEqual([...keys].sort());
      // ...and nothing arrived twice under another key, or for an order that does not exist.
      const seen = new Set<string>();
      for (const { message } of delivered) {
        const id = `${message.to} ${message.params.order_number}`;
        expect(seen.has(id), id).toBe(false);
        seen.add(id);
        expect(outbox.orders.has(message.params.order_number ?? '')).toBe(true);
      }
      // The restart sent what the kill interrupted (some again, under the same key).
      expect(whatsapp.requests.length).toBeGreaterThan(requestsAtKill);
      console.info(
        `outbox crash: ${outbox.orders.size} orders, ${keys.size} messages, ` +
          `${unfinished.length} unfinished at the kill, ${whatsapp.requests.length} requests ` +
          `for ${delivered.length} deliveries`,
      );
    } finally {
      await second.stop();
    }
  }, 120_000);
});
