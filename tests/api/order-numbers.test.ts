import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cairoYmdCompact } from '../../src/domain/datetime.ts';
import { FIRST_CAPACITY_PLAN } from '../../src/domain/capacity.ts';
import { checkNewOrder } from '../../src/domain/order.ts';
import { ORDER_NUMBER_PATTERN } from '../../src/domain/order-number.ts';
import { FIRST_CATALOG } from '../../src/domain/pricing.ts';
import { createOrderInputSchema } from '../../src/domain/booking-schemas.ts';
import { openDatabase } from '../../server/src/plugins/db.ts';
import {
  ORDER_NUMBER_TRIES_PER_WIDTH,
  OrderNumberExhaustedError,
  OrdersRepository,
} from '../../server/src/repositories/orders-repository.ts';
import type { NewOrderRecord } from '../../server/src/repositories/orders-repository.ts';
import { createAnonymousUser } from '../../server/src/repositories/users-repository.ts';
import { orderBody } from './order-fixtures.ts';
import { adminClient, createTestServer, customerClient } from './test-server.ts';

// A fixed instant, late in the Cairo evening, so "today" is unambiguous in the assertions.
const NOW = new Date('2026-05-20T18:00:00Z');
const DAY = cairoYmdCompact(NOW);

/** A random() that yields exactly `suffix` (100-999 with 3 digits, 1000-9999 with 4, …). */
function randomFor(suffix: number, digits: 3 | 4 | 5 | 6 = 3): number {
  const min = 10 ** (digits - 1);
  return (suffix - min + 0.5) / (9 * min);
}

/** Plays back `values`, then repeats the last one; records how often it was asked. */
function scripted(values: number[]): { random: () => number; calls: () => number } {
  let i = 0;
  return {
    random: () => values[Math.min(i++, values.length - 1)] ?? 0,
    calls: () => i,
  };
}

describe('order numbers in the repository (D6)', () => {
  let dir: string;
  let db: Database.Database;
  let repo: OrdersRepository;
  let record: NewOrderRecord;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-order-numbers-'));
    db = openDatabase(join(dir, 'test.sqlite'));
    repo = new OrdersRepository(db);
    const user = createAnonymousUser(db);
    const checked = checkNewOrder(orderBody({ moveDate: '2026-05-27' }), {
      catalog: FIRST_CATALOG,
      plan: FIRST_CAPACITY_PLAN,
      schema: createOrderInputSchema(NOW),
    });
    record = {
      ...checked,
      userId: user.id,
      paymentStatus: 'pending',
      paymentProvider: 'cash',
      paymentReference: null,
    };
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function seed(suffixes: number[], digits: 3 | 4 = 3): void {
    const insertAll = db.transaction(() => {
      for (const suffix of suffixes) {
        repo.create(record, { now: NOW, random: () => randomFor(suffix, digits) });
      }
    });
    insertAll();
  }

  function count(): number {
    return (db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
  }

  it('uses the Cairo date and a 3-digit suffix', () => {
    const order = repo.create(record, { now: NOW, random: () => randomFor(427) });
    expect(order.orderNumber).toBe(`AF-${DAY}-427`);
  });

  it('retries with a new number when the first one is taken', () => {
    seed([500, 501]);
    const source = scripted([randomFor(500), randomFor(501), randomFor(777)]);
    const order = repo.create(record, { now: NOW, random: source.random });
    expect(order.orderNumber).toBe(`AF-${DAY}-777`);
    expect(source.calls()).toBe(3);
    expect(count()).toBe(3);
  });

  function setIssued(issued: number, day = DAY): void {
    db.prepare(
      `INSERT INTO order_number_days (day, issued) VALUES (?, ?)
       ON CONFLICT (day) DO UPDATE SET issued = excluded.issued`,
    ).run(day, issued);
  }

  function issued(day = DAY): number {
    const row = db.prepare('SELECT issued FROM order_number_days WHERE day = ?').get(day) as
      { issued: number } | undefined;
    return row?.issued ?? 0;
  }

  it('counts the numbers each day has issued, in the same transaction as the order', () => {
    seed([101, 102, 103]);
    expect(issued()).toBe(3);
    // A deleted order still counts: its number is not handed out by the width rule again.
    db.prepare('DELETE FROM orders WHERE order_number = ?').run(`AF-${DAY}-101`);
    expect(issued()).toBe(3);
  });

  it.each<[number, 3 | 4 | 5 | 6]>([
    [449, 3],
    [450, 4],
    [4_950, 5],
    [49_950, 6],
  ])('after %d numbers in a day, the next has %d digits', (already, digits) => {
    setIssued(already);
    const order = repo.create(record, { now: NOW });
    expect(order.orderNumber).toMatch(new RegExp(`^AF-${DAY}-[1-9]\\d{${digits - 1}}$`));
    expect(order.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    expect(issued()).toBe(already + 1);
  });

  it('moves to the next width after a dozen clashes instead of failing', () => {
    seed([100]);
    // 0 always gives the lowest suffix: 100 (taken) with 3 digits, 1000 with 4.
    const source = scripted([0]);
    const order = repo.create(record, { now: NOW, random: source.random });
    expect(order.orderNumber).toBe(`AF-${DAY}-1000`);
    expect(source.calls()).toBe(ORDER_NUMBER_TRIES_PER_WIDTH + 1);
  });

  it('refuses once the day is spent, without trying, and stores nothing', () => {
    setIssued(859_950);
    const before = count();
    const source = scripted([0.5]);
    expect(() => repo.create(record, { now: NOW, random: source.random })).toThrow(
      OrderNumberExhaustedError,
    );
    expect(source.calls()).toBe(0);
    expect(count()).toBe(before);
    expect(issued()).toBe(859_950);
  });

  it('gives up after clashing at the widest width, and stores nothing', () => {
    setIssued(800_000);
    repo.create(record, { now: NOW, random: () => randomFor(100_000, 6) });
    const before = count();
    expect(() => repo.create(record, { now: NOW, random: () => 0 })).toThrow(
      OrderNumberExhaustedError,
    );
    expect(count()).toBe(before);
    const history = db.prepare('SELECT COUNT(*) AS n FROM order_status_history').get() as {
      n: number;
    };
    expect(history.n).toBe(before);
  });

  it('numbers are unique per day only: the same suffix is fine on another date', () => {
    const first = repo.create(record, { now: NOW, random: () => randomFor(321) });
    const nextDay = new Date(NOW.getTime() + 24 * 60 * 60 * 1000);
    const second = repo.create(record, { now: nextDay, random: () => randomFor(321) });
    expect(first.orderNumber).toBe(`AF-${DAY}-321`);
    expect(second.orderNumber).toBe(`AF-${cairoYmdCompact(nextDay)}-321`);
  });
});

describe('order numbers under concurrent load', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;

  beforeAll(async () => {
    server = await createTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('500 orders placed at once get 500 distinct, well-formed numbers', async () => {
    // One customer who proved the fixtures' number (D13); RATE_LIMITS is off.
    const client = await customerClient(server.app);
    const results = await Promise.all(
      Array.from({ length: 500 }, () => client.request('POST', '/api/orders', orderBody())),
    );
    const statuses = new Set(results.map((result) => result.status));
    expect([...statuses]).toEqual([201]);
    const numbers = results.map(
      (result) => (result.body as { order: { orderNumber: string } }).order.orderNumber,
    );
    expect(new Set(numbers).size).toBe(500);
    for (const number of numbers) expect(number).toMatch(ORDER_NUMBER_PATTERN);
  }, 60_000);
});

describe('a spent day of order numbers, over HTTP', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;

  beforeAll(async () => {
    server = await createTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers 503 with Retry-After and a translated message, never a 500, and stores nothing', async () => {
    const day = cairoYmdCompact(new Date());
    server.app.db
      .prepare('INSERT INTO order_number_days (day, issued) VALUES (?, ?)')
      .run(day, 10_000_000);
    const client = await customerClient(server.app);
    const res = await client.request('POST', '/api/orders', orderBody());
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual({ code: 'unavailable', message: 'errors:unavailable' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const admin = await adminClient(server.app);
    expect((await admin.request('GET', '/api/orders')).body.total).toBe(0);
  });
});
