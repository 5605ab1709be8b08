import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { MemoryBackend, type MemoryDataPort } from '../../../testing/memory-adapter';
import type { NotificationMessage, Order } from '../../../data/port';
import adminEn from '../../../../locales/en/admin.json';
import adminAr from '../../../../locales/ar/admin.json';
import { adminPort, placeOrder } from '../testing-orders';
import { LAST_SEEN_KEY } from '../desk/use-desk';
import { AdminOrdersPage } from './admin-orders-page';

// The live admin desk (D10) on the in-memory backend: orders placed elsewhere appear without a
// reload and are counted since the admin last looked; each order shows its messages, live, with
// "Send again" for a failed one.

function renderPage(port: MemoryDataPort, language: 'ar' | 'en' = 'en') {
  return renderWithProviders(<AdminOrdersPage />, { language, route: '/admin-orders', port });
}

function message(order: Order, patch: Partial<NotificationMessage> = {}): NotificationMessage {
  return {
    id: crypto.randomUUID(),
    orderId: order.id,
    recipient: 'customer',
    channel: 'whatsapp',
    address: '+201012345678',
    template: 'order_created',
    language: 'ar',
    body: `استلمنا طلبك رقم ${order.orderNumber} ليوم ١٥ مارس`,
    state: 'sent',
    tries: 1,
    maxTries: 3,
    lastError: null,
    nextAttemptAt: order.createdAt,
    fallbackOf: null,
    createdAt: order.createdAt,
    sentAt: order.createdAt,
    ...patch,
  };
}

afterEach(() => {
  localStorage.clear();
});

describe('the live admin desk', () => {
  it('shows an order placed elsewhere without a reload, and counts it until the admin looks', async () => {
    const backend = new MemoryBackend();
    await placeOrder(backend);
    const { user } = renderPage(await adminPort(backend));
    await screen.findByText('Showing 1–1 of 1', undefined, { timeout: 10_000 });
    const bar = screen.getByRole('region', { name: adminEn.desk.label });
    await within(bar).findByText(adminEn.desk.live);
    expect(within(bar).getByRole('status')).toHaveTextContent(adminEn.desk.noneNew);

    const placed = await act(() => placeOrder(backend, { fullName: 'Nour Elsewhere' }));
    await screen.findByText('Showing 1–2 of 2', undefined, { timeout: 10_000 });
    expect(
      await screen.findByRole('rowheader', { name: new RegExp(placed.orderNumber) }),
    ).toBeVisible();
    await waitFor(() =>
      expect(within(bar).getByRole('status')).toHaveTextContent(
        '1 new order since you last looked',
      ),
    );
    expect(document.title).toBe(`(1) ${adminEn.panel.metaTitle}`);

    await user.click(within(bar).getByRole('button', { name: adminEn.desk.markSeen }));
    expect(within(bar).getByRole('status')).toHaveTextContent(adminEn.desk.noneNew);
    expect(document.title).toBe(adminEn.panel.metaTitle);
    expect(Date.parse(localStorage.getItem(LAST_SEEN_KEY)!)).toBeGreaterThan(
      Date.parse(placed.createdAt) - 1,
    );
  });

  it('counts, in Arabic digits, the orders placed since the last look before this visit', async () => {
    const backend = new MemoryBackend();
    localStorage.setItem(LAST_SEEN_KEY, new Date(Date.now() - 60_000).toISOString());
    for (let i = 0; i < 3; i += 1) await placeOrder(backend);
    renderPage(await adminPort(backend), 'ar');
    const bar = await screen.findByRole('region', { name: adminAr.desk.label });
    await waitFor(() =>
      expect(within(bar).getByRole('status')).toHaveTextContent(
        '٣ طلبات جديدة منذ آخر مرة اطّلعت فيها',
      ),
    );
  });

  it('lists an order’s messages, follows them live, and sends a failed one again', async () => {
    const backend = new MemoryBackend();
    const order = await placeOrder(backend);
    const failed = message(order, {
      channel: 'sms',
      state: 'failed',
      tries: 3,
      lastError: 'HTTP 500: code 20500: Internal Server Error',
      sentAt: null,
    });
    backend.notifications.push(message(order), failed);
    const { user } = renderPage(await adminPort(backend));
    const row = (
      await screen.findByRole('rowheader', { name: new RegExp(order.orderNumber) })
    ).closest('tbody')!;
    await user.click(within(row).getByRole('button', { name: /^Details/ }));

    const section = await within(row).findByRole('region', { name: adminEn.notifications.title });
    const list = await within(section).findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('WhatsApp · customer');
    expect(items[0]).toHaveTextContent('Order received (Arabic)');
    expect(items[0]).toHaveTextContent('1 of 3');
    expect(items[1]).toHaveTextContent('SMS · customer');
    expect(items[1]).toHaveTextContent('Failed');
    expect(items[1]).toHaveTextContent('code 20500');
    // Only the failed one can be sent again.
    expect(within(items[0]!).queryByRole('button', { name: /Send again/ })).toBeNull();

    await user.click(within(items[1]!).getByRole('button', { name: /Send again/ }));
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Waiting'),
    );
    expect(backend.notifications[1]!.state).toBe('pending');

    // The worker's progress arrives live.
    act(() =>
      backend.notifyDesk({
        type: 'notification',
        message: {
          ...backend.notifications[1]!,
          state: 'sent',
          tries: 4,
          sentAt: new Date().toISOString(),
        },
      }),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Sent'));
  });

  it('stops the messages to a customer who asks: waiting ones are dropped', async () => {
    const backend = new MemoryBackend();
    const order = await placeOrder(backend, { notifyConsent: true });
    backend.notifications.push(message(order, { state: 'pending', tries: 1, sentAt: null }));
    const { user } = renderPage(await adminPort(backend));
    const row = (
      await screen.findByRole(
        'rowheader',
        { name: new RegExp(order.orderNumber) },
        { timeout: 10_000 },
      )
    ).closest('tbody')!;
    await user.click(within(row).getByRole('button', { name: /^Details/ }));
    const section = await within(row).findByRole('region', { name: adminEn.notifications.title });
    await within(section).findByText('Waiting');
    await user.click(
      within(section).getByRole('button', { name: /Stop messages to the customer/ }),
    );
    expect(await within(section).findByRole('status')).toHaveTextContent(
      adminEn.notifications.stopped,
    );
    expect(within(section).getByRole('listitem')).toHaveTextContent('Cancelled');
    expect(within(section).queryByRole('button', { name: /Stop messages/ })).toBeNull();
    expect(backend.orders.get(order.id)!.order.notifyConsent).toBe(false);
  });

  it('says when the customer asked for no messages', async () => {
    const backend = new MemoryBackend();
    const order = await placeOrder(backend);
    const { user } = renderPage(await adminPort(backend));
    const row = (
      await screen.findByRole('rowheader', { name: new RegExp(order.orderNumber) })
    ).closest('tbody')!;
    await user.click(within(row).getByRole('button', { name: /^Details/ }));
    expect(await within(row).findByText(adminEn.notifications.noConsent)).toBeVisible();
    expect(await within(row).findByText(adminEn.notifications.none)).toBeVisible();
  });
});
