import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../testing/memory-adapter';
import { futureDate, newOrder, placeOrder } from '../testing/order-fixtures';
import { renderWithProviders } from '../testing/render';
import authAr from '../../locales/ar/auth.json';
import ordersAr from '../../locales/ar/orders.json';
import { MyOrdersScreen } from './my-orders-screen';

// "My orders" with the auth feature's sign-in by number, as the app wires them (D13).

describe('my orders on any device (D13)', () => {
  it('signs in by number right there, then lists every order booked with it', async () => {
    const backend = new MemoryBackend();
    // Booked on another phone, and by the office for a caller with this number.
    const fromElsewhere = await placeOrder(backend, { fullName: 'منى عادل' });
    backend.createAdmin('ops@afsh.example', 'Admin-pass-2026');
    const office = backend.client();
    await office.auth.signIn({ email: 'ops@afsh.example', password: 'Admin-pass-2026' });
    const byOffice = await office.orders.create(
      newOrder({ fullName: 'منى عادل', moveDate: futureDate(4, backend.now()) }),
    );
    backend.advanceTime(60_000);

    const { user } = renderWithProviders(<MyOrdersScreen />, {
      language: 'ar',
      route: '/my-orders',
      port: backend.client(),
    });
    const signIn = await screen.findByRole('region', { name: ordersAr.signIn.title });
    await user.type(within(signIn).getByLabelText(authAr.phone.number), '٠١٠١٢٣٤٥٦٧٨');
    await user.click(within(signIn).getByRole('button', { name: authAr.phone.send }));
    const code = await within(signIn).findByLabelText(authAr.phone.code);
    await user.type(code, backend.phoneCodeFor('01012345678'));
    await user.click(within(signIn).getByRole('button', { name: authAr.phone.verify }));

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByText(fromElsewhere.orderNumber)).toBeInTheDocument();
    expect(screen.getByText(byOffice.orderNumber)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: ordersAr.signIn.title })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: ordersAr.title })).toHaveFocus(),
    );
  });

  it('a visitor who booked in this browser keeps those orders when signing in', async () => {
    const backend = new MemoryBackend();
    const port = backend.client();
    const visitor = await port.auth.ensureSession();
    // An order of this browser's anonymous session (placed before D13, or by the office's link).
    const mine = await placeOrder(backend, { phoneNumber: '01112345678' });
    backend.orders.get(mine.id)!.order.userId = visitor.id;
    const { user } = renderWithProviders(<MyOrdersScreen />, {
      language: 'ar',
      route: '/my-orders',
      port,
    });
    expect(await screen.findByRole('article')).toBeInTheDocument();
    const signIn = screen.getByRole('region', { name: ordersAr.signIn.title });
    await user.type(within(signIn).getByLabelText(authAr.phone.number), '01512345678');
    await user.click(within(signIn).getByRole('button', { name: authAr.phone.send }));
    await user.type(
      await within(signIn).findByLabelText(authAr.phone.code),
      backend.phoneCodeFor('01512345678'),
    );
    await user.click(within(signIn).getByRole('button', { name: authAr.phone.verify }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: ordersAr.signIn.title })).toBeNull(),
    );
    expect(await screen.findByText(mine.orderNumber)).toBeInTheDocument();
  });
});
