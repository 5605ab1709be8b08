/**
 * Who is told what when an order changes (docs/decisions.md D10): the pure part of the
 * notification system, shared by the server's outbox and (later) the hosted build's functions.
 * It decides which messages an event causes, to whom, on which channel, with which template and
 * which values; rendering the template text and sending it happen elsewhere.
 */
import { formatMoveDay, formatTime } from './datetime';
import { findDistrict, findGovernorate, districtName, governorateName } from './governorates';
import type { DisplayLanguage } from './locale';
import { formatMoney } from './money';
import type { MoveSlot, Order, StatusActor } from './order';
import { normalizeEgyptianMobile } from './phone';
import { refundTimeOf } from './refunds';
import type { OrderStatus } from './status';

/**
 * The ways a message travels. The customer's is their phone; the company's is configured. Each
 * has one provider module in the server's registry (server/src/notifications/providers/).
 */
export const NOTIFICATION_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The channels that reach a customer's phone, in the order they are tried. */
export const CUSTOMER_CHANNELS = ['whatsapp', 'sms'] as const satisfies NotificationChannel[];
export type CustomerChannel = (typeof CUSTOMER_CHANNELS)[number];

export type NotificationRecipient = 'customer' | 'company';

/** A message's life: waiting (maybe for a retry), being sent, sent, or given up on. */
export const NOTIFICATION_STATES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/**
 * Every template, by the name it has in `locales/{ar,en}/notifications.json` and in the
 * WhatsApp Business account (where each must be registered, in Arabic and English, with the
 * same named parameters: see the README).
 */
export const NOTIFICATION_TEMPLATES = [
  'order_created',
  'order_status_received',
  'order_status_under_review',
  'order_status_on_the_way',
  'order_status_in_transit',
  'order_status_delivered',
  'order_cancelled_by_customer',
  'order_cancelled_by_company',
  'payment_confirmed',
  'company_new_order',
  'order_rescheduled',
  'order_restored',
  'payment_refund_due',
  'payment_refunded',
  'weekly_summary',
  'weekly_summary_quiet',
] as const;
export type NotificationTemplate = (typeof NOTIFICATION_TEMPLATES)[number];

/**
 * The named parameters of each template, in the order WhatsApp shows them. A template's text
 * uses exactly these, as `{{name}}`; a test checks both languages against this list.
 */
export const TEMPLATE_PARAMETERS: Readonly<Record<NotificationTemplate, readonly string[]>> = {
  order_created: ['order_number', 'move_date', 'move_time', 'total', 'payment', 'tracking_url'],
  order_status_received: ['order_number', 'tracking_url'],
  order_status_under_review: ['order_number', 'tracking_url'],
  order_status_on_the_way: ['order_number', 'tracking_url'],
  order_status_in_transit: ['order_number', 'tracking_url'],
  order_status_delivered: ['order_number', 'tracking_url'],
  order_cancelled_by_customer: ['order_number', 'tracking_url'],
  order_cancelled_by_company: ['order_number', 'tracking_url'],
  payment_confirmed: ['order_number', 'total', 'tracking_url'],
  company_new_order: [
    'order_number',
    'move_type',
    'move_date',
    'move_time',
    'area',
    'total',
    'payment',
    'admin_url',
  ],
  // D17: the new date and time; a booking brought back from cancelled, with its date and time.
  order_rescheduled: ['order_number', 'move_date', 'move_time', 'tracking_url'],
  order_restored: ['order_number', 'move_date', 'move_time', 'tracking_url'],
  // D16: what is given back and how long it takes; then that it went back.
  payment_refund_due: ['order_number', 'refund_amount', 'refund_time', 'tracking_url'],
  payment_refunded: ['order_number', 'refund_amount', 'tracking_url'],
  // The team's week (weekly-summary.ts): last week's figures and the crews of the week ahead;
  // a week without a booking says so instead.
  weekly_summary: [
    'week',
    'bookings',
    'cancellations',
    'paid',
    'due_on_delivery',
    'refunded',
    'next_moves',
    'next_crews',
    'next_days',
    'dashboard_url',
  ],
  weekly_summary_quiet: ['week', 'next_moves', 'next_crews', 'next_days', 'site_url'],
};

/**
 * A parameter's value: text already in the message's language (digits included), or a key in
 * the translation bundles that the renderer looks up (a move type's name, the payment phrase).
 */
export type TemplateValue = string | { key: string };

/** What an order needs for its messages: nothing personal beyond the phone they go to. */
export type NotifiableOrder = Pick<
  Order,
  | 'id'
  | 'orderNumber'
  | 'phoneNumber'
  | 'moveType'
  | 'moveDate'
  | 'moveTime'
  | 'totalPrice'
  | 'paymentMethod'
  | 'paymentStatus'
  | 'paymentProvider'
  | 'governorateId'
  | 'districtId'
  | 'status'
> &
  Partial<Pick<Order, 'refund'>> & {
    /** The language the customer booked in; every customer message is in it. */
    language?: DisplayLanguage | undefined;
    /** "Send me updates on WhatsApp/SMS" was ticked. No consent, no customer message. */
    notifyConsent?: boolean | undefined;
  };

/**
 * What happened to an order, in the business's words: the one list of order events (the
 * server's domain events are these with the full Order, plus deletion and reviews).
 */
export type OrderEvent<O = NotifiableOrder> =
  | { type: 'order.created'; order: O }
  | {
      type: 'order.statusChanged';
      order: O;
      from: OrderStatus;
      to: OrderStatus;
      actor: StatusActor;
    }
  /** Also told as a status change to `cancelled`; this one says who cancelled. */
  | { type: 'order.cancelled'; order: O; actor: StatusActor }
  /** A card order placed paid, or an admin marking a cash order paid. */
  | { type: 'order.paymentConfirmed'; order: O }
  /** Moved to another date or window (D17), by its customer or the office. */
  | { type: 'order.rescheduled'; order: O; from: MoveSlot; to: MoveSlot; actor: StatusActor }
  /** Money is owed back (D16): a paid order cancelled, or a payment on a cancelled one. */
  | { type: 'order.refundDue'; order: O }
  /** The money went back (D16): through the provider, or recorded by the office. */
  | { type: 'order.refunded'; order: O };

/** The events that can cause a message. */
export type NotificationEvent = OrderEvent;

type EventOrder = Pick<NotifiableOrder, 'status' | 'paymentStatus'> &
  Partial<Pick<Order, 'moveDate' | 'moveTime' | 'timeWindow'>>;

/** When the move is, if the order says (a change's orders always do; a bare status may not). */
function slotOf(order: EventOrder): MoveSlot | null {
  if (order.moveDate === undefined || order.moveTime === undefined) return null;
  const window = order.timeWindow ?? null;
  return { date: order.moveDate, time: order.moveTime, window: window && { ...window } };
}

/** What placing `order` did: created it, and paid it when a card was approved (D3). */
export function orderCreationEvents<O extends EventOrder>(order: O): OrderEvent<O>[] {
  return [
    { type: 'order.created', order },
    ...(order.paymentStatus === 'paid' ? [{ type: 'order.paymentConfirmed' as const, order }] : []),
  ];
}

/**
 * What a change from `before` to `after` by `actor` did, in the order it is told: the status
 * change, a cancellation (who did it), a payment. The server calls it inside the change's
 * transaction; a Cloud Function triggered by the order's update can call it on the two
 * snapshots.
 */
export function orderChangeEvents<O extends EventOrder>(
  before: EventOrder,
  after: O,
  actor: StatusActor,
): OrderEvent<O>[] {
  const events: OrderEvent<O>[] = [];
  if (after.status !== before.status) {
    events.push({
      type: 'order.statusChanged',
      order: after,
      from: before.status,
      to: after.status,
      actor,
    });
    if (after.status === 'cancelled') events.push({ type: 'order.cancelled', order: after, actor });
  }
  // A refund due no longer owed (an un-cancel) is not a new payment.
  if (
    after.paymentStatus === 'paid' &&
    before.paymentStatus !== 'paid' &&
    before.paymentStatus !== 'refund_due'
  ) {
    events.push({ type: 'order.paymentConfirmed', order: after });
  }
  if (after.paymentStatus !== before.paymentStatus) {
    if (after.paymentStatus === 'refund_due')
      events.push({ type: 'order.refundDue', order: after });
    if (after.paymentStatus === 'refunded') events.push({ type: 'order.refunded', order: after });
  }
  const from = slotOf(before);
  const to = slotOf(after);
  if (
    from &&
    to &&
    (from.date !== to.date || from.time !== to.time || from.window?.id !== to.window?.id)
  ) {
    events.push({ type: 'order.rescheduled', order: after, from, to, actor });
  }
  return events;
}

export type NotificationEventType = NotificationEvent['type'];

export const NOTIFICATION_EVENT_TYPES: readonly NotificationEventType[] = [
  'order.created',
  'order.statusChanged',
  'order.cancelled',
  'order.paymentConfirmed',
  'order.rescheduled',
  'order.refundDue',
  'order.refunded',
];

/**
 * An order to show what the templates look like filled in: the examples Meta asks for when a
 * WhatsApp template is registered (scripts/whatsapp-templates.ts), and the tests' order.
 */
export const EXAMPLE_NOTIFIABLE_ORDER: Readonly<NotifiableOrder> = {
  id: 'example',
  orderNumber: 'AF-20260315-482',
  phoneNumber: '01012345678',
  moveType: 'full',
  moveDate: '2026-03-15',
  moveTime: '14:30',
  totalPrice: 2240,
  paymentMethod: 'cod',
  paymentStatus: 'pending',
  paymentProvider: 'cash',
  governorateId: 'cairo',
  districtId: 'maadi',
  status: 'received',
};

/** The events (of any wider list, such as the server's domain events) that may cause messages. */
export function isNotificationEvent<E extends { type: string }>(
  event: E,
): event is Extract<E, { type: NotificationEventType }> {
  return (NOTIFICATION_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** Where messages may go, from the server's settings. */
export interface NotificationRouting {
  /**
   * The customer's channels in the order they are tried: WhatsApp, then SMS when WhatsApp fails
   * or is off. Only channels that have a provider are listed; empty means customers get nothing.
   */
  customerChannels: readonly CustomerChannel[];
  /**
   * The company's recipients of new-order messages: its address on each channel it hears on
   * (WhatsApp's in E.164, `+2010…`), only where that channel has a provider; and its language.
   */
  company: { language: DisplayLanguage } & {
    readonly [C in NotificationChannel]?: string | undefined;
  };
  /** The site's public address, for tracking and admin links (no trailing slash). */
  siteUrl: string;
}

/** One message to send, before its text is rendered. */
export interface PlannedMessage {
  /** Which of the events given to planMessages caused it. */
  eventIndex: number;
  recipient: NotificationRecipient;
  channel: NotificationChannel;
  /** Channels to try, in order, once this one has failed for good. */
  fallback: NotificationChannel[];
  /** `+20…` for phones, an address for email. */
  address: string;
  template: NotificationTemplate;
  language: DisplayLanguage;
  params: Record<string, TemplateValue>;
}

const CUSTOMER_STATUS_TEMPLATES: Readonly<Record<OrderStatus, NotificationTemplate | null>> = {
  received: 'order_status_received',
  under_review: 'order_status_under_review',
  // The crew's steps (D28): setting out is news; arriving and loading the customer sees happen.
  on_the_way: 'order_status_on_the_way',
  arrived: null,
  loading: null,
  in_transit: 'order_status_in_transit',
  delivered: 'order_status_delivered',
  // A cancellation is told once, by the order.cancelled that comes with it (who cancelled).
  cancelled: null,
};

/** `+201012345678` for an Egyptian mobile in any typed form; null when it is not one. */
export function e164EgyptianMobile(phone: string): string | null {
  const national = normalizeEgyptianMobile(phone);
  return national === null ? null : `+20${national.slice(1)}`;
}

/** A company number: an Egyptian mobile in any form, or any `+` international number. */
export function e164Phone(phone: string): string | null {
  const egyptian = e164EgyptianMobile(phone);
  if (egyptian) return egyptian;
  const compact = phone.replace(/[\s\-().]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

/** English pages live under /en (src/i18n/languages.ts); the domain keeps its own copy. */
function languagePrefix(language: DisplayLanguage): string {
  return language === 'en' ? '/en' : '';
}

export function trackingUrl(siteUrl: string, orderNumber: string, language: DisplayLanguage) {
  return `${siteUrl}${languagePrefix(language)}/track/${encodeURIComponent(orderNumber)}`;
}

export function adminOrderUrl(siteUrl: string, orderNumber: string, language: DisplayLanguage) {
  return `${siteUrl}${languagePrefix(language)}/admin-orders?q=${encodeURIComponent(orderNumber)}`;
}

function paymentKey(order: NotifiableOrder): string {
  if (order.paymentMethod === 'cod') return 'notifications:payment.cod';
  // The test provider moved no money (D3): every place that shows the payment says so.
  if (order.paymentProvider === 'test') return 'notifications:payment.cardTest';
  // Paid on the gateway's page after the order is placed: not paid when it is announced.
  if (order.paymentStatus !== 'paid') return 'notifications:payment.onlinePending';
  return order.paymentMethod === 'wallet'
    ? 'notifications:payment.wallet'
    : 'notifications:payment.card';
}

/**
 * The values of `template` for `order`, formatted for `language`: dates, times and amounts in
 * its digits (Arabic-Indic in Arabic, as the Arabic screens show them); the order number and
 * links stay Latin, as they are typed and opened.
 */
export function templateParams(
  template: NotificationTemplate,
  order: NotifiableOrder,
  language: DisplayLanguage,
  siteUrl: string,
): Record<string, TemplateValue> {
  const governorate = findGovernorate(order.governorateId);
  const district = findDistrict(order.governorateId, order.districtId);
  const area = [
    governorate ? governorateName(governorate, language) : order.governorateId,
    district ? districtName(district, language) : order.districtId,
  ].join(language === 'ar' ? '، ' : ', ');
  const all: Record<string, TemplateValue> = {
    order_number: order.orderNumber,
    // With its weekday, as every date the customer confirms (D22): a message is checked against a week.
    move_date: formatMoveDay(order.moveDate, language),
    move_time: formatTime(order.moveTime, language),
    total: formatMoney(order.totalPrice, language),
    payment: { key: paymentKey(order) },
    move_type: { key: `pricing:moveTypes.${order.moveType}.label` },
    area,
    refund_amount: formatMoney(order.refund?.amount ?? order.totalPrice, language),
    refund_time: { key: `notifications:refundTime.${refundTimeOf(order)}` },
    tracking_url: trackingUrl(siteUrl, order.orderNumber, language),
    admin_url: adminOrderUrl(siteUrl, order.orderNumber, language),
  };
  return Object.fromEntries(TEMPLATE_PARAMETERS[template].map((name) => [name, all[name] ?? '']));
}

function customerTemplate(
  event: NotificationEvent,
  changeHasCreation: boolean,
): NotificationTemplate | null {
  switch (event.type) {
    case 'order.created':
      return 'order_created';
    case 'order.statusChanged':
      // Brought back from cancelled (D17): the booking stands again. Reopened after delivery:
      // the office's correction, the customer's move is not starting again.
      if (event.from === 'cancelled') return 'order_restored';
      if (event.from === 'delivered') return null;
      return CUSTOMER_STATUS_TEMPLATES[event.to];
    case 'order.cancelled':
      return event.actor === 'customer'
        ? 'order_cancelled_by_customer'
        : 'order_cancelled_by_company';
    case 'order.paymentConfirmed':
      // A card paid while booking: the booking's own message already says so.
      return changeHasCreation ? null : 'payment_confirmed';
    case 'order.rescheduled':
      return 'order_rescheduled';
    case 'order.refundDue':
      return 'payment_refund_due';
    case 'order.refunded':
      return 'payment_refunded';
  }
}

/**
 * The messages one change causes. `events` are everything one write did (a card booking is
 * created and paid at once), so that the customer hears about it once. No consent, no customer
 * message; the company hears of every new order on each recipient it configured.
 */
export function planMessages(
  events: readonly NotificationEvent[],
  routing: NotificationRouting,
): PlannedMessage[] {
  const planned: PlannedMessage[] = [];
  const hasCreation = events.some((event) => event.type === 'order.created');
  events.forEach((event, eventIndex) => {
    const { order } = event;
    const template = customerTemplate(event, hasCreation);
    const phone = e164EgyptianMobile(order.phoneNumber);
    const [first, ...rest] = routing.customerChannels;
    if (template && order.notifyConsent === true && phone && first) {
      const language = order.language ?? 'ar';
      planned.push({
        eventIndex,
        recipient: 'customer',
        channel: first,
        fallback: rest,
        address: phone,
        template,
        language,
        params: templateParams(template, order, language, routing.siteUrl),
      });
    }
    if (event.type === 'order.created') {
      const { company } = routing;
      // Built once for every channel, and not at all when the company hears on none.
      let params: Record<string, TemplateValue> | undefined;
      for (const channel of NOTIFICATION_CHANNELS) {
        const address = company[channel];
        if (!address) continue;
        params ??= templateParams('company_new_order', order, company.language, routing.siteUrl);
        planned.push({
          eventIndex,
          recipient: 'company',
          channel,
          fallback: [],
          address,
          template: 'company_new_order',
          language: company.language,
          params,
        });
      }
    }
  });
  return planned;
}

/**
 * A message as the admin desk shows it: to whom, how, which template, and how its sending
 * stands. The last error stays after a later try succeeds, so the admin sees what happened.
 */
export interface NotificationMessage {
  id: string;
  /** The order it is about; null for a team message about no order (the weekly summary). */
  orderId: string | null;
  recipient: NotificationRecipient;
  channel: NotificationChannel;
  address: string;
  template: NotificationTemplate;
  language: DisplayLanguage;
  /** The text as rendered from locales/ (WhatsApp sends its registered copy of it). */
  body: string;
  state: NotificationState;
  tries: number;
  maxTries: number;
  lastError: string | null;
  /** When the next try is due (pending), ISO. */
  nextAttemptAt: string;
  /** The message this one replaces on a fallback channel (an SMS after WhatsApp failed). */
  fallbackOf: string | null;
  createdAt: string;
  sentAt: string | null;
}

/**
 * One message as an outbox keeps it (the server's SQLite rows, the hosted build's Firestore
 * documents): what the admin desk shows, and the sending's details.
 */
export interface OutboxMessage extends NotificationMessage {
  eventId: string;
  fallback: NotificationChannel[];
  /** The template's parameters as sent (WhatsApp fills its registered template with them). */
  params: Record<string, string>;
  subject: string;
  idempotencyKey: string;
  provider: string | null;
  providerMessageId: string | null;
  updatedAt: string;
}

/**
 * An outbox message as a backend stored it, whichever version of this code wrote it: the fields
 * every version stored, decoded from the backend's own encoding (the server's comma-separated
 * fallback and JSON params, Firestore's timestamps), and those that may be missing.
 */
export interface StoredOutboxMessage extends Pick<
  OutboxMessage,
  | 'id'
  | 'eventId'
  | 'recipient'
  | 'channel'
  | 'address'
  | 'template'
  | 'state'
  | 'nextAttemptAt'
  | 'idempotencyKey'
  | 'createdAt'
  | 'updatedAt'
> {
  /** Every message had an order until the weekly summary (migration 047): missing is none. */
  orderId?: string | null;
  fallback?: readonly NotificationChannel[] | null;
  language?: unknown;
  params?: Record<string, string> | null;
  body?: string | null;
  subject?: string | null;
  tries?: unknown;
  maxTries?: unknown;
  lastError?: string | null;
  provider?: string | null;
  providerMessageId?: string | null;
  fallbackOf?: string | null;
  sentAt?: string | null;
}

const countOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * A stored outbox message as the domain's `OutboxMessage`: the one step the server's rows and
 * the hosted build's documents are read back through (docs/architecture.md, "Stored data ages
 * well"). What may be missing takes its default. A recipient, channel or state this code does
 * not know (a newer version queued it) is kept as stored: reading never fails on it, the desk
 * shows its key, and the sender finds no provider for such a channel (the message fails, with
 * that reason, instead of stopping the worker).
 */
export function outboxMessageFromStored(stored: StoredOutboxMessage): OutboxMessage {
  return {
    id: stored.id,
    eventId: stored.eventId,
    orderId: stored.orderId ?? null,
    recipient: stored.recipient,
    channel: stored.channel,
    fallback: [...(stored.fallback ?? [])],
    address: stored.address,
    template: stored.template,
    language: stored.language === 'en' ? 'en' : 'ar',
    params: { ...(stored.params ?? {}) },
    body: stored.body ?? '',
    subject: stored.subject ?? '',
    state: stored.state,
    tries: countOr(stored.tries, 0),
    maxTries: countOr(stored.maxTries, 1),
    nextAttemptAt: stored.nextAttemptAt,
    lastError: stored.lastError ?? null,
    idempotencyKey: stored.idempotencyKey,
    provider: stored.provider ?? null,
    providerMessageId: stored.providerMessageId ?? null,
    fallbackOf: stored.fallbackOf ?? null,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
    sentAt: stored.sentAt ?? null,
  };
}

/** A message to store: everything but its bookkeeping. */
export type NewOutboxMessage = Pick<
  OutboxMessage,
  | 'recipient'
  | 'channel'
  | 'fallback'
  | 'address'
  | 'template'
  | 'language'
  | 'params'
  | 'body'
  | 'subject'
  | 'maxTries'
> & { fallbackOf?: string | null };

/** The admin desk's view of an outbox message: without the sending's bookkeeping. */
export function toNotificationMessage(message: OutboxMessage): NotificationMessage {
  return {
    id: message.id,
    orderId: message.orderId,
    recipient: message.recipient,
    channel: message.channel,
    address: message.address,
    template: message.template,
    language: message.language,
    body: message.body,
    state: message.state,
    tries: message.tries,
    maxTries: message.maxTries,
    lastError: message.lastError,
    nextAttemptAt: message.nextAttemptAt,
    fallbackOf: message.fallbackOf,
    createdAt: message.createdAt,
    sentAt: message.sentAt,
  };
}

/**
 * A message that can fall back (WhatsApp, then SMS) gets this many tries before it does: the
 * customer should hear about their booking within minutes, not after an hour of WhatsApp
 * retries. Messages without a fallback get the configured number of tries.
 */
export const TRIES_BEFORE_FALLBACK = 3;

/** The tries a message gets, with `maxTries` configured. */
export function triesFor(maxTries: number, canFallBack: boolean): number {
  return canFallBack ? Math.min(maxTries, TRIES_BEFORE_FALLBACK) : maxTries;
}

/** A template rendered into a message's text (server/src/notifications/templates.ts). */
export type RenderTemplate = (
  template: NotificationTemplate,
  language: DisplayLanguage,
  values: Record<string, TemplateValue>,
  channel: NotificationChannel,
) => { params: Record<string, string>; body: string; subject: string };

/** What an outbox records of an event besides its type: who did it, from what to what. */
export function notificationEventDetail(event: NotificationEvent): Record<string, unknown> {
  switch (event.type) {
    case 'order.statusChanged':
      return { from: event.from, to: event.to, actor: event.actor };
    case 'order.cancelled':
      return { actor: event.actor };
    case 'order.rescheduled':
      return { from: event.from, to: event.to, actor: event.actor };
    default:
      return {};
  }
}

/** One event of a change as an outbox stores it, with the messages it causes, rendered. */
export interface OutboxEntry {
  orderId: string;
  type: NotificationEventType;
  detail: Record<string, unknown>;
  messages: NewOutboxMessage[];
}

/**
 * What one change puts in an outbox: its events, each with its rendered messages (rendered when
 * queued, so the text the admin reads is the text sent). Events that cause no message are left
 * out: they are one write less in the change's transaction.
 */
export function outboxEntries(
  events: readonly NotificationEvent[],
  routing: NotificationRouting,
  render: RenderTemplate,
  maxTries: number,
): OutboxEntry[] {
  const planned = planMessages(events, routing);
  return events.flatMap((event, index): OutboxEntry[] => {
    const messages = planned
      .filter((message) => message.eventIndex === index)
      .map((message): NewOutboxMessage => {
        const rendered = render(
          message.template,
          message.language,
          message.params,
          message.channel,
        );
        return {
          recipient: message.recipient,
          channel: message.channel,
          fallback: message.fallback,
          address: message.address,
          template: message.template,
          language: message.language,
          params: rendered.params,
          body: rendered.body,
          subject: rendered.subject,
          maxTries: triesFor(maxTries, message.fallback.length > 0),
        };
      });
    if (messages.length === 0) return [];
    return [
      {
        orderId: event.order.id,
        type: event.type,
        detail: notificationEventDetail(event),
        messages,
      },
    ];
  });
}

/**
 * A message as an outbox first stores it: waiting and due at `at`, not tried yet, with its
 * idempotency key: one per message, the same on every try and after a restart, so a provider
 * that honours it delivers the message once however often it is asked.
 */
export function queuedOutboxMessage(
  ids: { id: string; eventId: string; orderId: string | null },
  message: NewOutboxMessage,
  at: string,
): OutboxMessage {
  return {
    ...ids,
    recipient: message.recipient,
    channel: message.channel,
    fallback: [...message.fallback],
    address: message.address,
    template: message.template,
    language: message.language,
    params: { ...message.params },
    body: message.body,
    subject: message.subject,
    state: 'pending',
    tries: 0,
    maxTries: message.maxTries,
    nextAttemptAt: at,
    lastError: null,
    idempotencyKey: `afsh-${ids.id}`,
    provider: null,
    providerMessageId: null,
    fallbackOf: message.fallbackOf ?? null,
    createdAt: at,
    updatedAt: at,
    sentAt: null,
  };
}

/** What a log line about a try names of its message (never the address or the text). */
export function notificationLogContext(message: OutboxMessage) {
  return {
    messageId: message.id,
    orderId: message.orderId,
    channel: message.channel,
    template: message.template,
    tries: message.tries,
  };
}

/**
 * The same message, word for word, on the next fallback channel (an SMS after WhatsApp failed
 * for good), or null when it has none. `fallbackTries` says how many tries it gets.
 */
export function fallbackMessage(
  message: OutboxMessage,
  fallbackTries: (canFallBackFurther: boolean) => number,
): NewOutboxMessage | null {
  const [next, ...rest] = message.fallback;
  if (!next) return null;
  const { recipient, address, template, language, params, body, subject } = message;
  return {
    recipient,
    address,
    template,
    language,
    params,
    body,
    subject,
    channel: next,
    fallback: rest,
    maxTries: fallbackTries(rest.length > 0),
    fallbackOf: message.id,
  };
}

// ---------------------------------------------------------------------------------------------
// Retries

export interface RetryPolicy {
  /** Tries in all, the first included, before a message is marked failed. */
  maxTries: number;
  /** The wait after the first failed try; each next wait doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * When to try again after `tries` failed tries: exponential backoff with ±20 % jitter, so that
 * a provider coming back from an outage is not hit by every waiting message at the same second.
 */
export function retryDelayMs(tries: number, policy: RetryPolicy, random = Math.random): number {
  const exponent = Math.max(0, tries - 1);
  const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 30));
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/** Errors are stored for the admin to read, not whole provider answers. */
export const NOTIFICATION_ERROR_MAX = 1000;

export function clipNotificationError(text: string): string {
  return text.length > NOTIFICATION_ERROR_MAX
    ? `${text.slice(0, NOTIFICATION_ERROR_MAX - 1)}…`
    : text;
}

/** A provider's verdict on one try. */
export type SendOutcome =
  | { ok: true; providerMessageId: string | null }
  /** `retry: false`: trying again cannot help (a bad number, a template WhatsApp does not have). */
  | { ok: false; retry: boolean; error: string };

/** What becomes of a message after a try: sent, tried again later, or failed (maybe falling back). */
export function afterTry(
  outcome: SendOutcome,
  tries: number,
  maxTries: number,
): 'sent' | 'retry' | 'failed' {
  if (outcome.ok) return 'sent';
  return outcome.retry && tries < maxTries ? 'retry' : 'failed';
}
