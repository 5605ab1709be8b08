import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { MemoryBackend, type MemoryDataPort } from '../../../testing/memory-adapter';
import type { Order } from '../../../data/port';
import adminEn from '../../../../locales/en/admin.json';
import adminAr from '../../../../locales/ar/admin.json';
import errorsEn from '../../../../locales/en/errors.json';
import { adminPort, orderInput } from '../testing-orders';
import { memoryCodes, verifyPhone } from '../../../testing/order-fixtures';
import { AdminOrdersPage } from './admin-orders-page';

// The admin's view of online payments (D3) on the in-memory backend with a gateway: each try
// with its provider, state, transaction id and time; refund and void of a paid one through the
// gateway after a confirmation, recorded in the order's payment history.

function gatewayBackend() {
  return new MemoryBackend({ gateway: { checkoutUrl: 'https://pay.example/checkout' } });
}

/** A card order whose first try was declined and whose second was paid. */
async function paidOnSecondTry(backend: MemoryBackend): Promise<Order> {
  const customer = backend.client();
  await verifyPhone(customer, memoryCodes(backend));
  const order = await customer.orders.create(orderInput({ paymentMethod: 'card' }));
  await customer.payments.start(order.id, 'card', 'en');
  backend.settlePayment(order.id, 'declined');
  await customer.payments.start(order.id, 'card', 'en');
  backend.settlePayment(order.id, 'paid');
  return order;
}

async function openDetails(port: MemoryDataPort, order: Order, language: 'ar' | 'en' = 'en') {
  const rendered = renderWithProviders(<AdminOrdersPage />, {
    language,
    route: '/admin-orders',
    port,
  });
  const row = (
    await screen.findByRole(
      'rowheader',
      { name: new RegExp(order.orderNumber) },
      { timeout: 10_000 },
    )
  ).closest('tbody')!;
  await rendered.user.click(
    within(row).getByRole('button', { name: language === 'en' ? /^Details/ : /^التفاصيل/ }),
  );
  return { ...rendered, row };
}

describe('online payments in the admin list', () => {
  it('lists each try with provider, state, transaction and time, and refunds after a confirmation', async () => {
    const backend = gatewayBackend();
    const order = await paidOnSecondTry(backend);
    const { user, row } = await openDetails(await adminPort(backend), order);

    const section = await within(row).findByRole('region', { name: adminEn.payments.title });
    const tries = await within(section).findAllByRole('listitem');
    const [second, first] = tries.filter((item) =>
      item.classList.contains('admin-payment-attempt'),
    );
    expect(second).toHaveTextContent('Try 2');
    expect(second).toHaveTextContent(adminEn.payments.states.paid);
    expect(second).toHaveTextContent('Paymob');
    expect(second).toHaveTextContent('Card');
    const paid = backend.paymentAttempts.find((a) => a.state === 'paid')!;
    expect(second).toHaveTextContent(paid.transactionId!);
    expect(first).toHaveTextContent('Try 1');
    expect(first).toHaveTextContent(adminEn.payments.states.declined);
    // Only the paid try can be given back; a card paid today can also be voided.
    expect(within(first!).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(within(second!).getByRole('button', { name: /^Void/ })).toBeVisible();

    // Keep: nothing is asked of the gateway.
    await user.click(within(second!).getByRole('button', { name: /^Refund/ }));
    let dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(/Refund EGP/);
    expect(dialog).toHaveTextContent(paid.transactionId!);
    await user.click(within(dialog).getByRole('button', { name: adminEn.payments.keep }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(backend.orders.get(order.id)!.order.paymentStatus).toBe('paid');

    await user.click(within(second!).getByRole('button', { name: /^Refund/ }));
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: adminEn.payments.refund }));
    await screen.findByText(`Order ${order.orderNumber}: the payment was refunded.`);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(backend.orders.get(order.id)!.order.paymentStatus).toBe('refunded');
    // The row and the history say so.
    await waitFor(() =>
      expect(within(row).getAllByText(adminEn.values.paymentStatus.refunded)[0]).toBeVisible(),
    );
    const events = within(section).getAllByRole('listitem').at(-1)!;
    expect(events).toHaveTextContent(`${adminEn.payments.events.refunded}`);
    expect(events).toHaveTextContent('by an admin');
    expect(within(section).queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  it('keeps the dialog open with the reason when the gateway refuses, and records the refusal', async () => {
    const backend = gatewayBackend();
    const order = await paidOnSecondTry(backend);
    backend.reversalRefusal = 'Transaction can not be refunded';
    const { user, row } = await openDetails(await adminPort(backend), order);
    const section = await within(row).findByRole('region', { name: adminEn.payments.title });
    await user.click(await within(section).findByRole('button', { name: /^Refund/ }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: adminEn.payments.refund }));
    await within(dialog).findByText(errorsEn.payment.reverseFailed);
    expect(backend.orders.get(order.id)!.order.paymentStatus).toBe('paid');
    await within(section).findByText(adminEn.payments.events.reverseFailed);
    expect(section).toHaveTextContent('refund: Transaction can not be refunded');
  });

  it('shows nothing for a cash order that never tried to pay online', async () => {
    const backend = gatewayBackend();
    const customer = backend.client();
    await verifyPhone(customer, memoryCodes(backend));
    const order = await customer.orders.create(orderInput());
    const port = await adminPort(backend);
    const history = vi.spyOn(port.payments, 'history');
    const { row } = await openDetails(port, order);
    await within(row).findByRole('heading', { name: adminEn.orders.history.title });
    // The payments' answer is in: once it is drawn, nothing is shown for them, not even "loading".
    await vi.waitFor(() => expect(history).toHaveBeenCalledWith(order.id));
    await history.mock.results[0]!.value;
    await waitFor(() =>
      expect(within(row).queryByRole('region', { name: adminEn.payments.title })).toBeNull(),
    );
    expect(within(row).queryByText(adminEn.payments.loading)).toBeNull();
  });

  it('numbers the tries in Arabic-Indic digits in Arabic', async () => {
    const backend = gatewayBackend();
    const order = await paidOnSecondTry(backend);
    const { row } = await openDetails(await adminPort(backend), order, 'ar');
    const section = await within(row).findByRole('region', { name: adminAr.payments.title });
    await within(section).findByText('المحاولة ٢');
    expect(section).toHaveTextContent(adminAr.payments.states.declined);
  });

  it('flags a second payment on one try: not the order’s, refunded automatically (D18)', async () => {
    const backend = gatewayBackend();
    const order = await paidOnSecondTry(backend);
    // The customer pays the same checkout again: a second transaction on the paid try.
    backend.settlePayment(order.id, 'paid');
    const extra = backend.paymentEvents.find((e) => e.kind === 'duplicatePaid')!;
    const { row } = await openDetails(await adminPort(backend), order);
    const section = await within(row).findByRole('region', { name: adminEn.payments.title });
    const extras = await within(section).findByRole('group', {
      name: adminEn.payments.extraPayments.summary.due,
    });
    const item = within(extras).getByRole('listitem');
    expect(item).toHaveTextContent(/Extra payment of EGP/);
    expect(item).toHaveTextContent(adminEn.payments.extraPayments.states.due);
    expect(item).toHaveTextContent(extra.transactionId!);
    // The try still shows its first payment, and its refund is that one's.
    const paidTry = within(section)
      .getAllByRole('listitem')
      .find(
        (li) => li.classList.contains('admin-payment-attempt') && li.textContent?.includes('Try 2'),
      )!;
    expect(paidTry).toHaveTextContent(adminEn.payments.states.paid);
    expect(paidTry).not.toHaveTextContent(extra.transactionId!);
    expect(section).toHaveTextContent(adminEn.payments.events.duplicatePaid);
    // The old "refund one of them" advice is for data from before: not shown.
    expect(section).not.toHaveTextContent(adminEn.payments.paidTwice);
  });

  it('says when the extra payment went back, and when the admin must refund it by hand', async () => {
    const backend = gatewayBackend();
    const order = await paidOnSecondTry(backend);
    backend.settlePayment(order.id, 'paid');
    backend.refundExtras(order.id);
    let rendered = await openDetails(await adminPort(backend), order);
    let section = await within(rendered.row).findByRole('region', { name: adminEn.payments.title });
    await within(section).findByRole('group', {
      name: adminEn.payments.extraPayments.summary.refunded,
    });
    expect(section).toHaveTextContent(adminEn.payments.extraPayments.states.refunded);
    expect(section).toHaveTextContent('by Afsh, automatically');
    rendered.unmount();

    const stuck = gatewayBackend();
    const other = await paidOnSecondTry(stuck);
    stuck.settlePayment(other.id, 'paid');
    stuck.reversalRefusal = 'Insufficient balance';
    // Five refusals, each after the wait the one before asks for.
    for (let i = 0; i < 5; i += 1) {
      stuck.refundExtras(other.id);
      stuck.advanceTime(60 * 60_000);
    }
    rendered = await openDetails(await adminPort(stuck), other, 'ar');
    section = await within(rendered.row).findByRole('region', { name: adminAr.payments.title });
    const group = await within(section).findByRole('group', {
      name: adminAr.payments.extraPayments.summary.failed,
    });
    expect(group).toHaveTextContent(adminAr.payments.extraPayments.byHand);
    // The refusals are counted in Arabic-Indic digits.
    expect(group).toHaveTextContent('٥');
  });
});
