import type {
  Order,
  OrderAdminUpdate,
  OrderFilter,
  OrderPage,
  StatusActor,
} from '../../../src/domain/order.ts';
import {
  checkCanRead,
  checkNewOrder,
  checkPaymentToken,
  newOrderPayment,
  ORDER_MESSAGES,
  paymentDeclined,
} from '../../../src/domain/order.ts';
import { RuleViolation } from '../../../src/domain/errors.ts';
import { decideAssignment } from '../../../src/domain/assignment.ts';
import { assignmentChoiceSchema } from '../../../src/domain/dispatch-schema.ts';
import { crewTapSchema, decideCrewStatus, FIELD_MESSAGES } from '../../../src/domain/field.ts';
import type { Crew } from '../../../src/domain/fleet.ts';
import { toE164Egyptian } from '../../../src/domain/phone.ts';
import { checkBooker } from '../../../src/domain/phone-verification.ts';
import { newOrderOwner } from '../../../src/domain/customer-limits.ts';
import {
  decideAdminUpdate,
  decideCustomerCancel,
  type OrderChangeDecision,
} from '../../../src/domain/order-changes.ts';
import { decideGoBack, decideReschedule, type Rescheduler } from '../../../src/domain/lifecycle.ts';
import type { OrderGoBack, OrderReschedule } from '../../../src/domain/order-lifecycle-schema.ts';
import { orderChangeEvents, orderCreationEvents } from '../../../src/domain/notifications.ts';
import type { DomainEvent, DomainEvents } from '../events/domain-events.ts';
import { placementFor, type PaymentRegistry } from '../payments/registry.ts';
import type { OrderPaymentChange } from '../../../src/domain/payment-decisions.ts';
import type { AuthUser } from '../plugins/sessions.ts';
import type { OrderQuota, OrdersRepository } from '../repositories/orders-repository.ts';
import type { CapacityService } from './capacity-service.ts';
import type { CatalogService } from './catalog-service.ts';

export interface OrdersServiceOptions {
  orders: OrdersRepository;
  /** The current price catalog (D11) and crews plan (D12) every new order is checked against. */
  catalog: CatalogService;
  capacity: CapacityService;
  events: DomainEvents;
  /**
   * Who takes online payments (D3): the test provider (a token verified while placing) until a
   * gateway (Paymob: the order waits for its callback) is configured.
   */
  payments: PaymentRegistry;
  /**
   * Writes what a change causes (the notification outbox, D10) inside the change's own
   * transaction: if it cannot, the change is not made either.
   */
  outbox?: { record(events: readonly DomainEvent[]): unknown };
  /** The customer who proved a number (E.164), if any: an admin's booking for them is theirs. */
  phoneOwner?: (phone: string) => string | null;
  /** The clock changes are recorded by; default the real one. */
  now?: () => Date;
}

function notFound(): RuleViolation {
  return new RuleViolation('not-found', ORDER_MESSAGES.notFound);
}

/**
 * The order use cases (D2, D3, D5, D8): placing, reading, cancelling, changing and deleting an
 * order. The rules are the domain's (src/domain/order.ts, order-changes.ts); this class orders
 * the steps, talks to the payment provider and the repository, and publishes what happened.
 */
export class OrdersService {
  readonly #orders: OrdersRepository;
  readonly #catalog: CatalogService;
  readonly #capacity: CapacityService;
  readonly #events: DomainEvents;
  readonly #payments: PaymentRegistry;
  readonly #outbox: OrdersServiceOptions['outbox'];
  readonly #phoneOwner: OrdersServiceOptions['phoneOwner'];
  readonly #now: () => Date;

  constructor(options: OrdersServiceOptions) {
    this.#orders = options.orders;
    this.#catalog = options.catalog;
    this.#capacity = options.capacity;
    this.#events = options.events;
    this.#payments = options.payments;
    this.#outbox = options.outbox;
    this.#phoneOwner = options.phoneOwner;
    this.#now = options.now ?? (() => new Date());
  }

  /** Tells the bus what a committed change did (live screens, the notification worker). */
  #publish(events: readonly DomainEvent[]): void {
    for (const event of events) this.#events.publish(event);
  }

  /**
   * Places an order for `user`, priced with the current catalog (D11) in a window with a free
   * crew (D12). `quota` is the caller's limits (none for admins, D8). The rules are decided in
   * the order's own transaction, where they are exact: the limits, the crew and the catalog
   * version. A card charged while placing is the exception: its limits and crew are also checked
   * before the charge, so a customer who would be refused is never charged.
   */
  async place(body: unknown, user: AuthUser, quota: OrderQuota | undefined): Promise<Order> {
    // What is read before the transaction is read in one snapshot: one read transaction for the
    // catalog, the plan and the checks, not one for each statement.
    const checked = this.#orders.snapshot(() => {
      const result = checkNewOrder(body, {
        catalog: this.#catalog.current(),
        plan: this.#capacity.plan(),
      });
      // A crew is held only for a customer who proved the order's number (D13).
      checkBooker({ isAdmin: user.role === 'admin', phone: user.phone }, result.input.phoneNumber);
      if (this.#chargesWhilePlacing(result.input.paymentMethod)) {
        if (quota) this.#orders.checkQuota(quota, user.id);
        this.#capacity.checkFree(result.input.moveDate, result.window, undefined, {
          ...result.input,
          distanceKm: result.price.distanceKm,
        });
      }
      return result;
    });
    const { input } = checked;

    let payment = {
      ...newOrderPayment(input.paymentMethod),
      paymentReference: null as string | null,
    };
    if (input.paymentMethod !== 'cod') {
      const { kind, provider } = placementFor(this.#payments, input.paymentMethod);
      if (kind === 'hosted') {
        // Paid on the gateway's page after the order exists; only its callback marks it paid.
        payment = {
          ...newOrderPayment(input.paymentMethod, provider.name),
          paymentReference: null,
        };
      } else {
        const token = checkPaymentToken(checked);
        const verified = token ? await provider.verify(token, checked.price.total) : null;
        if (!verified?.ok) throw paymentDeclined();
        payment = {
          ...newOrderPayment('card', provider.name),
          paymentReference: verified.reference ?? null,
        };
      }
    }

    const order = await this.#orders.createSoon(
      {
        input,
        price: checked.price,
        window: checked.window,
        policy: checked.policy,
        userId: this.#ownerOf(user, input),
        ...payment,
      },
      {
        ...(quota ? { quota } : {}),
        checks: [() => this.#catalog.checkStillPriced(checked)],
        // The crew and truck (D28), decided where who holds which window is exact.
        assign: () =>
          this.#capacity.assignNew(
            { ...input, distanceKm: checked.price.distanceKm },
            input.moveDate,
            checked.window,
          ),
        // In the order's own savepoint: its messages commit with it (D10).
        within: (created) => this.#outbox?.record(orderCreationEvents(created)),
      },
    );
    this.#publish(orderCreationEvents(order));
    return order;
  }

  /**
   * Whose order it is: the customer's own; an admin's booking for a caller belongs to the
   * customer who proved that number, when there is one, so it is in their "my orders" (D13).
   */
  #ownerOf(user: AuthUser, input: { phoneNumber: string }): string {
    const booker = { id: user.id, isAdmin: user.role === 'admin' };
    // The look-up is for admins' bookings only: a customer's order is theirs whatever it finds.
    const e164 = booker.isAdmin ? toE164Egyptian(input.phoneNumber) : null;
    return newOrderOwner(booker, e164 !== null ? (this.#phoneOwner?.(e164) ?? null) : null);
  }

  /** True when placing the order charges it (the test card provider), before it is written. */
  #chargesWhilePlacing(method: Order['paymentMethod']): boolean {
    return method !== 'cod' && !this.#payments.providers.some((p) => p.kind === 'hosted');
  }

  /** A customer's own orders, newest first; an admin's view of all, filtered. */
  list(user: AuthUser, query: OrderFilter & { mine?: boolean }): OrderPage {
    const { mine, page, limit, ...filters } = query;
    if (user.role !== 'admin' || mine) {
      // A customer's list is theirs, newest first; the admin filters don't apply to it.
      return this.#orders.list({ page, limit }, { userId: user.id });
    }
    return this.#orders.list({ ...filters, page, limit });
  }

  get(id: string, user: AuthUser): Order {
    const order = this.#orders.findById(id);
    if (!order) throw notFound();
    checkCanRead(order, { id: user.id, isAdmin: user.role === 'admin' });
    return order;
  }

  /** The customer who placed it, before the crew is on its way (D2); admins use `update`. */
  cancel(id: string, user: AuthUser): Order {
    return this.#change(id, user, (order, now) =>
      decideCustomerCancel(order, user.id, now.toISOString()),
    );
  }

  /** An admin moves the status on along the lifecycle and/or sets the payment status (D5, D17). */
  update(id: string, update: OrderAdminUpdate, admin: AuthUser): Order {
    return this.#change(id, admin, (order, now) =>
      decideAdminUpdate(order, update, now.toISOString()),
    );
  }

  /** An admin un-cancels or reopens an order, with a reason (D17). */
  goBack(id: string, input: OrderGoBack, admin: AuthUser): Order {
    return this.#change(id, admin, (order, now) => decideGoBack(order, input, now));
  }

  /**
   * Moves an order to another date and window (D17): its owner under its policy's cut-off, an
   * admin for a caller whatever the hour. The new window's crew is counted, and the old one
   * freed, in the change's own transaction.
   */
  reschedule(id: string, input: OrderReschedule, user: AuthUser): Order {
    const by: Rescheduler =
      user.role === 'admin' ? { actor: 'admin' } : { actor: 'customer', userId: user.id };
    return this.#change(id, user, (order, now) =>
      decideReschedule(order, input, by, this.#capacity.plan(), now),
    );
  }

  /**
   * Loads the order, has the domain decide the change and stores it with the messages it causes
   * (D10), in one transaction: nothing else writes the order between the decision and the write,
   * so what was decided holds for the row as stored. The bus hears of it after the commit.
   */
  #change(
    id: string,
    by: AuthUser,
    decide: (order: Order, now: Date) => OrderChangeDecision,
  ): Order {
    const { order, events } = this.#orders.inTransaction(() => {
      const before = this.#orders.findById(id);
      if (!before) throw notFound();
      const now = this.#now();
      const at = now.toISOString();
      const decision = decide(before, now);
      const { events, crew } = decision;
      // A crew the change takes (an un-cancel, a reschedule, D17) is found here, where who holds
      // which window is exact: of two changes racing for a window's last crew, the second sees
      // the first. It keeps its own crew when that one is free (D28).
      const change = crew
        ? { ...decision.change, assignment: this.#capacity.take(before, crew, now) }
        : decision.change;
      const after = this.#orders.storeChange(id, change, { userId: by.id, at });
      if (!after) throw notFound();
      this.#outbox?.record(events);
      return { order: after, events };
    });
    this.#publish([...events, { type: 'order.changed', order }]);
    return order;
  }

  /**
   * Changes an order's payment (a gateway's callback, a refund, a switch to cash: D3) with what
   * `work` records about it, in one transaction. `work` reads the order as stored and says which
   * payment fields change, if any. A payment confirmed this way is told like every other change:
   * its messages are written to the outbox inside the transaction, the bus hears it after (D10).
   */
  changePayment<T>(
    id: string,
    work: (order: Order) => { change: OrderPaymentChange | null; result: T },
    actor: StatusActor,
  ): { order: Order; result: T } | null {
    const outcome = this.#orders.inTransaction(() => {
      const before = this.#orders.findById(id);
      if (!before) return null;
      const { change, result } = work(before);
      const after = change ? this.#orders.setPayment(id, change) : before;
      if (!after) return null;
      const events = change ? orderChangeEvents(before, after, actor) : [];
      this.#outbox?.record(events);
      return { order: after, result, events, changed: change !== null };
    });
    if (!outcome) return null;
    this.#publish([
      ...outcome.events,
      ...(outcome.changed ? [{ type: 'order.changed' as const, order: outcome.order }] : []),
    ]);
    return { order: outcome.order, result: outcome.result };
  }

  /**
   * The office gives an order to a crew, a truck and a window (D28). A new date or window is a
   * reschedule by the office (D17: its history, its message to the customer); a clash is refused
   * with its reason. In one transaction, where who holds which window is exact.
   */
  assign(id: string, body: unknown, admin: AuthUser): Order {
    const choice = assignmentChoiceSchema.parse(body);
    const { order, events } = this.#orders.inTransaction(() => {
      const before = this.#orders.findById(id);
      if (!before) throw notFound();
      const now = this.#now();
      const at = now.toISOString();
      const { change, events } = decideAssignment(
        before,
        choice,
        this.#capacity.state(),
        this.#capacity.job(before, before.id),
        now,
      );
      const after = this.#orders.storeChange(id, change, { userId: admin.id, at });
      if (!after) throw notFound();
      this.#outbox?.record(events);
      return { order: after, events };
    });
    this.#publish([...events, { type: 'order.changed', order }]);
    return order;
  }

  /**
   * A team leader's tap (D28): decided by the domain on the order as stored, stored with its
   * messages and the delivery's proof in one transaction; the same tap sent again is answered
   * with the order as it is.
   */
  crewTap(id: string, crew: Crew, body: unknown): Order {
    const tap = crewTapSchema.parse(body);
    const outcome = this.#orders.inTransaction(() => {
      const before = this.#orders.findById(id);
      if (!before) throw new RuleViolation('not-found', FIELD_MESSAGES.notYourJob);
      const now = this.#now();
      const { repeated, decision, delivery } = decideCrewStatus(before, crew, tap, now);
      if (repeated || !decision) return { order: before, events: [] as DomainEvent[] };
      const after = this.#orders.storeChange(id, decision.change, {
        userId: null,
        at: now.toISOString(),
      });
      if (!after) throw notFound();
      if (delivery) this.#orders.storeDelivery(delivery);
      this.#outbox?.record(decision.events);
      return { order: after, events: decision.events };
    });
    if (outcome.events.length > 0) {
      this.#publish([...outcome.events, { type: 'order.changed', order: outcome.order }]);
    }
    return outcome.order;
  }

  /** The refunds queue (D16): orders whose refund is due, the longest waiting first. */
  refundQueue(): Order[] {
    return this.#orders.refundQueue();
  }

  remove(id: string): void {
    const existing = this.#orders.findById(id);
    if (!existing || !this.#orders.remove(id)) throw notFound();
    this.#events.publish({
      type: 'order.deleted',
      orderId: existing.id,
      orderNumber: existing.orderNumber,
      status: existing.status,
      userId: existing.userId,
    });
  }
}
