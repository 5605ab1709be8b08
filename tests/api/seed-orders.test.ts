import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderPage } from '../../src/data/port.ts';
import { cairoYmdCompact } from '../../src/domain/datetime.ts';
import { findDistrict } from '../../src/domain/governorates.ts';
import { isOrderNumber, parseOrderNumber } from '../../src/domain/order-number.ts';
import { expectedOrderTotal } from '../../src/domain/booking-schemas.ts';
import { ORDER_STATUSES } from '../../src/domain/status.ts';
import { REPO_ROOT } from '../../scripts/lib/server-process.ts';
import { adminClient, createTestServer } from './test-server.ts';
import type { TestClient, TestServer } from './test-server.ts';

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run seed:orders -- …` as a child process, the way an operator runs it. */
function runSeed(args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      ['scripts/seed-orders.ts', ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const COUNT = 1100;

describe('npm run seed:orders', () => {
  let server: TestServer;
  let admin: TestClient;
  let run: RunResult;
  let all: Order[];

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminClient(server.app);
    // Into the database of a running server, as an operator would before a demo (WAL).
    run = await runSeed(['--count', String(COUNT), '--database', server.dbPath, '--seed', '2026']);
    all = [];
    for (let page = 1; ; page += 1) {
      const res = await admin.request<OrderPage>('GET', `/api/orders?page=${page}&limit=500`);
      expect(res.status).toBe(200);
      all.push(...res.body.orders);
      if (res.body.orders.length === 0 || all.length >= res.body.total) break;
    }
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('prints how many orders it added', () => {
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Seeded ${COUNT} orders into `));
  });

  it('the admin list has them all, each with its own order number', async () => {
    const first = await admin.request<OrderPage>('GET', '/api/orders?limit=1');
    expect(first.body.total).toBe(COUNT);
    expect(Object.values(first.body.counts).reduce((sum, n) => sum + n, 0)).toBe(COUNT);
    expect(all).toHaveLength(COUNT);
    const numbers = new Set(all.map((order) => order.orderNumber));
    expect(numbers.size).toBe(COUNT);
    for (const order of all) {
      expect(isOrderNumber(order.orderNumber), order.orderNumber).toBe(true);
      // The number carries the Cairo date the order was placed on (D6).
      expect(parseOrderNumber(order.orderNumber)?.date).toBe(
        cairoYmdCompact(new Date(order.createdAt)),
      );
    }
  });

  it('uses every status, each matching the last entry of its history', () => {
    const seen = new Set(all.map((order) => order.status));
    expect([...seen].sort()).toEqual([...ORDER_STATUSES].sort());
    const now = Date.now();
    for (const order of all) {
      expect(ORDER_STATUSES).toContain(order.status);
      const history = order.statusHistory;
      expect(history[0]).toEqual({ status: 'received', actor: 'system', at: order.createdAt });
      expect(history.at(-1)?.status).toBe(order.status);
      const times = history.map((change) => Date.parse(change.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.max(...times)).toBeLessThanOrEqual(now);
      if (order.status === 'delivered') {
        expect(history.map((change) => change.status)).toEqual([
          'received',
          'under_review',
          // The crew's steps (D28), as the office records them for a seeded order.
          'on_the_way',
          'arrived',
          'loading',
          'in_transit',
          'delivered',
        ]);
      }
    }
  });

  it('makes orders a real customer could have placed', () => {
    const today = Date.now();
    for (const order of all) {
      expect(order.phoneNumber).toMatch(/^01[0125]\d{8}$/);
      expect(findDistrict(order.governorateId, order.districtId)).toBeDefined();
      expect(order.totalPrice).toBe(expectedOrderTotal(order));
      expect(order.userId).not.toBeNull();
      const created = Date.parse(order.createdAt);
      expect(today - created).toBeLessThanOrEqual(61 * 86_400_000);
      const move = Date.parse(`${order.moveDate}T12:00:00Z`);
      expect(move - created).toBeLessThanOrEqual(31 * 86_400_000);
      expect(move - created).toBeGreaterThanOrEqual(-2 * 86_400_000);
      if (order.paymentMethod === 'card') {
        expect([order.paymentStatus, order.paymentProvider]).toEqual(['paid', 'test']);
      } else {
        expect(order.paymentProvider).toBe('cash');
        if (order.status !== 'delivered') expect(order.paymentStatus).toBe('pending');
      }
    }
    const arabic = all.filter((order) => /[\u0600-\u06ff]/.test(order.fullName)).length;
    expect(arabic).toBeGreaterThan(COUNT / 3);
    expect(arabic).toBeLessThan(COUNT);
    expect(new Set(all.map((order) => order.governorateId)).size).toBeGreaterThan(10);
    expect(new Set(all.map((order) => order.paymentMethod))).toEqual(new Set(['card', 'cod']));
    expect(new Set(all.map((order) => order.moveType)).size).toBe(5);
  });

  it('the admin search finds a seeded customer by phone', async () => {
    const order = all[0] as Order;
    const res = await admin.request<OrderPage>(
      'GET',
      `/api/orders?search=${encodeURIComponent(order.phoneNumber)}`,
    );
    expect(res.body.orders.map((o) => o.id)).toContain(order.id);
    expect(res.body.orders.every((o) => o.phoneNumber === order.phoneNumber)).toBe(true);
  });

  it('refuses a bad count and a production environment, changing nothing', async () => {
    const bad = await runSeed(['--count', 'many', '--database', server.dbPath]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Usage');
    const production = await runSeed(['--count', '5', '--database', server.dbPath], {
      NODE_ENV: 'production',
    });
    expect(production.code).toBe(1);
    expect(production.stderr).toContain('production');
    const after = await admin.request<OrderPage>('GET', '/api/orders?limit=1');
    expect(after.body.total).toBe(COUNT);
  }, 30_000);
});
