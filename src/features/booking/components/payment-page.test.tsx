import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { MemoryBackend } from '../../../testing/memory-adapter';
import { DataError, type DataErrorCode, type DataPort } from '../../../data/port';
import { formatMoveDay, formatTime } from '../../../domain/datetime';
import { formatMoney } from '../../../domain/money';
import { ratesOf } from '../../../domain/pricing';
import { expectedOrderTotal } from '../../../domain/booking-schemas';
import {
  BOOKING_STORAGE_KEY,
  readBookingFlow,
  readConfirmation,
  type BookingFlowState,
} from '../flow/booking-flow';
import { PaymentPage } from './payment-page';
import { COMPLETE_FLOW, dims } from './testing-flow';
import { memoryCodes, verifyPhone } from '../../../testing/order-fixtures';
import ar from '../../../../locales/ar/payment.json';
import en from '../../../../locales/en/payment.json';
import arValidation from '../../../../locales/ar/validation.json';
import enValidation from '../../../../locales/en/validation.json';
import enErrors from '../../../../locales/en/errors.json';
import arErrors from '../../../../locales/ar/errors.json';
import arPricing from '../../../../locales/ar/pricing.json';

function seed(state: BookingFlowState = COMPLETE_FLOW) {
  sessionStorage.setItem(BOOKING_STORAGE_KEY, JSON.stringify(state));
}

/** A browser of `backend` whose session proved the flow's number, as the details step left it (D13). */
async function provedClient(backend = new MemoryBackend()) {
  const port = backend.client();
  await verifyPhone(port, memoryCodes(backend), COMPLETE_FLOW.phoneNumber);
  return port;
}

async function setup(
  options: { language?: 'ar' | 'en'; port?: DataPort; backend?: MemoryBackend } = {},
) {
  const backend = options.backend ?? new MemoryBackend();
  const port = options.port ?? (await provedClient(backend));
  const result = renderWithProviders(<PaymentPage />, {
    language: options.language ?? 'en',
    route: '/payment',
    port,
  });
  return { ...result, backend, port };
}

async function allOrders(backend: MemoryBackend) {
  const admin = backend.client();
  backend.createAdmin('admin@afsh.test', 'admin-pass-1');
  await admin.auth.signIn({ email: 'admin@afsh.test', password: 'admin-pass-1' });
  return (await admin.orders.list()).orders;
}

const location = () => screen.getByTestId('location');
const norm = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
const navState = () => JSON.parse(location().dataset.state ?? 'null') as Record<string, unknown>;

async function chooseCard(user: Awaited<ReturnType<typeof setup>>['user'], strings = en) {
  await user.click(await screen.findByRole('radio', { name: new RegExp(strings.method.card) }));
}

async function fillCard(
  user: Awaited<ReturnType<typeof setup>>['user'],
  card: Partial<Record<'number' | 'holder' | 'expiry' | 'cvv', string>>,
  strings = en,
) {
  const fields = {
    number: strings.card.number,
    holder: strings.card.holder,
    expiry: strings.card.expiry,
    cvv: strings.card.cvv,
  };
  for (const [key, value] of Object.entries(card)) {
    if (value) await user.type(screen.getByLabelText(fields[key as keyof typeof fields]), value);
  }
}

describe('PaymentPage', () => {
  it('sends a customer without the flow data back to /request-summary', async () => {
    await setup();
    await waitFor(() => expect(location()).toHaveTextContent('/request-summary'));
  });

  it('redirects when a required field is missing', async () => {
    seed({ ...COMPLETE_FLOW, phoneNumber: undefined });
    await setup();
    await waitFor(() => expect(location()).toHaveTextContent('/request-summary'));
  });

  it('shows the recap in Arabic with the total', async () => {
    seed();
    await setup({ language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: ar.title })).toBeInTheDocument();
    expect(screen.getByText(arPricing.moveTypes.full.label)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: new RegExp(ar.method.cod) })).toBeChecked();
    // The move's weekday, date and time, in Arabic-Indic digits (D22).
    const day = formatMoveDay(COMPLETE_FLOW.moveDate!, 'ar');
    expect(
      screen.getByText(`${day}، الساعة ${formatTime(COMPLETE_FLOW.moveTime!, 'ar')}`),
    ).toBeInTheDocument();
    expect(day).toMatch(/^(السبت|الأحد|الاثنين|الثلاثاء|الأربعاء|الخميس|الجمعة)،/);
  });

  it('cash on delivery creates a pending order and goes to /confirmation with its state', async () => {
    seed();
    const { user, backend } = await setup();
    await user.click(await screen.findByRole('button', { name: en.submit.cod }));

    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
    const orders = await allOrders(backend);
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order).toMatchObject({
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      fullName: 'Mona Ali',
      totalPrice: COMPLETE_FLOW.totalPrice,
    });
    expect(navState()).toEqual({
      orderId: order.id,
      orderNumber: order.orderNumber,
      paid: false,
      paymentMethod: 'cod',
      totalPrice: COMPLETE_FLOW.totalPrice,
      testMode: false,
      // When and where, for the confirmation to show (D11, D12).
      move: {
        date: order.moveDate,
        start: order.moveTime,
        end: order.timeWindow?.end ?? null,
        governorateId: order.governorateId,
        districtId: order.districtId,
        dropoffGovernorateId: order.dropoffGovernorateId,
        dropoffDistrictId: order.dropoffDistrictId,
      },
    });
    expect(readBookingFlow()).toMatchObject({ orderId: order.id, orderNumber: order.orderNumber });
    expect(readConfirmation()).toEqual(navState());
  });

  it('a valid card (typed in Arabic-Indic digits) is paid through the test provider', async () => {
    seed();
    const { user, backend } = await setup({ language: 'ar' });
    await chooseCard(user, ar);
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByText(ar.testMode.title)).toBeInTheDocument();
    await fillCard(
      user,
      { number: '٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢', holder: 'Mona Ali', expiry: '١٢٩٩', cvv: '١٢٣' },
      ar,
    );
    expect(screen.getByLabelText(ar.card.number)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText(ar.card.expiry)).toHaveValue('12/99');
    await user.click(screen.getByRole('button', { name: ar.submit.card }));

    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
    const [order] = await allOrders(backend);
    expect(order).toMatchObject({
      paymentMethod: 'card',
      paymentStatus: 'paid',
      paymentProvider: 'test',
    });
    expect(navState()).toMatchObject({ paid: true, paymentMethod: 'card' });
  });

  it('never sends card details to the backend', async () => {
    seed();
    const backend = new MemoryBackend();
    const port = await provedClient(backend);
    const create = vi.spyOn(port.orders, 'create');
    const { user } = await setup({ backend, port });
    await chooseCard(user);
    await fillCard(user, {
      number: '4242424242424242',
      holder: 'Holder Name',
      expiry: '1299',
      cvv: '987',
    });
    await user.click(screen.getByRole('button', { name: en.submit.card }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const sent = JSON.stringify(create.mock.calls[0]![0]);
    expect(sent).not.toContain('4242');
    expect(sent).not.toContain('Holder Name');
    expect(sent).not.toContain('987');
    expect(sent).not.toContain('12/99');
    expect(create.mock.calls[0]![0]).toMatchObject({
      paymentToken: expect.stringMatching(/^test_ok_[A-Za-z0-9]{24}$/),
    });
    expect(Object.keys(create.mock.calls[0]![0])).not.toEqual(
      expect.arrayContaining(['cardNumber']),
    );
  });

  it.each([
    [
      'an invalid number',
      { number: '4242424242424241', holder: 'Mona Ali', expiry: '1299', cvv: '123' },
      enValidation.card.numberInvalid,
      en.card.number,
    ],
    [
      'a past expiry',
      { number: '4242424242424242', holder: 'Mona Ali', expiry: '0120', cvv: '123' },
      enValidation.card.expired,
      en.card.expiry,
    ],
    [
      'a short CVV',
      { number: '4242424242424242', holder: 'Mona Ali', expiry: '1299', cvv: '12' },
      enValidation.card.cvvInvalid,
      en.card.cvv,
    ],
  ])('%s shows its message and saves nothing', async (_, card, message, label) => {
    seed();
    const { user, backend } = await setup();
    await chooseCard(user);
    await fillCard(user, card);
    await user.click(screen.getByRole('button', { name: en.submit.card }));

    const input = screen.getByLabelText(label);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(location()).toHaveTextContent('/payment');
    expect(await allOrders(backend)).toHaveLength(0);
  });

  it('blank card fields show "Please fill in all card details" and save nothing (ar)', async () => {
    seed();
    const { user, backend } = await setup({ language: 'ar' });
    await chooseCard(user, ar);
    await fillCard(user, { number: '4242424242424242' }, ar);
    await user.click(screen.getByRole('button', { name: ar.submit.card }));
    expect(await screen.findByRole('alert')).toHaveTextContent(arValidation.card.incomplete);
    expect(screen.getByLabelText(ar.card.holder)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(ar.card.number)).toHaveAttribute('aria-invalid', 'false');
    expect(await allOrders(backend)).toHaveLength(0);
  });

  it('books in the page’s language, with messages only when the customer agreed', async () => {
    seed({ ...COMPLETE_FLOW, notifyConsent: true });
    const { user, backend } = await setup({ language: 'ar' });
    await user.click(await screen.findByRole('button', { name: ar.submit.cod }));
    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
    expect(await allOrders(backend)).toMatchObject([{ language: 'ar', notifyConsent: true }]);
  });

  it('without consent in the flow, the order asks for no messages', async () => {
    seed();
    const { user, backend } = await setup({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: en.submit.cod }));
    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
    expect(await allOrders(backend)).toMatchObject([{ language: 'en', notifyConsent: false }]);
  });

  it('a double click creates one order', async () => {
    seed();
    const backend = new MemoryBackend();
    const port = await provedClient(backend);
    let release: () => void = () => {};
    const original = port.orders.create.bind(port.orders);
    const create = vi.spyOn(port.orders, 'create').mockImplementation(async (order) => {
      await new Promise<void>((resolve) => (release = resolve));
      return original(order);
    });
    const { user } = await setup({ backend, port });
    const button = await screen.findByRole('button', { name: en.submit.cod });
    await user.dblClick(button);
    await user.click(button);
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(button).toBeDisabled();
    expect(screen.getByRole('form')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText(en.submit.submitting)).toBeInTheDocument();
    release();
    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
    expect(create).toHaveBeenCalledTimes(1);
    expect(await allOrders(backend)).toHaveLength(1);
  });

  it('a number not proved (a session that ended) goes back to prove it, nothing lost (D13)', async () => {
    seed();
    const backend = new MemoryBackend();
    const port = backend.client();
    await port.auth.ensureSession();
    const { user } = await setup({ backend, port });
    await user.click(await screen.findByRole('button', { name: en.submit.cod }));
    await waitFor(() => expect(location()).toHaveTextContent('/customer-info'));
    expect(navState()).toEqual({ verifyPhone: true, then: 'payment' });
    expect(readBookingFlow()).toEqual(expect.objectContaining({ fullName: 'Mona Ali' }));
    expect(await allOrders(backend)).toHaveLength(0);
  });

  it('places the order with the session that proved the number, without another one', async () => {
    seed();
    const backend = new MemoryBackend();
    const port = await provedClient(backend);
    const ensure = vi.spyOn(port.auth, 'ensureSession');
    const { user } = await setup({ backend, port });
    await user.click(await screen.findByRole('button', { name: en.submit.cod }));
    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
    expect(ensure).not.toHaveBeenCalled();
    expect(await port.orders.mine()).toHaveLength(1);
  });

  it('an expired session goes back to prove the number too', async () => {
    seed();
    const port = await provedClient();
    vi.spyOn(port.orders, 'create').mockRejectedValue(
      new DataError('unauthenticated', 'errors:unauthenticated'),
    );
    const { user } = await setup({ port });
    await user.click(await screen.findByRole('button', { name: en.submit.cod }));
    await waitFor(() => expect(location()).toHaveTextContent('/customer-info'));
  });

  it.each<[DataErrorCode, string]>([
    ['permission-denied', enErrors.payment.permissionDenied],
    ['invalid-argument', enErrors.payment.invalidArgument],
    ['unavailable', enErrors.payment.unavailable],
    ['internal', enErrors.payment.failed],
  ])('a save error %s shows its message, and nothing is lost', async (code, message) => {
    seed();
    const port = await provedClient();
    vi.spyOn(port.orders, 'create').mockRejectedValue(new DataError(code));
    const { user } = await setup({ port });
    await user.click(await screen.findByRole('button', { name: en.submit.cod }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(enErrors.payment.saveError);
    expect(alert).toHaveTextContent(message);
    expect(location()).toHaveTextContent('/payment');
    expect(readBookingFlow()).toMatchObject({
      fullName: 'Mona Ali',
      pickupAddress: COMPLETE_FLOW.pickupAddress,
    });
    expect(screen.getByRole('button', { name: en.submit.cod })).toBeEnabled();
  });

  it('a network failure (not a DataError) shows the generic message (ar)', async () => {
    seed();
    const port = await provedClient();
    vi.spyOn(port.orders, 'create').mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = await setup({ port, language: 'ar' });
    await user.click(await screen.findByRole('button', { name: ar.submit.cod }));
    expect(await screen.findByRole('alert')).toHaveTextContent(arErrors.payment.failed);
  });

  it('lists invalid fields the server names', async () => {
    seed();
    const port = await provedClient();
    vi.spyOn(port.orders, 'create').mockRejectedValue(
      new DataError('invalid-argument', 'invalid', {
        fields: { phoneNumber: 'validation:phone.invalid' },
      }),
    );
    const { user } = await setup({ port });
    await user.click(await screen.findByRole('button', { name: en.submit.cod }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      `${en.fields.phoneNumber}: ${enValidation.phone.invalid}`,
    );
    expect(within(alert).getByRole('link', { name: en.errors.completeLink })).toHaveAttribute(
      'href',
      '/request-summary',
    );
  });

  it('a changed price points back to the date screen', async () => {
    seed();
    const port = await provedClient();
    // The server's catalog moved on since this page was loaded (a deploy in between).
    vi.spyOn(port.orders, 'create').mockRejectedValue(
      new DataError('invalid-argument', 'validation:order.priceMismatch', {
        fields: { totalPrice: 'validation:order.priceMismatch' },
      }),
    );
    const { user } = await setup({ port });
    await user.click(await screen.findByRole('button', { name: en.submit.cod }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(enErrors.order.priceMismatch);
    expect(within(alert).getByRole('link', { name: en.errors.priceMismatchLink })).toHaveAttribute(
      'href',
      '/date-selection',
    );
  });

  it('prices the order from the flow’s choices, not from a stale stored total', async () => {
    seed({ ...COMPLETE_FLOW, totalPrice: 999 });
    const { user, backend } = await setup();
    expect(await screen.findByText(en.recap.total)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('999');
    await user.click(await screen.findByRole('button', { name: en.submit.cod }));
    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
    const [order] = await allOrders(backend);
    expect(order?.totalPrice).toBe(expectedOrderTotal(dims));
  });

  it('over the order limit, offers the phone and WhatsApp and keeps the booking', async () => {
    seed();
    const port = await provedClient();
    vi.spyOn(port.orders, 'create').mockRejectedValue(
      new DataError('rate-limited', 'errors:order.limitReached', { retryAfterSeconds: 3600 }),
    );
    const { user } = await setup({ port });
    await user.click(await screen.findByRole('button', { name: en.submit.cod }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(enErrors.order.limitReached);
    expect(within(alert).getByRole('link', { name: /Call us/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
    expect(within(alert).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\//),
    );
    expect(readBookingFlow()).toMatchObject({ fullName: COMPLETE_FLOW.fullName });
  });

  describe('prices as data (D11) and crews (D12)', () => {
    const enBooking = { title: 'Our prices changed since you chose your date' };

    async function adminOf(backend: MemoryBackend) {
      backend.createAdmin('prices@afsh.test', 'admin-pass-1');
      const admin = backend.client();
      await admin.auth.signIn({ email: 'prices@afsh.test', password: 'admin-pass-1' });
      return admin;
    }

    async function raiseFullMove(backend: MemoryBackend, by: number) {
      const admin = await adminOf(backend);
      const rates = ratesOf(await admin.prices.catalog());
      rates.base.full += by;
      return admin.prices.save(rates);
    }

    it('prices changed before the page opened: the new total is shown and must be accepted', async () => {
      const backend = new MemoryBackend();
      await raiseFullMove(backend, 300);
      seed({ ...COMPLETE_FLOW, catalogVersion: 1 });
      const { user } = await setup({ backend });
      const notice = await screen.findByText(enBooking.title);
      // News, not an error (D22): a status, with no error box beside it.
      const box = notice.closest('[role="status"]') as HTMLElement;
      expect(screen.queryByRole('alert')).toBeNull();
      const was = COMPLETE_FLOW.totalPrice!;
      expect(box).toHaveTextContent(norm(formatMoney(was + 300, 'en')));
      expect(box).toHaveTextContent(norm(formatMoney(was, 'en')));

      // Paying first is not accepting: nothing is placed, the notice takes the focus.
      await user.click(screen.getByRole('button', { name: en.submit.cod }));
      await waitFor(() => expect(box).toHaveFocus());
      expect(await allOrders(backend)).toHaveLength(0);

      await user.click(within(box).getByRole('button', { name: /Continue with the new total/ }));
      expect(screen.queryByText(enBooking.title)).toBeNull();
      await user.click(screen.getByRole('button', { name: en.submit.cod }));
      await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
      const [order] = await allOrders(backend);
      expect(order).toMatchObject({ totalPrice: was + 300, catalogVersion: 2 });
    });

    it('prices changed while paying: the server says so with the new total, then it can be accepted', async () => {
      const backend = new MemoryBackend();
      seed({ ...COMPLETE_FLOW, catalogVersion: 1 });
      const { user } = await setup({ backend });
      await screen.findByRole('button', { name: en.submit.cod });
      // The page has the first version from the backend; an admin saves another before the
      // customer pays.
      await waitFor(() => expect(sessionStorage.getItem('afsh.catalog')).toContain('"version":1'));
      await raiseFullMove(backend, 150);
      await user.click(screen.getByRole('button', { name: en.submit.cod }));
      const newTotal = norm(formatMoney(COMPLETE_FLOW.totalPrice! + 150, 'en'));
      const was = norm(formatMoney(COMPLETE_FLOW.totalPrice!, 'en'));
      // The news with the new total, focused; no "error saving the order" beside it (D22).
      const notice = (await screen.findByText(enBooking.title)).closest('[role="status"]');
      expect(notice).toHaveTextContent(`${newTotal} instead of ${was}`);
      await waitFor(() => expect(notice).toHaveFocus());
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText(enErrors.payment.saveError)).toBeNull();
      expect(await allOrders(backend)).toHaveLength(0);
      await user.click(await screen.findByRole('button', { name: /Continue with the new total/ }));
      await user.click(screen.getByRole('button', { name: en.submit.cod }));
      await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
    });

    it('a window that filled up meanwhile points back to choosing another time', async () => {
      seed();
      const port = await provedClient();
      vi.spyOn(port.orders, 'create').mockRejectedValue(
        new DataError('failed-precondition', 'errors:order.windowFull', {
          fields: { moveTime: 'errors:order.windowFull' },
          details: { alternatives: [] },
        }),
      );
      const { user } = await setup({ port });
      await user.click(await screen.findByRole('button', { name: en.submit.cod }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(enErrors.order.windowFull);
      expect(within(alert).getByRole('link', { name: en.errors.chooseTimeLink })).toHaveAttribute(
        'href',
        '/date-selection',
      );
    });
  });
});
