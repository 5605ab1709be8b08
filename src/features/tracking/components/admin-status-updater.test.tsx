import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { DataError, type DataPort } from '../../../data/port';
import { MemoryBackend } from '../../../testing/memory-adapter';
import { placeOrder } from '../../../testing/order-fixtures';
import { renderWithProviders } from '../../../testing/render';
import adminEn from '../../../../locales/en/admin.json';
import errorsEn from '../../../../locales/en/errors.json';
import { TrackOrderPage } from './track-order-page';

async function setup(
  asAdmin: boolean,
  patch?: (port: DataPort) => void,
  { live = true }: { live?: boolean } = {},
) {
  const backend = new MemoryBackend();
  backend.liveRefused = !live;
  const order = await placeOrder(backend);
  const port = backend.client();
  if (asAdmin) {
    backend.createAdmin('boss@afsh.example', 'Admin-pass-2026');
    await port.auth.signIn({ email: 'boss@afsh.example', password: 'Admin-pass-2026' });
  }
  patch?.(port);
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/track/:orderId" element={<TrackOrderPage />} />
    </Routes>,
    { language: 'en', route: `/track/${order.orderNumber}`, port },
  );
  return { backend, port, order, ...rendered };
}

describe('AdminStatusUpdater on the tracker', () => {
  it('is not there for a customer', async () => {
    await setup(false);
    await screen.findByRole('heading', { name: /Status history/ });
    expect(screen.queryByRole('heading', { name: adminEn.tracker.title })).toBeNull();
  });

  it('lets an admin change the status; the progress and timeline follow', async () => {
    // Not live (D19), so the fresh view is the refresh's: live, the watch would bring it first.
    const { user, backend, order, port } = await setup(true, undefined, { live: false });
    const section = (await screen.findByRole('heading', { name: adminEn.tracker.title })).closest(
      'section',
    )!;
    // A real network answers later than the memory backend: the fresh view is held until the
    // test lets it through, so what the page shows meanwhile can be seen.
    const get = port.tracking.get.bind(port.tracking);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = vi.fn();
    port.tracking.get = async (number) => {
      asked(number);
      await held;
      return get(number);
    };
    const select = await within(section).findByLabelText(adminEn.tracker.label);
    await user.selectOptions(select, 'under_review');
    await user.click(within(section).getByRole('button', { name: adminEn.tracker.update }));
    await waitFor(() => expect(backend.orders.get(order.id)!.order.status).toBe('under_review'));
    // The look-up runs again; while its answer is on its way the updater and its confirmation
    // stay, and the timeline still shows what it showed.
    await vi.waitFor(() => expect(asked).toHaveBeenCalledWith(order.orderNumber));
    expect(await within(section).findByText(errorsEn.adminUpdate.success)).toBeInTheDocument();
    const history = (await screen.findByRole('heading', { name: /Status history/ })).closest(
      'section',
    )!;
    const current = () => history.querySelector('[aria-current="step"] .order-timeline-status');
    expect(current()).toHaveTextContent('Order received');
    // The fresh view shows the new status.
    release();
    await waitFor(() => expect(current()).toHaveTextContent('Under review'));
    // The view is refreshed in place: the confirmation stays, the updater stays, no search form.
    expect(within(section).getByText(errorsEn.adminUpdate.success)).toBeInTheDocument();
    expect(section.isConnected).toBe(true);
  });

  it('offers only the lifecycle’s next steps, and none at its end (D17)', async () => {
    const { user, backend, order } = await setup(true);
    const section = (await screen.findByRole('heading', { name: adminEn.tracker.title })).closest(
      'section',
    )!;
    const select = await within(section).findByLabelText(adminEn.tracker.label);
    const options = () =>
      within(select)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value'));
    expect(options()).toEqual(['under_review', 'cancelled']);
    await user.selectOptions(select, 'cancelled');
    await user.click(within(section).getByRole('button', { name: adminEn.tracker.update }));
    await waitFor(() => expect(backend.orders.get(order.id)!.order.status).toBe('cancelled'));
    expect(await within(section).findByText(adminEn.tracker.noNextStep)).toBeInTheDocument();
    expect(within(section).queryByRole('combobox')).toBeNull();
  });

  it('says what went wrong when the order cannot be looked up, not "not found"', async () => {
    await setup(true, (port) => {
      port.orders.findByNumber = async () => {
        throw new DataError('unavailable');
      };
    });
    const section = (await screen.findByRole('heading', { name: adminEn.tracker.title })).closest(
      'section',
    )!;
    const alert = await within(section).findByRole('alert');
    expect(alert).not.toHaveTextContent(adminEn.tracker.notFound);
    expect(alert.textContent?.trim()).not.toBe('');
    expect(within(section).queryByLabelText(adminEn.tracker.label)).toBeNull();
  });

  it('says "Error during update" when the change fails', async () => {
    const { user, port } = await setup(true);
    port.orders.update = async () => {
      throw new DataError('internal');
    };
    const section = (await screen.findByRole('heading', { name: adminEn.tracker.title })).closest(
      'section',
    )!;
    await within(section).findByLabelText(adminEn.tracker.label);
    await user.click(within(section).getByRole('button', { name: adminEn.tracker.update }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      errorsEn.adminUpdate.failed,
    );
  });
});
