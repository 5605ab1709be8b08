// THE contract every DataPort adapter passes (docs/decisions.md D1, docs/architecture.md habit 3). It
// speaks only through the port, so the same behaviours hold against the in-memory backend and
// against the real server; an adapter that drifts fails here, not in a screen.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDataError } from '../../src/data/port';
import type {
  CurrentUser,
  PhoneChallenge,
  DataError,
  DataErrorCode,
  DataPort,
  NewOrder,
  Order,
  PublicTracking,
  Review,
} from '../../src/data/port';
import { generateOrderNumber } from '../../src/domain/order-number';
import { FIRST_CAPACITY_PLAN } from '../../src/domain/capacity';
import type { CapacityDraft } from '../../src/domain/capacity';
import {
  FIRST_CATALOG,
  FLOOR_FEE,
  FLOOR_MAX,
  FLOOR_MIN,
  PRICE_CATALOG,
  ratesOf,
  WORKER_EXTRA_PER_HEAD,
  WORKERS_DEFAULT,
  WORKERS_MAX,
  WORKERS_MIN,
} from '../../src/domain/pricing';
import { expectedOrderTotal, orderPrice } from '../../src/domain/booking-schemas';
import { ORDER_STATUSES, type OrderStatus } from '../../src/domain/status';
import { walkStatus } from '../../src/testing/lifecycle-steps';
import { FLEET_CREWS_MAX } from '../../src/domain/fleet';

export interface ContractBackend {
  /** A new browser: no session, its own cookies (and its own address). */
  newClient(): DataPort;
  /**
   * The sign-in code sent for `challenge` (D13), as the customer would read it on their phone:
   * from what the backend's sender printed or delivered, never from the port. The newest code
   * sent to the challenge's number when the backend cannot tell codes apart by challenge.
   */
  phoneCode(challenge: PhoneChallenge): Promise<string>;
  /**
   * A platform whose phone sign-in the port can only run in a browser (Firebase's SDK has none
   * in Node) proves a number for `client` here instead: the same outcome as typing the code, made
   * by the platform's admin tools. The code itself is then tested in a browser build
   * (tests/firebase/phone-auth-emulator.test.ts), and the contract's code tests are skipped.
   */
  provePhone?(client: DataPort, phone: string): Promise<CurrentUser>;
  /** A browser signed in as an admin. */
  adminClient(): Promise<DataPort>;
  close(): Promise<void>;
}

export const CONTRACT_PASSWORD = 'Moving-day-2026';

// ---------------------------------------------------------------------------------------------
// Fixtures and helpers

let sequence = 0;
const unique = () =>
  `${Date.now().toString(36)}${(sequence += 1)}${Math.random().toString(36).slice(2, 6)}`;
const uniqueEmail = () => `customer-${unique()}@example.com`;

/** A fresh Egyptian mobile per order, so searches in a shared database find only ours. */
function uniquePhone(): string {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return `010${digits}`;
}

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const toArabicIndic = (s: string) => s.replace(/\d/g, (d) => ARABIC_INDIC[Number(d)] ?? d);

/** YYYY-MM-DD `days` from now: never in the past in Cairo, whatever the machine's zone. */
function futureDate(days = 30): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function orderInput(overrides: Partial<NewOrder> = {}): NewOrder {
  const values = {
    fullName: 'منى عبد الرحمن',
    phoneNumber: uniquePhone(),
    pickupAddress: '12 شارع التحرير، الدقي',
    dropoffAddress: '5 شارع 9، المعادي',
    governorateId: 'cairo',
    districtId: 'maadi',
    notes: 'الدور الثالث بدون أسانسير',
    moveType: 'full' as const,
    housing: 'apartment' as const,
    pickupFloor: 3,
    dropoffFloor: 1,
    workers: 3,
    moveDate: futureDate(),
    moveTime: '10:30',
    paymentMethod: 'cod' as const,
    totalPrice: 0,
    ...overrides,
  };
  return { ...values, totalPrice: overrides.totalPrice ?? expectedOrderTotal(values) };
}

const TEST_CARD_TOKEN = 'test_ok_4242abcd4242';

async function expectDataError(promise: Promise<unknown>, code: DataErrorCode): Promise<DataError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    expect(isDataError(error), `expected a DataError, got ${String(error)}`).toBe(true);
    expect((error as DataError).code, (error as DataError).message).toBe(code);
    return error as DataError;
  }
  throw new Error(
    `expected a DataError "${code}", but the call returned ${JSON.stringify(outcome)}`,
  );
}

/** Waits until `check` passes: a state reached, however long the backend takes. */
async function eventually(check: () => void, timeoutMs = 5000): Promise<void> {
  await vi.waitFor(check, { timeout: timeoutMs, interval: 20 });
}

/**
 * Waits until the clock has moved past this millisecond, so that what is written next is newer
 * than what was written before (lists newest first).
 */
async function nextMillisecond(): Promise<void> {
  const now = Date.now();
  await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(now), { interval: 1 });
}

function expectNewestFirst(items: { createdAt: string }[]): void {
  const times = items.map((item) => Date.parse(item.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
}

const ids = (orders: { id: string }[]) => orders.map((order) => order.id);

// ---------------------------------------------------------------------------------------------

export function describeDataPortContract(
  name: string,
  setup: () => Promise<ContractBackend>,
): void {
  describe(`DataPort contract: ${name}`, () => {
    let backend: ContractBackend;
    let admin: DataPort;

    beforeAll(async () => {
      backend = await setup();
      admin = await backend.adminClient();
    });
    afterAll(async () => {
      await backend?.close();
    });

    const browser = () => backend.newClient();
    /** The number each client proved, which its orders are booked under (orderFor). */
    const proved = new WeakMap<DataPort, string>();
    /** Proves `phone` on `client` as a customer does: asks for a code, reads it, types it. */
    async function provePhone(
      client: DataPort,
      phone: string = uniquePhone(),
    ): Promise<CurrentUser> {
      let user: CurrentUser;
      if (backend.provePhone) {
        user = await backend.provePhone(client, phone);
      } else {
        const challenge = await client.auth.requestPhoneCode({ phone, language: 'ar' });
        user = await client.auth.verifyPhoneCode(
          challenge.challengeId,
          await backend.phoneCode(challenge),
        );
      }
      proved.set(client, phone);
      return user;
    }
    /** A valid order booked under the number `client` proved (D13). */
    function orderFor(client: DataPort, overrides: Partial<NewOrder> = {}): NewOrder {
      const phone = proved.get(client);
      return orderInput({ ...(phone ? { phoneNumber: phone } : {}), ...overrides });
    }
    /** An anonymous visitor: a session, no proved number (cannot hold a crew). */
    async function anonymousVisitor(): Promise<{ client: DataPort; user: CurrentUser }> {
      const client = browser();
      return { client, user: await client.auth.ensureSession() };
    }
    /** A visitor who proved a mobile number of their own, as booking asks (D13). */
    async function visitor(): Promise<{ client: DataPort; user: CurrentUser }> {
      const client = browser();
      await client.auth.ensureSession();
      return { client, user: await provePhone(client) };
    }
    /** Moves an order on to `status` as the office does: the lifecycle's steps (D17). */
    async function moveTo(order: { id: string }, status: OrderStatus): Promise<Order> {
      return walkStatus(await admin.orders.get(order.id), status, (id, change) =>
        admin.orders.update(id, change),
      );
    }
    /** An email account that also proved a number of its own. */
    async function customer(): Promise<{ client: DataPort; user: CurrentUser; email: string }> {
      const client = browser();
      const email = uniqueEmail();
      await client.auth.signUp({ email, password: CONTRACT_PASSWORD });
      const user = await provePhone(client);
      return { client, user, email };
    }

    describe('auth', () => {
      it('a new browser has no session; ensureSession signs in anonymously, once', async () => {
        const client = browser();
        expect(await client.auth.current()).toBeNull();
        const user = await client.auth.ensureSession();
        expect(user).toMatchObject({ email: null, anonymous: true, isAdmin: false });
        expect(user.id).toEqual(expect.any(String));
        expect((await client.auth.current())?.id).toBe(user.id);
        expect((await client.auth.ensureSession()).id).toBe(user.id);
        const other = await browser().auth.ensureSession();
        expect(other.id).not.toBe(user.id);
      });

      it('signUp rejects a weak password and a bad email with field messages', async () => {
        const client = browser();
        const email = uniqueEmail();
        const weak = await expectDataError(
          client.auth.signUp({ email, password: 'password' }),
          'invalid-argument',
        );
        expect(weak.fields?.password).toBe('validation:password.weak');
        const short = await expectDataError(
          client.auth.signUp({ email, password: 'ab1' }),
          'invalid-argument',
        );
        expect(short.fields?.password).toBe('validation:password.min');
        const badEmail = await expectDataError(
          client.auth.signUp({ email: 'not-an-email', password: CONTRACT_PASSWORD }),
          'invalid-argument',
        );
        expect(badEmail.fields?.email).toBe('validation:email.invalid');
        // Nothing was created: the address is still free.
        expect(await client.auth.current()).toBeNull();
        await expectDataError(
          client.auth.signIn({ email, password: 'password' }),
          'unauthenticated',
        );
        const user = await client.auth.signUp({ email, password: CONTRACT_PASSWORD });
        expect(user).toMatchObject({ email, anonymous: false, isAdmin: false });
      });

      it('signUp with an email already taken, in any case, is already-exists', async () => {
        const { email } = await customer();
        await expectDataError(
          browser().auth.signUp({ email: email.toUpperCase(), password: CONTRACT_PASSWORD }),
          'already-exists',
        );
      });

      it('an anonymous visitor who signs up stays the same user', async () => {
        const { client, user: anonymous } = await anonymousVisitor();
        const email = uniqueEmail();
        const mixedCase = email.replace('customer', 'Customer');
        const user = await client.auth.signUp({ email: mixedCase, password: CONTRACT_PASSWORD });
        expect(user).toMatchObject({ id: anonymous.id, email, anonymous: false, isAdmin: false });
      });

      it('an anonymous visitor cannot hold a crew until they prove the order’s number (D13)', async () => {
        const { client } = await anonymousVisitor();
        const phone = uniquePhone();
        const refused = await expectDataError(
          client.orders.create(orderInput({ phoneNumber: phone })),
          'permission-denied',
        );
        expect(refused.message).toBe('errors:phone.verificationRequired');
        expect(refused.fields?.phoneNumber).toBe('errors:phone.verificationRequired');
        expect(await client.orders.mine()).toEqual([]);

        const user = await provePhone(client, phone);
        expect(user).toMatchObject({ phone: `+20${phone.slice(1)}`, anonymous: false });
        const order = await client.orders.create(orderFor(client));
        expect(order.userId).toBe(user.id);

        // The same number on another device is the same customer, with the same orders.
        const other = browser();
        expect((await provePhone(other, phone)).id).toBe(user.id);
        expect(ids(await other.orders.mine())).toEqual([order.id]);
      });

      it('a proved number books only under that number; an admin books for any caller', async () => {
        const { client } = await visitor();
        await expectDataError(
          client.orders.create(orderInput({ phoneNumber: uniquePhone() })),
          'permission-denied',
        );
        const forCaller = await admin.orders.create(orderInput({ phoneNumber: uniquePhone() }));
        expect(forCaller.status).toBe('received');
      });

      it('a wrong code is refused with the tries left; a code signs in once', async (context) => {
        if (backend.provePhone) {
          console.info(
            'skipped: this platform types codes only in a browser build (tests/firebase/phone-auth-emulator.test.ts)',
          );
          context.skip();
        }
        const client = browser();
        const phone = uniquePhone();
        const challenge = await client.auth.requestPhoneCode({
          phone: toArabicIndic(phone),
          language: 'en',
        });
        expect(challenge).toMatchObject({ phone: `+20${phone.slice(1)}` });
        const code = await backend.phoneCode(challenge);
        const wrongCode = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
        const wrong = await expectDataError(
          client.auth.verifyPhoneCode(challenge.challengeId, wrongCode),
          'invalid-argument',
        );
        expect(wrong.message).toBe('errors:phone.wrongCode');
        expect(wrong.details?.attemptsLeft).toBe(4);
        expect(await client.auth.current()).toBeNull();
        const user = await client.auth.verifyPhoneCode(challenge.challengeId, toArabicIndic(code));
        expect(user.phone).toBe(`+20${phone.slice(1)}`);
        const again = await expectDataError(
          browser().auth.verifyPhoneCode(challenge.challengeId, code),
          'failed-precondition',
        );
        expect(again.message).toBe('errors:phone.used');
      });

      it('a number that is not an Egyptian mobile is a field error', async () => {
        const error = await expectDataError(
          browser().auth.requestPhoneCode({ phone: '0223456789', language: 'ar' }),
          'invalid-argument',
        );
        expect(error.fields?.phone).toBe('validation:phone.invalid');
      });

      it('signIn from an anonymous session signs in to the account; a wrong password changes nothing', async () => {
        const account = await customer();
        const earlier = await account.client.orders.create(orderFor(account.client));
        await account.client.auth.signOut();

        const { client, user: anonymous } = await anonymousVisitor();
        const wrong = await expectDataError(
          client.auth.signIn({ email: account.email, password: 'Wrong-password-1' }),
          'unauthenticated',
        );
        expect(wrong.message).toBe('auth:invalidCredentials');
        expect((await client.auth.current())?.id).toBe(anonymous.id);

        const user = await client.auth.signIn({
          email: account.email.toUpperCase(),
          password: CONTRACT_PASSWORD,
        });
        expect(user).toMatchObject({ id: account.user.id, email: account.email, anonymous: false });
        expect(user.phone).toBe(account.user.phone);
        expect(ids(await client.orders.mine())).toEqual([earlier.id]);
      });

      it('signOut ends the session', async () => {
        const { client, email } = await customer();
        await client.auth.signOut();
        expect(await client.auth.current()).toBeNull();
        await expectDataError(client.orders.mine(), 'unauthenticated');
        const again = await client.auth.signIn({ email, password: CONTRACT_PASSWORD });
        expect(again.email).toBe(email);
      });

      it('subscribe reports the user now and after every sign-in and sign-out', async () => {
        const { email } = await customer();
        const client = browser();
        const seen: (CurrentUser | null)[] = [];
        const unsubscribe = client.auth.subscribe((user) => seen.push(user));
        await eventually(() => expect(seen).toEqual([null]));

        await client.auth.signIn({ email, password: CONTRACT_PASSWORD });
        await eventually(() => expect(seen.at(-1)?.email).toBe(email));
        await client.auth.signOut();
        await eventually(() => expect(seen.at(-1)).toBeNull());
        await client.auth.ensureSession();
        await eventually(() => expect(seen.at(-1)?.anonymous).toBe(true));

        unsubscribe();
        const count = seen.length;
        // Another listener, still subscribed, hears the next sign-in: once it has, the one that
        // left would have heard it too.
        const still: (CurrentUser | null)[] = [];
        const stop = client.auth.subscribe((user) => still.push(user));
        await eventually(() => expect(still.at(-1)?.anonymous).toBe(true));
        await client.auth.signIn({ email, password: CONTRACT_PASSWORD });
        await eventually(() => expect(still.at(-1)?.email).toBe(email));
        stop();
        expect(seen).toHaveLength(count);
      });

      it('an admin is an admin because the backend says so', async () => {
        expect(await admin.auth.current()).toMatchObject({ isAdmin: true, anonymous: false });
        expect((await customer()).user.isAdmin).toBe(false);
      });
    });

    describe('orders: create and read', () => {
      it('creates a cash order: received, pending, priced by the catalog, owned by the visitor', async () => {
        const { client, user } = await visitor();
        const phone = proved.get(client)!;
        const typed = toArabicIndic(
          `+20 ${phone.slice(1, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`,
        );
        const input = orderInput({ phoneNumber: typed, notes: '<b>الدور الثالث</b>' });
        const order = await client.orders.create(input);
        expect(order).toMatchObject({
          userId: user.id,
          fullName: input.fullName,
          phoneNumber: phone,
          pickupAddress: input.pickupAddress,
          dropoffAddress: input.dropoffAddress,
          governorateId: 'cairo',
          districtId: 'maadi',
          notes: '<b>الدور الثالث</b>',
          moveType: 'full',
          housing: 'apartment',
          pickupFloor: 3,
          dropoffFloor: 1,
          workers: 3,
          moveDate: input.moveDate,
          moveTime: '10:30',
          totalPrice: expectedOrderTotal(input),
          currency: 'EGP',
          paymentMethod: 'cod',
          paymentStatus: 'pending',
          paymentProvider: 'cash',
          status: 'received',
        });
        expect(order.orderNumber).toMatch(/^AF-\d{8}-\d{3,4}$/);
        expect(order.statusHistory).toEqual([
          { status: 'received', at: expect.any(String), actor: 'system' },
        ]);
        expect(Number.isNaN(Date.parse(order.createdAt))).toBe(false);
        expect(await client.orders.get(order.id)).toEqual(order);
      });

      it('a card order with an approved test token is paid; without one it is declined', async () => {
        const { client } = await visitor();
        const paid = await client.orders.create(
          orderFor(client, { paymentMethod: 'card', paymentToken: TEST_CARD_TOKEN }),
        );
        expect(paid).toMatchObject({ paymentStatus: 'paid', paymentProvider: 'test' });

        for (const paymentToken of [undefined, 'tok_visa', 'test_ok_']) {
          const declined = await expectDataError(
            client.orders.create(orderFor(client, { paymentMethod: 'card', paymentToken })),
            'invalid-argument',
          );
          expect(declined.fields?.paymentToken).toBe('validation:payment.declined');
        }
        expect(ids(await client.orders.mine())).toEqual([paid.id]);
      });

      it('a tampered total is refused and nothing is stored', async () => {
        const before = (await admin.orders.list({ limit: 1 })).total;
        const { client } = await visitor();
        const input = orderFor(client);
        const error = await expectDataError(
          client.orders.create({ ...input, totalPrice: input.totalPrice - 500 }),
          'invalid-argument',
        );
        expect(error.fields?.totalPrice).toBe('validation:order.priceMismatch');
        expect(await client.orders.mine()).toEqual([]);
        expect((await admin.orders.list({ limit: 1 })).total).toBe(before);
      });

      it('invalid fields and card data are refused with field messages', async () => {
        const { client } = await visitor();
        const missing = await expectDataError(
          client.orders.create(orderFor(client, { fullName: '  ' })),
          'invalid-argument',
        );
        expect(missing.fields?.fullName).toBe('validation:customerInfo.required');
        const past = await expectDataError(
          client.orders.create(orderFor(client, { moveDate: '2020-01-01' })),
          'invalid-argument',
        );
        expect(past.fields?.moveDate).toBe('validation:date.past');
        // Every backend refuses card data under any of the names clients use for it.
        for (const [key, value] of [
          ['cardNumber', '4242424242424242'],
          ['card_number', '4242424242424242'],
          ['PAN', '4242424242424242'],
          ['CVV', '123'],
          ['cvc', '123'],
          ['expiryDate', '12/30'],
        ] as const) {
          const withCard = { ...orderFor(client), [key]: value } as NewOrder;
          const card = await expectDataError(client.orders.create(withCard), 'invalid-argument');
          expect(Object.keys(card.fields ?? {}), key).toContain(key);
        }
        expect(await client.orders.mine()).toEqual([]);
      });

      it('creating needs a session', async () => {
        await expectDataError(browser().orders.create(orderInput()), 'unauthenticated');
      });

      it("mine lists the user's own orders, newest first", async () => {
        const a = await visitor();
        const b = await visitor();
        const first = await a.client.orders.create(orderFor(a.client));
        await nextMillisecond();
        const theirs = await b.client.orders.create(orderFor(b.client));
        await nextMillisecond();
        const second = await a.client.orders.create(orderFor(a.client));
        const mine = await a.client.orders.mine();
        expect(ids(mine)).toEqual([second.id, first.id]);
        expectNewestFirst(mine);
        expect(ids(await b.client.orders.mine())).toEqual([theirs.id]);
        // A customer's list() is their own orders too, never everyone's.
        const page = await a.client.orders.list();
        expect(ids(page.orders).sort()).toEqual([first.id, second.id].sort());
        expect(page.total).toBe(2);
      });

      it('get: the owner and admins may read an order; others may not', async () => {
        const owner = await visitor();
        const order = await owner.client.orders.create(orderFor(owner.client));
        expect((await owner.client.orders.get(order.id)).id).toBe(order.id);
        expect(await admin.orders.get(order.id)).toEqual(order);
        const stranger = await visitor();
        await expectDataError(stranger.client.orders.get(order.id), 'permission-denied');
        const signedIn = await customer();
        await expectDataError(signedIn.client.orders.get(order.id), 'permission-denied');
        await expectDataError(browser().orders.get(order.id), 'unauthenticated');
        await expectDataError(admin.orders.get(crypto.randomUUID()), 'not-found');
        await expectDataError(owner.client.orders.get(crypto.randomUUID()), 'not-found');
      });
    });

    describe('orders: cancel, update, remove', () => {
      it('the owner may cancel while received or under review, not once on the way', async () => {
        const owner = await visitor();
        const received = await owner.client.orders.create(orderFor(owner.client));
        const cancelled = await owner.client.orders.cancel(received.id);
        expect(cancelled.status).toBe('cancelled');
        expect(cancelled.statusHistory.map((change) => [change.status, change.actor])).toEqual([
          ['received', 'system'],
          ['cancelled', 'customer'],
        ]);

        const reviewed = await owner.client.orders.create(orderFor(owner.client));
        await admin.orders.update(reviewed.id, { status: 'under_review' });
        expect((await owner.client.orders.cancel(reviewed.id)).status).toBe('cancelled');

        const moving = await owner.client.orders.create(orderFor(owner.client));
        await moveTo(moving, 'in_transit');
        await expectDataError(owner.client.orders.cancel(moving.id), 'failed-precondition');
        expect((await owner.client.orders.get(moving.id)).status).toBe('in_transit');
        await expectDataError(owner.client.orders.cancel(cancelled.id), 'failed-precondition');
      });

      it('money follows the order (D16): a paid order cancelled owes its refund, settled on the queue', async () => {
        const owner = await visitor();
        const order = await owner.client.orders.create(orderFor(owner.client));
        // A cash order the crew was paid for: no gateway holds the money.
        await admin.orders.update(order.id, { paymentStatus: 'paid' });
        const cancelled = await owner.client.orders.cancel(order.id);
        expect(cancelled).toMatchObject({
          status: 'cancelled',
          paymentStatus: 'refund_due',
          refund: { amount: order.totalPrice, fee: 0, refundedAt: null, how: null },
        });
        const queue = await admin.payments.refundQueue();
        const item = queue.find((i) => i.order.id === order.id);
        expect(item).toMatchObject({ attempt: null, canVoid: false });
        await expectDataError(owner.client.payments.refundQueue(), 'permission-denied');
        // Not by changing the payment status: on the queue, with its record.
        await expectDataError(
          admin.orders.update(order.id, { paymentStatus: 'refunded' }),
          'failed-precondition',
        );
        const refunded = await admin.payments.manualRefund(order.id, {
          method: 'cash',
          reference: 'R-1',
          note: '',
        });
        expect(refunded).toMatchObject({
          paymentStatus: 'refunded',
          refund: { how: 'manual', manual: { method: 'cash', reference: 'R-1', note: '' } },
        });
        expect((await admin.payments.refundQueue()).some((i) => i.order.id === order.id)).toBe(
          false,
        );
        expect(await owner.client.orders.get(order.id)).toMatchObject({
          paymentStatus: 'refunded',
        });
        await expectDataError(
          admin.payments.manualRefund(order.id, { method: 'cash', reference: '', note: '' }),
          'failed-precondition',
        );
        await expectDataError(
          admin.orders.goBack(order.id, { action: 'uncancel', reason: 'Called back' }),
          'failed-precondition',
        );

        // Another brought back before its refund was made is simply paid again.
        const again = await owner.client.orders.create(orderFor(owner.client));
        await admin.orders.update(again.id, { paymentStatus: 'paid' });
        await owner.client.orders.cancel(again.id);
        const back = await admin.orders.goBack(again.id, {
          action: 'uncancel',
          reason: 'Called back',
        });
        expect(back).toMatchObject({ status: 'received', paymentStatus: 'paid', refund: null });
      });

      it('nobody else may cancel it', async () => {
        const owner = await visitor();
        const order = await owner.client.orders.create(orderFor(owner.client));
        await expectDataError(
          (await visitor()).client.orders.cancel(order.id),
          'permission-denied',
        );
        await expectDataError(browser().orders.cancel(order.id), 'unauthenticated');
        expect((await owner.client.orders.get(order.id)).status).toBe('received');
      });

      it('an admin status update is recorded in the history; payment status too', async () => {
        const owner = await visitor();
        const order = await owner.client.orders.create(orderFor(owner.client));
        const reviewed = await admin.orders.update(order.id, { status: 'under_review' });
        expect(reviewed.status).toBe('under_review');
        const moving = await admin.orders.update(order.id, {
          status: 'in_transit',
          paymentStatus: 'paid',
        });
        expect(moving).toMatchObject({ status: 'in_transit', paymentStatus: 'paid' });
        expect(moving.statusHistory.map((change) => [change.status, change.actor])).toEqual([
          ['received', 'system'],
          ['under_review', 'admin'],
          ['in_transit', 'admin'],
        ]);
        const times = moving.statusHistory.map((change) => Date.parse(change.at));
        expect(times).toEqual([...times].sort((a, b) => a - b));
        expect(await owner.client.orders.get(order.id)).toEqual(moving);

        const paid = await admin.orders.update(order.id, { paymentStatus: 'pending' });
        expect(paid.paymentStatus).toBe('pending');
        expect(paid.statusHistory).toHaveLength(3);
        // Refused by the one schema every backend parses with (orderAdminUpdateSchema), and
        // nothing changes.
        const lost = await expectDataError(
          admin.orders.update(order.id, { status: 'lost' as never }),
          'invalid-argument',
        );
        expect(lost.fields?.status).toBe('validation:common.invalid');
        const nothing = await expectDataError(
          admin.orders.update(order.id, {}),
          'invalid-argument',
        );
        expect(nothing.fields?.status).toBe('validation:common.invalid');
        const typo = await expectDataError(
          admin.orders.update(order.id, { status: 'delivered', notes: 'x' } as never),
          'invalid-argument',
        );
        expect(typo.message).toBe('validation:common.invalid');
        // A problem of the whole body, not of one field, is field `_` on every backend.
        expect(typo.fields).toEqual({ _: 'validation:common.invalid' });
        expect(await owner.client.orders.get(order.id)).toEqual(paid);
        await expectDataError(
          admin.orders.update(crypto.randomUUID(), { status: 'delivered' }),
          'not-found',
        );
      });

      it('customers may not update or remove orders, their own included', async () => {
        const owner = await customer();
        const order = await owner.client.orders.create(orderFor(owner.client));
        await expectDataError(
          owner.client.orders.update(order.id, { status: 'delivered' }),
          'permission-denied',
        );
        await expectDataError(owner.client.orders.remove(order.id), 'permission-denied');
        await expectDataError(
          owner.client.orders.update(order.id, { paymentStatus: 'paid' }),
          'permission-denied',
        );
        await expectDataError(browser().orders.remove(order.id), 'unauthenticated');
        expect(await owner.client.orders.get(order.id)).toEqual(order);
      });

      it('an admin removes an order: it is gone for everyone', async () => {
        const owner = await visitor();
        const order = await owner.client.orders.create(orderFor(owner.client));
        await admin.orders.remove(order.id);
        await expectDataError(admin.orders.get(order.id), 'not-found');
        await expectDataError(owner.client.orders.get(order.id), 'not-found');
        await expectDataError(browser().tracking.get(order.orderNumber), 'not-found');
        expect(await owner.client.orders.mine()).toEqual([]);
        await expectDataError(admin.orders.remove(order.id), 'not-found');
      });
    });

    describe('orders: the admin list', () => {
      it('searches by a phone typed in Arabic-Indic digits, filters, counts and pages', async () => {
        const owner = await visitor();
        const phone = proved.get(owner.client)!;
        const create = (overrides: Partial<NewOrder>) =>
          owner.client.orders.create(orderFor(owner.client, overrides));
        const cash = await create({ moveDate: futureDate(10) });
        await nextMillisecond();
        const card = await create({
          paymentMethod: 'card',
          paymentToken: TEST_CARD_TOKEN,
          governorateId: 'giza',
          districtId: 'dokki',
          moveType: 'partial',
          moveDate: futureDate(20),
        });
        await nextMillisecond();
        const office = await create({
          moveType: 'office',
          housing: 'villa',
          moveDate: futureDate(40),
        });
        await moveTo(card, 'in_transit');
        await admin.orders.update(office.id, { status: 'cancelled' });
        const stranger = (await visitor()).client;
        const unrelated = await stranger.orders.create(orderFor(stranger));

        const all = await admin.orders.list({ search: toArabicIndic(phone) });
        expect(ids(all.orders)).toEqual([office.id, card.id, cash.id]);
        expect(all.total).toBe(3);
        expect(all.counts).toEqual({
          ...Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])),
          received: 1,
          in_transit: 1,
          cancelled: 1,
        });
        expect(ids(all.orders)).not.toContain(unrelated.id);
        // The phone as people write it, with the country code, finds the same orders.
        const international = `+20 ${phone.slice(1, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
        expect((await admin.orders.list({ search: international })).total).toBe(3);

        const moving = await admin.orders.list({ search: phone, status: 'in_transit' });
        expect(ids(moving.orders)).toEqual([card.id]);
        expect(moving.total).toBe(1);
        // Counts ignore the status filter: they label the status tabs.
        expect(moving.counts).toEqual(all.counts);

        const filtered = async (filter: Parameters<DataPort['orders']['list']>[0]) =>
          ids((await admin.orders.list({ search: phone, ...filter })).orders);
        expect(await filtered({ governorateId: 'giza' })).toEqual([card.id]);
        expect(await filtered({ paymentMethod: 'card' })).toEqual([card.id]);
        expect(await filtered({ paymentStatus: 'pending' })).toEqual([office.id, cash.id]);
        expect(
          await filtered({ moveDateFrom: futureDate(15), moveDateTo: futureDate(30) }),
        ).toEqual([card.id]);
        expect(
          await filtered({ moveDateFrom: futureDate(10), moveDateTo: futureDate(10) }),
        ).toEqual([cash.id]);
        expect(await filtered({ sort: 'oldest' })).toEqual([cash.id, card.id, office.id]);
        expect(await filtered({ sort: 'move-date-desc' })).toEqual([office.id, card.id, cash.id]);
        const byPrice = (await admin.orders.list({ search: phone, sort: 'price-desc' })).orders;
        const prices = byPrice.map((order) => order.totalPrice);
        expect(prices).toEqual([...prices].sort((a, b) => b - a));

        const second = await admin.orders.list({ search: phone, limit: 1, page: 2 });
        expect(ids(second.orders)).toEqual([card.id]);
        expect(second.total).toBe(3);
        const byNumber = await admin.orders.list({ search: card.orderNumber.toLowerCase() });
        expect(ids(byNumber.orders)).toEqual([card.id]);
      });

      it('finds an order by its exact number, typed any way: any for admins, their own for others', async () => {
        const { client } = await visitor();
        const order = await client.orders.create(orderFor(client));
        const typed = `  #${toArabicIndic(order.orderNumber.toLowerCase())} `;
        expect((await admin.orders.findByNumber(typed))?.id).toBe(order.id);
        expect((await client.orders.findByNumber(order.orderNumber))?.id).toBe(order.id);
        expect(await (await visitor()).client.orders.findByNumber(order.orderNumber)).toBeNull();
        const unknown = generateOrderNumber(new Date('1999-06-01T10:00:00Z'));
        expect(await admin.orders.findByNumber(unknown)).toBeNull();
        await expectDataError(browser().orders.findByNumber(order.orderNumber), 'unauthenticated');
      });

      it('lists every order, newest first, for admins only', async () => {
        const { client } = await visitor();
        const order = await client.orders.create(orderFor(client));
        const page = await admin.orders.list();
        expect(page.orders[0]?.id).toBe(order.id);
        expectNewestFirst(page.orders);
        expect(page.total).toBeGreaterThanOrEqual(page.orders.length);
        expect(Object.keys(page.counts).sort()).toEqual([...ORDER_STATUSES].sort());
        await expectDataError(browser().orders.list(), 'unauthenticated');
        await expectDataError(admin.orders.list({ status: 'lost' as never }), 'invalid-argument');
      });
    });

    describe('tracking', () => {
      const PUBLIC_KEYS = [
        // The crew leader's first name once assigned (D28): never a phone or a surname.
        'crewName',
        'currency',
        'dropoffGovernorateId',
        'governorateId',
        'moveDate',
        'moveType',
        // When the crew arrives (D19): the company's timetable, not personal data.
        'moveWindow',
        'orderNumber',
        'paymentMethod',
        // Whose payment it is (a test one moved no money, D3): names nobody.
        'paymentProvider',
        'paymentStatus',
        'status',
        'statusHistory',
        'totalPrice',
      ];

      const raw = (value: unknown) => JSON.stringify(value);

      it('any browser sees the public view of an order, with no personal data', async () => {
        const owner = await visitor();
        const order = await owner.client.orders.create(
          orderFor(owner.client, { fullName: 'سارة المصري' }),
        );
        await admin.orders.update(order.id, { status: 'under_review' });

        const tracking = await browser().tracking.get(order.orderNumber);
        expect(Object.keys(tracking).sort()).toEqual(PUBLIC_KEYS);
        expect(tracking).toMatchObject({
          orderNumber: order.orderNumber,
          moveType: order.moveType,
          totalPrice: order.totalPrice,
          currency: 'EGP',
          paymentMethod: 'cod',
          paymentStatus: 'pending',
          status: 'under_review',
          moveDate: order.moveDate,
        });
        // The route by governorate only; a backend without it in its public copy says null.
        for (const key of ['governorateId', 'dropoffGovernorateId'] as const) {
          expect([null, 'cairo']).toContain(tracking[key]);
        }
        expect(tracking.moveWindow).toEqual({
          start: order.timeWindow!.start,
          end: order.timeWindow!.end,
        });
        expect(raw(tracking)).not.toContain('maadi');
        expect(tracking.statusHistory.map((change) => [change.status, change.actor])).toEqual([
          ['received', 'system'],
          ['under_review', 'admin'],
        ]);
        for (const secret of [
          order.id,
          order.fullName,
          order.phoneNumber,
          order.pickupAddress,
          order.dropoffAddress,
          order.notes,
          owner.user.id,
        ]) {
          expect(raw(tracking)).not.toContain(secret);
        }
      });

      it('reads the number the way people paste it', async () => {
        const { client } = await visitor();
        const order = await client.orders.create(orderFor(client));
        const pasted = `  #${toArabicIndic(order.orderNumber.toLowerCase())} `;
        expect((await (await visitor()).client.tracking.get(pasted)).orderNumber).toBe(
          order.orderNumber,
        );
      });

      it('an unknown number is not-found', async () => {
        // A valid number from 1999: never issued by any backend under test.
        const unknown = generateOrderNumber(new Date('1999-06-01T10:00:00Z'));
        await expectDataError(browser().tracking.get(unknown), 'not-found');
        await expectDataError(browser().tracking.get('nonsense'), 'not-found');
      });
    });

    // Tracking and "my orders" that update by themselves (D19): a watch hears the current view
    // once it is up and every change after it, with no personal data in the public one.
    describe('live tracking and my orders (D19)', () => {
      /** A watch's listener and live state, recorded, and its stop. */
      function recorder<T>() {
        const heard: T[] = [];
        let live = false;
        return {
          heard,
          isLive: () => live,
          last: () => heard.at(-1),
          listener: (value: T) => heard.push(value),
          onLive: (up: boolean) => {
            live = up;
          },
        };
      }

      it('a tracker in any browser hears the order move on, and nothing personal', async () => {
        const owner = await visitor();
        const order = await owner.client.orders.create(
          orderFor(owner.client, { fullName: 'ليلى المباشرة' }),
        );
        const seen = recorder<PublicTracking | null>();
        const stop = browser().tracking.watch(order.orderNumber, seen.listener, seen.onLive);
        try {
          await eventually(() => expect(seen.last()?.status).toBe('received'));
          await eventually(() => expect(seen.isLive()).toBe(true));
          expect(seen.last()!.moveWindow).toEqual({
            start: order.timeWindow!.start,
            end: order.timeWindow!.end,
          });
          await admin.orders.update(order.id, { status: 'under_review' });
          await eventually(() => expect(seen.last()?.status).toBe('under_review'));
          await admin.orders.update(order.id, { paymentStatus: 'paid' });
          await eventually(() => expect(seen.last()?.paymentStatus).toBe('paid'));
          expect(seen.last()!.statusHistory.map((change) => [change.status, change.actor])).toEqual(
            [
              ['received', 'system'],
              ['under_review', 'admin'],
            ],
          );
          // The same projection as a look-up (whose fields the tracking tests pin, D2).
          const publicKeys = Object.keys(await browser().tracking.get(order.orderNumber)).sort();
          for (const view of seen.heard) {
            expect(Object.keys(view!).sort()).toEqual(publicKeys);
            for (const secret of [order.id, order.fullName, order.phoneNumber, order.notes]) {
              expect(JSON.stringify(view)).not.toContain(secret);
            }
          }
        } finally {
          stop();
        }
      });

      it('the customer’s cancel reaches the tracker, and a deleted order reads as gone', async () => {
        const owner = await visitor();
        const order = await owner.client.orders.create(orderFor(owner.client));
        const seen = recorder<PublicTracking | null>();
        const stop = browser().tracking.watch(
          `#${order.orderNumber.toLowerCase()}`,
          seen.listener,
          seen.onLive,
        );
        try {
          await eventually(() => expect(seen.last()?.orderNumber).toBe(order.orderNumber));
          await owner.client.orders.cancel(order.id);
          await eventually(() => expect(seen.last()?.status).toBe('cancelled'));
          expect(seen.last()!.statusHistory.at(-1)).toMatchObject({
            status: 'cancelled',
            actor: 'customer',
          });
          await admin.orders.remove(order.id);
          await eventually(() => expect(seen.last()).toBeNull());
        } finally {
          stop();
        }
      });

      it('an unknown number is heard as null', async () => {
        const seen = recorder<PublicTracking | null>();
        const stop = browser().tracking.watch(
          generateOrderNumber(new Date('1999-06-01T10:00:00Z')),
          seen.listener,
          seen.onLive,
        );
        try {
          await eventually(() => expect(seen.heard).toEqual([null]));
        } finally {
          stop();
        }
      });

      it('a stopped watch hears nothing more', async () => {
        const owner = await visitor();
        const order = await owner.client.orders.create(orderFor(owner.client));
        const seen = recorder<PublicTracking | null>();
        const stop = browser().tracking.watch(order.orderNumber, seen.listener, seen.onLive);
        await eventually(() => expect(seen.isLive()).toBe(true));
        stop();
        const heard = seen.heard.length;
        await admin.orders.update(order.id, { status: 'under_review' });
        // Another watch hears the change: by then, the stopped one would have too.
        const after = recorder<PublicTracking | null>();
        const check = browser().tracking.watch(order.orderNumber, after.listener, after.onLive);
        try {
          await eventually(() => expect(after.last()?.status).toBe('under_review'));
          expect(seen.heard).toHaveLength(heard);
        } finally {
          check();
        }
      });

      it('“my orders” hears the customer’s own orders, newest first, and only theirs', async () => {
        const mine = await visitor();
        const other = await visitor();
        const first = await mine.client.orders.create(orderFor(mine.client));
        const theirs = await other.client.orders.create(orderFor(other.client));
        const seen = recorder<Order[]>();
        const stop = mine.client.orders.watchMine(seen.listener, seen.onLive);
        try {
          await eventually(() => expect(seen.last() && ids(seen.last()!)).toEqual([first.id]));
          await eventually(() => expect(seen.isLive()).toBe(true));
          await admin.orders.update(theirs.id, { status: 'under_review' });
          await admin.orders.update(first.id, { status: 'under_review' });
          await eventually(() => expect(seen.last()?.[0]?.status).toBe('under_review'));
          await nextMillisecond();
          const second = await mine.client.orders.create(orderFor(mine.client));
          await eventually(() => expect(ids(seen.last()!)).toEqual([second.id, first.id]));
          for (const list of seen.heard) expect(ids(list)).not.toContain(theirs.id);
          // The full order, as "my orders" shows it: its owner's own data.
          expect(seen.last()![1]).toMatchObject({
            fullName: first.fullName,
            phoneNumber: first.phoneNumber,
          });
        } finally {
          stop();
        }
      });

      it('“my orders” without a session is not live and hears nothing', async () => {
        const seen = recorder<Order[]>();
        let told = false;
        const stop = browser().orders.watchMine(seen.listener, (up) => {
          told = true;
          seen.onLive(up);
        });
        try {
          await eventually(() => expect(told).toBe(true));
          expect(seen.isLive()).toBe(false);
          expect(seen.heard).toEqual([]);
        } finally {
          stop();
        }
      });
    });

    // Reviews come from customers' orders (D14): the owner of a confirmed order reviews it once;
    // a review is public (and in the stars) only when published and its order delivered; the
    // team chooses whether new reviews are published at once.
    describe('reviews from orders (D14)', () => {
      const text = (label: string) => `نقل ممتاز ${label}`;
      const listedIds = async () => (await browser().reviews.list()).map((r) => r.id);

      /** A customer (a browser of its own) and an order of theirs the team moved on to `status`. */
      async function customerWithOrder(
        status: OrderStatus = 'delivered',
      ): Promise<{ client: DataPort; user: CurrentUser; order: Order }> {
        const { client, user } = await visitor();
        const order = await client.orders.create(orderFor(client));
        if (status !== 'received') await moveTo(order, status);
        return { client, user, order: { ...order, status } };
      }

      async function publishAtOnce(value: boolean): Promise<void> {
        expect(await admin.reviews.saveSettings({ publishAtOnce: value })).toEqual({
          publishAtOnce: value,
        });
      }

      it('holds new reviews for approval by default; the admin’s publishing lists a delivered one', async () => {
        expect(await admin.reviews.settings()).toEqual({ publishAtOnce: false });
        const { client, order } = await customerWithOrder('delivered');
        const label = unique();
        const added = await client.reviews.add({
          orderId: order.id,
          review: `  ${text(label)}  `,
          rating: '٤',
        });
        // The name comes from the order (its first name), never from the author.
        expect(added).toEqual({
          id: expect.any(String),
          name: 'منى',
          review: text(label),
          rating: 4,
          createdAt: expect.any(String),
          state: 'pending',
          listed: false,
        });
        expect(await listedIds()).not.toContain(added.id);

        const published = await admin.reviews.setHidden(added.id, false);
        expect(published).toMatchObject({ id: added.id, state: 'published', listed: true });
        expect(published.order).toMatchObject({
          id: order.id,
          orderNumber: order.orderNumber,
          fullName: order.fullName,
          status: 'delivered',
        });
        const listed = await browser().reviews.list();
        expect(listed.find((r) => r.id === added.id)).toEqual({
          id: added.id,
          name: 'منى',
          review: text(label),
          rating: 4,
          createdAt: added.createdAt,
        });
        expectNewestFirst(listed);
      });

      it('only the order’s owner may review it; not before it is confirmed; never when cancelled; once', async () => {
        const owner = await customerWithOrder('delivered');
        const review = { orderId: owner.order.id, review: text(unique()), rating: 5 };
        // Someone else: another visitor, a signed-up customer, an admin, nobody.
        await expectDataError((await visitor()).client.reviews.add(review), 'permission-denied');
        await expectDataError((await customer()).client.reviews.add(review), 'permission-denied');
        await expectDataError(admin.reviews.add(review), 'permission-denied');
        await expectDataError(browser().reviews.add(review), 'unauthenticated');
        const unknown = await expectDataError(
          owner.client.reviews.add({ ...review, orderId: crypto.randomUUID() }),
          'not-found',
        );
        expect(unknown.message).toBe('errors:review.orderNotFound');

        const received = await customerWithOrder('received');
        const early = await expectDataError(
          received.client.reviews.add({ ...review, orderId: received.order.id }),
          'failed-precondition',
        );
        expect(early.message).toBe('errors:review.notYet');
        const cancelled = await customerWithOrder('cancelled');
        const refused = await expectDataError(
          cancelled.client.reviews.add({ ...review, orderId: cancelled.order.id }),
          'failed-precondition',
        );
        expect(refused.message).toBe('errors:review.cancelled');

        // Confirmed is enough to write one; once.
        const confirmed = await customerWithOrder('under_review');
        await confirmed.client.reviews.add({ ...review, orderId: confirmed.order.id });
        const first = await owner.client.reviews.add(review);
        expect(first.state).toBe('pending');
        const again = await expectDataError(owner.client.reviews.add(review), 'already-exists');
        expect(again.message).toBe('errors:review.alreadyReviewed');
        const mine = (await admin.reviews.listAll()).filter((r) => r.order?.id === owner.order.id);
        expect(mine.map((r) => r.id)).toEqual([first.id]);
      });

      it('validates: a rating must be chosen (no default), the text is required', async () => {
        const { client, order } = await customerWithOrder('delivered');
        const noRating = await expectDataError(
          client.reviews.add({ orderId: order.id, review: text(unique()), rating: '' }),
          'invalid-argument',
        );
        expect(noRating.fields?.rating).toBe('validation:review.rating');
        const tooMany = await expectDataError(
          client.reviews.add({ orderId: order.id, review: text(unique()), rating: 9 }),
          'invalid-argument',
        );
        expect(tooMany.fields?.rating).toBe('validation:review.rating');
        const noText = await expectDataError(
          client.reviews.add({ orderId: order.id, review: ' ', rating: 3 }),
          'invalid-argument',
        );
        expect(noText.fields?.review).toBe('validation:review.textLength');
        expect((await admin.reviews.listAll()).some((r) => r.order?.id === order.id)).toBe(false);
      });

      it('a filled honeypot looks like success but stores nothing', async () => {
        const { client, order } = await customerWithOrder('delivered');
        const label = unique();
        const bot = await client.reviews.add({
          orderId: order.id,
          review: text(label),
          rating: 5,
          website: 'https://spam.example',
        });
        expect(bot).toMatchObject({ name: 'منى', review: text(label), rating: 5 });
        const all = await admin.reviews.listAll();
        expect(all.some((item) => item.review.includes(label))).toBe(false);
        // Nothing was stored: the order may still be reviewed.
        expect((await client.reviews.reviewable()).map((o) => o.orderId)).toContain(order.id);
      });

      it('one review a minute: the second within 60 s is rate-limited', async () => {
        const { client, order } = await customerWithOrder('delivered');
        const second = await client.orders.create(orderFor(client));
        await moveTo(second, 'delivered');
        await client.reviews.add({ orderId: order.id, review: text(unique()), rating: 5 });
        const error = await expectDataError(
          client.reviews.add({ orderId: second.id, review: text(unique()), rating: 5 }),
          'rate-limited',
        );
        expect(error.message).toBe('validation:review.cooldown');
        expect((await admin.reviews.listAll()).some((r) => r.order?.id === second.id)).toBe(false);
      });

      it('reviewable: the user’s confirmed orders without a review, newest first', async () => {
        const { client, order: older } = await customerWithOrder('delivered');
        await nextMillisecond();
        const onTheWay = await client.orders.create(orderFor(client));
        await moveTo(onTheWay, 'in_transit');
        await nextMillisecond();
        await client.orders.create(orderFor(client)); // received: not yet
        const reviewable = await client.reviews.reviewable();
        expect(reviewable).toEqual([
          {
            orderId: onTheWay.id,
            orderNumber: onTheWay.orderNumber,
            moveDate: onTheWay.moveDate,
            status: 'in_transit',
            name: 'منى',
          },
          {
            orderId: older.id,
            orderNumber: older.orderNumber,
            moveDate: older.moveDate,
            status: 'delivered',
            name: 'منى',
          },
        ]);
        await client.reviews.add({ orderId: older.id, review: text(unique()), rating: 3 });
        expect((await client.reviews.reviewable()).map((o) => o.orderId)).toEqual([onTheWay.id]);
        expect(await (await visitor()).client.reviews.reviewable()).toEqual([]);
        await expectDataError(browser().reviews.reviewable(), 'unauthenticated');
      });

      it('published at once when the admin says so; public only while the order is delivered', async () => {
        await publishAtOnce(true);
        try {
          const delivered = await customerWithOrder('delivered');
          const now = await delivered.client.reviews.add({
            orderId: delivered.order.id,
            review: text(unique()),
            rating: 5,
          });
          expect(now).toMatchObject({ state: 'published', listed: true });
          expect(await listedIds()).toContain(now.id);

          const moving = await customerWithOrder('in_transit');
          const later = await moving.client.reviews.add({
            orderId: moving.order.id,
            review: text(unique()),
            rating: 2,
          });
          expect(later).toMatchObject({ state: 'published', listed: false });
          expect(await listedIds()).not.toContain(later.id);
          // Public stars only from delivered moves: delivered, it counts; moved back, it leaves.
          await moveTo(moving.order, 'delivered');
          expect(await listedIds()).toContain(later.id);
          // Reopened (D17): back in transit, off the public list.
          await admin.orders.goBack(moving.order.id, { action: 'reopen', reason: 'Second trip' });
          expect(await listedIds()).not.toContain(later.id);
          expect((await admin.reviews.listAll()).find((r) => r.id === later.id)).toMatchObject({
            state: 'published',
            listed: false,
          });
        } finally {
          await publishAtOnce(false);
        }
      });

      it('subscribe delivers the public list now and again when a review is published', async () => {
        const watcher = browser();
        const seen: Review[][] = [];
        const errors: DataError[] = [];
        const unsubscribe = watcher.reviews.subscribe(
          (reviews) => seen.push(reviews),
          (error) => errors.push(error),
        );
        try {
          await eventually(() => expect(seen.length).toBeGreaterThan(0));
          const { client, order } = await customerWithOrder('delivered');
          const added = await client.reviews.add({
            orderId: order.id,
            review: text(unique()),
            rating: 4,
          });
          await admin.reviews.setHidden(added.id, false);
          await eventually(() => expect(seen.at(-1)?.[0]?.id).toBe(added.id));
          expect(errors).toEqual([]);
        } finally {
          unsubscribe();
        }
      });
    });

    describe('reviews: moderation and settings', () => {
      const listedIds = async () => (await browser().reviews.list()).map((r) => r.id);

      /** A delivered order's review, held for approval (the default setting). */
      async function heldReview(rating = 4): Promise<{ review: Review; order: Order }> {
        const { client } = await visitor();
        const order = await client.orders.create(orderFor(client));
        await moveTo(order, 'delivered');
        const review = await client.reviews.add({
          orderId: order.id,
          review: `فريق محترم ${unique()}`,
          rating,
        });
        return { review, order };
      }

      it('an admin lists every review with its state and order, newest first', async () => {
        const first = await heldReview();
        await nextMillisecond();
        const second = await heldReview(2);
        await admin.reviews.setHidden(second.review.id, false);
        const all = await admin.reviews.listAll();
        const ours = all.filter((r) => r.id === first.review.id || r.id === second.review.id);
        expect(ours.map((r) => [r.id, r.state, r.listed, r.order?.orderNumber])).toEqual([
          [second.review.id, 'published', true, second.order.orderNumber],
          [first.review.id, 'pending', false, first.order.orderNumber],
        ]);
        expectNewestFirst(all);
      });

      it('hiding takes a review off the public list and the live stream; publishing brings it back', async () => {
        const { review: added } = await heldReview();
        await admin.reviews.setHidden(added.id, false);
        const seen: Review[][] = [];
        const errors: DataError[] = [];
        const unsubscribe = browser().reviews.subscribe(
          (reviews) => seen.push(reviews),
          (error) => errors.push(error),
        );
        const lastHas = () => (seen.at(-1) ?? []).some((item) => item.id === added.id);
        try {
          await eventually(() => expect(lastHas()).toBe(true));
          const hidden = await admin.reviews.setHidden(added.id, true);
          expect(hidden).toMatchObject({ id: added.id, state: 'hidden', listed: false });
          await eventually(() => expect(lastHas()).toBe(false));
          expect(await listedIds()).not.toContain(added.id);

          const shown = await admin.reviews.setHidden(added.id, false);
          expect(shown).toMatchObject({ id: added.id, state: 'published', listed: true });
          await eventually(() => expect(lastHas()).toBe(true));
          expect(errors).toEqual([]);
        } finally {
          unsubscribe();
        }
      });

      it('an admin removes a review: gone everywhere, the order may be reviewed again', async () => {
        const { review: added, order } = await heldReview();
        await admin.reviews.setHidden(added.id, false);
        await admin.reviews.remove(added.id);
        expect(await listedIds()).not.toContain(added.id);
        expect((await admin.reviews.listAll()).some((item) => item.id === added.id)).toBe(false);
        await expectDataError(admin.reviews.remove(added.id), 'not-found');
        await expectDataError(admin.reviews.setHidden(added.id, true), 'not-found');
        expect((await admin.orders.get(order.id)).status).toBe('delivered');
      });

      it('only admins may moderate or change the settings, and a refused call changes nothing', async () => {
        const { review: added } = await heldReview();
        for (const client of [(await customer()).client, (await visitor()).client]) {
          await expectDataError(client.reviews.listAll(), 'permission-denied');
          await expectDataError(client.reviews.setHidden(added.id, false), 'permission-denied');
          await expectDataError(client.reviews.remove(added.id), 'permission-denied');
          await expectDataError(client.reviews.settings(), 'permission-denied');
          await expectDataError(
            client.reviews.saveSettings({ publishAtOnce: true }),
            'permission-denied',
          );
        }
        const stranger = browser();
        await expectDataError(stranger.reviews.listAll(), 'unauthenticated');
        await expectDataError(stranger.reviews.setHidden(added.id, false), 'unauthenticated');
        await expectDataError(stranger.reviews.remove(added.id), 'unauthenticated');
        await expectDataError(stranger.reviews.settings(), 'unauthenticated');
        expect((await admin.reviews.listAll()).find((item) => item.id === added.id)).toMatchObject({
          state: 'pending',
          listed: false,
        });
        expect(await admin.reviews.settings()).toEqual({ publishAtOnce: false });
        const bad = await expectDataError(
          admin.reviews.saveSettings({ publishAtOnce: 'yes' as unknown as boolean }),
          'invalid-argument',
        );
        expect(bad.code).toBe('invalid-argument');
      });
    });

    describe('messages', () => {
      const message = (text: string) => ({
        name: 'ليلى',
        email: 'laila@example.com',
        phone: '٠١١ ٢٣٤٥ ٦٧٨٩',
        message: `أريد نقل مكتب ${text}`,
      });

      it('anyone may send one; admins read them newest first', async () => {
        const text = unique();
        await browser().messages.add(message(`${text}-1`));
        await nextMillisecond();
        await (await visitor()).client.messages.add(message(`${text}-2`));
        const listed = await admin.messages.list();
        const ours = listed.filter((item) => item.message.includes(text));
        expect(ours.map((item) => item.message)).toEqual([
          `أريد نقل مكتب ${text}-2`,
          `أريد نقل مكتب ${text}-1`,
        ]);
        expect(ours[0]).toMatchObject({
          name: 'ليلى',
          email: 'laila@example.com',
          phone: '01123456789',
          id: expect.any(String),
          createdAt: expect.any(String),
        });
        expectNewestFirst(listed);
      });

      it('either a phone or an email is enough; the other reads back as null (D7)', async () => {
        const text = unique();
        const { email: _email, ...byPhone } = message(`${text}-phone`);
        const { phone: _phone, ...byEmail } = message(`${text}-email`);
        await browser().messages.add(byPhone);
        await nextMillisecond();
        await browser().messages.add(byEmail);
        const ours = (await admin.messages.list()).filter((item) => item.message.includes(text));
        expect(ours).toEqual([
          {
            id: expect.any(String),
            name: 'ليلى',
            email: 'laila@example.com',
            phone: null,
            message: `أريد نقل مكتب ${text}-email`,
            createdAt: expect.any(String),
            handled: null,
          },
          {
            id: expect.any(String),
            name: 'ليلى',
            email: null,
            phone: '01123456789',
            message: `أريد نقل مكتب ${text}-phone`,
            createdAt: expect.any(String),
            handled: null,
          },
        ]);
      });

      it('validates fields', async () => {
        const error = await expectDataError(
          browser().messages.add({ ...message(unique()), phone: '12345' }),
          'invalid-argument',
        );
        expect(error.fields?.phone).toBe('validation:phone.invalid');
      });

      it('refuses neither a phone nor an email, on both fields', async () => {
        const text = unique();
        const { email: _email, phone: _phone, ...neither } = message(text);
        const error = await expectDataError(browser().messages.add(neither), 'invalid-argument');
        expect(error.fields).toEqual({
          phone: 'validation:contact.phoneOrEmail',
          email: 'validation:contact.phoneOrEmail',
        });
        const listed = await admin.messages.list();
        expect(listed.filter((item) => item.message.includes(text))).toEqual([]);
      });

      it('only admins may read them', async () => {
        await expectDataError((await customer()).client.messages.list(), 'permission-denied');
        await expectDataError((await visitor()).client.messages.list(), 'permission-denied');
        await expectDataError(browser().messages.list(), 'unauthenticated');
      });
    });

    describe('office tools (D20)', () => {
      /** A word of Arabic letters no other order has, and none that the search folds. */
      const arabicTag = () =>
        [...unique()].map((ch) => 'بتثجحخدذرزسشصضطظعغفقكلمن'[ch.charCodeAt(0) % 24]).join('');

      it('finds an order by its name typed with another hamza, teh marbuta or alef maqsura, with diacritics or tatweel', async () => {
        // Two customers: each may hold three open moves (D13).
        const { client } = await visitor();
        const other = (await visitor()).client;
        const tag = arabicTag();
        const ahmad = await client.orders.create(orderFor(client, { fullName: `أحمد ${tag}` }));
        const bare = await client.orders.create(orderFor(client, { fullName: `احمد ${tag}ي` }));
        const fatma = await other.orders.create(orderFor(other, { fullName: `فاطمة ${tag}` }));
        const mostafa = await other.orders.create(orderFor(other, { fullName: `مصطفى ${tag}` }));
        const found = async (search: string) =>
          ids((await admin.orders.list({ search, limit: 500 })).orders).sort();
        for (const typed of [`احمد ${tag}`, `إحمد ${tag}`, `أَحْمَد ${tag}`, `أحـــمد ${tag}`]) {
          expect(await found(typed), typed).toEqual([ahmad.id, bare.id].sort());
        }
        expect(await found(`أحمد ${tag}ى`)).toEqual([bare.id]);
        expect(await found(`فاطمه ${tag}`)).toEqual([fatma.id]);
        expect(await found(`فاطِمَة ${tag}`)).toEqual([fatma.id]);
        expect(await found(`مصطفي ${tag}`)).toEqual([mostafa.id]);
        expect(await found(`مُصطـفى ${tag}`)).toEqual([mostafa.id]);
        // A word of the name alone, and the name by its phone's last digits.
        expect(await found(tag)).toEqual([ahmad.id, bare.id, fatma.id, mostafa.id].sort());
        const phone = proved.get(client)!;
        expect(await found(toArabicIndic(phone.slice(-4)))).toEqual(
          expect.arrayContaining([ahmad.id, bare.id]),
        );
        expect(await found(`سارة ${tag}`)).toEqual([]);
      });

      it('messages are not handled until an admin marks them, with who and when; the desk filters, counts and hears them', async () => {
        const desk = admin.desk;
        if (!desk) throw new Error('this adapter has no desk');
        const heard: { id: string; handled: boolean }[] = [];
        let live = false;
        const stop = desk.watch(
          (change) => {
            if (change.type === 'contactMessage') {
              heard.push({ id: change.message.id, handled: change.message.handled !== null });
            }
          },
          (up) => {
            live = up;
          },
        );
        try {
          await eventually(() => expect(live).toBe(true));
          const text = unique();
          const before = await admin.messages.unhandledCount();
          await browser().messages.add({
            name: 'منى',
            phone: '01123456789',
            message: `عندي سؤال ${text}`,
          });
          const [sent] = (await admin.messages.list()).filter((m) => m.message.includes(text));
          expect(sent).toMatchObject({ handled: null });
          await eventually(() => expect(heard).toContainEqual({ id: sent!.id, handled: false }));
          expect(await admin.messages.unhandledCount()).toBe(before + 1);
          const inUnhandled = async () =>
            (await admin.messages.list('unhandled')).some((m) => m.id === sent!.id);
          const inHandled = async () =>
            (await admin.messages.list('handled')).some((m) => m.id === sent!.id);
          expect(await inUnhandled()).toBe(true);
          expect(await inHandled()).toBe(false);

          const me = await admin.auth.current();
          const handled = await admin.messages.setHandled(sent!.id, true);
          expect(handled.handled).toEqual({ at: expect.any(String), by: me?.email ?? null });
          expect(Number.isNaN(Date.parse(handled.handled!.at))).toBe(false);
          await eventually(() => expect(heard).toContainEqual({ id: sent!.id, handled: true }));
          expect(await inUnhandled()).toBe(false);
          expect(await inHandled()).toBe(true);
          expect(await admin.messages.unhandledCount()).toBe(before);
          const listed = (await admin.messages.list()).find((m) => m.id === sent!.id);
          expect(listed?.handled).toEqual(handled.handled);
          // Marked again: the first record stays.
          expect((await admin.messages.setHandled(sent!.id, true)).handled).toEqual(
            handled.handled,
          );

          const reopened = await admin.messages.setHandled(sent!.id, false);
          expect(reopened.handled).toBeNull();
          expect(await inUnhandled()).toBe(true);
          expect(await admin.messages.unhandledCount()).toBe(before + 1);
          await expectDataError(admin.messages.setHandled('no-such-message', true), 'not-found');
        } finally {
          stop();
        }
      });

      it('only admins may mark messages or count them', async () => {
        const text = unique();
        await browser().messages.add({ name: 'منى', phone: '01123456789', message: text });
        const [sent] = (await admin.messages.list()).filter((m) => m.message === text);
        const { client } = await customer();
        await expectDataError(client.messages.setHandled(sent!.id, true), 'permission-denied');
        await expectDataError(client.messages.unhandledCount(), 'permission-denied');
        await expectDataError(browser().messages.unhandledCount(), 'unauthenticated');
        expect((await admin.messages.list()).find((m) => m.id === sent!.id)?.handled).toBeNull();
      });
    });

    describe('notifications and the admin desk (D10)', () => {
      it('an order keeps the language it was booked in and the customer’s consent', async () => {
        const { client } = await visitor();
        const asked = await client.orders.create(
          orderFor(client, { language: 'en', notifyConsent: true }),
        );
        const plain = await client.orders.create(orderFor(client));
        expect(asked).toMatchObject({ language: 'en', notifyConsent: true });
        expect(await client.orders.get(asked.id)).toMatchObject({
          language: 'en',
          notifyConsent: true,
        });
        // Never assumed: without a word from the customer, Arabic and no messages.
        expect(plain).toMatchObject({ language: 'ar', notifyConsent: false });
      });

      it('admins count new orders, read an order’s messages, and hear changes live', async () => {
        const desk = admin.desk;
        if (!desk) throw new Error('this adapter has no desk');
        const heard: string[] = [];
        let live = false;
        const stop = desk.watch(
          (change) => {
            if (change.type === 'order')
              heard.push(`${change.change.kind} ${change.change.orderNumber}`);
          },
          (up) => {
            live = up;
          },
        );
        try {
          await eventually(() => expect(live).toBe(true));
          const since = new Date(Date.now() - 1000).toISOString();
          const { client } = await visitor();
          const order = await client.orders.create(orderFor(client));
          await eventually(() => expect(heard).toContain(`created ${order.orderNumber}`));
          expect(await desk.newOrdersSince(since)).toBeGreaterThanOrEqual(1);
          expect(await desk.newOrdersSince(new Date(Date.now() + 60_000).toISOString())).toBe(0);
          // No consent, no company recipient configured: nothing to send about it.
          expect(await desk.notifications(order.id)).toEqual([]);
          await expectDataError(desk.resend('no-such-message'), 'not-found');
          await admin.orders.update(order.id, { status: 'under_review' });
          await eventually(() => expect(heard).toContain(`changed ${order.orderNumber}`));
        } finally {
          stop();
        }
      });

      it('only admins may use the desk', async () => {
        const { client } = await customer();
        const order = await client.orders.create(orderFor(client));
        await expectDataError(client.desk!.notifications(order.id), 'permission-denied');
        await expectDataError(
          client.desk!.newOrdersSince(new Date().toISOString()),
          'permission-denied',
        );
      });
    });

    describe('prices as data (D4, D11)', () => {
      it('the catalog starts at version 1, the D4 numbers and the first distance fee', async () => {
        expect(await browser().prices.catalog()).toMatchObject({
          version: 1,
          currency: 'EGP',
          base: { ...PRICE_CATALOG },
          floorFee: FLOOR_FEE,
          workerExtraPerHead: WORKER_EXTRA_PER_HEAD,
          team: { base: 2, manyFloors: 4 },
          distance: { roadFactor: 1.3, includedKm: 25, perKm: 10 },
          floors: { min: FLOOR_MIN, max: FLOOR_MAX },
          workers: { min: WORKERS_MIN, max: WORKERS_MAX, default: WORKERS_DEFAULT },
        });
      });

      it('only admins may save a version or read the history', async () => {
        const rates = ratesOf(FIRST_CATALOG);
        await expectDataError((await customer()).client.prices.save(rates), 'permission-denied');
        await expectDataError((await visitor()).client.prices.history(), 'permission-denied');
        await expectDataError(browser().prices.save(rates), 'unauthenticated');
        expect((await browser().prices.catalog()).version).toBe(1);
      });

      it('a move to another governorate pays its distance fee, stored with the order', async () => {
        const { client } = await visitor();
        const input = orderFor(client, {
          dropoffGovernorateId: 'alexandria',
          dropoffDistrictId: 'smouha',
        });
        const price = orderPrice(await client.prices.catalog(), input);
        expect(price.distanceKm).toBeGreaterThan(200);
        const order = await client.orders.create(input);
        expect(order).toMatchObject({
          dropoffGovernorateId: 'alexandria',
          dropoffDistrictId: 'smouha',
          distanceKm: price.distanceKm,
          distanceFee: price.distanceFee,
          totalPrice: price.total,
        });
        expect(await browser().tracking.get(order.orderNumber)).toMatchObject({
          governorateId: 'cairo',
          dropoffGovernorateId: 'alexandria',
        });
        const cheap = await expectDataError(
          client.orders.create({ ...input, totalPrice: price.total - price.distanceFee }),
          'invalid-argument',
        );
        expect(cheap.fields?.totalPrice).toBe('validation:order.priceMismatch');
      });

      it('refuses invalid rates with a message per field', async () => {
        const rates = ratesOf(FIRST_CATALOG);
        rates.base.loading = -1;
        rates.distance.perKm = 1.5;
        const refused = await expectDataError(admin.prices.save(rates), 'invalid-argument');
        expect(refused.fields).toEqual({
          'base.loading': 'validation:catalog.price',
          'distance.perKm': 'validation:catalog.perKm',
        });
        expect((await browser().prices.catalog()).version).toBe(1);
      });

      it('a saved version is current at once; placed orders keep theirs; a stale total is told the new one', async () => {
        const { client } = await visitor();
        const before = await client.prices.catalog();
        const placed = await client.orders.create(
          orderFor(client, { catalogVersion: before.version }),
        );
        expect(placed.catalogVersion).toBe(before.version);

        const rates = ratesOf(before);
        rates.base.full += 200;
        const saved = await admin.prices.save(rates);
        expect(saved).toMatchObject({
          version: before.version + 1,
          base: { full: rates.base.full },
        });
        expect(await browser().prices.catalog()).toEqual(saved);
        const history = await admin.prices.history();
        expect(history[0]).toMatchObject({ catalog: saved, createdBy: expect.any(String) });
        expect(history.map((v) => v.catalog.version)).toEqual(
          [...history.map((v) => v.catalog.version)].sort((a, b) => b - a),
        );

        // A customer who started before the change: refused with the new total, nothing stored.
        const stale = orderFor(client, { catalogVersion: before.version });
        const refused = await expectDataError(client.orders.create(stale), 'failed-precondition');
        expect(refused.message).toBe('errors:order.pricesChanged');
        expect(refused.details).toEqual({
          totalPrice: stale.totalPrice + 200,
          catalogVersion: saved.version,
        });
        const confirmed = await client.orders.create({
          ...stale,
          catalogVersion: saved.version,
          totalPrice: stale.totalPrice + 200,
        });
        expect(confirmed).toMatchObject({
          catalogVersion: saved.version,
          totalPrice: stale.totalPrice + 200,
        });
        expect(await client.orders.get(placed.id)).toMatchObject({
          catalogVersion: before.version,
          totalPrice: placed.totalPrice,
        });

        // Back to the first version's rates (as a new version), for the orders of other tests.
        const restored = await admin.prices.save(ratesOf(before));
        expect(restored.version).toBe(saved.version + 1);
        const tampered = await expectDataError(
          client.orders.create(
            orderFor(client, { totalPrice: 1, catalogVersion: restored.version }),
          ),
          'invalid-argument',
        );
        expect(tampered.fields?.totalPrice).toBe('validation:order.priceMismatch');
      });
    });

    describe('crews (D12)', () => {
      /** A date of its own for each test, far from the other tests' orders. */
      let day = 100;
      const nextDate = () => futureDate((day += 3));

      /**
       * Runs `body` for a date of its own on which the windows have `crews` (an exception added to
       * the current plan), then puts the plan back as it was.
       */
      async function withCrewsOn(
        crews: Record<string, number>,
        body: (date: string) => Promise<void>,
      ): Promise<void> {
        const before = await admin.capacity.plan();
        const date = nextDate();
        const exception = { date, crews, note: 'Contract' };
        await admin.capacity.save({
          windows: before.windows,
          exceptions: [...before.exceptions, exception],
        });
        try {
          await body(date);
        } finally {
          await admin.capacity.save({ windows: before.windows, exceptions: before.exceptions });
        }
      }

      it('availability says, per window, whether a crew is free', async () => {
        const date = nextDate();
        const [found] = await browser().capacity.availability(date, 1);
        expect(found!.date).toBe(date);
        expect(found!.windows.map((w) => [w.id, w.start, w.end])).toEqual(
          FIRST_CAPACITY_PLAN.windows.map((w) => [w.id, w.start, w.end]),
        );
        expect(found!.windows.every((w) => w.available)).toBe(true);
        await expectDataError(browser().capacity.availability('2026-02-30', 1), 'invalid-argument');
      });

      it('only admins may read or change the plan and the calendar', async () => {
        const { client } = await customer();
        await expectDataError(client.capacity.plan(), 'permission-denied');
        await expectDataError(client.capacity.save(FIRST_CAPACITY_PLAN), 'permission-denied');
        await expectDataError(client.capacity.calendar(futureDate(), 1), 'permission-denied');
        await expectDataError(browser().capacity.plan(), 'unauthenticated');
      });

      it('refuses an invalid plan with a message per field', async () => {
        const before = await admin.capacity.plan();
        const refused = await expectDataError(
          admin.capacity.save({
            windows: [{ id: 'a', start: '12:00', end: '10:00', crews: 1 }],
            exceptions: [],
          }),
          'invalid-argument',
        );
        expect(refused.fields).toEqual({ 'windows.0.end': 'validation:capacity.windowOrder' });
        expect((await admin.capacity.plan()).version).toBe(before.version);
      });

      it('a full window is refused with the next free ones; a cancelled order frees its crew', async () => {
        const before = await admin.capacity.plan();
        const date = nextDate();
        const draft: CapacityDraft = {
          windows: before.windows,
          exceptions: [...before.exceptions, { date, crews: { morning: 1 }, note: 'One crew' }],
        };
        const saved = await admin.capacity.save(draft);
        expect(saved).toMatchObject({ version: before.version + 1, exceptions: draft.exceptions });
        try {
          const first = await visitor();
          const second = await visitor();
          const morning = { moveDate: date, windowId: 'morning', moveTime: '08:00' };
          const held = await first.client.orders.create(orderFor(first.client, morning));
          expect(held.timeWindow).toEqual({ id: 'morning', start: '08:00', end: '12:00' });

          const full = await expectDataError(
            second.client.orders.create(orderFor(second.client, morning)),
            'failed-precondition',
          );
          expect(full.message).toBe('errors:order.windowFull');
          expect(full.details?.alternatives).toEqual([
            { date, window: { id: 'midday', start: '12:00', end: '16:00' } },
            { date, window: { id: 'evening', start: '16:00', end: '20:00' } },
            { date: futureDate(day + 1), window: { id: 'morning', start: '08:00', end: '12:00' } },
          ]);
          const [taken] = await browser().capacity.availability(date, 1);
          expect(taken!.windows.find((w) => w.id === 'morning')?.available).toBe(false);

          const [calendar] = await admin.capacity.calendar(date, 1);
          expect(calendar).toMatchObject({ date, note: 'One crew' });
          expect(calendar!.windows[0]).toMatchObject({
            id: 'morning',
            crews: 1,
            booked: 1,
            free: 0,
          });
          expect(ids(calendar!.windows[0]!.orders)).toEqual([held.id]);

          await first.client.orders.cancel(held.id);
          const [freed] = await browser().capacity.availability(date, 1);
          expect(freed!.windows.find((w) => w.id === 'morning')?.available).toBe(true);
          const second2 = await second.client.orders.create(orderFor(second.client, morning));
          expect(second2.timeWindow?.id).toBe('morning');
        } finally {
          await admin.capacity.save({ windows: before.windows, exceptions: before.exceptions });
        }
      });

      it('50 bookings at once for a window with 3 crews: exactly 3 succeed; a cancel frees one', async () => {
        // Fifty customers who proved their numbers (D13), before the race starts, five at a
        // time. Proved all at once, each of their requests to the Auth emulator waited for all
        // the others (200 of them): on a busy machine longer than the 30 s the Firebase SDK
        // gives a request, which it then fails as auth/network-request-failed.
        const customers: Awaited<ReturnType<typeof visitor>>[] = [];
        while (customers.length < 50) {
          customers.push(...(await Promise.all(Array.from({ length: 5 }, () => visitor()))));
        }
        await withCrewsOn({ midday: 3 }, async (date) => {
          const midday = { moveDate: date, windowId: 'midday', moveTime: '12:00' };
          const outcomes = await Promise.allSettled(
            customers.map(({ client }) => client.orders.create(orderFor(client, midday))),
          );
          const placed = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
          const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
          expect(placed).toHaveLength(3);
          expect(refused).toHaveLength(47);
          for (const error of refused) {
            expect(isDataError(error), String(error)).toBe(true);
            expect(error).toMatchObject({
              code: 'failed-precondition',
              message: 'errors:order.windowFull',
            });
          }
          expect((refused[0] as DataError).details?.alternatives).toEqual([
            { date, window: { id: 'morning', start: '08:00', end: '12:00' } },
            { date, window: { id: 'evening', start: '16:00', end: '20:00' } },
            { date: futureDate(day + 1), window: { id: 'morning', start: '08:00', end: '12:00' } },
          ]);
          const [calendar] = await admin.capacity.calendar(date, 1);
          expect(calendar!.windows.find((w) => w.id === 'midday')).toMatchObject({
            crews: 3,
            booked: 3,
            free: 0,
          });
          const [full] = await browser().capacity.availability(date, 1);
          expect(full!.windows.find((w) => w.id === 'midday')?.available).toBe(false);

          // One customer cancels: the window is offered again, and exactly one more gets it.
          const owner = customers.find(({ user }) => user.id === placed[0]!.userId)!;
          await owner.client.orders.cancel(placed[0]!.id);
          const [freed] = await browser().capacity.availability(date, 1);
          expect(freed!.windows.find((w) => w.id === 'midday')?.available).toBe(true);
          const again = await Promise.allSettled(
            customers
              .slice(0, 5)
              .map(({ client }) => client.orders.create(orderFor(client, midday))),
          );
          expect(again.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        });
      }, 30_000);

      it('an admin’s cancel and a deleted order free their crews; bringing one back takes it again', async () => {
        await withCrewsOn({ evening: 2 }, async (date) => {
          const evening = { moveDate: date, windowId: 'evening', moveTime: '16:00' };
          const book = async () => {
            const { client: booker } = await visitor();
            return booker.orders.create(orderFor(booker, evening));
          };
          const first = await book();
          const second = await book();
          const bookedInEvening = async () =>
            (await admin.capacity.calendar(date, 1))[0]!.windows.find((w) => w.id === 'evening')!
              .booked;
          expect(await bookedInEvening()).toBe(2);
          await expectDataError(book(), 'failed-precondition');

          await admin.orders.update(first.id, { status: 'cancelled' });
          expect(await bookedInEvening()).toBe(1);
          // A status change that keeps the order's crew changes nothing.
          await admin.orders.update(second.id, { status: 'under_review' });
          expect(await bookedInEvening()).toBe(1);
          await admin.orders.remove(second.id);
          expect(await bookedInEvening()).toBe(0);
          // An admin who brings a cancelled order back gives it its crew again (D17).
          await admin.orders.goBack(first.id, { action: 'uncancel', reason: 'Called back' });
          expect(await bookedInEvening()).toBe(1);
          const third = await book();
          expect(third.timeWindow?.id).toBe('evening');
          await expectDataError(book(), 'failed-precondition');
        });
      });

      it('a time outside every window is refused', async () => {
        const { client } = await visitor();
        const refused = await expectDataError(
          client.orders.create(orderFor(client, { moveDate: nextDate(), moveTime: '23:00' })),
          'invalid-argument',
        );
        expect(refused.fields?.moveTime).toBe('validation:time.noWindow');
      });
    });

    describe("the owner's dashboard (D25)", () => {
      it('is for admins only, and refuses a range that is not one', async () => {
        const { client } = await customer();
        await expectDataError(client.dashboard.get({}), 'permission-denied');
        await expectDataError(browser().dashboard.get({}), 'unauthenticated');
        const refused = await expectDataError(
          admin.dashboard.get({ from: '2026-11-30', to: '2026-11-01', bucket: 'day' }),
          'invalid-argument',
        );
        expect(refused.fields).toEqual({ to: 'validation:dashboard.range' });
      });

      it('counts the bookings, cancellations and revenue of the period', async () => {
        const before = await admin.dashboard.get({});
        const first = await visitor();
        const kept = await first.client.orders.create(orderFor(first.client));
        const second = await visitor();
        const dropped = await second.client.orders.create(orderFor(second.client));
        await second.client.orders.cancel(dropped.id);
        const after = await admin.dashboard.get({ from: before.from, to: before.to });
        expect(after.bucket).toBe('day');
        expect(after.series).toHaveLength(30);
        expect(after.current.bookings - before.current.bookings).toBe(2);
        expect(after.current.cancellations - before.current.cancellations).toBe(1);
        expect(after.current.dueOnDelivery - before.current.dueOnDelivery).toBe(kept.totalPrice);
        const pending = (d: typeof after) =>
          d.paymentStatuses.find((s) => s.key === 'pending')!.orders;
        expect(pending(after) - pending(before)).toBe(2);
      });
    });

    describe('dispatch (D28)', () => {
      /** The port's dispatch, or a printed skip for a backend without one (both have it, D28). */
      function dispatchOf(port: DataPort, context: { skip: () => void }) {
        if (!port.dispatch) {
          console.info('skipped: this backend has no dispatch (D28)');
          context.skip();
        }
        return port.dispatch!;
      }

      it('the office adds a crew, gives it an order, and a clash is refused with its reason', async (context) => {
        const dispatch = dispatchOf(admin, context);
        const fleet = await dispatch.fleet();
        const id = `lead-${unique()}`.toLowerCase().slice(0, 30);
        const leader = uniquePhone();
        const saved = await dispatch.saveFleet({
          // The test backends' roomy plan reads as 999 crews, the fleet's most: one makes room.
          crews: [
            ...fleet.crews.slice(0, FLEET_CREWS_MAX - 1),
            {
              id,
              name: 'فريق المعادي',
              leaderName: 'محمود حسن',
              leaderPhone: leader,
              size: 4,
              governorates: ['cairo'],
              days: [0, 1, 2, 3, 4, 5, 6],
              truckId: null,
              active: true,
            },
          ],
          trucks: fleet.trucks,
        });
        expect(saved.version).toBe(fleet.version + 1);
        expect(saved.crews.find((c) => c.id === id)?.leaderPhone).toBe(`+20${leader.slice(1)}`);

        const owner = await visitor();
        const date = futureDate(2);
        const order = await owner.client.orders.create(
          orderFor(owner.client, { moveDate: date, moveTime: '08:00' }),
        );
        expect(order.assignment?.crewId).toEqual(expect.any(String));
        const given = await dispatch.assign(order.id, { crewId: id, date, windowId: 'morning' });
        expect(given.assignment).toMatchObject({ crewId: id, by: 'admin' });
        // Another order that morning cannot have the same crew.
        const second = await owner.client.orders.create(
          orderFor(owner.client, { moveDate: date, moveTime: '08:00' }),
        );
        const refused = await expectDataError(
          dispatch.assign(second.id, { crewId: id, date, windowId: 'morning' }),
          'failed-precondition',
        );
        expect(refused.fields).toEqual({ crewId: 'errors:dispatch.crewBusy' });
        const board = await dispatch.board(date, 1);
        expect(board.orders.find((o) => o.id === order.id)?.assignment?.crewId).toBe(id);

        // The team leader signs in with their number and moves the job; a tap sent twice is one.
        const phone = browser();
        await phone.auth.ensureSession();
        await provePhone(phone, leader);
        const crewPort = dispatchOf(phone, context);
        await moveTo(order, 'under_review');
        const jobs = await crewPort.crewJobs();
        expect(jobs.crew.id).toBe(id);
        const tap = {
          tapId: `tap-${unique()}`.slice(0, 40),
          status: 'on_the_way' as const,
          tappedAt: new Date().toISOString(),
        };
        // The job is listed when it is today's or tomorrow's; taps work whatever the day.
        expect((await crewPort.crewTap(order.id, tap)).status).toBe('on_the_way');
        expect((await crewPort.crewTap(order.id, tap)).status).toBe('on_the_way');
        const after = await admin.orders.get(order.id);
        expect(after.statusHistory.filter((h) => h.status === 'on_the_way')).toHaveLength(1);
        expect((await browser().tracking.get(order.orderNumber)).crewName).toBe('محمود');
        // Someone else's phone is no team leader.
        const stranger = await visitor();
        const notCrew = await expectDataError(
          dispatchOf(stranger.client, context).crewJobs(),
          'permission-denied',
        );
        expect(notCrew.message).toBe('errors:field.notCrew');
      });

      it('two offices moving two orders into one crew’s free window at once: one wins, the other is refused and stays', async (context) => {
        const dispatch = dispatchOf(admin, context);
        const fleet = await dispatch.fleet();
        const id = `race-${unique()}`.toLowerCase().slice(0, 30);
        await dispatch.saveFleet({
          crews: [
            ...fleet.crews.slice(0, FLEET_CREWS_MAX - 1),
            {
              id,
              name: 'فريق السباق',
              leaderName: 'سامي',
              leaderPhone: null,
              size: 3,
              governorates: ['cairo'],
              days: [0, 1, 2, 3, 4, 5, 6],
              truckId: null,
              active: true,
            },
          ],
          trucks: fleet.trucks,
        });
        const owner = await visitor();
        const date = futureDate(4);
        const orders = [
          await owner.client.orders.create(
            orderFor(owner.client, { moveDate: date, moveTime: '12:00' }),
          ),
          await owner.client.orders.create(
            orderFor(owner.client, { moveDate: date, moveTime: '12:00' }),
          ),
        ];
        const outcomes = await Promise.allSettled(
          orders.map((order) =>
            dispatch.assign(order.id, { crewId: id, date, windowId: 'midday' }),
          ),
        );
        expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
        const lost = orders[outcomes.findIndex((o) => o.status === 'rejected')]!;
        const reason = (outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult)
          .reason as DataError;
        expect(reason.code).toBe('failed-precondition');
        expect(reason.fields).toEqual({ crewId: 'errors:dispatch.crewBusy' });
        // The loser is where it was, with the crew it had.
        expect((await admin.orders.get(lost.id)).assignment).toEqual(lost.assignment);
        const board = await dispatch.board(date, 1);
        expect(board.orders.filter((o) => o.assignment?.crewId === id)).toHaveLength(1);
      });
    });

    describe('one lifecycle: going back and another date (D17)', () => {
      /** A date of its own for each test, away from the other tests' orders and crews. */
      let day = 60;
      const nextDate = () => futureDate((day += 2));
      const window = (id: 'morning' | 'midday' | 'evening') =>
        ({
          morning: { id, start: '08:00', end: '12:00' },
          midday: { id, start: '12:00', end: '16:00' },
          evening: { id, start: '16:00', end: '20:00' },
        })[id];
      const slot = (date: string, id: 'morning' | 'midday' | 'evening') => ({
        moveDate: date,
        windowId: id,
        moveTime: window(id).start,
      });

      /** Runs `body` on a date of its own whose windows have `crews`, then restores the plan. */
      async function withCrewsOn(
        crews: Record<string, number>,
        body: (date: string) => Promise<void>,
      ): Promise<void> {
        const before = await admin.capacity.plan();
        const date = nextDate();
        await admin.capacity.save({
          windows: before.windows,
          exceptions: [...before.exceptions, { date, crews, note: 'Lifecycle contract' }],
        });
        try {
          await body(date);
        } finally {
          await admin.capacity.save({ windows: before.windows, exceptions: before.exceptions });
        }
      }
      const booked = async (date: string) =>
        Object.fromEntries(
          (await admin.capacity.calendar(date, 1))[0]!.windows.map((w) => [w.id, w.booked]),
        );

      it('the office moves an order one step at a time; nothing follows the ends but going back', async () => {
        const owner = await visitor();
        const order = await owner.client.orders.create(orderFor(owner.client));
        const jump = await expectDataError(
          admin.orders.update(order.id, { status: 'in_transit' }),
          'failed-precondition',
        );
        expect(jump.message).toBe('errors:lifecycle.notAllowed');
        await expectDataError(
          admin.orders.update(order.id, { status: 'received' }),
          'failed-precondition',
        );
        const delivered = await moveTo(order, 'delivered');
        for (const status of ORDER_STATUSES) {
          await expectDataError(admin.orders.update(order.id, { status }), 'failed-precondition');
        }
        expect(await admin.orders.get(order.id)).toEqual(delivered);

        // Reopening asks for a reason, and only an admin may.
        const noReason = await expectDataError(
          admin.orders.goBack(order.id, { action: 'reopen', reason: ' ' }),
          'invalid-argument',
        );
        expect(noReason.fields?.reason).toBe('validation:lifecycle.reasonRequired');
        await expectDataError(
          owner.client.orders.goBack(order.id, { action: 'reopen', reason: 'Please' }),
          'permission-denied',
        );
        const notCancelled = await expectDataError(
          admin.orders.goBack(order.id, { action: 'uncancel', reason: 'By mistake' }),
          'failed-precondition',
        );
        expect(notCancelled.message).toBe('errors:lifecycle.notCancelled');
        const reopened = await admin.orders.goBack(order.id, {
          action: 'reopen',
          reason: 'Marked delivered by mistake',
        });
        expect(reopened.status).toBe('in_transit');
        expect(
          reopened.statusHistory.map(({ status, actor, kind }) => [status, actor, kind]),
        ).toEqual([
          ['received', 'system', undefined],
          ['under_review', 'admin', undefined],
          ['in_transit', 'admin', undefined],
          ['delivered', 'admin', undefined],
          ['in_transit', 'admin', 'reopened'],
        ]);
        expect(reopened.statusHistory.at(-1)!.reason).toBe('Marked delivered by mistake');
        expect(await owner.client.orders.get(order.id)).toEqual(reopened);
        // The public view says what kind of step it was, never the office's reason.
        const tracked = await browser().tracking.get(order.orderNumber);
        expect(tracked.statusHistory.at(-1)).toEqual({
          status: 'in_transit',
          at: reopened.statusHistory.at(-1)!.at,
          actor: 'admin',
          kind: 'reopened',
        });
      });

      it('un-cancel brings an order back to where it was, only while its window has a free crew', async () => {
        await withCrewsOn({ evening: 1 }, async (date) => {
          const first = await visitor();
          const order = await first.client.orders.create(
            orderFor(first.client, slot(date, 'evening')),
          );
          await moveTo(order, 'under_review');
          await first.client.orders.cancel(order.id);
          expect(await booked(date)).toMatchObject({ evening: 0 });
          // Another customer takes the freed crew: the cancelled order cannot come back.
          const second = await visitor();
          const taker = await second.client.orders.create(
            orderFor(second.client, slot(date, 'evening')),
          );
          const full = await expectDataError(
            admin.orders.goBack(order.id, { action: 'uncancel', reason: 'The customer called' }),
            'failed-precondition',
          );
          expect(full.message).toBe('errors:lifecycle.uncancelNoCrew');
          expect(Array.isArray(full.details?.alternatives)).toBe(true);
          expect((await admin.orders.get(order.id)).status).toBe('cancelled');
          expect(await booked(date)).toMatchObject({ evening: 1 });

          await second.client.orders.cancel(taker.id);
          const back = await admin.orders.goBack(order.id, {
            action: 'uncancel',
            reason: 'The customer called',
          });
          expect(back.status).toBe('under_review');
          expect(back.statusHistory.at(-1)).toMatchObject({
            status: 'under_review',
            actor: 'admin',
            kind: 'uncancelled',
            reason: 'The customer called',
          });
          expect(await booked(date)).toMatchObject({ evening: 1 });
          // Back in the lifecycle: it moves on from where it was.
          expect((await admin.orders.update(order.id, { status: 'in_transit' })).status).toBe(
            'in_transit',
          );
        });
      });

      it('a customer moves their booking to another free window: same price, the crew moves with it', async () => {
        await withCrewsOn({ morning: 1, evening: 1 }, async (date) => {
          const owner = await customer();
          const order = await owner.client.orders.create(
            orderFor(owner.client, slot(date, 'morning')),
          );
          expect(await booked(date)).toMatchObject({ morning: 1, evening: 0 });
          const later = nextDate();
          const moved = await owner.client.orders.reschedule(order.id, {
            moveDate: date,
            windowId: 'evening',
          });
          expect(moved).toMatchObject({
            moveDate: date,
            moveTime: '16:00',
            timeWindow: window('evening'),
            status: 'received',
            totalPrice: order.totalPrice,
            paymentStatus: order.paymentStatus,
          });
          expect(moved.statusHistory.at(-1)).toMatchObject({
            status: 'received',
            actor: 'customer',
            kind: 'rescheduled',
            moved: {
              from: { date, time: '08:00', window: window('morning') },
              to: { date, time: '16:00', window: window('evening') },
            },
          });
          expect(moved.statusHistory.at(-1)!.reason).toBeUndefined();
          expect(await booked(date)).toMatchObject({ morning: 0, evening: 1 });
          // The freed morning is bookable again; the evening is full now.
          const other = await visitor();
          await other.client.orders.create(orderFor(other.client, slot(date, 'morning')));
          await expectDataError(
            other.client.orders.create(orderFor(other.client, slot(date, 'evening'))),
            'failed-precondition',
          );
          // Refusals change nothing.
          const same = await expectDataError(
            owner.client.orders.reschedule(order.id, { moveDate: date, windowId: 'evening' }),
            'failed-precondition',
          );
          expect(same.message).toBe('errors:reschedule.sameSlot');
          const full = await expectDataError(
            owner.client.orders.reschedule(order.id, { moveDate: date, windowId: 'morning' }),
            'failed-precondition',
          );
          expect(full.message).toBe('errors:order.windowFull');
          expect(Array.isArray(full.details?.alternatives)).toBe(true);
          const unknown = await expectDataError(
            owner.client.orders.reschedule(order.id, { moveDate: date, windowId: 'night' }),
            'invalid-argument',
          );
          expect(unknown.fields?.windowId).toBe('validation:time.noWindow');
          const past = await expectDataError(
            owner.client.orders.reschedule(order.id, {
              moveDate: '2020-01-01',
              windowId: 'midday',
            }),
            'invalid-argument',
          );
          expect(past.fields?.moveDate).toBe('validation:date.past');
          await expectDataError(
            (await visitor()).client.orders.reschedule(order.id, {
              moveDate: later,
              windowId: 'midday',
            }),
            'permission-denied',
          );
          await expectDataError(
            browser().orders.reschedule(order.id, { moveDate: later, windowId: 'midday' }),
            'unauthenticated',
          );
          expect(await owner.client.orders.get(order.id)).toEqual(moved);
          // To another day: the tracker shows the new date.
          const again = await owner.client.orders.reschedule(order.id, {
            moveDate: later,
            windowId: 'midday',
          });
          expect(again.moveDate).toBe(later);
          expect(await booked(date)).toMatchObject({ evening: 0 });
          const tracked = await browser().tracking.get(order.orderNumber);
          expect(tracked.moveDate).toBe(later);
          expect(tracked.statusHistory.at(-1)).toEqual({
            status: 'received',
            at: again.statusHistory.at(-1)!.at,
            actor: 'customer',
            kind: 'rescheduled',
          });
        });
      });

      it('two customers moving into the last crew of a window at once: one wins, the counts stay right', async () => {
        await withCrewsOn({ morning: 2, midday: 1 }, async (date) => {
          const racers = await Promise.all([visitor(), visitor()]);
          const orders = await Promise.all(
            racers.map(({ client }) =>
              client.orders.create(orderFor(client, slot(date, 'morning'))),
            ),
          );
          const outcomes = await Promise.allSettled(
            racers.map(({ client }, i) =>
              client.orders.reschedule(orders[i]!.id, { moveDate: date, windowId: 'midday' }),
            ),
          );
          const won = outcomes.filter((o) => o.status === 'fulfilled');
          const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
          expect(won).toHaveLength(1);
          expect(lost).toHaveLength(1);
          expect(lost[0]).toMatchObject({
            code: 'failed-precondition',
            message: 'errors:order.windowFull',
          });
          expect(await booked(date)).toMatchObject({ morning: 1, midday: 1 });
          const stored = await Promise.all(orders.map((o) => admin.orders.get(o.id)));
          expect(stored.map((o) => o.timeWindow?.id).sort()).toEqual(['midday', 'morning']);
        });
      });

      it('the office moves any open order for a caller, past the cut-off, noting why; not once it is on the way', async () => {
        const owner = await visitor();
        const order = await owner.client.orders.create(orderFor(owner.client));
        const date = nextDate();
        const moved = await admin.orders.reschedule(order.id, {
          moveDate: date,
          windowId: 'evening',
          reason: 'Called: the lift is broken that day',
        });
        expect(moved).toMatchObject({ moveDate: date, moveTime: '16:00' });
        expect(moved.statusHistory.at(-1)).toMatchObject({
          actor: 'admin',
          kind: 'rescheduled',
          reason: 'Called: the lift is broken that day',
        });
        await moveTo(order, 'in_transit');
        for (const client of [admin, owner.client]) {
          const refused = await expectDataError(
            client.orders.reschedule(order.id, { moveDate: nextDate(), windowId: 'morning' }),
            'failed-precondition',
          );
          expect(refused.message).toBe('errors:reschedule.notOpen');
        }
      });
    });
  });
}
