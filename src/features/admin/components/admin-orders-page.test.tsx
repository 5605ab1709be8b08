import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { renderWithProviders } from '../../../testing/render';
import { MemoryBackend, type MemoryDataPort } from '../../../testing/memory-adapter';
import { DataError } from '../../../data/port';
import { SessionContext } from '../../../data/react/session-context';
import adminEn from '../../../../locales/en/admin.json';
import adminAr from '../../../../locales/ar/admin.json';
import errorsEn from '../../../../locales/en/errors.json';
import { customerWithOrder } from '../../../testing/review-fixtures';
import { adminPort, futureDate, placeOrder } from '../testing-orders';
import { AdminGuard } from './admin-guard';
import { AdminOrdersPage } from './admin-orders-page';

function renderPage(port: MemoryDataPort, language: 'ar' | 'en' = 'en') {
  return renderWithProviders(<AdminOrdersPage />, {
    language,
    route: '/admin-orders',
    port,
    extraRoutes: [{ path: '/', element: <p>home screen</p> }],
  });
}

/** The table body of one order, found by its number. */
async function rowOf(number: string): Promise<HTMLElement> {
  const cell = await screen.findByRole('rowheader', { name: new RegExp(number) });
  return cell.closest('tbody')!;
}

describe('AdminGuard', () => {
  it('sends an anonymous visitor to /', async () => {
    renderPage(new MemoryBackend().client());
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: adminEn.panel.title })).toBeNull();
  });

  it('sends a signed-in customer to /, whatever the browser storage says', async () => {
    localStorage.setItem('isAdmin', 'true');
    try {
      const port = new MemoryBackend().client();
      await port.auth.signUp({ email: 'sara@example.com', password: 'goodpass123' });
      renderPage(port);
      expect(await screen.findByText('home screen')).toBeInTheDocument();
    } finally {
      localStorage.removeItem('isAdmin');
    }
  });

  it('waits, without redirecting, while the session is not known yet', () => {
    renderWithProviders(
      <SessionContext.Provider value={{ user: null, ready: false, signOut: async () => {} }}>
        <AdminGuard>
          <p>secret panel</p>
        </AdminGuard>
      </SessionContext.Provider>,
      { language: 'en', route: '/admin-orders' },
    );
    expect(screen.getByText(adminEn.guard.checking).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('secret panel')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-orders');
  });
});

describe('AdminOrdersPage', () => {
  it('says there are no orders yet, not that none match, when nothing is filtered', async () => {
    const port = await adminPort(new MemoryBackend());
    renderPage(port);
    expect(await screen.findByText(adminEn.orders.none)).toBeInTheDocument();
    expect(screen.queryByText(adminEn.orders.empty)).toBeNull();
  });

  it('lists every order newest first with its fields', async () => {
    const backend = new MemoryBackend();
    const older = await placeOrder(backend, { fullName: 'Older Customer' });
    backend.advanceTime(60_000);
    const newer = await placeOrder(backend, {
      fullName: 'Newer Customer',
      phoneNumber: '01198765432',
      notes: 'Piano on the 3rd floor',
    });
    renderPage(await adminPort(backend));

    const rows = await screen.findAllByRole('rowheader');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining(newer.orderNumber),
      expect.stringContaining(older.orderNumber),
    ]);
    const row = await rowOf(newer.orderNumber);
    const r = within(row);
    expect(r.getByText('Newer Customer')).toBeInTheDocument();
    expect(r.getByText('01198765432')).toBeInTheDocument();
    expect(r.getByText('Full move')).toBeInTheDocument();
    expect(r.getByText('Apartment')).toBeInTheDocument();
    expect(r.getByText('Team: 4')).toBeInTheDocument();
    expect(r.getByText('Cash on delivery')).toBeInTheDocument();
    expect(r.getByText('Pending')).toBeInTheDocument();
    expect(r.getByText('Cash')).toBeInTheDocument();
    expect(r.getAllByText(/Cairo, Maadi/)[0]).toBeInTheDocument();
    expect(r.getAllByText('Order received').length).toBeGreaterThan(0);
    expect(r.getByText('Piano on the 3rd floor')).not.toBeVisible();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('opens the details: addresses, notes and the status history with its actor', async () => {
    const backend = new MemoryBackend();
    const order = await placeOrder(backend, { notes: 'Piano on the 3rd floor' });
    const { user } = renderPage(await adminPort(backend));
    const r = within(await rowOf(order.orderNumber));
    await user.click(r.getByRole('button', { name: /^Details \(order/ }));
    expect(r.getByText('Piano on the 3rd floor')).toBeVisible();
    expect(r.getByText('12 Tahrir Street, Dokki')).toBeVisible();
    expect(r.getByText('by system')).toBeVisible();
  });

  it('search and filters ask the backend for exactly that filter', async () => {
    const backend = new MemoryBackend();
    await placeOrder(backend, { fullName: 'Mona Hassan' });
    const match = await placeOrder(backend, { fullName: 'Omar Said', phoneNumber: '01511112222' });
    const port = await adminPort(backend);
    const list = vi.spyOn(port.orders, 'list');
    const { user } = renderPage(port);
    await screen.findByText('Showing 1–2 of 2');

    await user.type(
      screen.getByRole('searchbox', { name: adminEn.orders.filters.search }),
      '01511112222',
    );
    await screen.findByText('Showing 1–1 of 1');
    expect(list).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: '01511112222', page: 1, limit: 50, sort: 'newest' }),
    );
    expect(await rowOf(match.orderNumber)).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: adminEn.orders.filters.search }));
    await screen.findByText('Showing 1–2 of 2');
    await user.selectOptions(screen.getByLabelText(adminEn.orders.filters.governorate), 'giza');
    await user.selectOptions(
      screen.getByLabelText(adminEn.orders.filters.paymentStatus),
      'pending',
    );
    await user.selectOptions(screen.getByLabelText(adminEn.orders.filters.paymentMethod), 'cod');
    await user.selectOptions(screen.getByLabelText(adminEn.orders.filters.sort), 'price-desc');
    await user.type(screen.getByLabelText(adminEn.orders.filters.dateFrom), '2030-01-01');
    await user.click(screen.getByRole('button', { name: /Under review/ }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({
        governorateId: 'giza',
        paymentStatus: 'pending',
        paymentMethod: 'cod',
        sort: 'price-desc',
        moveDateFrom: '2030-01-01',
        status: 'under_review',
        page: 1,
        limit: 50,
      }),
    );
    expect(await screen.findByText(adminEn.orders.empty)).toBeInTheDocument();
  });

  it('shows counts per status and pages of 50', async () => {
    // Fifty-one moves of one customer: more than one customer may hold open (D13).
    const backend = new MemoryBackend({ openOrdersPerCustomer: 0 });
    for (let i = 0; i < 51; i += 1) await placeOrder(backend);
    const { user } = renderPage(await adminPort(backend));
    expect(await screen.findByText('Showing 1–50 of 51')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All 51' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Order received 51' })).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: adminEn.orders.pagination.next }));
    expect(await screen.findByText('Showing 51–51 of 51')).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader')).toHaveLength(1);
  }, 60_000);

  it('updates a status: "Status updated", the list reloads with the new status', async () => {
    const backend = new MemoryBackend();
    const order = await placeOrder(backend);
    const { user } = renderPage(await adminPort(backend));
    const r = within(await rowOf(order.orderNumber));
    await user.selectOptions(r.getByLabelText(/New status for order/), 'under_review');
    await user.click(r.getByRole('button', { name: /^Update \(order/ }));
    const toast = await screen.findByText(errorsEn.adminUpdate.success);
    expect(toast.closest('[role="status"]')).toHaveTextContent(
      `${order.orderNumber}: Under review`,
    );
    await waitFor(() =>
      expect(r.getAllByText('Under review', { selector: 'span' }).length).toBeGreaterThan(0),
    );
    const stored = backend.orders.get(order.id)!.order;
    expect(stored.status).toBe('under_review');
    expect(stored.statusHistory.at(-1)).toMatchObject({ status: 'under_review', actor: 'admin' });
  });

  it('offers only the lifecycle’s next steps, forward first, and after a reload the next ones (D17)', async () => {
    const backend = new MemoryBackend();
    const order = await placeOrder(backend);
    const { user } = renderPage(await adminPort(backend));
    const r = within(await rowOf(order.orderNumber));
    const options = () =>
      r
        .getAllByRole('option')
        .map((option) => option.getAttribute('value'))
        .join(' ');
    expect(options()).toBe('under_review cancelled');
    // Reviewed: the crew sets out (D28), or the office sends it straight on the road.
    for (const next of [
      'on_the_way in_transit cancelled',
      'arrived cancelled',
      'loading cancelled',
      'in_transit cancelled',
      'delivered cancelled',
    ]) {
      await user.click(r.getByRole('button', { name: /^Update \(order/ }));
      await waitFor(() => expect(options()).toBe(next));
    }
    await user.click(r.getByRole('button', { name: /^Update \(order/ }));
    // Delivered: nothing follows but reopening, which asks first.
    expect(await r.findByRole('button', { name: /^Reopen \(order/ })).toBeInTheDocument();
    expect(r.queryByRole('combobox')).toBeNull();
    expect(backend.orders.get(order.id)!.order.statusHistory.map((h) => h.status)).toEqual([
      'received',
      'under_review',
      'on_the_way',
      'arrived',
      'loading',
      'in_transit',
      'delivered',
    ]);
  });

  it('brings a cancelled order back only with a reason, recorded with the admin (D17)', async () => {
    const backend = new MemoryBackend();
    const order = await placeOrder(backend);
    const port = await adminPort(backend);
    await port.orders.update(order.id, { status: 'under_review' });
    await port.orders.update(order.id, { status: 'cancelled' });
    const { user } = renderPage(port);
    const r = within(await rowOf(order.orderNumber));
    expect(r.queryByRole('combobox')).toBeNull();
    await user.click(r.getByRole('button', { name: /^Bring back \(order/ }));
    const dialog = await screen.findByRole('alertdialog', {
      name: adminEn.orders.goBack.uncancel.title,
    });
    expect(dialog).toHaveTextContent('comes back as “Under review”');
    // Focus starts on the safe choice.
    expect(within(dialog).getByRole('button', { name: adminEn.orders.goBack.keep })).toHaveFocus();
    await user.click(
      within(dialog).getByRole('button', { name: adminEn.orders.goBack.uncancel.confirm }),
    );
    expect(await within(dialog).findByText('Please write the reason.')).toBeInTheDocument();
    expect(backend.orders.get(order.id)!.order.status).toBe('cancelled');
    await user.type(
      within(dialog).getByLabelText(adminEn.orders.goBack.reason),
      'The customer called: cancelled by mistake',
    );
    await user.click(
      within(dialog).getByRole('button', { name: adminEn.orders.goBack.uncancel.confirm }),
    );
    expect(
      await screen.findByText(`Order ${order.orderNumber} is back: Under review`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(backend.orders.get(order.id)!.order.statusHistory.at(-1)).toMatchObject({
      status: 'under_review',
      actor: 'admin',
      kind: 'uncancelled',
      reason: 'The customer called: cancelled by mistake',
    });
    // The details show the entry and its reason.
    await user.click(r.getByRole('button', { name: /^Details \(order/ }));
    expect(await r.findByText('Brought back: Under review')).toBeInTheDocument();
    expect(r.getByText('The customer called: cancelled by mistake')).toBeInTheDocument();
  });

  it('an un-cancel refused keeps the dialog open with the reason why', async () => {
    const backend = new MemoryBackend({
      capacity: {
        windows: [{ id: 'morning', start: '08:00', end: '12:00', crews: 1 }],
        exceptions: [],
      },
    });
    const order = await placeOrder(backend);
    const port = await adminPort(backend);
    await port.orders.update(order.id, { status: 'cancelled' });
    // Another customer takes the window's only crew meanwhile.
    await placeOrder(backend, { phoneNumber: '01122223333' });
    const { user } = renderPage(port);
    const r = within(await rowOf(order.orderNumber));
    await user.click(r.getByRole('button', { name: /^Bring back \(order/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText(adminEn.orders.goBack.reason), 'Customer called');
    await user.click(
      within(dialog).getByRole('button', { name: adminEn.orders.goBack.uncancel.confirm }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      errorsEn.lifecycle.uncancelNoCrew,
    );
    expect(backend.orders.get(order.id)!.order.status).toBe('cancelled');
  });

  it('moves an order to another date and window for a caller, from its details (D17)', async () => {
    const backend = new MemoryBackend();
    const order = await placeOrder(backend, { moveTime: '09:00' });
    const { user } = renderPage(await adminPort(backend));
    const r = within(await rowOf(order.orderNumber));
    await user.click(r.getByRole('button', { name: /^Details \(order/ }));
    await user.click(await r.findByRole('button', { name: /^Change date \(order/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the date' });
    const newDate = futureDate(8);
    const date = within(dialog).getByLabelText('New date');
    await user.clear(date);
    await user.type(date, newDate);
    await user.click(await within(dialog).findByRole('radio', { name: /4:00 PM – 8:00 PM/ }));
    await user.type(within(dialog).getByLabelText(/Note for the history/), 'Called on the phone');
    await user.click(within(dialog).getByRole('button', { name: 'Move the booking' }));
    expect(
      await screen.findByText(new RegExp(`Order ${order.orderNumber} is now on`)),
    ).toBeInTheDocument();
    const stored = backend.orders.get(order.id)!.order;
    expect(stored).toMatchObject({
      moveDate: newDate,
      moveTime: '16:00',
      totalPrice: order.totalPrice,
    });
    expect(stored.statusHistory.at(-1)).toMatchObject({
      kind: 'rescheduled',
      actor: 'admin',
      reason: 'Called on the phone',
    });
  });

  it('a failed update says "Error during update"', async () => {
    const backend = new MemoryBackend();
    const order = await placeOrder(backend);
    const port = await adminPort(backend);
    vi.spyOn(port.orders, 'update').mockRejectedValue(new DataError('internal'));
    const { user } = renderPage(port);
    const r = within(await rowOf(order.orderNumber));
    await user.click(r.getByRole('button', { name: /^Update \(order/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(errorsEn.adminUpdate.failed),
    );
    expect(backend.orders.get(order.id)!.order.statusHistory).toHaveLength(1);
  });

  it('marks a cash-on-delivery order paid', async () => {
    const backend = new MemoryBackend();
    const order = await placeOrder(backend);
    const { user } = renderPage(await adminPort(backend));
    const r = within(await rowOf(order.orderNumber));
    await user.click(r.getByRole('button', { name: /^Mark paid \(order/ }));
    await waitFor(() => expect(r.getByText('Paid')).toBeInTheDocument());
    expect(r.queryByRole('button', { name: /^Mark paid \(order/ })).toBeNull();
    expect(backend.orders.get(order.id)!.order.paymentStatus).toBe('paid');
  });

  it('offers "Mark paid" only for cash still to collect, never on a cancelled order', async () => {
    const backend = new MemoryBackend();
    const open = await placeOrder(backend, { fullName: 'Open Order' });
    backend.advanceTime(60_000);
    const cancelled = await placeOrder(backend, { fullName: 'Cancelled Order' });
    const port = await adminPort(backend);
    await port.orders.update(cancelled.id, { status: 'cancelled' });
    const { user } = renderPage(port);
    const markPaid = { name: /^Mark paid \(order/ };

    const cancelledRow = within(await rowOf(cancelled.orderNumber));
    expect(cancelledRow.getByText('Pending')).toBeInTheDocument();
    expect(cancelledRow.queryByRole('button', markPaid)).toBeNull();

    // Cancelling from the panel takes the offer away too.
    const openRow = within(await rowOf(open.orderNumber));
    expect(openRow.getByRole('button', markPaid)).toBeInTheDocument();
    await user.selectOptions(openRow.getByLabelText(/New status for order/), 'cancelled');
    await user.click(openRow.getByRole('button', { name: /^Update \(order/ }));
    await waitFor(() => expect(openRow.queryByRole('button', markPaid)).toBeNull());
    expect(backend.orders.get(open.id)!.order.paymentStatus).toBe('pending');
  });

  it('deletes only after the confirm dialog', async () => {
    const backend = new MemoryBackend();
    const order = await placeOrder(backend);
    const { user } = renderPage(await adminPort(backend));
    const r = within(await rowOf(order.orderNumber));

    await user.click(r.getByRole('button', { name: /^Delete \(order/ }));
    let dialog = screen.getByRole('alertdialog', { name: adminEn.orders.confirmDelete.title });
    expect(dialog).toHaveTextContent(order.orderNumber);
    await user.click(within(dialog).getByRole('button', { name: adminEn.orders.confirmDelete.no }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(backend.orders.has(order.id)).toBe(true);

    await user.click(r.getByRole('button', { name: /^Delete \(order/ }));
    dialog = screen.getByRole('alertdialog');
    await user.click(
      within(dialog).getByRole('button', { name: adminEn.orders.confirmDelete.yes }),
    );
    expect(await screen.findByText(adminEn.orders.none)).toBeInTheDocument();
    expect(backend.orders.has(order.id)).toBe(false);
  });

  it('links to WhatsApp with a translated message naming the order and its status', async () => {
    const backend = new MemoryBackend();
    const order = await placeOrder(backend, { fullName: 'منى', phoneNumber: '٠١٠١٢٣٤٥٦٧٨' });
    renderPage(await adminPort(backend), 'ar');
    const cell = await screen.findByRole('rowheader', { name: new RegExp(order.orderNumber) });
    const link = within(cell.closest('tbody')!).getByRole('link', { name: /واتساب/ });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://wa.me/201012345678');
    expect(url.searchParams.get('text')).toBe(
      `مرحبًا منى، معك عفش بخصوص طلب النقل رقم ${order.orderNumber}. حالته الآن: تم استلام الطلب.`,
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByRole('heading', { name: adminAr.panel.title })).toBeInTheDocument();
  });

  it('shows contact messages newest first', async () => {
    const backend = new MemoryBackend();
    await backend.client().messages.add({
      name: 'Karim',
      email: 'karim@example.com',
      phone: '01012345678',
      message: 'First message',
    });
    backend.advanceTime(1000);
    await backend.client().messages.add({
      name: 'Laila',
      email: 'laila@example.com',
      phone: '01112345678',
      message: 'Second message',
    });
    const { user } = renderPage(await adminPort(backend));
    await user.click(
      await screen.findByRole('tab', { name: new RegExp(`^${adminEn.panel.tabs.messages}`) }),
    );
    const items = await within(screen.getByRole('tabpanel')).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Second message');
    expect(items[1]).toHaveTextContent('First message');
    expect(within(items[0]!).getByRole('link', { name: /laila@example.com/ })).toHaveAttribute(
      'href',
      'mailto:laila@example.com',
    );
    expect(within(items[0]!).getByRole('link', { name: /01112345678/ })).toHaveAttribute(
      'href',
      'tel:01112345678',
    );
  });

  it('shows only the way to reply a message gave, whatever the store kept for the other', async () => {
    const backend = new MemoryBackend();
    await backend
      .client()
      .messages.add({ name: 'Hoda', phone: '01012345678', message: 'By phone' });
    backend.advanceTime(1000);
    await backend.client().messages.add({
      name: 'Omar',
      email: 'omar@example.com',
      message: 'By email',
    });
    // As another store may hold a way not given: an empty string, or no field at all.
    backend.messages.push(
      {
        message: {
          id: 'stored-1',
          name: 'Sara',
          email: '',
          phone: '01112345678',
          message: 'Empty email',
          createdAt: '2020-01-01T10:00:00.000Z',
        },
        seq: 1000,
      },
      {
        message: {
          id: 'stored-2',
          name: 'Nour',
          email: 'nour@example.com',
          message: 'No phone field',
          createdAt: '2020-01-01T09:00:00.000Z',
        },
        seq: 1001,
      },
    );
    const { user } = renderPage(await adminPort(backend));
    await user.click(
      await screen.findByRole('tab', { name: new RegExp(`^${adminEn.panel.tabs.messages}`) }),
    );
    const items = await within(screen.getByRole('tabpanel')).findAllByRole('listitem');
    const links = (item: HTMLElement) =>
      within(item)
        .queryAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(items.map((item) => [item.querySelector('h3')?.textContent, links(item)])).toEqual([
      ['Omar', ['mailto:omar@example.com']],
      ['Hoda', ['tel:01012345678', expect.stringMatching(/^https:\/\/wa\.me\/201012345678\?/)]],
      ['Sara', ['tel:01112345678', expect.stringMatching(/^https:\/\/wa\.me\/201112345678\?/)]],
      ['Nour', ['mailto:nour@example.com']],
    ]);
    // No empty "Email:" or "Phone:" for the one not given, and no "undefined" or "null".
    expect(
      items.map((item) => [
        item.textContent?.includes(`${adminEn.messages.phone}: `),
        item.textContent?.includes(`${adminEn.messages.email}: `),
      ]),
    ).toEqual([
      [false, true],
      [true, false],
      [true, false],
      [false, true],
    ]);
    for (const item of items) expect(item.textContent).not.toMatch(/undefined|null/);
  });

  it('in Arabic, joins a review’s rating and date with an Arabic comma (a dot reads as ٠)', async () => {
    const backend = new MemoryBackend();
    const { client, order } = await customerWithOrder(backend, 'delivered', {
      fullName: 'هدى علي',
    });
    await client.reviews.add({ orderId: order.id, review: 'فريق ممتاز وحريص', rating: 4 });
    const { user } = renderPage(await adminPort(backend), 'ar');
    await user.click(await screen.findByRole('tab', { name: 'التقييمات' }));
    const line = (await screen.findByText(/التقييم: ٤ من ٥/)).closest('p')!;
    expect(line.textContent).toMatch(/التقييم: ٤ من ٥، [٠-٩]/);
    expect(line.textContent).not.toContain('·');
    // The order behind it, with its status in Arabic.
    const orderLine = screen.getByText(order.orderNumber).closest('p')!;
    expect(orderLine).toHaveTextContent('هدى علي');
    expect(orderLine).toHaveTextContent('تم التسليم');
    expect(screen.getByText(order.orderNumber)).toHaveClass('ltr-value');
  });

  it('publishes a held review, hides it, and deletes it (D14)', async () => {
    const backend = new MemoryBackend();
    const { client, order } = await customerWithOrder(backend, 'delivered', {
      fullName: 'Hoda Omar',
    });
    await client.reviews.add({
      orderId: order.id,
      review: 'Great team, careful with glass',
      rating: 5,
    });
    const { user } = renderPage(await adminPort(backend));
    await user.click(await screen.findByRole('tab', { name: adminEn.panel.tabs.reviews }));
    expect(await screen.findByText(adminEn.reviews.state.pending)).toBeInTheDocument();
    expect(await client.reviews.list()).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Publish (review by Hoda)' }));
    expect(await screen.findByText(adminEn.reviews.state.listed)).toBeInTheDocument();
    expect(await client.reviews.list()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Publish (review by Hoda)' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Hide (review by Hoda)' }));
    expect(await screen.findByText(adminEn.reviews.state.hidden)).toBeInTheDocument();
    expect(await client.reviews.list()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete (review by Hoda)' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', {
        name: adminEn.reviews.confirmDelete.yes,
      }),
    );
    expect(await screen.findByText(adminEn.reviews.empty)).toBeInTheDocument();
  });

  it('a published review of a move not delivered yet says so; one without an order can only be deleted', async () => {
    const backend = new MemoryBackend();
    const team = await adminPort(backend);
    await team.reviews.saveSettings({ publishAtOnce: true });
    const moving = await customerWithOrder(backend, 'in_transit', { fullName: 'Omar Said' });
    await moving.client.reviews.add({
      orderId: moving.order.id,
      review: 'So far so good',
      rating: 4,
    });
    const gone = await customerWithOrder(backend, 'delivered', { fullName: 'Laila Fahmy' });
    await gone.client.reviews.add({ orderId: gone.order.id, review: 'Lovely crew', rating: 5 });
    await team.orders.remove(gone.order.id);
    const { user } = renderPage(team);
    await user.click(await screen.findByRole('tab', { name: adminEn.panel.tabs.reviews }));
    expect(await screen.findByText(adminEn.reviews.state.afterDelivery)).toBeInTheDocument();
    expect(screen.getByText(adminEn.reviews.state.noOrder)).toBeInTheDocument();
    expect(screen.getByText(adminEn.reviews.noOrder)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish (review by Laila)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide (review by Laila)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete (review by Laila)' })).toBeInTheDocument();
  });

  it('the review setting: held for approval by default; the admin chooses to publish at once', async () => {
    const backend = new MemoryBackend();
    const { user } = renderPage(await adminPort(backend));
    await user.click(await screen.findByRole('tab', { name: adminEn.panel.tabs.reviews }));
    const settings = await screen.findByRole('group', { name: adminEn.reviews.settings.title });
    const hold = within(settings).getByRole('radio', { name: adminEn.reviews.settings.hold });
    await waitFor(() => expect(hold).toBeChecked());
    await user.click(
      within(settings).getByRole('radio', { name: adminEn.reviews.settings.publishAtOnce }),
    );
    await user.click(within(settings).getByRole('button', { name: adminEn.reviews.settings.save }));
    expect(await screen.findByText(adminEn.reviews.settings.savedPublish)).toBeInTheDocument();
    expect(backend.reviewSettings).toEqual({ publishAtOnce: true });
  });
});

describe('AdminOrdersPage filters in the URL', () => {
  const location = () => screen.getByTestId('location');
  const searchbox = () => screen.getByRole('searchbox', { name: adminEn.orders.filters.search });
  const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);

  /** The page with a Back button beside it, as the browser has. */
  function renderWithBack(port: MemoryDataPort, route = '/admin-orders') {
    function Back() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate(-1)}>
          browser back
        </button>
      );
    }
    return renderWithProviders(
      <>
        <AdminOrdersPage />
        <Back />
      </>,
      { language: 'en', route, port },
    );
  }

  it('a link with filters opens the list filtered, shows them, and "Clear filters" clears them', async () => {
    const backend = new MemoryBackend();
    await placeOrder(backend, { fullName: 'Mona Hassan' });
    const omar = await placeOrder(backend, { fullName: 'Omar Said', moveDate: futureDate(10) });
    const port = await adminPort(backend);
    await port.orders.update(omar.id, { status: 'under_review' });
    const list = vi.spyOn(port.orders, 'list');
    const from = futureDate(1);
    const to = futureDate(30);
    const query = `q=Omar&status=under_review&governorate=cairo&payment=pending&method=cod&from=${from}&to=${to}&sort=price-desc`;
    const { user } = renderWithBack(port, `/admin-orders?${query}`);

    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenLastCalledWith({
      search: 'Omar',
      status: 'under_review',
      governorateId: 'cairo',
      paymentStatus: 'pending',
      paymentMethod: 'cod',
      moveDateFrom: from,
      moveDateTo: to,
      sort: 'price-desc',
      page: 1,
      limit: 50,
    });
    expect(await rowOf(omar.orderNumber)).toBeInTheDocument();
    expect(searchbox()).toHaveValue('Omar');
    expect(screen.getByRole('button', { name: /^Under review/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(select(adminEn.orders.filters.governorate)).toHaveValue('cairo');
    expect(select(adminEn.orders.filters.paymentStatus)).toHaveValue('pending');
    expect(select(adminEn.orders.filters.paymentMethod)).toHaveValue('cod');
    expect(select(adminEn.orders.filters.sort)).toHaveValue('price-desc');
    expect(screen.getByLabelText(adminEn.orders.filters.dateFrom)).toHaveValue(from);
    expect(screen.getByLabelText(adminEn.orders.filters.dateTo)).toHaveValue(to);
    expect(location()).toHaveTextContent(`/admin-orders?${query}`);

    await user.click(screen.getByRole('button', { name: adminEn.orders.filters.clear }));
    expect(await screen.findByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/admin-orders$/);
    expect(searchbox()).toHaveValue('');
    expect(select(adminEn.orders.filters.governorate)).toHaveValue('');
    expect(select(adminEn.orders.filters.sort)).toHaveValue('newest');
    expect(screen.queryByRole('button', { name: adminEn.orders.filters.clear })).toBeNull();
  });

  it('ignores invalid values and takes them out of the address', async () => {
    const backend = new MemoryBackend();
    await placeOrder(backend, { fullName: 'Mona Hassan' });
    const port = await adminPort(backend);
    const list = vi.spyOn(port.orders, 'list');
    renderWithBack(
      port,
      '/admin-orders?status=lost&governorate=atlantis&payment=maybe&method=barter&from=2026-02-31&to=soon&sort=cheapest&page=0&utm_source=mail',
    );
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({ sort: 'newest', page: 1, limit: 50 });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/admin-orders$/));
    expect(screen.getByRole('button', { name: /^All/ })).toHaveAttribute('aria-pressed', 'true');
    expect(select(adminEn.orders.filters.sort)).toHaveValue('newest');
  });

  it('a page past the end shows the last page', async () => {
    const backend = new MemoryBackend();
    await placeOrder(backend, { fullName: 'Mona Hassan' });
    const port = await adminPort(backend);
    renderWithBack(port, '/admin-orders?q=Mona&page=7');
    expect(await screen.findByText('Mona Hassan')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/admin-orders\?q=Mona$/);
  });

  it('Back steps through filter changes; typing a search adds no steps of its own', async () => {
    const backend = new MemoryBackend();
    await placeOrder(backend, { fullName: 'Mona Hassan' });
    await placeOrder(backend, { fullName: 'Omar Said' });
    const { user } = renderWithBack(await adminPort(backend));
    await screen.findByText('Showing 1–2 of 2');

    await user.selectOptions(select(adminEn.orders.filters.paymentMethod), 'cod');
    await waitFor(() => expect(location()).toHaveTextContent('/admin-orders?method=cod'));
    await user.selectOptions(select(adminEn.orders.filters.sort), 'price-asc');
    await waitFor(() =>
      expect(location()).toHaveTextContent('/admin-orders?method=cod&sort=price-asc'),
    );
    await user.type(searchbox(), 'Omar Said');
    await waitFor(() =>
      expect(location()).toHaveTextContent('/admin-orders?q=Omar+Said&method=cod&sort=price-asc'),
    );
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();

    // One step back undoes the sort and the search typed after it, not one letter.
    await user.click(screen.getByRole('button', { name: 'browser back' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/admin-orders\?method=cod$/));
    expect(searchbox()).toHaveValue('');
    expect(select(adminEn.orders.filters.sort)).toHaveValue('newest');
    expect(select(adminEn.orders.filters.paymentMethod)).toHaveValue('cod');
    expect(await screen.findByText('Showing 1–2 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'browser back' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/admin-orders$/));
    expect(select(adminEn.orders.filters.paymentMethod)).toHaveValue('');

    // Choosing what is already chosen is no step of its own.
    const underReview = screen.getByRole('button', { name: /^Under review/ });
    await user.click(underReview);
    await waitFor(() => expect(location()).toHaveTextContent('/admin-orders?status=under_review'));
    await user.click(underReview);
    await user.click(screen.getByRole('button', { name: 'browser back' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/admin-orders$/));
  });
});
