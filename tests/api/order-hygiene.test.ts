import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderPage } from '../../src/data/port.ts';
import { cairoDatePlusDays } from '../../src/domain/datetime.ts';
import {
  BOOKING_HORIZON_DAYS,
  FIRST_CATALOG,
  recommendedTeamSize,
} from '../../src/domain/pricing.ts';
import { expectedOrderTotal } from '../../src/domain/booking-schemas.ts';
import { orderBody } from './order-fixtures.ts';
import { adminClient, createTestServer, customerClient, uniquePhone } from './test-server.ts';
import type { TestServer, TestClient } from './test-server.ts';

// The issue "One script can stop every booking for a day": inputs POST /api/orders used to accept
// and store. Each is refused with its translated field message and leaves nothing behind; the
// rules themselves live in src/domain (text.ts, booking-schemas.ts) and are shared by every
// backend.

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  admin = await adminClient(server.app);
});

afterAll(async () => {
  await server.close();
});

/**
 * A new customer who proved a number of their own (D13), and order bodies for that number: the
 * only thing wrong with a refused body is what the test puts in it.
 */
async function customer(): Promise<{
  client: TestClient;
  body: (overrides: Record<string, unknown>) => Record<string, unknown>;
}> {
  const phone = uniquePhone();
  const client = await customerClient(server.app, { phone });
  return { client, body: (overrides) => orderBody({ phoneNumber: phone, ...overrides }) };
}

/** Every order, as the admin's list shows them. */
async function adminList(): Promise<OrderPage> {
  const res = await admin.request<OrderPage>('GET', '/api/orders?limit=100');
  expect(res.status).toBe(200);
  return res.body;
}

const CONTROL = 'validation:text.controlChars';
const LETTERS = 'validation:text.letters';

describe('POST /api/orders refuses what a person cannot have typed, and stores nothing', () => {
  it.each<[label: string, field: string, value: unknown, key: string]>([
    ['a move date of 9999-12-31', 'moveDate', '9999-12-31', 'validation:date.tooFar'],
    [
      `a move date ${BOOKING_HORIZON_DAYS + 1} days ahead`,
      'moveDate',
      cairoDatePlusDays(BOOKING_HORIZON_DAYS + 1),
      'validation:date.tooFar',
    ],
    ['NUL in the full name', 'fullName', 'Mona\u0000 Hassan', CONTROL],
    ['NUL in the notes', 'notes', 'Fragile\u0000 glass', CONTROL],
    ['NUL in the pickup address', 'pickupAddress', '12 Tahrir St\u0000', CONTROL],
    ['a C0 control (ESC) in the notes', 'notes', 'Fragile \u001B[2J glass', CONTROL],
    [
      'a C1 control (NEL) in the drop-off address',
      'dropoffAddress',
      '5 Road 9\u0085Maadi',
      CONTROL,
    ],
    ['DEL in the full name', 'fullName', 'Mona\u007F Hassan', CONTROL],
    ['a newline in the full name', 'fullName', 'Mona\nHassan', CONTROL],
    ['an unpaired surrogate in the full name', 'fullName', 'Mona Hassan\uD800', CONTROL],
    [
      'a full name of zero-width spaces only',
      'fullName',
      '\u200B\u200B\u200B\u200B',
      'validation:customerInfo.required',
    ],
    [
      'a full name of RLM and LRM marks only',
      'fullName',
      '\u200F\u200E\u200F\u200E',
      'validation:customerInfo.required',
    ],
    [
      'a one-letter full name padded with a ZWSP',
      'fullName',
      'أ\u200B',
      'validation:fullName.length',
    ],
    ['a full name without a letter', 'fullName', '١٢٣٤٥', LETTERS],
    ['an address without a letter', 'pickupAddress', '12345 / 678', LETTERS],
  ])('%s → 400 with fields.%s', async (_label, field, value, key) => {
    const { client, body } = await customer();
    const before = await adminList();
    const res = await client.request('POST', '/api/orders', body({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
    expect(res.body.error.fields).toEqual({ [field]: key });

    const after = await adminList();
    expect(after.total).toBe(before.total);
    expect(after.orders.map((order) => order.id)).toEqual(before.orders.map((order) => order.id));
    const mine = await client.request<OrderPage>('GET', '/api/orders');
    expect(mine.body.orders).toEqual([]);
  });

  it('the last day of the horizon is still bookable', async () => {
    const lastDay = cairoDatePlusDays(BOOKING_HORIZON_DAYS);
    const { client, body } = await customer();
    const res = await client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      body({ moveDate: lastDay }),
    );
    expect(res.status).toBe(201);
    expect(res.body.order.moveDate).toBe(lastDay);
  });

  it('forgives innocent paste: tab → space, CRLF → LF in the notes; bidi overrides dropped', async () => {
    const { client, body } = await customer();
    const res = await client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      body({
        fullName: '\u202Eمنى حسن\u202C',
        notes: 'Fragile:\tglass table\r\nNo lift\rCall first',
      }),
    );
    expect(res.status).toBe(201);
    const stored = await client.request<{ order: Order }>(
      'GET',
      `/api/orders/${res.body.order.id}`,
    );
    expect(stored.body.order.fullName).toBe('منى حسن');
    expect(stored.body.order.notes).toBe('Fragile: glass table\nNo lift\nCall first');
  });
});

describe('POST /api/orders prices the workers it stores', () => {
  // A full move with floors 3 and 2: we recommend 4, the customer chose 6.
  const move = { moveType: 'full', housing: 'apartment', pickupFloor: 3, dropoffFloor: 2 } as const;

  it('six workers priced as six are accepted and stored as six, at that price', async () => {
    expect(recommendedTeamSize(FIRST_CATALOG, move)).toBe(4);
    const total = expectedOrderTotal({ ...move, workers: 6 });
    expect(total).toBe(1500 + 5 * 80 + 5 * 250);
    const { client, body } = await customer();
    const res = await client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      body({ ...move, workers: 6, totalPrice: total }),
    );
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ workers: 6, totalPrice: total });

    const listed = (await adminList()).orders.find((order) => order.id === res.body.order.id);
    expect(listed).toMatchObject({ workers: 6, totalPrice: total });
    const own = await client.request<{ order: Order }>('GET', `/api/orders/${res.body.order.id}`);
    expect(own.body.order).toMatchObject({ workers: 6, totalPrice: total });
  });

  it('six workers at the price of the recommended four are a price mismatch', async () => {
    const recommendedTotal = expectedOrderTotal({ ...move, workers: 4 });
    const { client, body } = await customer();
    const before = await adminList();
    const res = await client.request(
      'POST',
      '/api/orders',
      body({ ...move, workers: 6, totalPrice: recommendedTotal }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'invalid-argument',
      fields: { totalPrice: 'validation:order.priceMismatch' },
    });
    expect((await adminList()).total).toBe(before.total);
  });
});
