import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { MemoryBackend, type MemoryDataPort } from '../../../testing/memory-adapter';
import { forgetPayment, leavePage, rememberPayment } from '../../../components/ui/pay-now';
import type { Order } from '../../../data/port';
import { readConfirmation } from '../flow/booking-flow';
import { RETURN_WAIT_MS } from '../hooks/use-payment-return';
import { PaymentReturnPage } from './payment-return-page';
import { memoryCodes, newOrder, verifyPhone } from '../../../testing/order-fixtures';
import en from '../../../../locales/en/payment.json';
import ar from '../../../../locales/ar/payment.json';

// /payment-return (D3): the browser back from the gateway. Only our backend's word (the
// gateway's signed callback, settled here by the in-memory backend) moves the page on: the
// address the gateway sends back, "success=true" and all, is never believed.

const CHECKOUT = 'https://pay.example/unifiedcheckout/';

afterEach(() => {
  vi.restoreAllMocks();
  forgetPayment();
});

/** A customer's browser with a pending card order and one try started on the gateway. */
async function started(): Promise<{ backend: MemoryBackend; port: MemoryDataPort; order: Order }> {
  const backend = new MemoryBackend({ gateway: { checkoutUrl: CHECKOUT, testMode: true } });
  const port = backend.client();
  await verifyPhone(port, memoryCodes(backend));
  const order = await port.orders.create(newOrder({ paymentMethod: 'card' }));
  await port.payments.start(order.id, 'card', 'en');
  return { backend, port, order };
}

/** What Paymob's redirect carries: our reference, and its own claims we do not believe. */
function returnRoute(order: Order, claims = 'success=true&pending=false') {
  return `/payment-return?merchant_order_id=${encodeURIComponent(`${order.id}.1`)}&${claims}`;
}

function render(port: MemoryDataPort, route: string, language: 'ar' | 'en' = 'en') {
  return renderWithProviders(<PaymentReturnPage />, { language, route, port });
}

const location = () => screen.getByTestId('location');

describe('/payment-return', () => {
  it('says it is confirming until the gateway has told our backend, then shows /confirmation paid', async () => {
    const { backend, port, order } = await started();
    const progress = vi.spyOn(port.payments, 'progress');
    render(port, returnRoute(order));
    // The address says success; our backend has heard nothing yet. Once its answer is in and
    // drawn (the order's number comes with it), the page is still confirming.
    expect(await screen.findByText(en.paymentReturn.checking)).toBeVisible();
    await vi.waitFor(() => expect(progress).toHaveBeenCalledWith(order.id));
    await progress.mock.results[0]!.value;
    expect(await screen.findByText(order.orderNumber)).toBeVisible();
    expect(screen.getByText(en.paymentReturn.checking)).toBeVisible();
    expect(location()).toHaveTextContent('/payment-return');

    backend.settlePayment(order.id, 'paid');
    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'), { timeout: 5000 });
    expect(readConfirmation()).toEqual({
      orderId: order.id,
      orderNumber: order.orderNumber,
      paid: true,
      paymentMethod: 'card',
      totalPrice: order.totalPrice,
      testMode: true,
      // When and where, read from the order once it is paid (D11, D12).
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
  });

  it('declined: pay again on the gateway, with the same method or another', async () => {
    const { backend, port, order } = await started();
    backend.settlePayment(order.id, 'declined');
    // The address claims success; the backend's "declined" is what the page shows.
    const { user } = render(port, returnRoute(order));
    expect(
      await screen.findByRole('heading', { level: 1, name: en.paymentReturn.declinedTitle }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(en.paymentReturn.declined);

    const assign = vi.spyOn(leavePage, 'assign').mockImplementation(() => {});
    const methods = await screen.findByRole('group', { name: en.payNow.payWith });
    expect(within(methods).getByRole('radio', { name: en.method.card })).toBeChecked();
    await user.click(within(methods).getByRole('radio', { name: en.method.wallet }));
    await user.click(screen.getByRole('button', { name: new RegExp(`^${en.payNow.pay}`) }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(new URL(assign.mock.calls[0]![0] as string).searchParams.get('reference')).toBe(
      `${order.id}.2`,
    );
    expect(backend.paymentAttempts.at(-1)).toMatchObject({ method: 'wallet', state: 'awaiting' });
  });

  it('declined, then cash on delivery: confirmed as cash', async () => {
    const { backend, port, order } = await started();
    backend.settlePayment(order.id, 'declined');
    const { user } = render(port, returnRoute(order, 'success=false'));
    await user.click(
      await screen.findByRole('button', { name: new RegExp(`^${en.payNow.toCash}`) }),
    );
    const dialog = screen.getByRole('alertdialog', { name: en.payNow.cashTitle });
    await user.click(within(dialog).getByRole('button', { name: en.payNow.cashNo }));
    expect(backend.orders.get(order.id)!.order.paymentMethod).toBe('card');
    await user.click(screen.getByRole('button', { name: new RegExp(`^${en.payNow.toCash}`) }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: en.payNow.cashYes }),
    );
    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
    expect(readConfirmation()).toMatchObject({
      paid: false,
      paymentMethod: 'cod',
      testMode: false,
    });
    expect(backend.orders.get(order.id)!.order).toMatchObject({
      paymentMethod: 'cod',
      paymentProvider: 'cash',
    });
  });

  it('finds the order this tab sent to the gateway when the address names none', async () => {
    const { backend, port, order } = await started();
    rememberPayment({ orderId: order.id, orderNumber: order.orderNumber });
    backend.settlePayment(order.id, 'paid');
    render(port, '/payment-return');
    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
  });

  it('no order to go by, or another customer’s: says so and points to my orders', async () => {
    const { port, order } = await started();
    render(port, '/payment-return');
    expect(await screen.findByText(en.paymentReturn.unknown)).toBeVisible();

    const stranger = new MemoryBackend().client();
    const other = render(stranger, returnRoute(order), 'ar');
    expect(await within(other.container).findByText(ar.paymentReturn.unknown)).toBeVisible();
    expect(
      within(other.container).getByRole('link', { name: ar.paymentReturn.myOrders }),
    ).toHaveAttribute('href', '/my-orders');
  });

  it('a redirect without a callback: after a while, still waiting, never paid', async () => {
    const { backend, port, order } = await started();
    const realNow = Date.now.bind(Date);
    let skew = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skew);
    const { user } = render(port, returnRoute(order));
    await screen.findByText(en.paymentReturn.checking);
    skew = RETURN_WAIT_MS + 1000;
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: en.paymentReturn.waitingTitle },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(location()).toHaveTextContent('/payment-return');
    expect(backend.orders.get(order.id)!.order.paymentStatus).toBe('pending');
    // The callback comes late; "check again" finds it paid.
    backend.settlePayment(order.id, 'paid');
    skew = 0;
    await user.click(screen.getByRole('button', { name: en.paymentReturn.checkAgain }));
    await waitFor(() => expect(location()).toHaveTextContent('/confirmation'));
  });
});
