// The hosted build's one-off catch-up for D20 (scripts/lib/office-backfill.ts), against the
// in-process fake of firebase-admin's Firestore: orders written before it get their search
// tokens, messages written before it their `handled` field, and the adapter then finds them.
import type { Firestore } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { backfillOffice, officeBackfillReport } from '../../scripts/lib/office-backfill.ts';
import { COLLECTIONS, orderDocument, orderSearchTokens } from '../../src/domain/hosted-store.ts';
import { SEARCH_TEXT_VERSION } from '../../src/domain/search-text.ts';
import {
  FakeAdminFirestore,
  FakeFirestoreBackend,
  Timestamp,
} from '../../src/data/firebase/testing-fake-firestore.ts';
import { seededOrder } from '../../src/data/firebase/testing-seed-orders.ts';

const NOW = Date.parse('2026-12-02T10:00:00.000Z');
let store: FakeFirestoreBackend;
let db: Firestore;

beforeEach(() => {
  store = new FakeFirestoreBackend();
  db = new FakeAdminFirestore(store) as unknown as Firestore;
});

const toTime = (iso: string) => Timestamp.fromMillis(Date.parse(iso));

/** An order as the functions wrote it before D20: name tokens only, no version. */
function seedOldOrder(id: string, fullName: string): void {
  const order = { ...seededOrder(1, 10, NOW), fullName };
  const { searchVersion: _version, ...document } = orderDocument(order, toTime, {
    paymentReference: null,
    updatedAt: order.createdAt,
  });
  store.seed(`${COLLECTIONS.orders}/${id}`, { ...document, searchTokens: ['من', 'مني'] });
}

describe('the office backfill (D20)', () => {
  it('writes the tokens of orders from before, and handled on messages from before, once', async () => {
    seedOldOrder('old', 'منى علی');
    const current = { ...seededOrder(2, 10, NOW), fullName: 'سارة' };
    store.seed(
      `${COLLECTIONS.orders}/current`,
      orderDocument(current, toTime, { paymentReference: null, updatedAt: current.createdAt }),
    );
    store.seed(`${COLLECTIONS.messages}/old`, {
      name: 'Karim',
      email: 'karim@example.com',
      phone: null,
      message: 'Old',
      userId: 'u',
      createdAt: Timestamp.fromMillis(NOW),
    });
    store.seed(`${COLLECTIONS.messages}/new`, {
      name: 'Laila',
      email: null,
      phone: '01012345678',
      message: 'New',
      userId: 'u',
      createdAt: Timestamp.fromMillis(NOW),
      handled: true,
      handledAt: Timestamp.fromMillis(NOW),
      handledBy: 'a@afsh.test',
    });

    const dry = await backfillOffice(db, { dryRun: true });
    expect(dry).toEqual({ orders: ['old'], messages: ['old'], written: false });
    expect(store.read(`${COLLECTIONS.orders}/old`)?.searchVersion).toBeUndefined();

    const done = await backfillOffice(db, { dryRun: false });
    expect(done).toEqual({ orders: ['old'], messages: ['old'], written: true });
    const order = store.read(`${COLLECTIONS.orders}/old`)!;
    expect(order.searchVersion).toBe(SEARCH_TEXT_VERSION);
    expect(order.searchTokens).toEqual(
      orderSearchTokens({
        fullName: 'منى علی',
        orderNumber: String(order.orderNumber),
        phoneNumber: String(order.phoneNumber),
      }),
    );
    // Now found by the Persian yeh folded, by its number and by its phone's end.
    expect(order.searchTokens).toEqual(
      expect.arrayContaining(['علي', String(order.phoneNumber).slice(-4)]),
    );
    expect(store.read(`${COLLECTIONS.messages}/old`)).toMatchObject({ handled: false });
    expect(store.read(`${COLLECTIONS.messages}/new`)).toMatchObject({ handled: true });

    expect(await backfillOffice(db, { dryRun: false })).toEqual({
      orders: [],
      messages: [],
      written: true,
    });
    expect(officeBackfillReport(done, 'project p')[0]).toBe(
      'project p: wrote the search tokens of 1 order(s) and the handled state of 1 message(s).',
    );
  });
});
