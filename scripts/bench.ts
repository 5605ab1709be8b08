// `npm run bench`: performance figures as medians and ratios, never as pass/fail timings (the
// machine is shared and noisy). Each case runs in rounds; we report the median time per operation
// and its ratio to a baseline measured in the same process, so figures compare across machines.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { estimatePrice, FIRST_CATALOG, recommendedTeamSize } from '../src/domain/pricing.ts';
import { createOrderInputSchema, expectedOrderTotal } from '../src/domain/booking-schemas.ts';
import { normalizeEgyptianMobile } from '../src/domain/phone.ts';
import { generateOrderNumber } from '../src/domain/order-number.ts';
import { build } from '../server/src/app.ts';
import { createOrPromoteAdmin } from '../server/src/auth/admins.ts';
import { httpBenchSettings, printHttpTable, runHttpBench } from './bench-http.ts';
import { seededRandom, seedOrders } from './seed-orders.ts';
import { addDays } from '../src/domain/dashboard.ts';
import { cairoToday } from '../src/domain/datetime.ts';
import { makeStaticDir } from '../tests/api/helpers.ts';
import { REPO_ROOT } from './lib/server-process.ts';
import { orderBody } from '../tests/api/order-fixtures.ts';
import { FIXTURE_PHONE, phoneCodeLog } from '../tests/api/test-server.ts';
import { giveRoomyCapacity } from './lib/order-body.ts';
import { EXAMPLE_NOTIFIABLE_ORDER, templateParams } from '../src/domain/notifications.ts';
import { TemplateRenderer } from '../server/src/notifications/templates.ts';
import { jobAvailability, proposeAssignment } from '../src/domain/dispatch.ts';
import {
  crew,
  dispatchPlan,
  dispatchState,
  DISPATCH_DATE,
  DISPATCH_NOW,
  HoldIndex,
  place,
  truck,
} from '../src/testing/dispatch-fixtures.ts';
import { datesFrom } from '../src/domain/capacity.ts';

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
  // `BENCH_ONLY=dashboard npm run bench`: the dashboard's cases alone (D25).
  if (process.env.BENCH_ONLY === 'dashboard') {
    const site = await makeStaticDir();
    try {
      for (const r of await dashboardCases(site.staticDir)) {
        console.log(`${r.name.padEnd(64)}  ${(r.medianNs / 1e6).toFixed(2).padStart(9)} ms`);
      }
    } finally {
      await site.cleanup();
    }
    return;
  }
  // `BENCH_ONLY=dispatch npm run bench`: a busy day's dispatch alone (D28).
  if (process.env.BENCH_ONLY === 'dispatch') {
    for (const r of busyDayDispatchCases()) {
      console.log(`${r.name.padEnd(64)}  ${(r.medianNs / 1e6).toFixed(3).padStart(9)} ms`);
    }
    return;
  }
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

  results.push(...busyDayDispatchCases());

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
    results.push(...(await dashboardCases(site.staticDir)));
    results.push(...(await notificationCases(site.staticDir)));
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

  printHostedReads(await hostedReads());
}

const HOSTED_SIZES = [1_000, 10_000, 50_000];

/**
 * Firestore reads per admin action on the hosted build (the Firebase adapter and the functions,
 * in-process over the fake Firestore that counts reads as Firestore bills them): the measuring
 * lives in tests/unit/hosted-admin-reads.test.ts, run here with larger stores.
 */
async function hostedReads(): Promise<{
  sizes: number[];
  table: Record<string, Record<number, number>>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'afsh-reads-'));
  const out = join(dir, 'reads.json');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        join(REPO_ROOT, 'node_modules', '.bin', 'vitest'),
        ['run', '--project', 'unit', 'tests/unit/hosted-admin-reads.test.ts', '--reporter=dot'],
        {
          cwd: REPO_ROOT,
          stdio: ['ignore', 'ignore', 'inherit'],
          env: { ...process.env, BENCH_SIZES: HOSTED_SIZES.join(','), BENCH_OUT: out },
        },
      );
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`reads: exit ${code}`)),
      );
      child.on('error', reject);
    });
    return JSON.parse(await readFile(out, 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function printHostedReads({
  sizes,
  table,
}: {
  sizes: number[];
  table: Record<string, Record<number, number>>;
}) {
  const names = Object.keys(table);
  const width = Math.max(...names.map((name) => name.length));
  console.log(
    '\nHosted build: Firestore reads per admin action (billed as Firestore does), by orders stored',
  );
  console.log(
    `${'action'.padEnd(width)}  ${sizes.map((n) => `${n.toLocaleString('en')} orders`.padStart(15)).join('')}`,
  );
  for (const name of names) {
    console.log(
      `${name.padEnd(width)}  ${sizes.map((n) => String(table[name]![n]).padStart(15)).join('')}`,
    );
  }
  console.log(
    'The old adapter read the newest 5,000 orders on every list load, and 5,000 per 500 CSV rows.',
  );
}

/**
 * What the notification outbox (D10) adds to a booking: rendering its messages from the
 * templates, and writing them in the order's transaction. The same booking is placed with no
 * channel at all (the event row only) and with a consenting customer and the team on WhatsApp
 * and email (three messages, sent meanwhile by the worker to the log provider, logging off).
 */
async function notificationCases(staticDir: string): Promise<Result[]> {
  const renderer = new TemplateRenderer();
  const results: Result[] = [
    await bench('render one message (templateParams + i18next, ar)', 5_000, () =>
      renderer.render(
        'order_created',
        'ar',
        templateParams('order_created', EXAMPLE_NOTIFIABLE_ORDER, 'ar', 'https://afsh.example'),
        'whatsapp',
      ),
    ),
  ];
  const body = JSON.stringify(orderBody({ notifyConsent: true }));
  for (const [name, env] of [
    ['POST /api/orders, notifications off (inject)', { NOTIFY_PROVIDERS: 'off' }],
    [
      'POST /api/orders, 3 messages queued (inject)',
      {
        NOTIFY_PROVIDERS: 'log',
        NOTIFY_COMPANY_WHATSAPP: '+201000000009',
        NOTIFY_COMPANY_EMAIL: 'ops@afsh.example',
        LOG_LEVEL: 'silent',
      },
    ],
  ] as const) {
    const dir = await mkdtemp(join(tmpdir(), 'afsh-bench-notify-'));
    const phoneCodes = new Map<string, string>();
    const app = await build({
      staticDir,
      logger: { level: 'info', stream: phoneCodeLog(phoneCodes) },
      env: { RATE_LIMITS: 'off', DATABASE_PATH: join(dir, 'afsh.sqlite'), ...env } as never,
    });
    try {
      await app.ready();
      // Every booking goes into one time window: give it the crews (D12).
      giveRoomyCapacity(app.db);
      // The customer proves the order's number (D13), reading the code the log provider printed.
      const asked = await app.inject({
        method: 'POST',
        url: '/api/auth/phone/code',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ phone: FIXTURE_PHONE, language: 'ar' }),
      });
      const { challengeId } = (asked.json() as { challenge: { challengeId: string } }).challenge;
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/phone/verify',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ challengeId, code: phoneCodes.get(challengeId) }),
      });
      const session = verified.cookies.find((c) => c.name === 'afsh_session');
      if (!session) throw new Error(`no session cookie: ${verified.statusCode} ${verified.body}`);
      const headers = {
        cookie: `afsh_session=${session.value}`,
        'content-type': 'application/json',
      };
      results.push(
        await bench(
          name,
          100,
          async () => {
            const res = await app.inject({
              method: 'POST',
              url: '/api/orders',
              headers,
              payload: body,
            });
            if (res.statusCode !== 201) throw new Error(`POST /api/orders: ${res.statusCode}`);
          },
          5,
        ),
      );
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  }
  return results;
}

const SEEDED_ORDERS = 2000;

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

    return results;
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The seed script's orders behind the owner's dashboard (D25). */
const DASHBOARD_ORDERS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 100_000);

/**
 * The owner's dashboard (D25) over 100,000 seeded orders (60 days of bookings, as the seed
 * script writes them): the whole answer, every figure and the previous period, as an admin's
 * GET asks for it.
 */
async function dashboardCases(staticDir: string): Promise<Result[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'afsh-bench-'));
  const app = await build({
    staticDir,
    env: { RATE_LIMITS: 'off', DATABASE_PATH: join(dataDir, 'afsh.sqlite') },
  });
  try {
    const started = performance.now();
    seedOrders(app.db, { count: DASHBOARD_ORDERS, random: seededRandom(2029) });
    const seedMs = performance.now() - started;
    app.db.exec('ANALYZE');
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
    const today = cairoToday();
    const ask = (from: string, bucket: string) => async () => {
      const url = `/api/admin/dashboard?from=${from}&to=${today}&bucket=${bucket}`;
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode}`);
      return res;
    };
    const n = DASHBOARD_ORDERS.toLocaleString('en');
    return [
      {
        name: `seedOrders: ${n} orders for the dashboard (per order)`,
        medianNs: (seedMs * 1e6) / DASHBOARD_ORDERS,
      },
      await bench(
        `GET /api/admin/dashboard, last 30 days by day, ${n} orders`,
        5,
        ask(addDays(today, -29), 'day'),
      ),
      await bench(`  the last 90 days by week`, 5, ask(addDays(today, -89), 'week')),
      await bench(`  the last year by month`, 5, ask(addDays(today, -364), 'month')),
    ];
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Dispatch on a busy day (D28): a company of 150 crews, each with its own truck, whose morning and
 * midday are held by 120 moves each. A booking weighs every crew against the day's holders once.
 */
function busyDayDispatchCases(): Result[] {
  const CREWS = 150;
  const HELD = 120;
  const fleet = {
    crews: Array.from({ length: CREWS }, (_, i) =>
      crew(`c${i}`, { governorates: ['cairo', 'giza'], truckId: `t${i}` }),
    ),
    trucks: Array.from({ length: CREWS }, (_, i) => truck(`t${i}`)),
  };
  const plan = dispatchPlan();
  plan.windows = plan.windows.map((w) => ({ ...w, crews: CREWS }));
  const holds = new HoldIndex();
  for (const [w, windowId] of ['morning', 'midday'].entries()) {
    for (let i = 0; i < HELD; i += 1) {
      const c = (i + w * 7) % CREWS;
      holds.add(
        `${windowId}-${i}`,
        { crewId: `c${c}`, truckId: `t${c}`, slots: [{ date: DISPATCH_DATE, windowId }] },
        place(i % 2 ? 'giza' : 'cairo', i % 2 ? 'dokki' : 'maadi'),
      );
    }
  }
  // The index as a backend's would answer: each date's holders read once.
  const days = new Map<string, ReturnType<typeof holds.holdersOn>>();
  const state = {
    ...dispatchState(fleet, holds, plan),
    holdersOn: (date: string) => days.get(date) ?? days.set(date, holds.holdersOn(date)).get(date)!,
  };
  const job = { pickup: place('cairo', 'maadi'), dropoff: place('giza', 'dokki'), hours: 3 };
  const dates = datesFrom(DISPATCH_DATE, 7);
  return [
    benchSync(`proposeAssignment: ${CREWS} crews, ${2 * HELD} moves that day`, 200, () =>
      proposeAssignment(state, job, DISPATCH_DATE, 'evening', DISPATCH_NOW),
    ),
    benchSync(`  jobAvailability: the date screen's 7 days`, 20, () =>
      jobAvailability(state, job, dates, DISPATCH_NOW),
    ),
  ];
}

function benchSync(name: string, ops: number, fn: () => unknown, rounds = 9): Result {
  for (let i = 0; i < Math.min(ops, 50); i += 1) fn(); // warm-up
  const perOp: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    const start = performance.now();
    for (let i = 0; i < ops; i += 1) fn();
    perOp.push(((performance.now() - start) * 1e6) / ops);
  }
  return { name, medianNs: median(perOp) };
}
