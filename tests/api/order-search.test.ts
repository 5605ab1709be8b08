// The admin's search ignores the ways Arabic is typed (D20): hamza forms, teh marbuta and heh,
// alef maqsura and yeh, tatweel and diacritics, in what was stored and in what is typed. The
// server finds a term anywhere in an order's normalised name, number and phone, from an FTS5
// trigram index (migration 045).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderPage } from '../../src/data/port.ts';
import { orderSearchText } from '../../src/domain/order-query.ts';
import { SEARCH_TEXT_VERSION } from '../../src/domain/search-text.ts';
import { orderBody } from './order-fixtures.ts';
import { adminClient, createTestServer, uniquePhone } from './test-server.ts';
import type { TestClient, TestServer } from './test-server.ts';

let server: TestServer;
let admin: TestClient;
const placed: Record<string, Order> = {};

// Names as customers typed them: with and without hamza, teh marbuta or alef maqsura, one with
// diacritics and tatweel, one compound name written as one word.
const NAMES = {
  ahmadHamza: 'أحمد سامي',
  ahmadBare: 'احمد فوزي',
  ahmadBelow: 'إحمد جلال',
  fatmaMarbuta: 'فاطمة علي',
  fatmaHeh: 'فاطمه حسن',
  mostafaMaqsura: 'مصطفى كامل',
  mostafaYeh: 'مصطفي نور',
  marked: 'مُحَمَّد الســيد',
  compound: 'عبدالرحمن وائل',
} as const;
type Key = keyof typeof NAMES;

beforeAll(async () => {
  server = await createTestServer();
  admin = await adminClient(server.app);
  // The office books by phone for callers (D13): one order per name, each its own number.
  for (const [key, fullName] of Object.entries(NAMES)) {
    const res = await admin.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ fullName, phoneNumber: uniquePhone() }),
    );
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    placed[key] = res.body.order;
  }
});

afterAll(async () => {
  await server.close();
});

async function found(search: string): Promise<Key[]> {
  const res = await admin.request<OrderPage>(
    'GET',
    `/api/orders?limit=500&search=${encodeURIComponent(search)}`,
  );
  expect(res.status).toBe(200);
  const keys = res.body.orders.map((order) =>
    (Object.keys(placed) as Key[]).find((key) => placed[key]?.id === order.id)!,
  );
  return keys.filter(Boolean).sort();
}

describe('the admin search on the server (D20)', () => {
  const ahmads: Key[] = ['ahmadBare', 'ahmadBelow', 'ahmadHamza'];
  it.each(['أحمد', 'احمد', 'إحمد', 'آحمد', 'أَحْمَد', 'أحــمد'])(
    '%s finds every Ahmad, whichever hamza was stored',
    async (typed) => {
      expect(await found(typed)).toEqual(ahmads);
    },
  );

  it.each(['فاطمة', 'فاطمه', 'فاطِمَة'])('%s finds both Fatmas', async (typed) => {
    expect(await found(typed)).toEqual(['fatmaHeh', 'fatmaMarbuta']);
  });

  it.each(['مصطفى', 'مصطفي', 'مُصْطَفَى', 'مصطـــفى'])('%s finds both Mostafas', async (typed) => {
    expect(await found(typed)).toEqual(['mostafaMaqsura', 'mostafaYeh']);
  });

  it.each(['محمد السيد', 'مُحَمَّد', 'محــمد', 'السيد'])(
    '%s finds a name stored with diacritics and tatweel',
    async (typed) => {
      expect(await found(typed)).toEqual(['marked']);
    },
  );

  it('finds text inside a word, and a two-letter search too', async () => {
    expect(await found('رحمن')).toEqual(['compound']);
    expect(await found('وايل')).toEqual(['compound']);
    // Shorter than a trigram: the index cannot answer it, the scan of it still does.
    expect(await found('مي')).toEqual(['ahmadHamza']);
  });

  it('finds nothing for a name nobody has', async () => {
    expect(await found('سارة')).toEqual([]);
    expect(await found('#')).toEqual([]);
  });

  it('finds an order by its number and its phone, typed in Arabic-Indic digits', async () => {
    const order = placed.fatmaHeh!;
    const arabicIndic = (s: string) => s.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    expect(await found(arabicIndic(order.orderNumber))).toEqual(['fatmaHeh']);
    expect(await found(`#${order.orderNumber.toLowerCase()}`)).toEqual(['fatmaHeh']);
    expect(await found(arabicIndic(order.phoneNumber))).toEqual(['fatmaHeh']);
    expect(await found(arabicIndic(order.phoneNumber.slice(-6)))).toEqual(['fatmaHeh']);
  });

  it('stores each order’s normalised text with the rules’ version, and the index agrees', () => {
    const row = server.app.db
      .prepare('SELECT search_text, search_version FROM orders WHERE id = ?')
      .get(placed.marked!.id) as { search_text: string; search_version: number };
    expect(row).toEqual({
      search_text: orderSearchText(placed.marked!),
      search_version: SEARCH_TEXT_VERSION,
    });
    expect(row.search_text.startsWith('محمد السيد | af ')).toBe(true);
    // FTS5 checks that the index holds exactly what the column says.
    expect(() =>
      server.app.db.exec(
        "INSERT INTO order_search (order_search, rank) VALUES ('integrity-check', 1)",
      ),
    ).not.toThrow();
  });

  it('answers a search from the trigram index, not by reading every order', () => {
    const plan = server.app.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM orders WHERE rowid IN
           (SELECT rowid FROM order_search WHERE search_text LIKE '%احمد%')`,
      )
      .all() as { detail: string }[];
    const details = plan.map((step) => step.detail);
    // "L0": the LIKE is given to the FTS5 index; the orders are then read by rowid.
    expect(details.some((d) => /order_search VIRTUAL TABLE INDEX \d+:L0/.test(d))).toBe(true);
    expect(details.some((d) => /^SCAN orders/.test(d))).toBe(false);
  });

  it('keeps the index right when an order is deleted', async () => {
    const res = await admin.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ fullName: 'أسامة مؤقت', phoneNumber: uniquePhone() }),
    );
    expect(res.status).toBe(201);
    const listed = await admin.request<OrderPage>(
      'GET',
      `/api/orders?search=${encodeURIComponent('اسامه مؤقت')}`,
    );
    expect(listed.body.orders.map((o) => o.id)).toEqual([res.body.order.id]);
    expect((await admin.request('DELETE', `/api/orders/${res.body.order.id}`)).status).toBe(204);
    const after = await admin.request<OrderPage>(
      'GET',
      `/api/orders?search=${encodeURIComponent('اسامه مؤقت')}`,
    );
    expect(after.body.orders).toEqual([]);
    expect(() =>
      server.app.db.exec(
        "INSERT INTO order_search (order_search, rank) VALUES ('integrity-check', 1)",
      ),
    ).not.toThrow();
  });
});
