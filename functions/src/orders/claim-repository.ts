import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../../src/domain/hosted-store.ts';
import { takeLimits, type Limit } from '../shared/limits.ts';

/** Orders moved to another owner in one transaction: well under Firestore's 500 writes. */
export const CLAIM_BATCH = 100;

/** Which orders a claim moves: an owner's (null: orders without one), maybe only of one number. */
export interface ClaimMatch {
  owner: string | null;
  /** The order's phone as stored (national, `01…`). */
  phoneNumber?: string;
}

/**
 * Orders changing owner after a phone sign-in (D13): an anonymous visitor's orders going with
 * them to the number's account, and the orders booked for a number claimed by its account.
 * Only the owner changes: the order, its history and its tracking copy stay as they are.
 */
export interface OrderClaims {
  /** Records one event of each limit, or refuses (RetryLater) without recording any. */
  spend(limits: readonly Limit[], now: Date): Promise<void>;
  /** The distinct owners of the orders placed for a number (national), null for none. */
  ownersOfPhone(phoneNumber: string): Promise<(string | null)[]>;
  /** Gives every order `match` finds to `to`; returns how many moved. */
  move(match: ClaimMatch, to: string): Promise<number>;
}

export function firestoreClaims(db: Firestore): OrderClaims {
  const orders = db.collection(COLLECTIONS.orders);
  const matching = ({ owner, phoneNumber }: ClaimMatch) => {
    // Two equalities: Firestore merges the single-field indexes, no composite index needed.
    const byOwner = orders.where('userId', '==', owner);
    return phoneNumber === undefined ? byOwner : byOwner.where('phoneNumber', '==', phoneNumber);
  };

  return {
    async spend(limits, now) {
      if (limits.length === 0) return;
      await db.runTransaction(async (tx) => {
        (await takeLimits(tx, db, limits, now))(tx);
      });
    },

    async ownersOfPhone(phoneNumber) {
      // One read per order of the number (one when it has none); the owners are few.
      const snapshot = await orders.where('phoneNumber', '==', phoneNumber).get();
      const owners = new Set<string | null>();
      for (const document of snapshot.docs) {
        const owner = document.data().userId;
        owners.add(typeof owner === 'string' ? owner : null);
      }
      return [...owners];
    },

    async move(match, to) {
      let moved = 0;
      for (;;) {
        // Each batch is read and moved in one transaction: an order the owner changed meanwhile
        // (cancelled, say) is read again, and one another claim took is no longer matched.
        const count = await db.runTransaction(async (tx) => {
          const batch = await tx.get(matching(match).limit(CLAIM_BATCH));
          for (const document of batch.docs) tx.update(document.ref, { userId: to });
          return batch.docs.length;
        });
        moved += count;
        if (count < CLAIM_BATCH) return moved;
      }
    },
  };
}
