// The order use cases of the hosted build (docs/decisions.md D2, D3, D5, D6, D8): plain functions
// of (call context, call data, dependencies), so they run the same under firebase-functions
// (index.ts wraps them), in the tests and in the benchmark. The rules are the domain's, as on
// the self-hosted server (server/src/services/orders-service.ts).
import { customerLimitsApply, newOrderOwner } from '../../../src/domain/customer-limits.ts';
import { RuleViolation } from '../../../src/domain/errors.ts';
import {
  checkNewOrder,
  checkNewOrderInput,
  checkPaymentToken,
  newOrderFields,
  newOrderPayment,
  ORDER_MESSAGES,
  paymentDeclined,
  type Order,
  type PublicTracking,
} from '../../../src/domain/order.ts';
import { cairoToday } from '../../../src/domain/datetime.ts';
import { isOrderNumber } from '../../../src/domain/order-number.ts';
import { toE164Egyptian } from '../../../src/domain/phone.ts';
import { checkBooker } from '../../../src/domain/phone-verification.ts';
import { decideAdminUpdate, decideCustomerCancel } from '../../../src/domain/order-changes.ts';
import { normalizeTrackingInput } from '../../../src/domain/tracking-input.ts';
import { orderAdminUpdateSchema } from '../../../src/domain/order-update-schema.ts';
import {
  orderGoBackSchema,
  orderRescheduleSchema,
} from '../../../src/domain/order-lifecycle-schema.ts';
import { decideGoBack, decideReschedule, type Rescheduler } from '../../../src/domain/lifecycle.ts';
import { VALIDATION_MESSAGES } from '../../../src/domain/validation-messages.ts';
import { placementFor, type PaymentRegistry } from '../../../server/src/payments/registry.ts';
import {
  isAdminCaller,
  requireAdmin,
  requireCaller,
  type AdminDirectory,
  type CallContext,
} from '../platform/context.ts';
import type { Settings } from '../platform/settings.ts';
import type { Accounts } from '../shared/accounts.ts';
import { documentId, objectOf, parseOrRefuse } from '../shared/input.ts';
import { limitsFor } from '../shared/limits.ts';
import { CrewTaken, type CatalogRepository } from '../catalog/catalog-repository.ts';
import type { OrderRepository } from './order-repository.ts';

export interface OrderDeps {
  orders: OrderRepository;
  /** The current price catalog and crews plan, and the crews' counters (D11, D12). */
  catalog: CatalogRepository;
  admins: AdminDirectory;
  /** Firebase Auth's accounts: whose number an admin books for (D13). */
  accounts: Accounts;
  settings: Settings;
  /** The payment providers on (none when PAYMENT_PROVIDER=none). */
  payments: PaymentRegistry;
  /** The order-number draws (tests force collisions with it). */
  random?: () => number;
}

export const ORDER_LIMIT_MESSAGE = 'errors:order.limitReached';

function notFound(): RuleViolation {
  return new RuleViolation('not-found', ORDER_MESSAGES.notFound);
}

/**
 * Places an order for the caller: a customer who proved the order's mobile number (D13), or an
 * admin booking by phone for a caller.
 */
export async function placeOrder(ctx: CallContext, data: unknown, deps: OrderDeps): Promise<Order> {
  const caller = requireCaller(ctx);
  const isAdmin = await isAdminCaller(ctx, deps.admins);
  // Who may book, before anything else is decided (D13): a crew is held only for a customer
  // whose ID token proves the order's number (`phone_number`, set by Firebase Auth's phone
  // sign-in); admins book for callers without a code. The number is the schema's reading of it.
  checkBooker({ isAdmin, phone: caller.phone }, checkNewOrderInput(data).phoneNumber);
  // Priced with the current catalog (D11) in a window of the current plan (D12), as on the
  // server; both are checked again, with the window's crews, in the order's own transaction.
  const checked = checkNewOrder(data, await deps.catalog.current());
  const { input, price } = checked;
  // An admin's booking belongs to the customer whose number it is, once they have an account
  // (one Auth look-up); until then to the admin, and that customer claims it when they prove
  // the number (claimPhoneOrders).
  const booker = { id: caller.uid, isAdmin };
  const owner = newOrderOwner(
    booker,
    isAdmin
      ? ((await deps.accounts.byPhone(toE164Egyptian(input.phoneNumber)!))?.uid ?? null)
      : null,
  );
  // Admins book by phone for many customers (D8): no limits for them, open orders included.
  const limited = customerLimitsApply(booker);
  const limits = !limited
    ? []
    : limitsFor(
        'order',
        { uid: caller.uid, appKey: ctx.appKey },
        { user: deps.settings.limits.orderCustomer, app: deps.settings.limits.orderAppToken },
        ORDER_LIMIT_MESSAGE,
      );
  const max = deps.settings.limits.openOrders;
  const openOrders =
    !limited || max <= 0 ? null : { userId: caller.uid, today: cairoToday(ctx.now), max };

  let payment = { ...newOrderPayment(input.paymentMethod), reference: null as string | null };
  if (input.paymentMethod !== 'cod') {
    const { kind, provider } = placementFor(deps.payments, input.paymentMethod);
    if (kind === 'hosted') {
      // Paid on the gateway's page after the order exists; only its callback marks it paid.
      payment = { ...newOrderPayment(input.paymentMethod, provider.name), reference: null };
    } else {
      const token = checkPaymentToken(checked);
      // Before the card is charged, so a customer over the limit, or too late for the window's
      // last crew, is never charged and refused.
      await deps.orders.checkLimits(limits, ctx.now, openOrders);
      await deps.catalog.checkCrewFree(checked, ctx.now);
      const verified = token ? await provider.verify(token, price.total) : null;
      if (!verified?.ok) throw paymentDeclined();
      payment = {
        ...newOrderPayment('card', provider.name),
        reference: verified.reference ?? null,
      };
    }
  }

  const { reference, ...paymentFields } = payment;
  try {
    return await deps.orders.place(
      {
        fields: newOrderFields(checked, owner, paymentFields, ctx.now.toISOString()),
        checked,
        paymentReference: reference,
      },
      { now: ctx.now, limits, openOrders, ...(deps.random ? { random: deps.random } : {}) },
    );
  } catch (error) {
    // The window's last crew went to another order: refused with the next free windows.
    if (error instanceof CrewTaken) throw await deps.catalog.refusalOf(error, ctx.now);
    throw error;
  }
}

/** The owner cancels while the order is received or under review (D2). */
export async function cancelOrder(
  ctx: CallContext,
  data: unknown,
  deps: OrderDeps,
): Promise<Order> {
  const caller = requireCaller(ctx);
  const id = documentId(objectOf(data).id, ORDER_MESSAGES.notFound);
  const at = ctx.now.toISOString();
  const order = await deps.orders.change(
    id,
    (stored) => decideCustomerCancel(stored, caller.uid, at),
    ctx.now,
  );
  if (!order) throw notFound();
  return order;
}

/** An admin changes the status and/or the payment status (D5); each change is in the history. */
export async function updateOrder(
  ctx: CallContext,
  data: unknown,
  deps: OrderDeps,
): Promise<Order> {
  await requireAdmin(ctx, deps.admins);
  const body = objectOf(data);
  const id = documentId(body.id, ORDER_MESSAGES.notFound);
  // The same schema as the server's PATCH /api/orders/:id, with the same message keys.
  const update = parseOrRefuse(orderAdminUpdateSchema, body.update ?? {});
  const at = ctx.now.toISOString();
  const order = await deps.orders.change(
    id,
    (stored) => decideAdminUpdate(stored, update, at),
    ctx.now,
  );
  if (!order) throw notFound();
  return order;
}

/**
 * An admin un-cancels or reopens an order, with a reason (D17). An un-cancel takes its window's
 * crew again, counted in the order's own transaction; a full window is refused with the next
 * free ones.
 */
export async function goBackOrder(
  ctx: CallContext,
  data: unknown,
  deps: OrderDeps,
): Promise<Order> {
  await requireAdmin(ctx, deps.admins);
  const body = objectOf(data);
  const id = documentId(body.id, ORDER_MESSAGES.notFound);
  // The same schema as the server's POST /api/orders/:id/go-back.
  const input = parseOrRefuse(orderGoBackSchema, body.back ?? {});
  const order = await refusingTakenCrew(deps, ctx.now, () =>
    deps.orders.change(id, (stored) => decideGoBack(stored, input, ctx.now), ctx.now),
  );
  if (!order) throw notFound();
  return order;
}

/**
 * Another date and window for an order (D17): its owner under its policy's cut-off, or an admin
 * for a caller. The new window's crew is counted and the old one's freed in the order's own
 * transaction (crewBookings), so of two customers racing for a window's last crew one wins.
 */
export async function rescheduleOrder(
  ctx: CallContext,
  data: unknown,
  deps: OrderDeps,
): Promise<Order> {
  const caller = requireCaller(ctx);
  const isAdmin = await isAdminCaller(ctx, deps.admins);
  const body = objectOf(data);
  const id = documentId(body.id, ORDER_MESSAGES.notFound);
  const input = parseOrRefuse(orderRescheduleSchema, body.reschedule ?? {});
  // The window is one of the current plan; the transaction checks it against the plan again.
  const plan = await deps.catalog.plan();
  const by: Rescheduler = isAdmin ? { actor: 'admin' } : { actor: 'customer', userId: caller.uid };
  const order = await refusingTakenCrew(deps, ctx.now, () =>
    deps.orders.change(id, (stored) => decideReschedule(stored, input, by, plan, ctx.now), ctx.now),
  );
  if (!order) throw notFound();
  return order;
}

/** Runs a change; a crew it took that another order got first is refused with its own words. */
async function refusingTakenCrew<T>(deps: OrderDeps, now: Date, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CrewTaken && error.crew) throw await deps.catalog.refusalOf(error, now);
    throw error;
  }
}

/** An admin deletes an order; its tracking copy goes in the same transaction. */
export async function deleteOrder(
  ctx: CallContext,
  data: unknown,
  deps: OrderDeps,
): Promise<{ deleted: true }> {
  await requireAdmin(ctx, deps.admins);
  const id = documentId(objectOf(data).id, ORDER_MESSAGES.notFound);
  if (!(await deps.orders.remove(id, ctx.now))) throw notFound();
  return { deleted: true };
}

/**
 * The public view of an order number, for anyone with a session (D2). Look-ups are limited per
 * user and per App Check token, misses included, so a day's numbers cannot be walked through.
 */
export async function trackOrder(
  ctx: CallContext,
  data: unknown,
  deps: OrderDeps,
): Promise<PublicTracking & { liveKey: string }> {
  const caller = requireCaller(ctx);
  const raw = objectOf(data).orderNumber;
  const orderNumber = normalizeTrackingInput(typeof raw === 'string' ? raw : '');
  if (!orderNumber) {
    throw new RuleViolation('invalid-argument', VALIDATION_MESSAGES.trackingRequired, {
      orderNumber: VALIDATION_MESSAGES.trackingRequired,
    });
  }
  if (!isOrderNumber(orderNumber)) throw notFound();
  const limits = (await isAdminCaller(ctx, deps.admins))
    ? []
    : limitsFor(
        'track',
        { uid: caller.uid, appKey: ctx.appKey },
        { user: deps.settings.limits.tracking, app: deps.settings.limits.tracking },
        'errors:rateLimited',
      );
  const found = await deps.orders.track(orderNumber, { now: ctx.now, limits });
  if (!found) throw notFound();
  // The key of its live copy (D19), which the browser then follows without asking again.
  return { ...found.tracking, liveKey: found.liveKey };
}
