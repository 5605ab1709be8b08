import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { MemoryBackend, type MemoryDataPort } from '../../../testing/memory-adapter';
import { DataError } from '../../../data/port';
import { leavePage, rememberedPayment } from '../../../components/ui/pay-now';
import { readBookingFlow, readConfirmation, BOOKING_STORAGE_KEY } from '../flow/booking-flow';
import { PaymentPage } from './payment-page';
import { COMPLETE_FLOW } from './testing-flow';
import { memoryCodes, verifyPhone } from '../../../testing/order-fixtures';
import en from '../../../../locales/en/payment.json';
import ar from '../../../../locales/ar/payment.json';
import enErrors from '../../../../locales/en/errors.json';

// /payment with a gateway (Paymob, D3), on the in-memory backend's stand-in for it: card and
// wallet are paid on the gateway's page, so no card field is shown here; the order is saved
// pending and the browser leaves for the checkout; a saved order of the same booking is paid
// again, not placed twice; when the gateway is down, cash on delivery is one click away.

const CHECKOUT = 'https://pay.example/unifiedcheckout/';

let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  sessionStorage.setItem(BOOKING_STORAGE_KEY, JSON.stringify(COMPLETE_FLOW));
  assign = vi.spyOn(leavePage, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function setup(
  options: { language?: 'ar' | 'en'; backend?: MemoryBackend; port?: MemoryDataPort } = {},
) {
  const backend =
    options.backend ?? new MemoryBackend({ gateway: { checkoutUrl: CHECKOUT, testMode: true } });
  // The same port is the same browser (its session) coming back; a new one has proved the
  // flow's number on the details step (D13).
  const port: MemoryDataPort = options.port ?? backend.client();
  if (!options.port) await verifyPhone(port, memoryCodes(backend), COMPLETE_FLOW.phoneNumber);
  const rendered = renderWithProviders(<PaymentPage />, {
    language: options.language ?? 'en',
    route: '/payment',
    port,
  });
  return { ...rendered, backend, port };
}

const location = () => screen.getByTestId('location');

/**
 * A customer who chose card and left for the checkout: the backend with the saved order, and the
 * same browser (its session) to come back with.
 */
async function leftForCheckout() {
  const backend = new MemoryBackend({ gateway: { checkoutUrl: CHECKOUT } });
  const first = await setup({ backend });
  await first.user.click(await screen.findByRole('radio', { name: new RegExp(en.method.card) }));
  await first.user.click(screen.getByRole('button', { name: en.submit.hosted }));
  await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  first.unmount();
  const [record] = [...backend.orders.values()];
  return { backend, port: first.port, order: record!.order };
}

describe('/payment with Paymob', () => {
  it('offers card, wallet and cash, and asks for no card details here', async () => {
    const { user } = await setup();
    await screen.findByRole('radio', { name: new RegExp(en.method.wallet) });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'card',
      'wallet',
      'cod',
    ]);
    await user.click(screen.getByRole('radio', { name: new RegExp(en.method.card) }));
    expect(screen.queryByLabelText(en.card.number)).toBeNull();
    expect(screen.queryByLabelText(en.card.cvv)).toBeNull();
    expect(screen.getByRole('heading', { name: en.hosted.title })).toBeVisible();
    expect(screen.getByText(en.hosted.card)).toBeVisible();
    // Paymob's test keys: the notice says no money moves.
    expect(screen.getByText(en.testMode.paymob)).toBeVisible();
    expect(screen.getByRole('button', { name: en.submit.hosted })).toBeEnabled();
  });

  it('saves the order pending, starts a payment for it, and sends the browser to the checkout', async () => {
    const { user, backend, port } = await setup();
    const create = vi.spyOn(port.orders, 'create');
    await user.click(await screen.findByRole('radio', { name: new RegExp(en.method.wallet) }));
    await user.click(screen.getByRole('button', { name: en.submit.hosted }));

    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const order = [...backend.orders.values()][0]!.order;
    expect(order).toMatchObject({
      paymentMethod: 'wallet',
      paymentStatus: 'pending',
      paymentProvider: 'paymob',
    });
    expect(create.mock.calls[0]![0]).not.toHaveProperty('paymentToken');
    const url = new URL(assign.mock.calls[0]![0] as string);
    expect(url.origin + url.pathname).toBe(CHECKOUT);
    expect(url.searchParams.get('reference')).toBe(`${order.id}.1`);
    expect(backend.paymentAttempts).toHaveLength(1);
    // What the way back needs: this tab remembers the order, the flow knows it is saved.
    expect(rememberedPayment()).toEqual({ orderId: order.id, orderNumber: order.orderNumber });
    expect(readBookingFlow()).toMatchObject({ orderId: order.id, paid: false });
    // The page stays busy while the browser leaves.
    expect(screen.getByRole('button', { name: en.submit.hosted })).toBeDisabled();
    expect(location()).toHaveTextContent('/payment');
  });

  it('back from the checkout unpaid, pays the same order again instead of placing another', async () => {
    const { backend, port, order } = await leftForCheckout();

    const again = await setup({ backend, port });
    // The page says the booking's order is saved and waits for its payment; card stays chosen.
    await screen.findByText(order.orderNumber);
    expect(screen.getByRole('radio', { name: new RegExp(en.method.card) })).toBeChecked();
    await again.user.click(screen.getByRole('button', { name: en.submit.hosted }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
    expect(backend.orders.size).toBe(1);
    expect(backend.paymentAttempts.map((a) => a.reference)).toEqual([
      `${order.id}.1`,
      `${order.id}.2`,
    ]);
  });

  it('a saved order that was paid meanwhile goes straight to the confirmation', async () => {
    const { backend, port, order } = await leftForCheckout();
    backend.settlePayment(order.id, 'paid');

    const again = await setup({ backend, port });
    await again.user.click(await screen.findByRole('button', { name: en.submit.hosted }));
    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
    expect(readConfirmation()).toMatchObject({ orderId: order.id, paid: true, testMode: true });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(backend.orders.size).toBe(1);
  });

  it('the gateway down: the order is kept, and cash on delivery is one click away', async () => {
    const { user, backend, port } = await setup();
    vi.spyOn(port.payments, 'start').mockRejectedValue(
      new DataError('unavailable', 'errors:payment.providerUnavailable'),
    );
    await user.click(await screen.findByRole('radio', { name: new RegExp(en.method.card) }));
    await user.click(screen.getByRole('button', { name: en.submit.hosted }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(enErrors.payment.providerUnavailable);
    expect(assign).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: en.payNow.toCash }));
    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
    const order = [...backend.orders.values()][0]!.order;
    expect(backend.orders.size).toBe(1);
    expect(order).toMatchObject({ paymentMethod: 'cod', paymentProvider: 'cash' });
    expect(readConfirmation()).toMatchObject({
      paid: false,
      paymentMethod: 'cod',
      testMode: false,
    });
  });

  it('choosing cash after a saved online order turns that order to cash, not a second one', async () => {
    const { backend, port } = await leftForCheckout();

    const again = await setup({ backend, port });
    await again.user.click(await screen.findByRole('radio', { name: new RegExp(en.method.cod) }));
    await again.user.click(screen.getByRole('button', { name: en.submit.cod }));
    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
    expect(backend.orders.size).toBe(1);
    expect([...backend.orders.values()][0]!.order.paymentMethod).toBe('cod');
    expect(backend.paymentEvents.map((e) => e.kind)).toEqual(['started', 'switchedToCash']);
  });

  it('offers cash only, and says so, when the payment options cannot be loaded (ar)', async () => {
    const backend = new MemoryBackend({ gateway: { checkoutUrl: CHECKOUT } });
    const port = backend.client();
    vi.spyOn(port.payments, 'options').mockRejectedValue(new Error('offline'));
    renderWithProviders(<PaymentPage />, { language: 'ar', route: '/payment', port });
    expect(await screen.findByText(ar.method.onlineUnavailable)).toBeVisible();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['cod']);
  });
});
