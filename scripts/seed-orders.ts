import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type Database from 'better-sqlite3';
import type { OrderAdminUpdate, StatusActor } from '../src/data/port.ts';
import { cairoToday } from '../src/domain/datetime.ts';
import { GOVERNORATES } from '../src/domain/governorates.ts';
import type { Governorate } from '../src/domain/governorates.ts';
import { checkNewOrder } from '../src/domain/order.ts';
import { catalogFromRates, ratesFromStored, recommendedTeamSize } from '../src/domain/pricing.ts';
import type { Housing, MoveType } from '../src/domain/pricing.ts';
import { createOrderInputSchema, expectedOrderTotal } from '../src/domain/booking-schemas.ts';
import type { OrderStatus, PaymentMethod } from '../src/domain/status.ts';
import { openDatabase } from '../server/src/plugins/db.ts';
import { EnvError, loadDotEnvFile, loadEnv } from '../server/src/plugins/env.ts';
import { CapacityRepository } from '../server/src/repositories/capacity-repository.ts';
import { OrdersRepository } from '../server/src/repositories/orders-repository.ts';
import { createAnonymousUser } from '../server/src/repositories/users-repository.ts';
import { VersionsRepository } from '../server/src/repositories/versions-repository.ts';

/**
 * `npm run seed:orders -- --count 1200 [--database data/afsh.sqlite] [--seed 42]`: fills a
 * database with realistic orders so the admin list can be tried (and measured) with thousands
 * of them. Everything goes through the repositories, so order numbers, prices and status
 * history follow the same rules as real orders. For development and demos only: it refuses to
 * run with NODE_ENV=production.
 */

const USAGE = `Usage: npm run seed:orders -- --count 1200 [--database data/afsh.sqlite] [--seed 42]

  --count     how many orders to add (1-100000)
  --database  the SQLite file (default: DATABASE_PATH from the environment or .env)
  --seed      a number, to get the same orders again (default: random)
`;

const MAX_COUNT = 100_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Orders are placed over the last 60 days, for moves up to 30 days after they were placed. */
const CREATED_WITHIN_DAYS = 60;
const MOVE_WITHIN_DAYS = 30;

// ---------------------------------------------------------------------------------------------
// Randomness: seedable, so a demo database can be rebuilt exactly.

export type Random = () => number;

/** mulberry32: tiny, fast, and good enough for fake data. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = choices.at(-1);
  if (!last) throw new Error('weighted pick from an empty list');
  return last[0];
}

const between = (random: Random, min: number, max: number) => min + random() * (max - min);
const intBetween = (random: Random, min: number, max: number) =>
  Math.floor(between(random, min, max + 1));

// ---------------------------------------------------------------------------------------------
// People and places

const ARABIC_FIRST = [
  'محمد',
  'أحمد',
  'محمود',
  'مصطفى',
  'عمر',
  'يوسف',
  'كريم',
  'خالد',
  'طارق',
  'هشام',
  'إبراهيم',
  'علي',
  'حسن',
  'شريف',
  'سامح',
  'منى',
  'سارة',
  'ياسمين',
  'نورهان',
  'هدى',
  'فاطمة',
  'مريم',
  'آية',
  'دينا',
  'ريهام',
  'إيمان',
  'سلمى',
  'ندى',
  'هبة',
  'ليلى',
] as const;
const ARABIC_LAST = [
  'عبد الرحمن',
  'السيد',
  'إبراهيم',
  'حسن',
  'مصطفى',
  'المصري',
  'الشريف',
  'عبد الله',
  'فؤاد',
  'سليمان',
  'النجار',
  'رمضان',
  'عثمان',
  'شاكر',
  'منصور',
  'عبد العزيز',
  'الجمال',
  'فهمي',
] as const;
const ENGLISH_FIRST = [
  'Mohamed',
  'Ahmed',
  'Omar',
  'Youssef',
  'Karim',
  'Khaled',
  'Tarek',
  'Sherif',
  'Mostafa',
  'Ali',
  'Sara',
  'Mariam',
  'Nour',
  'Laila',
  'Hana',
  'Yasmine',
  'Dina',
  'Salma',
  'Nada',
  'Reem',
] as const;
const ENGLISH_LAST = [
  'Hassan',
  'Ibrahim',
  'Mostafa',
  'El-Sayed',
  'Fawzy',
  'Kamal',
  'Nabil',
  'Samir',
  'Adel',
  'Soliman',
  'Mansour',
  'Shaker',
  'El-Masry',
  'Fahmy',
  'Ramadan',
] as const;

const ARABIC_STREETS = [
  'التحرير',
  'الهرم',
  'فيصل',
  'جامعة الدول العربية',
  'مصطفى النحاس',
  'عباس العقاد',
  'الثورة',
  'النصر',
  '9',
  '26 يوليو',
  'رمسيس',
  'صلاح سالم',
  'الخليفة المأمون',
  'مكرم عبيد',
] as const;
const ENGLISH_STREETS = [
  'Tahrir',
  'El Haram',
  'Faisal',
  'Gameat El Dewal',
  'Mostafa El Nahas',
  'Abbas El Akkad',
  'El Thawra',
  'El Nasr',
  'Road 9',
  '26th of July',
  'Ramses',
  'Salah Salem',
  'Makram Ebeid',
] as const;

const ARABIC_NOTES = [
  'الدور الثالث بدون أسانسير',
  'يوجد أسانسير صغير، الكنبة لا تدخله',
  'برجاء الاتصال قبل الوصول بساعة',
  'ثلاجة وغسالة وسريرين ودولاب',
  'محتاجين فك وتركيب المطبخ',
  'فيه زجاج ونجف، برجاء الحذر',
] as const;
const ENGLISH_NOTES = [
  'Please call an hour before arriving',
  'No elevator in the new building',
  'Fragile: glass dining table and a mirror',
  'Need the wardrobe taken apart and reassembled',
  'Parking is tight, the truck should wait on the main road',
] as const;

const MOVE_TYPE_WEIGHTS: readonly (readonly [MoveType, number])[] = [
  ['full', 35],
  ['partial', 25],
  ['office', 10],
  ['packaging', 15],
  ['loading', 15],
];

/** The busiest markets (the list's first entries) get most of the orders, as in life. */
function pickGovernorate(random: Random): Governorate {
  return random() < 0.65 ? pick(random, GOVERNORATES.slice(0, 4)) : pick(random, GOVERNORATES);
}

function egyptianMobile(random: Random): string {
  const prefix = weighted(random, [
    ['010', 40],
    ['011', 25],
    ['012', 25],
    ['015', 10],
  ] as const);
  return `${prefix}${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
}

interface Customer {
  userId: string;
  fullName: string;
  phoneNumber: string;
  arabic: boolean;
}

function newCustomer(db: Database.Database, random: Random, at: Date): Customer {
  const arabic = random() < 0.7;
  const fullName = arabic
    ? `${pick(random, ARABIC_FIRST)} ${pick(random, ARABIC_LAST)}`
    : `${pick(random, ENGLISH_FIRST)} ${pick(random, ENGLISH_LAST)}`;
  return {
    userId: createAnonymousUser(db, at).id,
    fullName,
    phoneNumber: egyptianMobile(random),
    arabic,
  };
}

function address(random: Random, arabic: boolean, district: { ar: string; en: string }): string {
  const number = intBetween(random, 1, 180);
  return arabic
    ? `${number} شارع ${pick(random, ARABIC_STREETS)}، ${district.ar}`
    : `${number} ${pick(random, ENGLISH_STREETS)} St., ${district.en}`;
}

// ---------------------------------------------------------------------------------------------
// Orders and what happened to them

interface Step {
  update: OrderAdminUpdate;
  actor: StatusActor;
  at: number;
}

/**
 * What has happened to an order by `now`, given when it was placed and when the move is: moves
 * in the past were mostly delivered, today's are on the way, future ones wait for review. Every
 * step is in order and none is in the future.
 */
function lifeOf(
  random: Random,
  createdAt: number,
  moveAt: number,
  now: number,
  paymentMethod: PaymentMethod,
): { status: OrderStatus; steps: Step[] } {
  const steps: Step[] = [];
  let last = createdAt;
  const after = (min: number, max: number, ceiling: number) => {
    const at = Math.min(ceiling, now, last + between(random, min, max));
    last = Math.max(last, at);
    return last;
  };
  const reviewBy = Math.max(createdAt, Math.min(moveAt, createdAt + DAY_MS));

  let status: OrderStatus;
  if (moveAt + 30 * HOUR_MS < now) {
    status = random() < 0.88 ? 'delivered' : 'cancelled';
  } else if (moveAt <= now) {
    // Since yesterday: some trucks are still out, or nobody has marked them delivered yet.
    status = weighted(random, [
      // The crew's steps in the field (D28): on its way, there, loading, on the road.
      ['on_the_way', 12],
      ['arrived', 12],
      ['loading', 12],
      ['in_transit', 14],
      ['delivered', 40],
      ['cancelled', 10],
    ] as const);
  } else {
    status = weighted(random, [
      ['received', 45],
      ['under_review', 45],
      ['cancelled', 10],
    ] as const);
  }

  if (status === 'cancelled') {
    // Customers cancel early (while they still may); later cancellations are the office's.
    const reviewedFirst = random() < 0.5;
    if (reviewedFirst) {
      steps.push({
        update: { status: 'under_review' },
        actor: 'admin',
        at: after(10 * MINUTE_MS, 12 * HOUR_MS, reviewBy),
      });
    }
    steps.push({
      update: { status: 'cancelled' },
      actor: random() < 0.6 ? 'customer' : 'admin',
      at: after(30 * MINUTE_MS, 3 * DAY_MS, moveAt),
    });
    return { status, steps };
  }
  if (status === 'received') return { status, steps };

  steps.push({
    update: { status: 'under_review' },
    actor: 'admin',
    at: after(10 * MINUTE_MS, 12 * HOUR_MS, reviewBy),
  });
  if (status === 'under_review') return { status, steps };

  last = Math.max(last, Math.min(moveAt, now));
  for (const field of ['on_the_way', 'arrived', 'loading', 'in_transit'] as const) {
    steps.push({ update: { status: field }, actor: 'admin', at: last });
    if (status === field) return { status, steps };
  }

  // Cash is collected on delivery; a few are not marked paid yet.
  const collected = paymentMethod === 'cod' && random() < 0.95;
  steps.push({
    update: collected ? { status: 'delivered', paymentStatus: 'paid' } : { status: 'delivered' },
    actor: 'admin',
    at: after(2 * HOUR_MS, 6 * HOUR_MS, moveAt + 6 * HOUR_MS),
  });
  return { status, steps };
}

/** Cairo wall time as an instant, close enough for fake data (Cairo is UTC+2, +3 in summer). */
function cairoInstant(ymd: string, hhmm: string): number {
  return Date.parse(`${ymd}T${hhmm}:00+02:00`);
}

export interface SeedOptions {
  count: number;
  random?: Random;
  /** "Now" for the generated timeline; default: the real clock. */
  now?: Date;
}

export interface SeedResult {
  count: number;
  byStatus: Record<string, number>;
}

/**
 * Adds `count` orders, each with its customer (an anonymous account), status history and
 * payment, in one transaction: all of them or, on any error, none.
 */
const SEED_CARD_TOKEN = 'test_ok_seededorder';

export function seedOrders(db: Database.Database, options: SeedOptions): SeedResult {
  const random = options.random ?? Math.random;
  const now = (options.now ?? new Date()).getTime();
  const orders = new OrdersRepository(db);
  // Priced with the current catalog, in the current plan's windows. Seeded orders are not
  // limited by the crews: a seeded calendar shows what over-booked days look like.
  // Read as the server reads it: a version saved before a field existed gets its default (D15).
  const saved = new VersionsRepository(
    db,
    { table: 'price_catalogs', column: 'rates' },
    ratesFromStored,
  ).current();
  const catalog = catalogFromRates(saved.value, saved.version, saved.createdAt);
  const plan = new CapacityRepository(db).plans.current().value;
  const customers: Customer[] = [];
  const byStatus: Record<string, number> = {};
  // "Today" is all a schema depends on; building one per order would be most of the work.
  const schemas = new Map<string, ReturnType<typeof createOrderInputSchema>>();

  db.transaction(() => {
    for (let i = 0; i < options.count; i += 1) {
      const createdAt = Math.floor(now - random() * CREATED_WITHIN_DAYS * DAY_MS);
      // One customer in eight comes back for another move.
      const customer =
        customers.length > 0 && random() < 0.125
          ? pick(random, customers)
          : newCustomer(db, random, new Date(createdAt));
      customers.push(customer);

      const governorate = pickGovernorate(random);
      const district = pick(random, governorate.districts);
      const dropoffGovernorate = random() < 0.85 ? governorate : pickGovernorate(random);
      const dropoffDistrict = pick(random, dropoffGovernorate.districts);

      const moveType = weighted(random, MOVE_TYPE_WEIGHTS);
      const housing: Housing = random() < 0.12 ? 'villa' : 'apartment';
      const floorOf = () =>
        housing === 'villa'
          ? intBetween(random, 0, 2)
          : Math.min(20, Math.floor(random() ** 2 * 13));
      const pickupFloor = floorOf();
      const dropoffFloor = floorOf();
      // Mostly within two weeks of booking, some a month out, a few the same day.
      const daysAhead = Math.min(
        MOVE_WITHIN_DAYS,
        random() < 0.05 ? 0 : Math.ceil(random() ** 1.6 * MOVE_WITHIN_DAYS),
      );
      const moveDate = cairoToday(new Date(createdAt + daysAhead * DAY_MS));
      const moveTime = pick(random, plan.windows).start;
      const paymentMethod: PaymentMethod = random() < 0.4 ? 'card' : 'cod';

      const notesPool = customer.arabic ? ARABIC_NOTES : ENGLISH_NOTES;
      const values = {
        fullName: customer.fullName,
        phoneNumber: customer.phoneNumber,
        pickupAddress: address(random, customer.arabic, district),
        dropoffAddress: address(random, customer.arabic, dropoffDistrict),
        governorateId: governorate.id,
        districtId: district.id,
        dropoffGovernorateId: dropoffGovernorate.id,
        dropoffDistrictId: dropoffDistrict.id,
        notes: random() < 0.4 ? pick(random, notesPool) : '',
        moveType,
        housing,
        pickupFloor,
        dropoffFloor,
        workers: 0,
        moveDate,
        moveTime,
        paymentMethod,
        totalPrice: 0,
      };
      // Seeded customers take the recommended team; the total is the price of the workers stored.
      values.workers = recommendedTeamSize(catalog, values);
      values.totalPrice = expectedOrderTotal(values, catalog);
      // The same checks a real order passes, as of the day it was placed.
      const day = cairoToday(new Date(createdAt));
      let schema = schemas.get(day);
      if (!schema) {
        schema = createOrderInputSchema(new Date(createdAt));
        schemas.set(day, schema);
      }
      // A card order carries the test provider's token (D3), as the payment screen sends it.
      const body = paymentMethod === 'card' ? { ...values, paymentToken: SEED_CARD_TOKEN } : values;
      const checked = checkNewOrder(body, { catalog, plan, schema });

      const order = orders.create(
        {
          ...checked,
          userId: customer.userId,
          ...(paymentMethod === 'card'
            ? {
                paymentStatus: 'paid',
                paymentProvider: 'test',
                paymentReference: `seed_${Math.floor(random() * 1e12).toString(36)}`,
              }
            : { paymentStatus: 'pending', paymentProvider: 'cash', paymentReference: null }),
        },
        { now: new Date(createdAt), random },
      );

      const life = lifeOf(random, createdAt, cairoInstant(moveDate, moveTime), now, paymentMethod);
      for (const step of life.steps) {
        // A made-up past: stored as told, with no one to check it against.
        orders.storeChange(
          order.id,
          { ...step.update, actor: step.actor },
          { userId: null, at: new Date(step.at).toISOString() },
        );
      }
      byStatus[life.status] = (byStatus[life.status] ?? 0) + 1;
    }
  })();

  return { count: options.count, byStatus };
}

// ---------------------------------------------------------------------------------------------

function fail(message: string): never {
  process.stderr.write(`seed:orders: ${message}\n`);
  process.exit(1);
}

function main(): void {
  let args;
  try {
    args = parseArgs({
      options: {
        count: { type: 'string' },
        database: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(1);
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return;
  }
  const count = Number(args.count);
  if (args.count === undefined || !Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
    process.stderr.write(USAGE);
    process.exit(1);
  }
  const seed = args.seed === undefined ? Math.floor(Math.random() * 2 ** 32) : Number(args.seed);
  if (!Number.isInteger(seed)) fail('--seed must be a whole number');

  const root = fileURLToPath(new URL('../', import.meta.url));
  loadDotEnvFile(resolve(root, '.env'));
  // Fake customers with real-looking phone numbers have no place in a live database.
  if (process.env.NODE_ENV === 'production') fail('refusing to run with NODE_ENV=production');
  let path = args.database;
  if (path === undefined) {
    try {
      path = loadEnv(process.env).DATABASE_PATH;
    } catch (error) {
      if (error instanceof EnvError) fail(error.message);
      throw error;
    }
  }

  const started = performance.now();
  const db = openDatabase(path);
  try {
    const result = seedOrders(db, { count, random: seededRandom(seed) });
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const statuses = Object.entries(result.byStatus)
      .map(([status, n]) => `${status} ${n}`)
      .join(', ');
    process.stdout.write(
      `Seeded ${result.count} orders into ${path} in ${seconds} s (seed ${seed}): ${statuses}.\n`,
    );
  } finally {
    db.close();
  }
}

// Run as a script, not when the benchmark imports seedOrders.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main();
}
