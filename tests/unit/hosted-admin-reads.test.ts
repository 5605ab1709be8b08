// Firestore reads per admin action on the hosted build, counted as Firestore bills them (a read
// per document returned, one for an empty answer, one per 1,000 index entries an aggregation
// matches, one per rules exists()), for stores of different sizes. `npm test` checks that the
// actions an admin takes all day do not read more when there are more orders; `npm run bench`
// runs this file with larger stores (BENCH_SIZES) and prints the table it writes (BENCH_OUT).
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';

// The Firebase SDK is the fake one (the unit project's setup, src/data/firebase/testing-sdk-fakes.ts).

import { fetchAllOrders } from '../../src/features/admin/hooks/use-admin-orders';
import type { FirebaseDataPort } from '../../src/data/firebase/firebase-adapter';
import { fakeBrowser } from '../../src/data/firebase/testing-hosted';
import { backend, fakeUser } from '../../src/data/firebase/testing-fake-firestore';
import { firestoreReadRules } from '../../src/data/firebase/testing-read-rules';
import { seedOrders } from '../../src/data/firebase/testing-seed-orders';

const NOW = Date.parse('2026-03-10T08:00:00.000Z');
const SIZES = (process.env.BENCH_SIZES ?? '500,5000').split(',').map(Number);
const ADMIN = fakeUser({ uid: 'admin-uid', email: 'admin@example.com', claims: { admin: true } });

/** Actions an admin takes, and whether their reads may depend on how many orders exist. */
const ACTIONS: {
  name: string;
  constant: boolean;
  run: (port: FirebaseDataPort) => Promise<unknown>;
}[] = [
  {
    name: 'open the list (page 1 of 50, counts per status)',
    constant: true,
    run: (p) => p.orders.list({ limit: 50 }),
  },
  {
    name: 'next page (page 2, after page 1)',
    constant: true,
    run: (p) => p.orders.list({ limit: 50, page: 2 }),
  },
  {
    name: 'status tab "delivered"',
    constant: true,
    run: (p) => p.orders.list({ limit: 50, status: 'delivered' }),
  },
  {
    name: 'search an exact order number',
    constant: true,
    run: (p) => p.orders.list({ search: 'AF-20260301-100123' }),
  },
  {
    name: 'search a mobile number',
    constant: true,
    run: (p) => p.orders.list({ search: '01011000123' }),
  },
  {
    name: "tracker's updater: the order by its number",
    constant: true,
    run: (p) => p.orders.findByNumber('AF-20260301-100123'),
  },
  {
    name: 'filter governorate + payment + month (count() per status)',
    constant: false,
    run: (p) =>
      p.orders.list({
        limit: 50,
        governorateId: 'giza',
        paymentStatus: 'paid',
        moveDateFrom: '2026-04-01',
        moveDateTo: '2026-04-30',
      }),
  },
  {
    name: 'search a name ("محمد", count() per status)',
    constant: false,
    run: (p) => p.orders.list({ limit: 50, search: 'محمد' }),
  },
  {
    name: 'CSV export of one governorate + payment status',
    constant: false,
    run: (p) =>
      fetchAllOrders((f) => p.orders.list(f), { governorateId: 'cairo', paymentStatus: 'pending' }),
  },
];

const table: Record<string, Record<number, number>> = {};
/** Rows the CSV export wrote, per store size. */
const exportedRows: Record<number, number> = {};

afterAll(() => {
  if (process.env.BENCH_OUT)
    writeFileSync(process.env.BENCH_OUT, JSON.stringify({ sizes: SIZES, table }));
});

describe('reads per admin action on the hosted build', () => {
  for (const size of SIZES) {
    it(`with ${size} orders`, { timeout: 300_000 }, async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(NOW);
      try {
        backend.reset();
        backend.readRules = firestoreReadRules;
        backend.seed('admins/admin-uid', {});
        seedOrders(backend, size, NOW);
        const port = fakeBrowser(ADMIN);
        for (const action of ACTIONS) {
          backend.resetReads();
          const result = await action.run(port);
          (table[action.name] ??= {})[size] = backend.reads.browser;
          if (Array.isArray(result)) exportedRows[size] = result.length;
        }
      } finally {
        vi.useRealTimers();
      }
    });
  }

  it('the actions an admin takes all day read the same with more orders', () => {
    for (const action of ACTIONS.filter((a) => a.constant)) {
      const reads = SIZES.map((size) => table[action.name]![size]!);
      expect(new Set(reads).size, `${action.name}: ${reads.join(', ')}`).toBe(1);
      expect(reads[0], action.name).toBeLessThanOrEqual(60);
    }
    // An export reads about what it exports (a row a read, and the counts of each page), not a
    // window of the newest 5,000 orders per 500 rows.
    for (const size of SIZES) {
      const rows = exportedRows[size]!;
      expect(rows).toBeGreaterThan(size / 4);
      expect(table[ACTIONS.at(-1)!.name]![size]!).toBeLessThan(rows * 1.1 + 50);
    }
  });
});
