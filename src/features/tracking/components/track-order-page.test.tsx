import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { DataError, type DataPort } from '../../../data/port';
import { MemoryBackend } from '../../../testing/memory-adapter';
import {
  futureDate,
  memoryCodes,
  newOrder,
  placeOrder,
  verifyPhone,
} from '../../../testing/order-fixtures';
import { renderWithProviders } from '../../../testing/render';
import en from '../../../../locales/en/tracking.json';
import enErrors from '../../../../locales/en/errors.json';
import enValidation from '../../../../locales/en/validation.json';
import enCommon from '../../../../locales/en/common.json';
import { leavePage } from '../../../components/ui/pay-now';
import enPayment from '../../../../locales/en/payment.json';
import { TrackOrderPage } from './track-order-page';

const NOW = '2026-03-10T08:00:00.000Z';

/** Both routes of the real table, so the page reads its path parameter like in the app. */
function page() {
  return (
    <Routes>
      <Route path="/track/:orderId" element={<TrackOrderPage />} />
      <Route path="/track-order" element={<TrackOrderPage />} />
    </Routes>
  );
}

const input = () => screen.getByRole('textbox', { name: en.form.label });
const location = () => screen.getByTestId('location');

describe('TrackOrderPage', () => {
  it('normalises the typed number (spaces, leading #, lower case) before looking it up', async () => {
    const port = new MemoryBackend({ now: NOW }).client();
    const get = vi.spyOn(port.tracking, 'get');
    const { user } = renderWithProviders(page(), { language: 'en', route: '/track-order', port });

    expect(input()).toHaveAttribute('dir', 'ltr');
    expect(input()).toHaveAttribute('placeholder', 'AF-20250101-123');
    await user.type(input(), '  #af-20250101-123 ');
    await user.click(screen.getByRole('button', { name: en.form.submit }));

    await waitFor(() => expect(get).toHaveBeenCalledWith('AF-20250101-123'));
    expect(get).toHaveBeenCalledTimes(1);
    expect(location()).toHaveTextContent('/track/AF-20250101-123');
    expect(await screen.findByRole('alert')).toHaveTextContent(enErrors.tracking.notFound);
  });

  it('accepts Arabic-Indic digits', async () => {
    const port = new MemoryBackend({ now: NOW }).client();
    const get = vi.spyOn(port.tracking, 'get');
    const { user } = renderWithProviders(page(), { language: 'ar', route: '/track-order', port });
    await user.type(screen.getByRole('textbox', { name: 'رقم الطلب' }), 'AF-٢٠٢٥٠١٠١-١٢٣');
    await user.click(screen.getByRole('button', { name: 'تتبّع' }));
    await waitFor(() => expect(get).toHaveBeenCalledWith('AF-20250101-123'));
  });

  it('asks for a number when the input is empty, and sends nothing', async () => {
    const port = new MemoryBackend({ now: NOW }).client();
    const get = vi.spyOn(port.tracking, 'get');
    const { user } = renderWithProviders(page(), { language: 'en', route: '/track-order', port });

    await user.type(input(), '  #  ');
    await user.click(screen.getByRole('button', { name: en.form.submit }));

    expect(await screen.findByText(enValidation.tracking.required)).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveFocus();
    expect(get).not.toHaveBeenCalled();
    expect(location()).toHaveTextContent('/track-order');
  });

  it('shows the public view of an order placed from another browser, without personal data', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const order = await placeOrder(backend, { paymentMethod: 'cod' });
    const visitor = backend.client();

    const { container } = renderWithProviders(page(), {
      language: 'en',
      route: `/track/${encodeURIComponent(order.orderNumber)}`,
      port: visitor,
    });

    const heading = await screen.findByRole('heading', { name: new RegExp(order.orderNumber) });
    expect(heading).toBeInTheDocument();
    expect(screen.getByText('Partial move')).toBeInTheDocument();
    expect(screen.getByText(en.paymentMethod.cod)).toBeInTheDocument();
    expect(screen.getByText(en.paymentStatus.pending)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: new RegExp(order.orderNumber) })).toBeInTheDocument();

    const progress = screen.getByRole('progressbar', { name: en.found.progressLabel });
    expect(progress).toHaveAttribute('aria-valuenow', '1');
    expect(progress).toHaveAttribute('aria-valuetext', enCommon.status.received);
    const steps = screen.getAllByRole('listitem').filter((li) => li.closest('.track-steps'));
    expect(steps).toHaveLength(4);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');

    const history = screen.getByRole('region', { name: en.found.historyTitle });
    expect(within(history).getAllByRole('listitem')).toHaveLength(1);
    expect(within(history).getByText(enCommon.status.received)).toBeInTheDocument();

    // The route by governorate only (D11): the district stays private.
    expect(screen.getByText('Within Cairo')).toBeInTheDocument();
    const text = container.textContent ?? '';
    expect(text).not.toContain('Maadi');
    expect(text).not.toContain('Mona');
    expect(text).not.toContain('01012345678');
    expect(text).not.toContain('Tahrir');
    // The form gives way to the result and its "track another" button.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows a move between governorates by its governorates, in Arabic', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const order = await placeOrder(backend, {
      dropoffGovernorateId: 'alexandria',
      dropoffDistrictId: 'smouha',
    });
    renderWithProviders(page(), {
      language: 'ar',
      route: `/track/${encodeURIComponent(order.orderNumber)}`,
      port: backend.client(),
    });
    expect(await screen.findByText('من القاهرة إلى الإسكندرية')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('سموحة');
  });

  it('marks a paid card order, says it is test mode, and follows status changes in the timeline', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const owner = backend.client();
    await verifyPhone(owner, memoryCodes(backend));
    const admin = backend.client();
    backend.createAdmin('boss@afsh.example', 'Moving-day-2026');
    await admin.auth.signIn({ email: 'boss@afsh.example', password: 'Moving-day-2026' });
    const order = await owner.orders.create(
      newOrder({
        paymentMethod: 'cod',
        moveType: 'full',
        housing: 'villa',
        moveDate: futureDate(3, backend.now()),
      }),
    );
    backend.advanceTime(60_000);
    await admin.orders.update(order.id, { status: 'under_review', paymentStatus: 'paid' });
    backend.advanceTime(60_000);
    await admin.orders.update(order.id, { status: 'in_transit' });

    renderWithProviders(page(), {
      language: 'en',
      route: `/track/${order.orderNumber}`,
      port: backend.client(),
    });
    const progress = await screen.findByRole('progressbar');
    expect(progress).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByText(en.paymentStatus.paid)).toBeInTheDocument();
    const history = screen.getByRole('region', { name: en.found.historyTitle });
    const items = within(history).getAllByRole('listitem');
    const oldestFirst = [
      enCommon.status.received,
      enCommon.status.under_review,
      enCommon.status.in_transit,
    ];
    expect(items).toHaveLength(oldestFirst.length);
    oldestFirst.forEach((label, i) =>
      expect(within(items[i]!).getByText(label)).toBeInTheDocument(),
    );
  });

  it('shows a cancelled order as cancelled, not as a stage of the bar', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const owner = backend.client();
    await verifyPhone(owner, memoryCodes(backend));
    const order = await owner.orders.create(newOrder({ moveDate: futureDate(3, backend.now()) }));
    await owner.orders.cancel(order.id);

    renderWithProviders(page(), {
      language: 'en',
      route: `/track/${order.orderNumber}`,
      port: backend.client(),
    });
    expect(await screen.findByText(en.found.cancelled)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('looks up the ?order= query at once', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const order = await placeOrder(backend);
    renderWithProviders(page(), {
      language: 'en',
      route: `/track-order?order=${encodeURIComponent(`#${order.orderNumber.toLowerCase()}`)}`,
      port: backend.client(),
    });
    expect(
      await screen.findByRole('heading', { name: new RegExp(order.orderNumber) }),
    ).toBeInTheDocument();
  });

  it('shows a loading state while looking up', async () => {
    const port = new MemoryBackend({ now: NOW }).client();
    let release: () => void = () => {};
    vi.spyOn(port.tracking, 'get').mockImplementation(
      () =>
        new Promise((_resolve, reject) => {
          release = () => reject(new DataError('not-found'));
        }),
    );
    renderWithProviders(page(), { language: 'en', route: '/track/AF-20250101-123', port });
    expect(await screen.findByText(en.loading)).toBeInTheDocument();
    expect(screen.getByText(en.loading).closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByRole('button', { name: en.form.searching })).toBeDisabled();
    release();
    expect(await screen.findByText(enErrors.tracking.notFound)).toBeInTheDocument();
    expect(screen.queryByText(en.loading)).not.toBeInTheDocument();
  });

  it.each([
    ['permission-denied', enErrors.tracking.permissionDenied],
    ['internal', enErrors.tracking.unexpected],
    ['unavailable', enErrors.tracking.unexpected],
  ] as const)('maps a %s error to its message', async (code, message) => {
    const port = new MemoryBackend({ now: NOW }).client();
    vi.spyOn(port.tracking, 'get').mockRejectedValue(new DataError(code));
    renderWithProviders(page(), { language: 'en', route: '/track/AF-20250101-123', port });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('maps a failure that is not a DataError to the unexpected-error message', async () => {
    const port: DataPort = new MemoryBackend({ now: NOW }).client();
    vi.spyOn(port.tracking, 'get').mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithProviders(page(), { language: 'en', route: '/track/AF-20250101-123', port });
    expect(await screen.findByRole('alert')).toHaveTextContent(enErrors.tracking.unexpected);
  });

  it('"track another number" returns to an empty input at /track-order', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const order = await placeOrder(backend);
    const { user } = renderWithProviders(page(), {
      language: 'en',
      route: `/track/${order.orderNumber}`,
      port: backend.client(),
    });
    await user.click(await screen.findByRole('button', { name: en.found.trackAnother }));
    expect(location()).toHaveTextContent(/^\/track-order$/);
    expect(input()).toHaveValue('');
    await waitFor(() => expect(input()).toHaveFocus());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('writes Arabic with Arabic-Indic digits and keeps the order number as an LTR code', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const order = await placeOrder(backend);
    renderWithProviders(page(), {
      language: 'ar',
      route: `/track/${order.orderNumber}`,
      port: backend.client(),
    });
    const heading = await screen.findByRole('heading', { name: new RegExp(order.orderNumber) });
    expect(heading.querySelector('bdi.ltr-value')).toHaveTextContent(order.orderNumber);
    expect(screen.getByText('نقل جزئي', { exact: false })).toBeInTheDocument();
    const total = screen.getByText('الإجمالي', { exact: false, selector: 'dt' }).nextElementSibling;
    expect(total?.textContent).toMatch(/[٠-٩]/);
    expect(total?.textContent).not.toMatch(/[0-9]/);
  });

  it('offers its owner, and only its owner, "pay now" for an online order not paid yet', async () => {
    const backend = new MemoryBackend({ gateway: { checkoutUrl: 'https://pay.example/checkout' } });
    const owner = backend.client();
    await verifyPhone(owner, memoryCodes(backend));
    const order = await owner.orders.create(newOrder({ paymentMethod: 'wallet' }));
    const assign = vi.spyOn(leavePage, 'assign').mockImplementation(() => {});
    const mine = renderWithProviders(page(), {
      language: 'en',
      route: `/track/${order.orderNumber}`,
      port: owner,
    });
    const region = await screen.findByRole('region', { name: en.owner.unpaid });
    // Card and wallet: the owner picks, the order's own method first.
    expect(
      await within(region).findByRole(
        'radio',
        { name: enPayment.method.wallet },
        { timeout: 5000 },
      ),
    ).toBeChecked();
    await mine.user.click(within(region).getByRole('button', { name: /^Pay now/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(backend.paymentAttempts.at(-1)).toMatchObject({ orderId: order.id, method: 'wallet' });
    mine.unmount();

    // Anyone else with the number sees the public view and nothing to pay: another customer,
    // once the look-up of the order as their own has been answered...
    const other = backend.client();
    await verifyPhone(other, memoryCodes(backend), '01112345678');
    const lookUp = vi.spyOn(other.orders, 'findByNumber');
    const theirs = renderWithProviders(page(), {
      language: 'en',
      route: `/track/${order.orderNumber}`,
      port: other,
    });
    await screen.findByRole('heading', { name: new RegExp(order.orderNumber) });
    await vi.waitFor(() => expect(lookUp).toHaveBeenCalledWith(order.orderNumber));
    await act(async () => {
      await lookUp.mock.results[0]!.value;
    });
    expect(screen.queryByRole('region', { name: en.owner.unpaid })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay now/ })).toBeNull();
    theirs.unmount();

    // ...and a visitor without a session, once the page knows there is none: nothing to look up.
    const visitor = backend.client();
    const visitorLookUp = vi.spyOn(visitor.orders, 'findByNumber');
    renderWithProviders(page(), {
      language: 'en',
      route: `/track/${order.orderNumber}`,
      port: visitor,
    });
    await screen.findByRole('heading', { name: new RegExp(order.orderNumber) });
    await act(async () => {
      expect(await visitor.auth.current()).toBeNull();
    });
    expect(visitorLookUp).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: en.owner.unpaid })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay now/ })).toBeNull();
  });
});
