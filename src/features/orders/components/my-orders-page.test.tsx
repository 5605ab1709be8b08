import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { DataError } from '../../../data/port';
import { cairoInstant } from '../../../domain/datetime';
import { MemoryBackend } from '../../../testing/memory-adapter';
import { futureDate, memoryCodes, newOrder, verifyPhone } from '../../../testing/order-fixtures';
import { walkStatus } from '../../../testing/lifecycle-steps';
import { renderWithProviders } from '../../../testing/render';
import en from '../../../../locales/en/orders.json';
import enCommon from '../../../../locales/en/common.json';
import enErrors from '../../../../locales/en/errors.json';
import { leavePage } from '../../../components/ui/pay-now';
import enPayment from '../../../../locales/en/payment.json';
import { MyOrdersPage } from './my-orders-page';

const NOW = '2026-03-10T08:00:00.000Z';

/** Stands in for the auth feature's sign-in by number (wired in src/app, tested there). */
function FakeSignIn() {
  return <p>sign-in form</p>;
}

/** The card tests read these back: the floors line and the notes. */
const ORDER = { pickupFloor: 2, dropoffFloor: 1, notes: 'Fragile glass table' };

afterEach(() => {
  vi.useRealTimers();
});

async function customerWithOrders(count = 1) {
  // The card judges the cancellation policy (D16) by the browser's clock: the backend's here.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  const backend = new MemoryBackend({ now: NOW });
  const port = backend.client();
  await verifyPhone(port, memoryCodes(backend));
  const orders = [];
  for (let i = 0; i < count; i += 1) {
    orders.push(
      await port.orders.create(newOrder({ ...ORDER, moveDate: futureDate(3, backend.now()) })),
    );
    backend.advanceTime(1000);
  }
  return { backend, port, orders };
}

/** The status badge of a card (the history inside the details repeats status labels). */
const statusOf = (card: HTMLElement) =>
  within(card).getByText(`${en.card.status}:`, { exact: false }).parentElement;

describe('MyOrdersPage', () => {
  it('asks a visitor without a session to sign in, offers booking, and creates no session', async () => {
    const port = new MemoryBackend({ now: NOW }).client();
    const ensure = vi.spyOn(port.auth, 'ensureSession');
    const mine = vi.spyOn(port.orders, 'mine');
    renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });

    const signIn = await screen.findByRole('region', { name: en.signIn.title });
    expect(within(signIn).getByText('sign-in form')).toBeInTheDocument();
    expect(within(signIn).getByRole('link', { name: en.empty.start })).toHaveAttribute(
      'href',
      '/select-city',
    );
    // Not signed in is not "no orders".
    expect(screen.queryByRole('heading', { name: en.empty.title })).toBeNull();
    expect(ensure).not.toHaveBeenCalled();
    expect(mine).not.toHaveBeenCalled();
  });

  it('shows an anonymous customer this browser’s list, and sign-in for every device', async () => {
    const port = new MemoryBackend({ now: NOW }).client();
    await port.auth.ensureSession();
    renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });
    expect(await screen.findByRole('heading', { name: en.empty.title })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: en.signIn.title })).toBeInTheDocument();
  });

  it('shows no sign-in to a customer signed in with their number', async () => {
    const { port } = await customerWithOrders(1);
    renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: en.signIn.title })).toBeNull();
  });

  it('names where a move to another governorate ends, and its time window (D11, D12)', async () => {
    const backend = new MemoryBackend();
    const port = backend.client();
    await verifyPhone(port, memoryCodes(backend));
    await port.orders.create(
      newOrder({
        dropoffGovernorateId: 'giza',
        dropoffDistrictId: 'dokki',
        moveTime: '12:00',
        windowId: 'midday',
        moveDate: futureDate(3, backend.now()),
      }),
    );
    renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByText(en.card.dropoffArea)).toBeInTheDocument();
    expect(within(card).getByText('Dokki, Giza')).toBeInTheDocument();
    expect((card.textContent ?? '').replace(/\s+/g, ' ')).toContain('from 12:00 PM to 4:00 PM');
  });

  it('lists the customer’s own orders with their details, not other people’s', async () => {
    const { backend, port } = await customerWithOrders(2);
    const other = backend.client();
    await verifyPhone(other, memoryCodes(backend), '01112345678');
    const foreign = await other.orders.create(
      newOrder({
        fullName: 'Someone Else',
        phoneNumber: '01112345678',
        moveDate: futureDate(3, backend.now()),
      }),
    );

    const { user } = renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(screen.getByText('2 orders')).toBeInTheDocument();
    expect(screen.queryByText(foreign.orderNumber)).not.toBeInTheDocument();

    const card = cards[0]!;
    expect(within(card).getByText('Partial move')).toBeInTheDocument();
    expect(within(card).getByText('Maadi, Cairo')).toBeInTheDocument();
    // A move inside one district names no second area.
    expect(within(card).queryByText(en.card.dropoffArea)).toBeNull();
    expect(statusOf(card)).toHaveTextContent(enCommon.status.received);
    expect(within(card).getByText(en.paymentMethod.cod)).toBeInTheDocument();
    expect(within(card).getByText(en.paymentStatus.pending)).toBeInTheDocument();
    expect(
      within(card)
        .getByRole('link', { name: /^Track order AF-/ })
        .getAttribute('href'),
    ).toMatch(/^\/track\/AF-\d{8}-\d{3}$/);

    await user.click(within(card).getByText(en.card.details));
    expect(within(card).getByText('Mona Hassan')).toBeVisible();
    expect(within(card).getByText('01012345678')).toBeVisible();
    expect(within(card).getByText('Fragile glass table')).toBeVisible();
    expect(within(card).getByText('Pickup floor 2, drop-off floor 1')).toBeVisible();
  });

  it('cancels an order after the confirm dialog, and the card shows it cancelled', async () => {
    const { port, orders } = await customerWithOrders(1);
    const cancel = vi.spyOn(port.orders, 'cancel');
    const { user } = renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });
    const number = orders[0]!.orderNumber;
    const cancelButton = await screen.findByRole('button', { name: `Cancel order ${number}` });

    // Backing out changes nothing.
    await user.click(cancelButton);
    let dialog = screen.getByRole('alertdialog', { name: en.confirm.title });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText(number)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: en.confirm.no })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(cancel).not.toHaveBeenCalled();
    expect(cancelButton).toHaveFocus();

    await user.click(cancelButton);
    dialog = screen.getByRole('alertdialog');
    // Focus stays inside the dialog.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: en.confirm.yes })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: en.confirm.no })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: en.confirm.yes }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(cancel).toHaveBeenCalledWith(orders[0]!.id);
    const card = screen.getByRole('article');
    expect(statusOf(card)).toHaveTextContent(enCommon.status.cancelled);
    expect(within(card).queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
    expect(screen.getByText(en.card.cancelled)).toBeInTheDocument();
  });

  it('keeps the dialog open with a translated message when the cancel fails', async () => {
    const { port, orders } = await customerWithOrders(1);
    vi.spyOn(port.orders, 'cancel').mockRejectedValue(
      new DataError('failed-precondition', 'errors:orderNotCancellable'),
    );
    const { user } = renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });
    await user.click(
      await screen.findByRole('button', { name: `Cancel order ${orders[0]!.orderNumber}` }),
    );
    await user.click(screen.getByRole('button', { name: en.confirm.yes }));
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      enErrors.orderNotCancellable,
    );
    expect(statusOf(screen.getByRole('article'))).toHaveTextContent(enCommon.status.received);
  });

  it('offers no cancel once the crew is on its way', async () => {
    const { backend, port, orders } = await customerWithOrders(1);
    backend.createAdmin('boss@afsh.example', 'Moving-day-2026');
    const admin = backend.client();
    await admin.auth.signIn({ email: 'boss@afsh.example', password: 'Moving-day-2026' });
    await walkStatus(orders[0]!, 'in_transit', (id, change) => admin.orders.update(id, change));
    renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });
    const card = await screen.findByRole('article');
    expect(statusOf(card)).toHaveTextContent(enCommon.status.in_transit);
    expect(within(card).queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
    // Nor another date (D17): its crew has set out.
    expect(within(card).queryByRole('button', { name: /Change the date/ })).not.toBeInTheDocument();
  });

  it('moves a booking to another free window at the same price, and says so (D17)', async () => {
    // The dialog reads the real clock (its date field starts today): so does this backend.
    const backend = new MemoryBackend();
    const port = backend.client();
    await verifyPhone(port, memoryCodes(backend));
    const order = await port.orders.create(newOrder({ ...ORDER, moveDate: futureDate(3) }));
    const { user } = renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: /Change date of order/ }));
    const dialog = await screen.findByRole('alertdialog', { name: enCommon.reschedule.title });
    expect(dialog).toHaveTextContent(/Same move, same price: EGP\s?[\d,]+/);
    // Its own window on its own date is not offered again.
    const own = order.timeWindow!;
    const radios = await within(dialog).findAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).not.toContain(own.id);
    const newDate = futureDate(4);
    const date = within(dialog).getByLabelText(enCommon.reschedule.date);
    await user.clear(date);
    await user.type(date, newDate);
    await user.click(await within(dialog).findByRole('radio', { name: /12:00 PM – 4:00 PM/ }));
    await user.click(within(dialog).getByRole('button', { name: enCommon.reschedule.confirm }));
    expect(
      await screen.findByText(
        new RegExp(`Done: order ${order.orderNumber} is now on .*12:00 PM – 4:00 PM`),
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const stored = backend.orders.get(order.id)!.order;
    expect(stored).toMatchObject({
      moveDate: newDate,
      moveTime: '12:00',
      totalPrice: order.totalPrice,
    });
    expect(stored.statusHistory.at(-1)).toMatchObject({ kind: 'rescheduled', actor: 'customer' });
    // The card shows the new window, and its history the move.
    expect(card.querySelector('time')).toHaveTextContent(/from 12:00 PM to 4:00 PM/);
    expect(within(card).getByText(/^Date changed to /)).toBeInTheDocument();
  });

  it('offers no new date once the policy closes online changes (D16, D17)', async () => {
    const backend = new MemoryBackend();
    const port = backend.client();
    await verifyPhone(port, memoryCodes(backend));
    const order = await port.orders.create(
      newOrder({ ...ORDER, moveDate: futureDate(3), moveTime: '09:00' }),
    );
    // Booked before the policy existed: online changes close when its window starts (08:00).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(cairoInstant(order.moveDate, '08:01')!);
      renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
        language: 'en',
        route: '/my-orders',
        port,
      });
      const card = await screen.findByRole('article');
      expect(within(card).getByText(order.orderNumber)).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /Change date of order/ })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a window taken meanwhile is refused with the next free ones to pick', async () => {
    const backend = new MemoryBackend({
      capacity: {
        windows: [
          { id: 'morning', start: '08:00', end: '12:00', crews: 2 },
          { id: 'evening', start: '16:00', end: '20:00', crews: 1 },
        ],
        exceptions: [],
      },
    });
    const port = backend.client();
    await verifyPhone(port, memoryCodes(backend));
    const order = await port.orders.create(
      newOrder({ ...ORDER, moveDate: futureDate(3), moveTime: '09:00' }),
    );
    const { user } = renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: /Change date of order/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(await within(dialog).findByRole('radio', { name: /4:00 PM – 8:00 PM/ }));
    // Someone else books the evening's only crew before this customer confirms.
    const other = backend.client();
    await verifyPhone(other, memoryCodes(backend), '01199990000');
    await other.orders.create(
      newOrder({
        ...ORDER,
        phoneNumber: '01199990000',
        moveDate: futureDate(3),
        moveTime: '16:00',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: enCommon.reschedule.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(enErrors.order.windowFull);
    const offered = (await within(dialog).findByText('The next free times:')).parentElement!;
    // The backend's next free windows, without the one the order holds: the next day's morning.
    const [first] = within(offered).getAllByRole('button');
    expect(first).toHaveTextContent(/8:00 AM – 12:00 PM/);
    await user.click(first!);
    await user.click(within(dialog).getByRole('button', { name: enCommon.reschedule.confirm }));
    await waitFor(() =>
      expect(backend.orders.get(order.id)!.order).toMatchObject({
        moveDate: futureDate(4),
        moveTime: '08:00',
      }),
    );
  });

  it('follows the orders live: the office moving one on shows, and is said, without a reload (D19)', async () => {
    const { backend, port, orders } = await customerWithOrders(1);
    backend.createAdmin('desk@afsh.example', 'Moving-day-2026');
    const admin = backend.client();
    await admin.auth.signIn({ email: 'desk@afsh.example', password: 'Moving-day-2026' });
    renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });
    const card = await screen.findByRole('article');
    const status = () => card.querySelector('.order-card-head')!.textContent;
    expect(await screen.findByText(enCommon.live.on)).toBeInTheDocument();
    expect(status()).toContain(enCommon.status.received);

    await act(async () => {
      await admin.orders.update(orders[0]!.id, { status: 'under_review' });
    });
    await waitFor(() => expect(status()).toContain(enCommon.status.under_review));
    // Said once, politely, in the page's live region.
    const news = document.querySelector('.my-orders-moved')!;
    expect(news).toHaveTextContent(
      en.live.changed
        .replace('<num>{{number}}</num>', orders[0]!.orderNumber)
        .replace('{{status}}', enCommon.status.under_review),
    );
    // The number keeps its own direction in either language.
    expect(news.querySelector('bdi.ltr-value')).toHaveTextContent(orders[0]!.orderNumber);
    expect(news.closest('[aria-live="polite"]')).not.toBeNull();
    // Under review: still the customer's to cancel, and the card's actions follow the order.
    expect(within(card).getByRole('button', { name: /Cancel order/ })).toBeInTheDocument();

    // A booking from another tab joins the list.
    backend.advanceTime(1000);
    await act(async () => {
      await port.orders.create(newOrder({ ...ORDER, moveDate: futureDate(4, backend.now()) }));
    });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  it('when live updates are refused it says so, and "refresh" loads the list again', async () => {
    const { backend, port, orders } = await customerWithOrders(1);
    backend.liveRefused = true;
    backend.createAdmin('desk@afsh.example', 'Moving-day-2026');
    const admin = backend.client();
    await admin.auth.signIn({ email: 'desk@afsh.example', password: 'Moving-day-2026' });
    const { user } = renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });
    const status = async () =>
      (await screen.findByRole('article')).querySelector('.order-card-head')!.textContent;
    expect(await screen.findByText(enCommon.live.off)).toBeInTheDocument();
    await admin.orders.update(orders[0]!.id, { status: 'under_review' });
    expect(await status()).toContain(enCommon.status.received);
    await user.click(screen.getByRole('button', { name: enCommon.live.refresh }));
    await waitFor(async () => expect(await status()).toContain(enCommon.status.under_review));
  });

  it('shows a load error with a retry that works', async () => {
    const { backend, port } = await customerWithOrders(1);
    // Not live (D19): a live list would bring the orders without the retry.
    backend.liveRefused = true;
    const mine = vi.spyOn(port.orders, 'mine').mockRejectedValueOnce(new DataError('unavailable'));
    const { user } = renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.loadError);
    expect(alert).toHaveTextContent(enErrors.unavailable);
    await user.click(within(alert).getByRole('button', { name: en.retry }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(mine).toHaveBeenCalledTimes(2);
  });

  it('writes Arabic with Arabic-Indic digits and the order number as an LTR code', async () => {
    const { port, orders } = await customerWithOrders(1);
    renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'ar',
      route: '/my-orders',
      port,
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByText(orders[0]!.orderNumber)).toHaveClass('ltr-value');
    expect(within(card).getByText('المعادي، القاهرة')).toBeInTheDocument();
    expect(screen.getByText('طلب واحد')).toBeInTheDocument();
    // The weekday, the date and the window, joined by Arabic commas: a middle dot beside ٢٠٢٦
    // reads as a zero (D19).
    const when = card.querySelector('time')!;
    expect(when.textContent?.replace(/[\u200E\u200F\u061C]/g, '')).toMatch(
      /^الجمعة، [٠-٩]{1,2} مارس [٠-٩]{4}، من [٠-٩]{1,2}:[٠-٩]{2} [صم] إلى [٠-٩]{1,2}:[٠-٩]{2} [صم]$/,
    );
    expect(when.textContent).not.toMatch(/[0-9]/);
  });

  it('offers "pay now" and "cash instead" for an online order not paid yet', async () => {
    const backend = new MemoryBackend({ gateway: { checkoutUrl: 'https://pay.example/checkout' } });
    const port = backend.client();
    await verifyPhone(port, memoryCodes(backend));
    const declined = await port.orders.create(newOrder({ paymentMethod: 'card' }));
    await port.payments.start(declined.id, 'card', 'en');
    backend.settlePayment(declined.id, 'declined');
    const unpaid = await port.orders.create(newOrder({ paymentMethod: 'card' }));
    const cash = await port.orders.create(newOrder());
    const assign = vi.spyOn(leavePage, 'assign').mockImplementation(() => {});
    const { user } = renderWithProviders(<MyOrdersPage SignIn={FakeSignIn} />, {
      language: 'en',
      route: '/my-orders',
      port,
    });
    const cardOf = (number: string) => screen.getByText(number).closest('article')!;
    await screen.findByText(declined.orderNumber);
    expect(within(cardOf(declined.orderNumber)).getByText(en.card.unpaid)).toBeVisible();
    // A cash order has nothing to pay online.
    expect(within(cardOf(cash.orderNumber)).queryByText(en.card.unpaid)).toBeNull();

    // Pay the declined one again: a second try, and the browser leaves for the gateway.
    await user.click(
      await within(cardOf(declined.orderNumber)).findByRole(
        'button',
        { name: new RegExp(`^${enPayment.payNow.pay}`) },
        { timeout: 5000 },
      ),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(new URL(assign.mock.calls[0]![0] as string).searchParams.get('reference')).toBe(
      `${declined.id}.2`,
    );

    // The other one: cash on delivery instead, after the confirm dialog.
    await user.click(
      within(cardOf(unpaid.orderNumber)).getByRole('button', {
        name: new RegExp(`^${enPayment.payNow.toCash}`),
      }),
    );
    const dialog = screen.getByRole('alertdialog', { name: enPayment.payNow.cashTitle });
    await user.click(within(dialog).getByRole('button', { name: enPayment.payNow.cashYes }));
    await screen.findByText(`Order ${unpaid.orderNumber}: you will pay cash on delivery.`);
    expect(within(cardOf(unpaid.orderNumber)).queryByText(en.card.unpaid)).toBeNull();
    expect(cardOf(unpaid.orderNumber)).toHaveTextContent(en.paymentMethod.cod);
    expect(backend.orders.get(unpaid.id)!.order.paymentMethod).toBe('cod');
  });
});
