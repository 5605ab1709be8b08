import { randomBytes } from 'node:crypto';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  LIVE_KEY_FIELD,
  liveKeyOf,
  trackingDocument,
} from '../../../src/domain/hosted-store.ts';
import type { Order } from '../../../src/domain/order.ts';

const toTime = (iso: string) => Timestamp.fromDate(new Date(iso));

/**
 * A new live key (D19): 144 random bits, so a live copy can be read by its key and by nothing
 * else; no key is derived from the order, its number or its review.
 */
export function newLiveKey(): string {
  return randomBytes(18).toString('base64url');
}

/** An order's public copies, as read in the transaction that writes them. */
export interface PublicCopies {
  /** The key of its live copy; null for an order nobody has looked up since D19. */
  readonly key: string | null;
  /**
   * Writes both copies as the projection of `order` (after the transaction's reads), naming its
   * crew by `crewName` (D28: the leader's first name, from the fleet the write read); undefined
   * keeps the name the copy had (a write that did not read the fleet: a payment, a status).
   */
  write(tx: Transaction, order: Omit<Order, 'id'>, crewName?: string | null): void;
  /** The same for a new order: its tracking document must not exist yet (its number is free). */
  create(tx: Transaction, order: Omit<Order, 'id'>, crewName: string | null): void;
  /** Deletes both (the order was deleted). */
  remove(tx: Transaction): void;
}

/**
 * Reads, in `tx` and before its writes, an order's tracking document (id = its number) for the
 * key of its live copy (D2, D19). Every order write rewrites both copies through this, so the
 * public view, the live copy and the order never disagree.
 */
export async function publicCopiesIn(
  tx: Transaction,
  db: Firestore,
  orderNumber: string,
): Promise<PublicCopies> {
  const trackingRef = db.collection(COLLECTIONS.tracking).doc(orderNumber);
  const data = (await tx.get(trackingRef)).data();
  const crewName = typeof data?.crewName === 'string' ? data.crewName : null;
  return copiesUnder(db, orderNumber, liveKeyOf(data), crewName);
}

/** The copies of `orderNumber` under `key` (a new order's: a new key, nothing to read). */
export function copiesUnder(
  db: Firestore,
  orderNumber: string,
  key: string | null,
  crewNameBefore: string | null = null,
): PublicCopies {
  const trackingRef = db.collection(COLLECTIONS.tracking).doc(orderNumber);
  const liveRef = key === null ? null : db.collection(COLLECTIONS.liveTracking).doc(key);
  const write = (
    tx: Transaction,
    order: Omit<Order, 'id'>,
    create: boolean,
    crewName: string | null | undefined,
  ) => {
    const view = trackingDocument({ ...order, crewName: crewName ?? null }, toTime);
    const tracking = key === null ? view : { ...view, [LIVE_KEY_FIELD]: key };
    if (create) tx.create(trackingRef, tracking);
    else tx.set(trackingRef, tracking);
    if (liveRef) tx.set(liveRef, view);
  };
  return {
    key,
    write: (tx, order, crewName) =>
      write(tx, order, false, crewName === undefined ? crewNameBefore : crewName),
    create: (tx, order, crewName) => write(tx, order, true, crewName),
    remove(tx) {
      tx.delete(trackingRef);
      if (liveRef) tx.delete(liveRef);
    },
  };
}
