import { TRACK_SHELL } from '../../scripts/lib/vite-prerender.ts';
import { PAGE_SCRIPT_SOURCE } from '../../server/src/plugins/security.ts';
import { PAYMOB_CALLBACK_PATH } from '../../server/src/payments/settings.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminListIndexes } from '../../scripts/lib/order-indexes.ts';
import type { Constraint, ReadRequest } from '../../src/data/firebase/testing-fake-firestore';
import { firestoreReadRules } from '../../src/data/firebase/testing-read-rules';
import { COLLECTIONS, FUNCTION_NAMES } from '../../src/domain/hosted-store';

// firestore.rules against the code it guards, without the Firestore emulator (which cannot run
// here). Browsers only read now (every write is a Cloud Function), so the rules are short enough
// to be checked by reading: this test pins their text, holds the TypeScript model the in-process
// tests apply (src/data/firebase/testing-read-rules.ts) to the same decisions, and checks that
// every query the adapter can make has its index. tests/rules/ runs the rules themselves under
// the emulator (`npm run test:firebase`).

const ROOT = join(import.meta.dirname, '..', '..');
const RULES = readFileSync(join(ROOT, 'firestore.rules'), 'utf8');
const ADAPTER = readFileSync(join(ROOT, 'src/data/firebase/firebase-adapter.ts'), 'utf8');

/** The rules without comments, blanks collapsed. */
const CODE = RULES.replace(/\/\/.*$/gm, '')
  .replace(/\s+/g, ' ')
  .trim();

const sorted = (values: string[]) => [...values].sort();

describe('firestore.rules: browsers read, and only what D2 allows', () => {
  it('allow no write of any kind, to anyone, anywhere (the catch-all denies them)', () => {
    const allows = [...CODE.matchAll(/allow ([a-z, ]+):/g)].map((m) => m[1]!.trim());
    expect(allows.filter((kinds) => /create|update|delete|write/.test(kinds))).toEqual([
      'read, write',
    ]);
    expect(CODE).toContain('match /{document=**} { allow read, write: if false; }');
  });

  it('are exactly these (pinned: a change here is a change to the model and to D2)', () => {
    expect(CODE).toContain(
      [
        "rules_version = '2'; service cloud.firestore { match /databases/{database}/documents {",
        'function signedIn() { return request.auth != null; }',
        'function isAdmin() { return signedIn() && request.auth.token.admin == true && exists(/databases/$(database)/documents/admins/$(request.auth.uid)); }',
        'match /orders/{orderId} {',
        'allow get: if signedIn() && (resource == null || resource.data.userId == request.auth.uid || isAdmin());',
        'allow list: if signedIn() && (resource.data.userId == request.auth.uid || isAdmin()); }',
        'match /reviews/{reviewId} { allow read: if resource.data.public == true || isAdmin(); }',
        'match /settings/{settingId} { allow get: if isAdmin(); }',
        'match /messages/{messageId} { allow read: if isAdmin(); }',
        'match /stats/{statsId} { allow get: if isAdmin(); }',
        'match /catalog/{catalogId} { allow get: if true; }',
        'match /catalogVersions/{version} { allow read: if isAdmin(); }',
        'match /capacity/{capacityId} { allow get: if isAdmin(); }',
        'match /liveTracking/{liveKey} { allow get: if true; }',
        'match /{document=**} { allow read, write: if false; } } }',
      ].join(' '),
    );
  });

  it('have a block for each collection the adapter reads, and none for the functions’ own', () => {
    const matched = [...CODE.matchAll(/match \/(\w+)\/\{/g)]
      .map((m) => m[1]!)
      .filter((name) => name !== 'databases');
    expect(sorted(matched)).toEqual(
      sorted([
        COLLECTIONS.orders,
        COLLECTIONS.reviews,
        COLLECTIONS.settings,
        COLLECTIONS.messages,
        COLLECTIONS.stats,
        COLLECTIONS.catalog,
        COLLECTIONS.catalogVersions,
        COLLECTIONS.capacity,
        COLLECTIONS.liveTracking,
      ]),
    );
    for (const name of [
      COLLECTIONS.tracking,
      COLLECTIONS.quotas,
      COLLECTIONS.orderNumberDays,
      COLLECTIONS.admins,
      COLLECTIONS.outbox,
      COLLECTIONS.outboxEvents,
      COLLECTIONS.crewBookings,
      COLLECTIONS.capacityPlans,
    ]) {
      expect(matched).not.toContain(name);
    }
  });

  it('the adapter names collections only through COLLECTIONS, and writes nothing itself', () => {
    expect(ADAPTER).not.toMatch(/collection\(this\.db, '/);
    expect(ADAPTER).not.toMatch(
      /\b(setDoc|addDoc|updateDoc|deleteDoc|writeBatch|runTransaction)\b/,
    );
    for (const name of FUNCTION_NAMES) expect(ADAPTER).toContain(`'${name}'`);
  });
});

describe('the rules model the in-process tests apply decides as the rules say', () => {
  const OWNER = { uid: 'owner', admin: false, anonymous: true };
  const STRANGER = { uid: 'stranger', admin: false, anonymous: true };
  const ADMIN = { uid: 'admin', admin: true, anonymous: false };
  const REVOKED = { uid: 'revoked', admin: true, anonymous: false };
  const admins = new Set(['admins/admin']);
  const where = (field: string, value: unknown): Constraint => ({
    kind: 'where',
    field,
    op: '==',
    value,
  });
  const decide = (request: Omit<ReadRequest, 'exists'>) =>
    firestoreReadRules({ ...request, exists: (path) => admins.has(path) });

  it('orders: the owner and admins get one; a missing one reads as missing; lists filter on the owner', () => {
    const order = { userId: 'owner' };
    const get = (auth: ReadRequest['auth'], resource: Record<string, unknown> | undefined) =>
      decide({ auth, kind: 'get', collection: 'orders', id: 'o1', resource });
    expect([OWNER, ADMIN, STRANGER, REVOKED, null].map((who) => get(who, order))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(get(STRANGER, undefined)).toBe(true);
    expect(get(null, undefined)).toBe(false);
    const list = (auth: ReadRequest['auth'], constraints: Constraint[]) =>
      decide({ auth, kind: 'list', collection: 'orders', constraints });
    expect(list(OWNER, [where('userId', 'owner')])).toBe(true);
    expect(list(OWNER, [where('userId', 'stranger')])).toBe(false);
    expect(list(OWNER, [])).toBe(false);
    expect(list(ADMIN, [])).toBe(true);
    expect(list(REVOKED, [])).toBe(false);
  });

  it('reviews (D14): public ones for everyone; the rest and unfiltered lists for admins', () => {
    expect(
      decide({ auth: null, kind: 'get', collection: 'reviews', resource: { public: true } }),
    ).toBe(true);
    // Held, hidden, of an order not delivered: not public.
    expect(
      decide({ auth: STRANGER, kind: 'get', collection: 'reviews', resource: { public: false } }),
    ).toBe(false);
    // Written before D14 (no `public`), visible then: now the admins' only.
    expect(
      decide({ auth: STRANGER, kind: 'get', collection: 'reviews', resource: { hidden: false } }),
    ).toBe(false);
    expect(
      decide({ auth: ADMIN, kind: 'get', collection: 'reviews', resource: { hidden: false } }),
    ).toBe(true);
    expect(
      decide({
        auth: null,
        kind: 'list',
        collection: 'reviews',
        constraints: [where('public', true)],
      }),
    ).toBe(true);
    expect(
      decide({
        auth: null,
        kind: 'list',
        collection: 'reviews',
        constraints: [where('hidden', false)],
      }),
    ).toBe(false);
    expect(decide({ auth: STRANGER, kind: 'list', collection: 'reviews', constraints: [] })).toBe(
      false,
    );
    expect(decide({ auth: ADMIN, kind: 'list', collection: 'reviews', constraints: [] })).toBe(
      true,
    );
  });

  it('settings (D14): admins get them; nobody else', () => {
    const get = (auth: ReadRequest['auth']) =>
      decide({ auth, kind: 'get', collection: 'settings', id: 'reviews', resource: {} });
    expect([ADMIN, REVOKED, OWNER, null].map(get)).toEqual([true, false, false, false]);
    expect(decide({ auth: ADMIN, kind: 'list', collection: 'settings', constraints: [] })).toBe(
      false,
    );
  });

  it('messages and counters: admins; tracking copies, limits, counters of numbers: nobody', () => {
    expect(decide({ auth: ADMIN, kind: 'list', collection: 'messages', constraints: [] })).toBe(
      true,
    );
    expect(decide({ auth: OWNER, kind: 'list', collection: 'messages', constraints: [] })).toBe(
      false,
    );
    expect(
      decide({ auth: ADMIN, kind: 'get', collection: 'stats', id: 'orders', resource: {} }),
    ).toBe(true);
    expect(
      decide({ auth: REVOKED, kind: 'get', collection: 'stats', id: 'orders', resource: {} }),
    ).toBe(false);
    for (const collection of ['tracking', 'quotas', 'orderNumberDays', 'admins']) {
      expect(
        decide({ auth: ADMIN, kind: 'get', collection, id: 'x', resource: {} }),
        collection,
      ).toBe(false);
    }
  });

  it('prices and crews (D11, D12): the current catalog for everyone; versions and the plan for admins; counters for nobody', () => {
    const everyone = [ADMIN, OWNER, STRANGER, null];
    const get = (auth: ReadRequest['auth'], collection: string, id = 'current') =>
      decide({ auth, kind: 'get', collection, id, resource: { version: 2 } });
    const list = (auth: ReadRequest['auth'], collection: string) =>
      decide({ auth, kind: 'list', collection, constraints: [] });
    expect(everyone.map((who) => get(who, COLLECTIONS.catalog))).toEqual([true, true, true, true]);
    // One document to get; nobody lists the collection.
    expect(list(null, COLLECTIONS.catalog)).toBe(false);
    expect(
      [ADMIN, REVOKED, OWNER, null].map((who) => list(who, COLLECTIONS.catalogVersions)),
    ).toEqual([true, false, false, false]);
    expect(
      [ADMIN, REVOKED, OWNER, null].map((who) => get(who, COLLECTIONS.catalogVersions, '2')),
    ).toEqual([true, false, false, false]);
    expect([ADMIN, REVOKED, OWNER, null].map((who) => get(who, COLLECTIONS.capacity))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(list(ADMIN, COLLECTIONS.capacity)).toBe(false);
    // The crews counters and the plans' record: the functions' alone, admins included.
    for (const collection of [COLLECTIONS.crewBookings, COLLECTIONS.capacityPlans]) {
      for (const who of everyone) {
        expect(get(who, collection, '2026-04-01'), collection).toBe(false);
        expect(list(who, collection), collection).toBe(false);
      }
    }
  });

  it('live tracking copies (D19): anyone gets one by its key; nobody lists them', () => {
    for (const auth of [ADMIN, OWNER, STRANGER, null]) {
      expect(
        decide({
          auth,
          kind: 'get',
          collection: COLLECTIONS.liveTracking,
          id: 'k'.repeat(24),
          resource: { orderNumber: 'AF-20260310-123' },
        }),
      ).toBe(true);
      expect(
        decide({ auth, kind: 'list', collection: COLLECTIONS.liveTracking, constraints: [] }),
      ).toBe(false);
      expect(
        decide({
          auth,
          kind: 'list',
          collection: COLLECTIONS.liveTracking,
          constraints: [where('orderNumber', 'AF-20260310-123')],
        }),
      ).toBe(false);
    }
    // The tracking copies themselves, which name their live key, stay closed.
    expect(
      decide({
        auth: STRANGER,
        kind: 'get',
        collection: COLLECTIONS.tracking,
        id: 'x',
        resource: {},
      }),
    ).toBe(false);
  });

  it('the notification outbox and its events: nobody, not even an admin or the order’s owner (D10)', () => {
    for (const collection of [COLLECTIONS.outbox, COLLECTIONS.outboxEvents]) {
      for (const auth of [ADMIN, OWNER, STRANGER, null]) {
        const message = { orderId: 'o1', recipient: 'customer', address: '+201012345678' };
        expect(decide({ auth, kind: 'get', collection, id: 'o1-1-1', resource: message })).toBe(
          false,
        );
        expect(
          decide({ auth, kind: 'list', collection, constraints: [where('orderId', 'o1')] }),
        ).toBe(false);
      }
    }
    // The adapter asks the functions for an order's messages; it never names the outbox.
    expect(ADAPTER).not.toContain('COLLECTIONS.outbox');
    expect(ADAPTER).not.toMatch(/\boutbox(Events)?:/);
  });
});

describe('firestore.indexes.json has an index for every query the admin list can make', () => {
  const file = JSON.parse(readFileSync(join(ROOT, 'firestore.indexes.json'), 'utf8')) as {
    indexes: { collectionGroup: string; fields: unknown[] }[];
    fieldOverrides: { collectionGroup: string; fieldPath: string; indexes: unknown[] }[];
  };
  const orderIndexes = file.indexes
    .filter((i) => i.collectionGroup === COLLECTIONS.orders)
    .map((i) => JSON.stringify(i.fields));

  it('each filter, sort, range and name search (index merging serves combined equalities)', () => {
    const needed = adminListIndexes().map((fields) => JSON.stringify(fields));
    expect(needed.length).toBeGreaterThan(40);
    for (const index of needed) expect(orderIndexes, index).toContain(index);
  });

  it('a customer’s own orders and the public reviews have theirs; no index goes unused', () => {
    const customer = JSON.stringify([
      { fieldPath: 'userId', order: 'ASCENDING' },
      { fieldPath: 'createdAt', order: 'DESCENDING' },
    ]);
    // placeOrder counts the customer's open orders: their orders moving today or later (D13).
    const openOrders = JSON.stringify([
      { fieldPath: 'userId', order: 'ASCENDING' },
      { fieldPath: 'moveDate', order: 'ASCENDING' },
    ]);
    expect(orderIndexes).toContain(customer);
    expect(orderIndexes).toContain(openOrders);
    expect(sorted(orderIndexes)).toEqual(
      sorted([customer, openOrders, ...adminListIndexes().map((fields) => JSON.stringify(fields))]),
    );
    // The public list (D14): public reviews, newest first.
    expect(
      file.indexes
        .filter((i) => i.collectionGroup === COLLECTIONS.reviews)
        .map((i) => JSON.stringify(i.fields)),
    ).toEqual([
      JSON.stringify([
        { fieldPath: 'public', order: 'ASCENDING' },
        { fieldPath: 'createdAt', order: 'DESCENDING' },
      ]),
    ]);
    // Under Firestore's 200 composite indexes per database.
    expect(file.indexes.length).toBeLessThan(200);
  });

  it('long texts the list never queries are not indexed (cheaper writes)', () => {
    const exempt = file.fieldOverrides
      .filter((o) => o.indexes.length === 0)
      .map((o) => o.fieldPath);
    expect(exempt).toEqual(
      expect.arrayContaining(['pickupAddress', 'dropoffAddress', 'notes', 'statusHistory']),
    );
    expect(exempt).not.toContain('searchTokens');
    // The desk listens to orders by updatedAt: it is indexed.
    expect(exempt).not.toContain('updatedAt');
    const outboxExempt = file.fieldOverrides
      .filter((o) => o.collectionGroup === COLLECTIONS.outbox && o.indexes.length === 0)
      .map((o) => o.fieldPath);
    // The sweeper's range on dueAt and an order's messages by orderId keep their indexes.
    expect(outboxExempt).toEqual(expect.arrayContaining(['body', 'params', 'address']));
    expect(outboxExempt).not.toContain('dueAt');
    expect(outboxExempt).not.toContain('orderId');
  });
});

describe('firebase.json', () => {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: {
      public: string;
      rewrites: ({ source: string } & (
        { destination: string } | { function: { functionId: string; region: string } }
      ))[];
      trailingSlash?: boolean;
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    firestore: { rules: string; indexes: string };
    functions: { source: string; codebase: string; runtime: string; predeploy: string[] }[];
    emulators: { auth: { port: number }; firestore: { port: number }; functions: { port: number } };
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
      // Paymob's callbacks reach the function at the site's own address, as on the server (D3).
      {
        source: PAYMOB_CALLBACK_PATH,
        function: { functionId: 'paymobCallback', region: 'europe-west1' },
      },
      // Every other gateway's, by the name in the address.
      {
        source: '/api/payments/*/callback',
        function: { functionId: 'paymentCallback', region: 'europe-west1' },
      },
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

  it('declares the functions codebase, built before it is deployed', () => {
    expect(config.functions).toEqual([
      expect.objectContaining({ source: 'functions', codebase: 'afsh', runtime: 'nodejs22' }),
    ]);
    expect(config.functions[0]!.predeploy.join(' ')).toContain('build:functions');
    const functionsPackage = JSON.parse(
      readFileSync(join(ROOT, 'functions', 'package.json'), 'utf8'),
    ) as { main: string; engines: { node: string } };
    expect(functionsPackage.main).toBe('lib/index.js');
    expect(`nodejs${functionsPackage.engines.node}`).toBe(config.functions[0]!.runtime);
    expect(config.emulators.functions.port).toBe(5001);
  });

  it('the CSP lets the app reach exactly Firebase Auth, Firestore, the functions, App Check and the geocoder', () => {
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
        'https://*.cloudfunctions.net',
        'https://content-firebaseappcheck.googleapis.com',
        'https://www.google.com/recaptcha/',
        'https://nominatim.openstreetmap.org',
      ]),
    );
    // The hosted pages are prerendered too: the page script is allowed by its hash. App
    // Check's reCAPTCHA Enterprise loads Google's script and its (invisible) frame.
    expect(csp).toContain(
      `script-src 'self' ${PAGE_SCRIPT_SOURCE} https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;`,
    );
    expect(csp).toContain(
      'frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;',
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });
});
