import {
  Timestamp,
  type Firestore,
  type QueryDocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { holdsCrew, type CapacityPlan } from '../../../src/domain/capacity.ts';
import type { DeliveryRecord } from '../../../src/domain/field.ts';
import type { Fleet, FleetDraft } from '../../../src/domain/fleet.ts';
import {
  COLLECTIONS,
  CREW_DAYS_FIELD,
  crewDayKey,
  CURRENT_ID,
  fleetDocument,
  fleetFromDocument,
  moveAtRange,
  orderFromDocument,
  planFromDocument,
  UNNAMED_HOLDER,
  type SavedBy,
} from '../../../src/domain/hosted-store.ts';
import type { Order } from '../../../src/domain/order.ts';
import { dispatchReadOf, type DispatchRead } from './dispatch-store.ts';

/**
 * The crews and trucks (D28) in Firestore: the fleet as one document (`fleet/current`) and its
 * numbered versions, the board's read, the crew phone's query and the delivery proofs.
 */
export interface DispatchRepository {
  plan(): Promise<CapacityPlan>;
  /** The current fleet; version 0 (the crews the plan counts) while none is saved. */
  fleet(): Promise<Fleet>;
  /** Saves the next fleet version, effective at once; two saves at once get two numbers. */
  saveFleet(draft: FleetDraft, by: SavedBy, now: Date): Promise<Fleet>;
  /**
   * The dispatch state of `dates` and the orders holding any of their windows (not cancelled),
   * first window first: those named by the holders (a long move begun before `dates` included)
   * and those from before dispatch, which the holders count without naming.
   */
  board(dates: readonly string[]): Promise<{ read: DispatchRead; orders: Order[] }>;
  /** The orders of `crewId` whose windows touch `dates` (the order's `crewDays`). */
  ordersOfCrew(crewId: string, dates: readonly string[]): Promise<Order[]>;
  /** The write that stores a delivery's proof beside its order (in the tap's transaction). */
  storeDelivery(delivery: DeliveryRecord): (tx: Transaction) => void;
}

const toTime = (iso: string) => Timestamp.fromDate(new Date(iso));
const toIso = (value: unknown) =>
  value instanceof Object && 'toDate' in value && typeof value.toDate === 'function'
    ? (value.toDate() as Date).toISOString()
    : String(value);

export function firestoreDispatch(db: Firestore): DispatchRepository {
  const planRef = db.collection(COLLECTIONS.capacity).doc(CURRENT_ID);
  const fleetRef = db.collection(COLLECTIONS.fleet).doc(CURRENT_ID);
  const orders = db.collection(COLLECTIONS.orders);
  const ordersOf = (snapshots: QueryDocumentSnapshot[]) =>
    snapshots.map((doc) => orderFromDocument(doc.id, doc.data(), toIso));

  async function plan(): Promise<CapacityPlan> {
    return planFromDocument((await planRef.get()).data(), toIso);
  }

  return {
    plan,

    async fleet() {
      const [planDoc, fleetDoc] = await Promise.all([planRef.get(), fleetRef.get()]);
      return fleetFromDocument(fleetDoc!.data(), planFromDocument(planDoc!.data(), toIso), toIso);
    },

    async saveFleet(draft, by, now) {
      return db.runTransaction(async (tx) => {
        const [planDoc, fleetDoc] = await tx.getAll(planRef, fleetRef);
        const plan = planFromDocument(planDoc!.data(), toIso);
        const before = fleetFromDocument(fleetDoc!.data(), plan, toIso);
        const fleet: Fleet = {
          ...draft,
          version: before.version + 1,
          updatedAt: now.toISOString(),
          updatedBy: by.email,
        };
        const versionRef = db.collection(COLLECTIONS.fleetVersions).doc(String(fleet.version));
        tx.create(versionRef, { ...fleetDocument(fleet, toTime), updatedByUid: by.uid });
        tx.set(fleetRef, fleetDocument(fleet, toTime));
        return fleet;
      });
    },

    async board(dates) {
      const from = dates[0]!;
      const to = dates[dates.length - 1]!;
      const range = moveAtRange(from, to);
      const [read, booked] = await Promise.all([
        dispatchReadOf(db, from, to),
        orders.where('moveAt', '>=', range.from).where('moveAt', '<=', range.to).get(),
      ]);
      const found = new Map<string, Order>();
      for (const order of ordersOf(booked.docs)) if (holdsCrew(order)) found.set(order.id, order);
      // A long move booked before `from` runs into it: the holders name it.
      const named = new Set<string>();
      for (const date of dates) {
        for (const holders of Object.values(read.days.get(date) ?? {})) {
          for (const h of holders) if (h.orderId !== UNNAMED_HOLDER) named.add(h.orderId);
        }
      }
      const missing = [...named].filter((id) => !found.has(id));
      if (missing.length > 0) {
        const snapshots = await Promise.all(missing.map((id) => orders.doc(id).get()));
        for (const snapshot of snapshots) {
          if (!snapshot.exists) continue;
          const order = orderFromDocument(snapshot.id, snapshot.data()!, toIso);
          if (holdsCrew(order)) found.set(order.id, order);
        }
      }
      const sorted = [...found.values()].sort(
        (a, b) => a.moveDate.localeCompare(b.moveDate) || a.moveTime.localeCompare(b.moveTime),
      );
      return { read, orders: sorted };
    },

    async ordersOfCrew(crewId, dates) {
      const snapshots = await Promise.all(
        dates.map((date) =>
          orders.where(CREW_DAYS_FIELD, 'array-contains', crewDayKey(crewId, date)).get(),
        ),
      );
      const found = new Map<string, Order>();
      for (const order of ordersOf(snapshots.flatMap((s) => s.docs))) found.set(order.id, order);
      return [...found.values()];
    },

    storeDelivery(delivery) {
      return (tx) => {
        tx.set(db.collection(COLLECTIONS.deliveries).doc(delivery.orderId), {
          ...delivery,
          at: toTime(delivery.at),
        });
      };
    },
  };
}
