// `npm run bench`: performance figures as medians and ratios, never as pass/fail timings (the
// machine is shared and noisy). Each case runs in rounds; we report the median time per operation
// and its ratio to a baseline measured in the same process, so figures compare across machines.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { estimatePrice, FIRST_CATALOG, recommendedTeamSize } from '../src/domain/pricing.ts';
import { createOrderInputSchema, expectedOrderTotal } from '../src/domain/schemas.ts';
import { normalizeEgyptianMobile } from '../src/domain/phone.ts';
import { generateOrderNumber } from '../src/domain/order-number.ts';
import { pageOrders } from '../src/data/order-list.ts';
import type { Order, OrderFilter } from '../src/data/port.ts';
import { build } from '../server/src/app.ts';
import { createOrPromoteAdmin } from '../server/src/auth/admins.ts';
import { httpBenchSettings, printHttpTable, runHttpBench } from './bench-http.ts';
import { seededRandom, seedOrders } from './seed-orders.ts';
import { makeStaticDir } from '../tests/api/helpers.ts';

interface Result {
  name: string;
  medianNs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function bench(
  name: string,
  ops: number,
  fn: () => unknown | Promise<unknown>,
  rounds = 9,
): Promise<Result> {
  for (let i = 0; i < Math.min(ops, 200); i += 1) await fn(); // warm-up
  const perOp: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    const start = performance.now();
    for (let i = 0; i < ops; i += 1) await fn();
    perOp.push(((performance.now() - start) * 1e6) / ops);
  }
  return { name, medianNs: median(perOp) };
}

const orderInput = {
  fullName: 'منى أحمد',
  phoneNumber: '+20 ١٠١ ٢٣٤ ٥٦٧٨',
  pickupAddress: '12 شارع التحرير، الدقي',
  dropoffAddress: '5 شارع مكرم عبيد، مدينة نصر',
  governorateId: 'cairo',
  districtId: 'nasr-city',
  moveType: 'full',
  housing: 'villa',
  pickupFloor: '٣',
  dropoffFloor: 2,
  workers: 4,
  // Inside the booking horizon of the fixed "now" below (D4).
  moveDate: '2027-01-15',
  moveTime: '09:30',
  notes: '',
  paymentMethod: 'cod',
  totalPrice: 0,
};

async function main() {
  const results: Result[] = [];
  const baselineJson = JSON.stringify(orderInput);
  const baseline = await bench('baseline: JSON.parse of an order payload', 20_000, () =>
    JSON.parse(baselineJson),
  );
  results.push(baseline);

  results.push(
    await bench('estimatePrice (Cairo to Alexandria) + recommendedTeamSize', 100_000, () => {
      const team = recommendedTeamSize(FIRST_CATALOG, {
        moveType: 'full',
        housing: 'villa',
        pickupFloor: 3,
        dropoffFloor: 2,
      });
      return estimatePrice(FIRST_CATALOG, {
        moveType: 'full',
        pickupFloor: 3,
        dropoffFloor: 2,
        workers: team,
        from: { governorateId: 'cairo', districtId: 'maadi' },
        to: { governorateId: 'alexandria', districtId: 'smouha' },
      });
    }),
  );
  results.push(
    await bench('normalizeEgyptianMobile (Arabic digits, +20)', 50_000, () =>
      normalizeEgyptianMobile('+20 ١٠١ ٢٣٤ ٥٦٧٨'),
    ),
  );
  results.push(
    await bench('generateOrderNumber (Cairo date)', 20_000, () => generateOrderNumber()),
  );
  const schema = createOrderInputSchema(new Date('2026-11-22T10:00:00Z'));
  results.push(
    await bench('order payload validation + expected total', 5_000, () => {
      const parsed = schema.safeParse(orderInput);
      return parsed.success ? expectedOrderTotal(parsed.data) : 0;
    }),
  );

  const site = await makeStaticDir();
  const app = await build({
    staticDir: site.staticDir,
    env: { RATE_LIMITS: 'off', DATABASE_PATH: ':memory:' },
  });
  try {
    results.push(
      await bench('GET /api/health (inject)', 500, () =>
        app.inject({ method: 'GET', url: '/api/health' }),
      ),
    );
    results.push(
      await bench('GET /track/… SPA fallback (inject)', 500, () =>
        app.inject({
          method: 'GET',
          url: '/track/AF-20260101-123',
          headers: { accept: 'text/html' },
        }),
      ),
    );
    results.push(...(await adminListCases(site.staticDir)));
  } finally {
    await app.close();
    await site.cleanup();
  }

  const width = Math.max(...results.map((r) => r.name.length));
  console.log(`${'case'.padEnd(width)}  median/op      × baseline`);
  for (const r of results) {
    const time =
      r.medianNs >= 1e6
        ? `${(r.medianNs / 1e6).toFixed(2)} ms`
        : `${(r.medianNs / 1e3).toFixed(2)} µs`;
    console.log(
      `${r.name.padEnd(width)}  ${time.padStart(10)}   ${(r.medianNs / baseline.medianNs).toFixed(1).padStart(8)}`,
    );
  }

  // Over real sockets, against the server as `npm run serve` runs it: see bench-http.ts.
  printHttpTable(await runHttpBench(), httpBenchSettings());
}

const SEEDED_ORDERS = 2000;
/** The Firebase adapter's ADMIN_SCAN_LIMIT. */
const BROWSER_SCAN = 5000;

/**
 * The admin orders list (issue 5) with thousands of orders: a temp database file (WAL, as in
 * production) seeded with 2000 orders, read one 50-order page at a time by a signed-in admin.
 */
async function adminListCases(staticDir: string): Promise<Result[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'afsh-bench-'));
  const app = await build({
    staticDir,
    env: { RATE_LIMITS: 'off', DATABASE_PATH: join(dataDir, 'afsh.sqlite') },
  });
  try {
    const started = performance.now();
    seedOrders(app.db, { count: SEEDED_ORDERS, random: seededRandom(2026) });
    const seedMs = performance.now() - started;
    const admin = { email: 'bench@afsh.test', password: 'Bench-pass-2026' };
    await createOrPromoteAdmin(app.db, admin);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(admin),
    });
    const session = login.cookies.find((c) => c.name === 'afsh_session');
    if (login.statusCode !== 200 || !session) throw new Error(`bench login: ${login.statusCode}`);
    const cookie = `afsh_session=${session.value}`;

    const list = (query: string) => async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/orders?${query}`,
        headers: { cookie },
      });
      if (res.statusCode !== 200) throw new Error(`GET /api/orders?${query}: ${res.statusCode}`);
      return res;
    };
    const results: Result[] = [
      {
        name: `seedOrders: ${SEEDED_ORDERS} orders, one transaction (per order)`,
        medianNs: (seedMs * 1e6) / SEEDED_ORDERS,
      },
    ];
    const n = SEEDED_ORDERS;
    results.push(
      await bench(
        `GET /api/orders page 1 of ${n}, limit 50 (admin, inject)`,
        30,
        list('page=1&limit=50'),
      ),
      await bench(`  last page (page 40, limit 50)`, 30, list('page=40&limit=50')),
      await bench(
        `  + search name "محمد" + status delivered`,
        30,
        list(`page=1&limit=50&search=${encodeURIComponent('محمد')}&status=delivered`),
      ),
      await bench(
        `  + search phone "0101" + status under_review`,
        30,
        list('page=1&limit=50&search=0101&status=under_review'),
      ),
      await bench(
        `  + search order number "AF-2026" + status cancelled + sort move-date-desc`,
        30,
        list('page=1&limit=50&search=AF-2026&status=cancelled&sort=move-date-desc'),
      ),
    );

    // The Firebase adapter's admin list (src/data/order-list.ts): filter, count, sort and page in
    // the browser over up to ADMIN_SCAN_LIMIT (5000) orders read from Firestore.
    const fetched: Order[] = [];
    for (let pageNumber = 1; pageNumber <= Math.ceil(n / 500); pageNumber += 1) {
      const res = await list(`page=${pageNumber}&limit=500`)();
      fetched.push(...(res.json() as { orders: Order[] }).orders);
    }
    const scanned: Order[] = Array.from({ length: BROWSER_SCAN }, (_, i) => {
      const order = fetched[i % fetched.length]!;
      return { ...order, id: `${order.id}-${i}`, orderNumber: `${order.orderNumber}-${i}` };
    });
    const newestFirst = (a: Order, b: Order) => b.createdAt.localeCompare(a.createdAt);
    const page = (filter: OrderFilter) => () =>
      pageOrders(scanned, filter, { admin: true, orderOf: (o) => o, newestFirst });
    results.push(
      await bench(`pageOrders in the browser: ${BROWSER_SCAN} orders, page 1`, 20, page({})),
      await bench(
        `  + search phone "0101" + status under_review + sort move-date-desc`,
        20,
        page({ search: '0101', status: 'under_review', sort: 'move-date-desc' }),
      ),
    );
    return results;
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
