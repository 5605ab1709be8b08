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
  setOrderStatus,
  teamClient,
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
import { crew } from '../../../testing/dispatch-fixtures';
import ar from '../../../../locales/ar/tracking.json';

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

    // What happened (received, now), then the stages ahead, the first of them next (D19).
    const history = screen.getByRole('region', { name: en.found.historyTitle });
    const steps = within(history).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('.order-timeline-status')?.textContent)).toEqual([
      enCommon.status.received,
      enCommon.status.under_review,
      // The crew's field steps (D28).
      enCommon.status.on_the_way,
      enCommon.status.arrived,
      enCommon.status.loading,
      enCommon.status.in_transit,
      enCommon.status.delivered,
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(within(steps[0]!).getByText(en.timeline.now)).toBeInTheDocument();
    expect(within(steps[1]!).getByText(en.timeline.next)).toBeInTheDocument();
    expect(steps.slice(1).every((li) => !li.hasAttribute('aria-current'))).toBe(true);
    expect(
      screen.getByText(en.timeline.nextStep.replace('{{status}}', enCommon.status.under_review)),
    ).toBeInTheDocument();

    // The day with its weekday, and the arrival window beside it (D19).
    const when = screen.getByText(en.found.moveDate, { selector: 'dt' }).nextElementSibling!;
    expect(when.textContent?.replace(/\s/g, ' ')).toBe(
      'Friday, March 13, 2026, from 8:00 AM to 12:00 PM',
    );
    expect(when.querySelector('time')).toHaveAttribute('datetime', '2026-03-13T08:00');

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
    const history = await screen.findByRole('region', { name: en.found.historyTitle });
    expect(screen.getByText(en.paymentStatus.paid)).toBeInTheDocument();
    const items = within(history).getAllByRole('listitem');
    const oldestFirst = [
      enCommon.status.received,
      enCommon.status.under_review,
      enCommon.status.in_transit,
      enCommon.status.delivered,
    ];
    expect(items).toHaveLength(oldestFirst.length);
    oldestFirst.forEach((label, i) =>
      expect(within(items[i]!).getByText(label)).toBeInTheDocument(),
    );
    // Done with their times and who made them; the current one; delivered ahead, no time.
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(within(items[1]!).getByText(en.actor.admin)).toBeInTheDocument();
    expect(items[1]!.querySelector('time')).toHaveAttribute(
      'datetime',
      new Date(Date.parse(NOW) + 60_000).toISOString(),
    );
    expect(items[3]!.querySelector('time')).toBeNull();
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
    // Where it was cancelled and by whom, and nothing ahead of it.
    expect(
      await screen.findByText(
        en.timeline.cancelled.customer.replace('{{stage}}', enCommon.status.received),
      ),
    ).toBeInTheDocument();
    const history = screen.getByRole('region', { name: en.found.historyTitle });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.order-timeline-status')?.textContent)).toEqual([
      enCommon.status.received,
      enCommon.status.cancelled,
    ]);
    expect(within(items[1]!).getByText(en.actor.customer)).toBeInTheDocument();
    expect(screen.queryByText(en.timeline.next)).not.toBeInTheDocument();
  });

  it('shows only the steps that happened: a stage the office skipped is not done', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const order = await placeOrder(backend);
    // Written before the office followed the lifecycle (D17): sent on its way unreviewed.
    const stored = backend.orders.get(order.id)!.order;
    stored.status = 'in_transit';
    stored.statusHistory = [
      { status: 'received', at: '2026-03-10T08:00:00.000Z', actor: 'system' },
      { status: 'in_transit', at: '2026-03-10T09:00:00.000Z', actor: 'admin' },
    ];
    renderWithProviders(page(), {
      language: 'en',
      route: `/track/${order.orderNumber}`,
      port: backend.client(),
    });
    const history = await screen.findByRole('region', { name: en.found.historyTitle });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.order-timeline-status')?.textContent)).toEqual([
      enCommon.status.received,
      enCommon.status.in_transit,
      enCommon.status.delivered,
    ]);
    expect(within(history).queryByText(enCommon.status.under_review)).toBeNull();
  });

  it('reads a cancelled order brought back as restored, in the order it happened', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const order = await placeOrder(backend);
    // As the issue found it: received, cancelled by the customer, then on its way (admin).
    const stored = backend.orders.get(order.id)!.order;
    stored.status = 'in_transit';
    stored.statusHistory = [
      { status: 'received', at: '2026-03-10T08:00:00.000Z', actor: 'system' },
      { status: 'cancelled', at: '2026-03-10T09:00:00.000Z', actor: 'customer' },
      { status: 'in_transit', at: '2026-03-10T10:00:00.000Z', actor: 'admin' },
    ];
    renderWithProviders(page(), {
      language: 'en',
      route: `/track/${order.orderNumber}`,
      port: backend.client(),
    });
    const history = await screen.findByRole('region', { name: en.found.historyTitle });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.order-timeline-status')?.textContent)).toEqual([
      enCommon.status.received,
      enCommon.status.cancelled,
      enCommon.status.in_transit,
      enCommon.status.delivered,
    ]);
    expect(within(items[2]!).getByText(en.timeline.restored)).toBeInTheDocument();
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(within(history).queryByText(enCommon.status.under_review)).toBeNull();
  });

  it('follows the order live: a change by the office shows without a reload (D19)', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const order = await placeOrder(backend);
    renderWithProviders(page(), {
      language: 'en',
      route: `/track/${order.orderNumber}`,
      port: backend.client(),
    });
    expect(await screen.findByText(enCommon.live.on)).toBeInTheDocument();
    const badge = () => document.querySelector('.track-status-badge');
    expect(badge()).toHaveTextContent(enCommon.status.received);
    await act(async () => {
      await setOrderStatus(backend, order.id, 'under_review');
    });
    await waitFor(() => expect(badge()).toHaveTextContent(enCommon.status.under_review));
    const history = screen.getByRole('region', { name: en.found.historyTitle });
    expect(within(history).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');

    // Deleted meanwhile: the page says so rather than showing what is gone.
    await act(async () => {
      await (await teamClient(backend)).orders.remove(order.id);
    });
    expect(await screen.findByText(enErrors.tracking.notFound)).toBeInTheDocument();
  });

  it('when live updates are refused it says so, and "refresh" looks again', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const order = await placeOrder(backend);
    backend.liveRefused = true;
    const { user } = renderWithProviders(page(), {
      language: 'en',
      route: `/track/${order.orderNumber}`,
      port: backend.client(),
    });
    expect(await screen.findByText(enCommon.live.off)).toBeInTheDocument();
    await act(async () => {
      await setOrderStatus(backend, order.id, 'in_transit');
    });
    const badge = () => document.querySelector('.track-status-badge');
    expect(badge()).toHaveTextContent(enCommon.status.received);
    await user.click(screen.getByRole('button', { name: enCommon.live.refresh }));
    await waitFor(() => expect(badge()).toHaveTextContent(enCommon.status.in_transit));
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
    expect(screen.queryByRole('region', { name: en.found.historyTitle })).not.toBeInTheDocument();
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

  it('names the crew by its leader’s first name, and says large when it is on its way (D28)', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const team = await teamClient(backend);
    const leaderPhone = '01012345678';
    await team.dispatch!.saveFleet({
      crews: [
        crew('maadi-team', {
          name: 'Maadi team',
          leaderName: 'Mahmoud Adel Hassan',
          leaderPhone,
          governorates: ['cairo'],
        }),
      ],
      trucks: [],
    });
    const order = await placeOrder(backend, { paymentMethod: 'cod' });
    expect(order.assignment?.crewId).toBe('maadi-team');
    const route = `/track/${encodeURIComponent(order.orderNumber)}`;

    // Assigned, not out yet: the crew in the details, no banner.
    const first = renderWithProviders(page(), { language: 'en', route, port: backend.client() });
    const crewRow = await screen.findByText(en.crew.label, { selector: 'dt' });
    expect(crewRow.nextElementSibling).toHaveTextContent('Mahmoud’s crew');
    expect(screen.queryByText(/on their way/)).not.toBeInTheDocument();
    first.unmount();

    // On its way: said first, with the window, and still no surname nor phone.
    await setOrderStatus(backend, order.id, 'on_the_way');
    const { container } = renderWithProviders(page(), {
      language: 'ar',
      route,
      port: backend.client(),
    });
    const said = await waitFor(() => {
      const found = container.querySelector('.track-crew-said');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(said).toHaveTextContent(ar.crew.onTheWay.replace('<name>{{name}}</name>', 'Mahmoud'));
    // The name isolated, so that a Latin name keeps the Arabic sentence right to left.
    expect(said.querySelector('bdi')).toHaveTextContent(/^Mahmoud$/);
    const banner = said.closest('.track-crew-banner')!;
    expect(banner).toHaveTextContent(ar.crew.window);
    expect(banner.querySelector('time')).toHaveAttribute('datetime', `${order.moveDate}T08:00`);
    const text = container.textContent ?? '';
    expect(text).not.toContain('Adel');
    expect(text).not.toContain(leaderPhone.slice(1));
    expect(text).not.toContain('١٢٣٤٥٦٧٨');
  });
});
