import { TRACK_SHELL } from '../../scripts/lib/vite-prerender.ts';
import { PAGE_SCRIPT_SOURCE } from '../../server/src/plugins/security.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  COLLECTIONS,
  newMessageDocument,
  newOrderDocuments,
  newReviewDocuments,
  TEST_PAYMENT_TOKEN,
} from '../../src/data/firebase/firestore-documents';
import { generateOrderNumber } from '../../src/domain/order-number';
import { normalizeEgyptianMobile } from '../../src/domain/phone';
import {
  BOOKING_HORIZON_DAYS,
  FLOOR_MAX,
  FLOOR_MIN,
  HOUSING_TYPES,
  MOVE_TYPES,
  priceCatalog,
  WORKERS_MAX,
  WORKERS_MIN,
} from '../../src/domain/pricing';
import { RATING_MAX, RATING_MIN } from '../../src/domain/rating';
import {
  REVIEW_NAME_MAX,
  REVIEW_NAME_MIN,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from '../../src/domain/reviews';
import {
  ADDRESS_MAX,
  ADDRESS_MIN,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  EMAIL_MAX,
  expectedOrderTotal,
  FULL_NAME_MAX,
  FULL_NAME_MIN,
  NOTES_MAX,
  REVIEW_COOLDOWN_MS,
} from '../../src/domain/schemas';
import { sampleOrderInput } from '../rules/order-fixture';
import {
  CUSTOMER_CANCELLABLE_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from '../../src/domain/status';

// firestore.rules against the code it guards, without the Firestore emulator (which cannot run
// here): every collection the adapter uses has a rule, every document the adapter writes has
// exactly the fields the rules allow, and the limits, lists and the price formula in the rules
// are the domain's. Whether the rules then allow and deny the right requests is tests/rules/,
// which needs the emulator (`npm run test:firebase`).

const ROOT = join(import.meta.dirname, '..', '..');
const RULES = readFileSync(join(ROOT, 'firestore.rules'), 'utf8');
const ADAPTER = readFileSync(join(ROOT, 'src/data/firebase/firebase-adapter.ts'), 'utf8');

/** The text between the `{` that ends `start` (or follows it) and its matching `}`. */
function block(source: string, start: string | RegExp): string {
  const found =
    typeof start === 'string'
      ? { at: source.indexOf(start), length: start.length }
      : (() => {
          const m = start.exec(source);
          return { at: m ? m.index : -1, length: m ? m[0].length : 0 };
        })();
  if (found.at < 0) throw new Error(`not found in the rules: ${String(start)}`);
  const open = source.indexOf('{', found.at + found.length - 1);
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === '{') depth += 1;
    if (source[i] === '}') depth -= 1;
    if (depth === 0) return source.slice(open + 1, i);
  }
  throw new Error(`unbalanced braces after ${String(start)}`);
}

/** The text inside the parentheses that open at `open`. */
function parenthesised(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === '(') depth += 1;
    if (source[i] === ')') depth -= 1;
    if (depth === 0) return source.slice(open + 1, i);
  }
  throw new Error('unbalanced parentheses');
}

const fn = (name: string) => block(RULES, `function ${name}(`);
const matchBlock = (collection: string) =>
  block(RULES, new RegExp(`match /${collection}/\\{\\w+\\} \\{`));

/** The quoted strings of the first list that opens with `opener` (`hasOnly([`, `in [`). */
function stringList(text: string, opener: string): string[] {
  const at = text.indexOf(opener);
  if (at < 0) throw new Error(`no ${opener}...] here`);
  const list = text.slice(at + opener.length, text.indexOf(']', at));
  return [...list.matchAll(/'([^']*)'/g)].map((m) => m[1] as string);
}

/** `isText(x.field, min, max)` / `isWhole(...)` checks of a text, by field. */
function bounds(text: string, check: 'isText' | 'isWhole'): Record<string, [number, number]> {
  const found: Record<string, [number, number]> = {};
  for (const m of text.matchAll(new RegExp(`${check}\\(([\\w.]+), (\\d+), (\\d+)\\)`, 'g'))) {
    const field = (m[1] as string).split('.').pop() as string;
    found[field] = [Number(m[2]), Number(m[3])];
  }
  return found;
}

/** A `'...'.matches('re')` pattern of the rules as a JS RegExp (rules match the whole string). */
function rulesRegex(text: string, subject: string): RegExp {
  const m = text.match(new RegExp(`${subject.replace(/\./g, '\\.')}\\.matches\\('([^']+)'\\)`));
  if (!m) throw new Error(`no ${subject}.matches(...) here`);
  return new RegExp(`^(?:${(m[1] as string).replace(/\\\\/g, '\\')})$`);
}

const sorted = (values: Iterable<string>) => [...values].sort();

function documents(paymentMethod: 'cod' | 'card') {
  return newOrderDocuments({
    values: sampleOrderInput({ paymentMethod }),
    userId: 'user-1',
    orderId: 'order-1',
    orderNumber: 'AF-20300115-417',
    paymentToken: paymentMethod === 'card' ? 'test_ok_abcdefgh1234' : undefined,
    historyAt: Timestamp.now(),
  });
}

describe('firestore.rules covers every collection the adapter uses', () => {
  const matched = [...RULES.matchAll(/match \/(\w+)\/\{\w+\} \{/g)].map((m) => m[1] as string);

  it('one match block per collection, and none for collections the adapter does not use', () => {
    expect(sorted(new Set(matched))).toEqual(sorted(Object.values(COLLECTIONS)));
    expect(matched).toHaveLength(new Set(matched).size);
  });

  it('the adapter names collections only through COLLECTIONS', () => {
    const literal = [...ADAPTER.matchAll(/(?:collection|doc)\(this\.db, '(\w+)'/g)];
    expect(literal.map((m) => m[1])).toEqual([]);
  });

  it('every match block (and the closing catch-all) has its comment', () => {
    const lines = RULES.split('\n');
    const matchLines = lines
      .map((line, index) => ({ line: line.trim(), index }))
      .filter(({ line }) => line.startsWith('match /') && !line.startsWith('match /databases/'));
    expect(matchLines.length).toBe(Object.values(COLLECTIONS).length + 1);
    for (const { line, index } of matchLines) {
      expect(lines[index - 1]?.trim(), line).toMatch(/^\/\//);
    }
  });

  it('anything else is denied to everyone', () => {
    expect(block(RULES, 'match /{document=**} {').trim()).toBe('allow read, write: if false;');
  });
});

describe('the documents the adapter writes are the ones the rules accept', () => {
  const create = fn('validNewOrder');

  it('a new order: every required field, nothing the rules do not know', () => {
    const required = stringList(create, 'hasAll([');
    const allowed = stringList(create, 'hasOnly([');
    expect(sorted(allowed.filter((key) => !required.includes(key)))).toEqual(['paymentToken']);
    for (const method of ['cod', 'card'] as const) {
      const keys = Object.keys(documents(method).order);
      expect(sorted(keys.filter((key) => !allowed.includes(key))), method).toEqual([]);
      expect(sorted(required.filter((key) => !keys.includes(key))), method).toEqual([]);
    }
    expect(documents('card').order).toMatchObject({
      paymentProvider: 'test',
      paymentStatus: 'paid',
    });
    expect(documents('cod').order).toMatchObject({
      paymentProvider: 'cash',
      paymentStatus: 'pending',
    });
    expect(documents('cod').order).not.toHaveProperty('paymentToken');
  });

  it('a tracking copy: exactly the public fields, no personal data', () => {
    const tracking = matchBlock('tracking');
    const allowed = stringList(tracking.slice(tracking.indexOf('allow create')), 'hasOnly([');
    const copy = documents('cod').tracking;
    expect(sorted(Object.keys(copy))).toEqual(sorted(allowed));
    for (const personal of ['fullName', 'phoneNumber', 'pickupAddress', 'dropoffAddress', 'notes'])
      expect(allowed).not.toContain(personal);
  });

  it('a review and its throttle document', () => {
    const { review, throttle } = newReviewDocuments(
      { name: 'منى', review: 'خدمة ممتازة', rating: 5 },
      'r1',
    );
    const reviews = matchBlock('reviews');
    expect(sorted(Object.keys(review))).toEqual(
      sorted(stringList(reviews.slice(reviews.indexOf('allow create')), 'hasOnly([')),
    );
    expect(sorted(Object.keys(throttle))).toEqual(
      sorted(stringList(fn('validThrottle'), 'hasOnly([')),
    );
  });

  it('a contact message', () => {
    const message = newMessageDocument({
      name: 'Mona',
      email: 'mona@example.com',
      phone: '01012345678',
      message: 'Hello',
    });
    const messages = matchBlock('messages');
    expect(sorted(Object.keys(message))).toEqual(sorted(stringList(messages, 'hasOnly([')));
    expect(sorted(Object.keys(message))).toEqual(sorted(stringList(messages, 'hasAll([')));
  });
});

describe('the limits and lists in the rules are the domain’s', () => {
  it('text lengths and whole-number ranges', () => {
    expect(bounds(fn('validNewOrder'), 'isText')).toEqual({
      fullName: [FULL_NAME_MIN, FULL_NAME_MAX],
      pickupAddress: [ADDRESS_MIN, ADDRESS_MAX],
      dropoffAddress: [ADDRESS_MIN, ADDRESS_MAX],
      notes: [0, NOTES_MAX],
    });
    expect(bounds(fn('validNewOrder'), 'isWhole')).toEqual({
      pickupFloor: [FLOOR_MIN, FLOOR_MAX],
      dropoffFloor: [FLOOR_MIN, FLOOR_MAX],
      workers: [WORKERS_MIN, WORKERS_MAX],
    });
    expect(bounds(matchBlock('reviews'), 'isText')).toEqual({
      name: [REVIEW_NAME_MIN, REVIEW_NAME_MAX],
      review: [REVIEW_TEXT_MIN, REVIEW_TEXT_MAX],
    });
    expect(bounds(matchBlock('reviews'), 'isWhole')).toEqual({ rating: [RATING_MIN, RATING_MAX] });
    expect(bounds(matchBlock('messages'), 'isText')).toEqual({
      name: [1, CONTACT_NAME_MAX],
      email: [3, EMAIL_MAX],
      message: [1, CONTACT_MESSAGE_MAX],
    });
  });

  it('move types, housing, statuses, payment statuses and who may cancel', () => {
    const create = fn('validNewOrder');
    // The move types are the catalog's keys (checked against the domain below).
    expect(create).toContain('d.moveType in basePrices()');
    expect(stringList(create.slice(create.indexOf('d.housing in')), 'in [')).toEqual([
      ...HOUSING_TYPES,
    ]);
    expect(stringList(fn('isStatus'), 'in [')).toEqual([...ORDER_STATUSES]);
    expect(stringList(fn('isPaymentStatus'), 'in [')).toEqual([...PAYMENT_STATUSES]);
    const cancel = fn('ownerCancel');
    expect(stringList(cancel.slice(cancel.indexOf('status in')), 'in [')).toEqual([
      ...CUSTOMER_CANCELLABLE_STATUSES,
    ]);
  });

  it('phones, order numbers and test payment tokens have the domain’s shapes', () => {
    const create = fn('validNewOrder');
    const phone = rulesRegex(create, 'd.phoneNumber');
    for (const typed of ['01012345678', '٠١١٢٣٤٥٦٧٨٩', '+20 12 3456 7890', '01512345678']) {
      const normalized = normalizeEgyptianMobile(typed);
      expect(normalized).not.toBeNull();
      expect(phone.test(normalized as string), typed).toBe(true);
    }
    for (const bad of ['01312345678', '0101234567', '010123456789', '+201012345678'])
      expect(phone.test(bad), bad).toBe(false);
    expect(rulesRegex(matchBlock('messages'), 'request.resource.data.phone').source).toBe(
      phone.source,
    );

    const number = rulesRegex(create, 'd.orderNumber');
    const day = new Date('2026-11-23T10:00:00Z');
    for (const digits of [3, 4] as const)
      for (const draw of [0, 0.5, 0.999])
        expect(number.test(generateOrderNumber(day, () => draw, digits))).toBe(true);

    const token = rulesRegex(create, 'd.paymentToken');
    for (const value of [
      'test_ok_abcdefgh',
      `test_ok_${'a'.repeat(64)}`,
      'test_ok_',
      'tok_visa',
      `test_ok_${'a'.repeat(65)}`,
      'test_ok_abc-defgh',
    ])
      expect(token.test(value), value).toBe(TEST_PAYMENT_TOKEN.test(value));
  });

  it('one review per 60 s', () => {
    expect(matchBlock('reviewThrottle')).toContain(
      `resource.data.last + duration.value(${REVIEW_COOLDOWN_MS / 1000}, 's')`,
    );
  });
});

describe('the price the rules recompute is the catalog’s (D4)', () => {
  const catalog = priceCatalog();

  /** The rules' expectedTotal(), read off the rules once, as a function to evaluate here. */
  function readRulesTotal() {
    const base = fn('basePrices').match(/return \{([^}]*)\};/);
    if (!base) throw new Error('basePrices() has changed shape');
    const prices = Object.fromEntries(
      [...(base[1] as string).matchAll(/'(\w+)': (\d+)/g)].map((m) => [m[1], Number(m[2])]),
    );
    const total = fn('expectedTotal').replace(/\s+/g, ' ');
    const s = total.match(
      /return basePrices\(\)\[d\.moveType\] \+ (\d+) \* \(d\.pickupFloor \+ d\.dropoffFloor\) \+ (\d+) \* \(d\.workers - 1\);/,
    );
    if (!s) throw new Error(`expectedTotal() has changed shape: ${total}`);
    const [floorFee, workerFee] = [Number(s[1]), Number(s[2])];
    return (d: {
      moveType: string;
      pickupFloor: number;
      dropoffFloor: number;
      workers: number;
    }) => {
      const price = prices[d.moveType];
      if (price === undefined) throw new Error(`no base price for ${d.moveType}`);
      return price + floorFee * (d.pickupFloor + d.dropoffFloor) + workerFee * (d.workers - 1);
    };
  }

  it('the base prices are the catalog, and its keys are exactly the move types', () => {
    const base = fn('basePrices');
    for (const type of MOVE_TYPES) expect(base).toContain(`'${type}': ${catalog.base[type]}`);
    const keys = [...base.matchAll(/'(\w+)': \d+/g)].map((m) => m[1]);
    expect(keys).toEqual([...MOVE_TYPES]);
  });

  it('prices the workers the order stores, not a team of its own', () => {
    expect(fn('expectedTotal')).toContain('d.workers');
    expect(RULES).not.toMatch(/function teamSize\(/);
  });

  it('every move type, housing, pair of floors and team costs the same in the rules and the app', () => {
    const rulesTotal = readRulesTotal();
    let checked = 0;
    for (const moveType of MOVE_TYPES)
      for (const housing of HOUSING_TYPES)
        for (let pickupFloor = FLOOR_MIN; pickupFloor <= FLOOR_MAX; pickupFloor += 1)
          for (let dropoffFloor = FLOOR_MIN; dropoffFloor <= FLOOR_MAX; dropoffFloor += 1)
            for (let workers = WORKERS_MIN; workers <= WORKERS_MAX; workers += 1) {
              const d = { moveType, housing, pickupFloor, dropoffFloor, workers };
              const rules = rulesTotal(d);
              if (rules !== expectedOrderTotal(d)) {
                expect({ ...d, rules }).toEqual({ ...d, rules: expectedOrderTotal(d) });
              }
              checked += 1;
            }
    expect(checked).toBe(
      MOVE_TYPES.length *
        HOUSING_TYPES.length *
        (FLOOR_MAX - FLOOR_MIN + 1) ** 2 *
        (WORKERS_MAX - WORKERS_MIN + 1),
    );
  });

  it('the sample order the rules tests create is priced with its own workers', () => {
    const order = sampleOrderInput({ workers: 6 });
    expect(order.workers).toBe(6);
    expect(order.totalPrice).toBe(readRulesTotal()(order));
  });
});

describe('move dates in the rules (D6)', () => {
  it('stop at the booking horizon', () => {
    const dates = fn('isMoveDate').replace(/\s+/g, ' ');
    expect(dates).toContain(`+ duration.value(${BOOKING_HORIZON_DAYS}, 'd')`);
    expect(dates).toMatch(/<= \(request\.time \+ duration\.value\(3, 'h'\)\)\.date\(\) \+/);
    expect(dates).toMatch(/>= \(request\.time \+ duration\.value\(2, 'h'\)\)\.date\(\)/);
  });
});

describe('firestore.indexes.json has an index for every composite query of the adapter', () => {
  const indexes = JSON.parse(readFileSync(join(ROOT, 'firestore.indexes.json'), 'utf8')) as {
    indexes: { collectionGroup: string; fields: { fieldPath: string; order: string }[] }[];
  };
  const names = Object.fromEntries(
    Object.entries({
      ORDERS: COLLECTIONS.orders,
      TRACKING: COLLECTIONS.tracking,
      REVIEWS: COLLECTIONS.reviews,
      REVIEW_THROTTLE: COLLECTIONS.reviewThrottle,
      MESSAGES: COLLECTIONS.messages,
    }),
  ) as Record<string, string>;

  /** Each `query(collection(this.db, X), ...)` of the adapter: its equality and order fields. */
  function queries() {
    const found: { collection: string; equals: string[]; order: [string, string][] }[] = [];
    for (const m of ADAPTER.matchAll(/query\(\s*collection\(this\.db, (\w+)\)/g)) {
      const text = parenthesised(ADAPTER, m.index + 'query'.length);
      found.push({
        collection: names[m[1] as string] ?? '?',
        equals: [...text.matchAll(/where\('(\w+)', '=='/g)].map((w) => w[1] as string),
        order: [...text.matchAll(/orderBy\('(\w+)', '(asc|desc)'\)/g)].map(
          (o) => [o[1] as string, o[2] as string] as [string, string],
        ),
      });
    }
    return found;
  }

  it('finds the queries it checks', () => {
    const found = queries();
    expect(found.length).toBeGreaterThanOrEqual(4);
    expect(found.some((q) => q.equals.length > 0 && q.order.length > 0)).toBe(true);
  });

  it('the admin list: each equality filter it may add, ordered newest first, has its index', () => {
    const added = [...ADAPTER.matchAll(/constraints\.push\(where\('(\w+)', '=='/g)].map(
      (m) => m[1] as string,
    );
    expect(added.length).toBeGreaterThanOrEqual(3);
    expect(ADAPTER).toMatch(/\.\.\.constraints,\s*orderBy\('createdAt', 'desc'\)/);
    for (const field of added) {
      const index = indexes.indexes.find(
        (i) =>
          i.collectionGroup === COLLECTIONS.orders &&
          JSON.stringify(i.fields) ===
            JSON.stringify([
              { fieldPath: field, order: 'ASCENDING' },
              { fieldPath: 'createdAt', order: 'DESCENDING' },
            ]),
      );
      expect(index, field).toBeDefined();
    }
  });

  it('an equality filter with an order on another field has its composite index', () => {
    for (const q of queries()) {
      if (q.equals.length === 0 || q.order.length === 0) continue;
      const wanted = [
        ...q.equals.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' })),
        ...q.order.map(([fieldPath, dir]) => ({
          fieldPath,
          order: dir === 'desc' ? 'DESCENDING' : 'ASCENDING',
        })),
      ];
      const index = indexes.indexes.find(
        (i) =>
          i.collectionGroup === q.collection && JSON.stringify(i.fields) === JSON.stringify(wanted),
      );
      expect(index, `${q.collection}: ${JSON.stringify(wanted)}`).toBeDefined();
    }
  });
});

describe('firebase.json', () => {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: {
      public: string;
      rewrites: { source: string; destination: string }[];
      trailingSlash?: boolean;
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    firestore: { rules: string; indexes: string };
    emulators: { auth: { port: number }; firestore: { port: number } };
  };
  const blocks = config.hosting.headers;
  /** Firebase applies every matching block in order, so the last one to set a header wins. */
  const lastSetting = (key: string, sources: string[]) =>
    blocks
      .filter((b) => sources.includes(b.source))
      .flatMap((b) => b.headers.filter((h) => h.key === key))
      .pop()?.value;

  it('serves the prerendered pages as files, tracking through its shells, and the rules files', () => {
    expect(config.hosting.public).toBe('dist');
    // /about serves about/index.html; anything that is no file gets 404.html with a 404.
    expect(config.hosting.trailingSlash).toBe(false);
    expect(config.hosting.rewrites).toEqual([
      { source: '/track/**', destination: `/${TRACK_SHELL.file}` },
      { source: '/en/track/**', destination: `/en/${TRACK_SHELL.file}` },
    ]);
    expect(existsSync(join(ROOT, config.firestore.rules))).toBe(true);
    expect(existsSync(join(ROOT, config.firestore.indexes))).toBe(true);
    expect(config.emulators.auth.port).toBe(9099);
    expect(config.emulators.firestore.port).toBe(8080);
  });

  it('hashed assets are cached for a year; pages (every SPA route) are revalidated', () => {
    expect(lastSetting('Cache-Control', ['**', '/assets/**'])).toMatch(/immutable/);
    expect(lastSetting('Cache-Control', ['**'])).toBe('no-cache');
  });

  it('the CSP lets the app reach exactly Firebase Auth, Firestore and the geocoder', () => {
    const csp = lastSetting('Content-Security-Policy', ['**']) ?? '';
    const connect = csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('connect-src '));
    expect(sorted(connect?.split(/\s+/).slice(1) ?? [])).toEqual(
      sorted([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://firestore.googleapis.com',
        'https://nominatim.openstreetmap.org',
      ]),
    );
    // The hosted pages are prerendered too: the language redirect is allowed by its hash.
    expect(csp).toContain(`script-src 'self' ${PAGE_SCRIPT_SOURCE};`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });
});
