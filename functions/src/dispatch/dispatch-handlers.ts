// Dispatch on the hosted build (docs/decisions.md D28): the office's crews and trucks, its board
// and assignments, and the team leader's phone, as callable functions over Firestore. The rules
// are the domain's (src/domain/dispatch.ts, assignment.ts, field.ts), as on the server
// (server/src/services/capacity-service.ts, orders-service.ts); here they are loaded and stored.
import { requestedDates, windowsInOrder, datesFrom } from '../../../src/domain/capacity.ts';
import { decideAssignment } from '../../../src/domain/assignment.ts';
import { cairoToday } from '../../../src/domain/datetime.ts';
import { RuleViolation } from '../../../src/domain/errors.ts';
import { assignmentChoiceSchema } from '../../../src/domain/dispatch-schema.ts';
import type { DispatchBoard } from '../../../src/domain/dispatch.ts';
import {
  crewJobsOf,
  crewTapSchema,
  decideCrewStatus,
  FIELD_MESSAGES,
  notCrew,
  type CrewJob,
  type CrewJobs,
} from '../../../src/domain/field.ts';
import { crewOfPhone, type Crew, type Fleet } from '../../../src/domain/fleet.ts';
import { fleetDraftSchema } from '../../../src/domain/fleet-schema.ts';
import type { Order } from '../../../src/domain/order.ts';
import { ORDER_MESSAGES } from '../../../src/domain/order.ts';
import { VALIDATION_MESSAGES } from '../../../src/domain/validation-messages.ts';
import {
  requireAdmin,
  requireCaller,
  type AdminDirectory,
  type CallContext,
} from '../platform/context.ts';
import { documentId, objectOf, parseOrRefuse } from '../shared/input.ts';
import type { OrderRepository } from '../orders/order-repository.ts';
import type { DispatchRepository } from './dispatch-repository.ts';
import { currentIn, jobIn, loadDaysIn, stateOf, datesOfJob } from './dispatch-store.ts';
import type { Firestore } from 'firebase-admin/firestore';

export interface DispatchDeps {
  dispatch: DispatchRepository;
  orders: OrderRepository;
  admins: AdminDirectory;
  db: Firestore;
}

/** Admin: the crews and trucks (version 0: the crews the plan counts, never saved). */
export async function dispatchFleet(
  ctx: CallContext,
  _data: unknown,
  deps: DispatchDeps,
): Promise<Fleet> {
  await requireAdmin(ctx, deps.admins);
  return deps.dispatch.fleet();
}

/** Admin: saves the crews and trucks as the next version, effective at once. */
export async function saveFleet(
  ctx: CallContext,
  data: unknown,
  deps: DispatchDeps,
): Promise<Fleet> {
  const admin = await requireAdmin(ctx, deps.admins);
  const draft = parseOrRefuse(fleetDraftSchema, data);
  return deps.dispatch.saveFleet(draft, { uid: admin.uid, email: admin.email }, ctx.now);
}

/** Admin: the board of `days` dates from `from`: windows, fleet, the orders holding them. */
export async function dispatchBoard(
  ctx: CallContext,
  data: unknown,
  deps: DispatchDeps,
): Promise<DispatchBoard> {
  await requireAdmin(ctx, deps.admins);
  const { from, days } = objectOf(data);
  const dates =
    typeof from === 'string' && typeof days === 'number' ? requestedDates(from, days) : null;
  if (!dates) throw new RuleViolation('invalid-argument', VALIDATION_MESSAGES.invalid);
  const { read, orders } = await deps.dispatch.board(dates);
  return { dates, windows: windowsInOrder(read.plan.windows), fleet: read.fleet, orders };
}

/**
 * Admin: gives an order to a crew (and truck) from a window (`decideAssignment`), decided in the
 * order's transaction with the holders of the windows it would hold: of two offices moving two
 * orders into one crew's free window at once, the second is decided again after the first and
 * refused with its reason.
 */
export async function assignOrder(
  ctx: CallContext,
  data: unknown,
  deps: DispatchDeps,
): Promise<Order> {
  await requireAdmin(ctx, deps.admins);
  const body = objectOf(data);
  const id = documentId(body.id, ORDER_MESSAGES.notFound);
  const choice = parseOrRefuse(assignmentChoiceSchema, body.choice ?? {});
  const order = await deps.orders.changeIn(
    id,
    async (tx, before) => {
      const read = await currentIn(tx, deps.db);
      const job = jobIn(read, before, before.id);
      await loadDaysIn(tx, deps.db, read, datesOfJob(read, job, choice.date, choice.windowId));
      return {
        decision: decideAssignment(before, choice, stateOf(read, before), job, ctx.now),
        read,
      };
    },
    ctx.now,
  );
  if (!order) throw new RuleViolation('not-found', ORDER_MESSAGES.notFound);
  return order;
}

/** The active crew whose team leader is the caller's proven mobile (D13, D28), or the refusal. */
async function crewOfCaller(ctx: CallContext, deps: DispatchDeps): Promise<Crew> {
  const caller = requireCaller(ctx);
  const crew = crewOfPhone(await deps.dispatch.fleet(), caller.phone);
  if (!crew) throw notCrew();
  return crew;
}

/** Team leader: their crew's jobs today and tomorrow (Cairo), in the order of their windows. */
export async function crewJobs(
  ctx: CallContext,
  _data: unknown,
  deps: DispatchDeps,
): Promise<CrewJobs> {
  const crew = await crewOfCaller(ctx, deps);
  const dates = datesFrom(cairoToday(ctx.now), 2);
  const [orders, plan] = await Promise.all([
    deps.dispatch.ordersOfCrew(crew.id, dates),
    deps.dispatch.plan(),
  ]);
  return crewJobsOf(crew, orders, dates, (windowId) => plan.windows.find((w) => w.id === windowId));
}

/**
 * Team leader: a field button tapped (`decideCrewStatus`), stored with its history entry, its
 * messages (the outbox) and a delivery's proof in one transaction; the same tap sent again
 * changes nothing and is answered with the job as it is.
 */
export async function crewTap(
  ctx: CallContext,
  data: unknown,
  deps: DispatchDeps,
): Promise<CrewJob> {
  const crew = await crewOfCaller(ctx, deps);
  const body = objectOf(data);
  const id = documentId(body.id, FIELD_MESSAGES.notYourJob);
  const tap = parseOrRefuse(crewTapSchema, body.tap ?? {});
  const order = await deps.orders.changeIn(
    id,
    async (tx, before) => {
      const { decision, delivery } = decideCrewStatus(before, crew, tap, ctx.now);
      if (!decision) return null;
      const read = await currentIn(tx, deps.db);
      return {
        decision,
        read,
        ...(delivery ? { also: deps.dispatch.storeDelivery(delivery) } : {}),
      };
    },
    ctx.now,
  );
  if (!order) throw new RuleViolation('not-found', FIELD_MESSAGES.notYourJob);
  const plan = await deps.dispatch.plan();
  const dates = order.assignment?.slots.map((s) => s.date) ?? [];
  const job = crewJobsOf(crew, [order], dates, (w) => plan.windows.find((x) => x.id === w)).jobs[0];
  if (!job) throw new RuleViolation('not-found', FIELD_MESSAGES.notYourJob);
  return job;
}
