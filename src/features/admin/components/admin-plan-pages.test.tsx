import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { MemoryBackend, type MemoryDataPort } from '../../../testing/memory-adapter';
import { FIRST_CAPACITY_PLAN } from '../../../domain/capacity';
import { formatMoney } from '../../../domain/money';
import { FIRST_CATALOG } from '../../../domain/pricing';
import adminEn from '../../../../locales/en/admin.json';
import adminAr from '../../../../locales/ar/admin.json';
import validationEn from '../../../../locales/en/validation.json';
import { futureDate, placeOrder } from '../testing-orders';
import { AdminCalendarPage } from './admin-calendar-page';
import { AdminCapacityPage } from './admin-capacity-page';
import { AdminPricesPage } from './admin-prices-page';

const ADMIN = { email: 'boss@afsh.example', password: 'Admin-pass-2026' };
const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ');

async function adminPort(backend: MemoryBackend): Promise<MemoryDataPort> {
  backend.createAdmin(ADMIN.email, ADMIN.password);
  const port = backend.client();
  await port.auth.signIn(ADMIN);
  return port;
}

function render(ui: React.ReactElement, port: MemoryDataPort, language: 'ar' | 'en' = 'en') {
  return renderWithProviders(ui, {
    language,
    route: '/admin',
    port,
    extraRoutes: [{ path: '/', element: <p>home screen</p> }],
  });
}

describe('AdminPricesPage (D11)', () => {
  it('is for admins only', async () => {
    render(<AdminPricesPage />, new MemoryBackend().client());
    expect(await screen.findByText('home screen')).toBeInTheDocument();
  });

  it('starts from the current version, previews example totals, and saves a new version', async () => {
    const backend = new MemoryBackend();
    const port = await adminPort(backend);
    const { user } = render(<AdminPricesPage />, port);
    const full = await screen.findByLabelText('Full move');
    expect(full).toHaveValue('1500');
    expect(screen.getByLabelText(adminEn.prices.perKm)).toHaveValue('10');

    const preview = screen.getByRole('table', { name: adminEn.prices.preview.title });
    const row = within(preview)
      .getByRole('rowheader', {
        name: new RegExp(adminEn.prices.examples.fullCairo),
      })
      .closest('tr')!;
    expect(norm(row.textContent)).toContain(adminEn.prices.preview.same);

    await user.clear(full);
    await user.type(full, '١٨٠٠');
    // Nasr City to Maadi is inside the included kilometres: the base is all that changes.
    await waitFor(() =>
      expect(norm(row.textContent)).toContain(norm(`+${formatMoney(300, 'en')}`)),
    );

    await user.click(screen.getByRole('button', { name: 'Save as version 2' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: adminEn.prices.confirm.yes }));
    await waitFor(async () => expect((await port.prices.catalog()).version).toBe(2));
    expect((await port.prices.catalog()).base.full).toBe(1800);
    expect(
      await screen.findByText('Version 2 saved. It applies to new bookings now.'),
    ).toBeVisible();
    // The history lists who saved it, and when.
    const history = await screen.findByRole('table', { name: adminEn.prices.history.title });
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(3));
    expect(within(history).getByText(ADMIN.email)).toBeVisible();
    expect(within(history).getByText(adminEn.prices.history.system)).toBeVisible();
  });

  it('Arabic: the saved version’s toast is in Arabic-Indic digits (D22)', async () => {
    const backend = new MemoryBackend();
    const port = await adminPort(backend);
    const { user } = render(<AdminPricesPage />, port, 'ar');
    const full = await screen.findByLabelText('نقل عفش كامل');
    await user.clear(full);
    await user.type(full, '١٦٠٠');
    await user.click(
      screen.getByRole('button', { name: adminAr.prices.save.replace('{{version}}', '٢') }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: adminAr.prices.confirm.yes }));
    const toast = await screen.findByText(adminAr.prices.saved.replace('{{version}}', '٢'));
    expect(toast.textContent).not.toMatch(/[0-9]/);
  });

  it('refuses invalid values with a message each, and saves nothing', async () => {
    const backend = new MemoryBackend();
    const port = await adminPort(backend);
    const { user } = render(<AdminPricesPage />, port);
    const factor = await screen.findByLabelText(adminEn.prices.roadFactor);
    await user.clear(factor);
    await user.type(factor, '1.333');
    const office = screen.getByLabelText('Office move');
    await user.clear(office);
    await user.type(office, '-5');
    await user.click(screen.getByRole('button', { name: 'Save as version 2' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(office).toHaveAttribute('aria-invalid', 'true');
    expect(office).toHaveAccessibleDescription(validationEn.catalog.price);
    expect(factor).toHaveAccessibleDescription(
      `${adminEn.prices.roadFactorHint} ${validationEn.catalog.roadFactor}`,
    );
    await waitFor(() => expect(office).toHaveFocus());
    expect((await port.prices.catalog()).version).toBe(1);
  });

  it('Arabic: the examples and amounts in Arabic', async () => {
    const port = await adminPort(new MemoryBackend());
    render(<AdminPricesPage />, port, 'ar');
    expect(await screen.findByText(adminAr.prices.examples.villaAlexandria)).toBeVisible();
    expect(
      norm(
        screen.getByRole('heading', { name: adminAr.prices.preview.title }).closest('section')
          ?.textContent,
      ),
    ).toContain(norm(formatMoney(FIRST_CATALOG.base.partial + 80 + 250, 'ar')));
  });
});

describe('AdminPricesPage durations (D28)', () => {
  it('saves hours per move type, per floor and the road speed, and refuses them out of range', async () => {
    const port = await adminPort(new MemoryBackend());
    const { user } = render(<AdminPricesPage />, port);
    const full = await screen.findByLabelText('Full move, hours');
    expect(full).toHaveValue('3');
    const speed = screen.getByLabelText(adminEn.prices.roadSpeed);
    expect(speed).toHaveValue('50');
    await user.clear(full);
    await user.type(full, '3.3');
    await user.clear(speed);
    await user.type(speed, '200');
    await user.click(screen.getByRole('button', { name: 'Save as version 2' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(full).toHaveAccessibleDescription(validationEn.catalog.duration);
    expect(speed).toHaveAccessibleDescription(
      `${adminEn.prices.roadSpeedHint} ${validationEn.catalog.roadSpeed}`,
    );

    await user.clear(full);
    await user.type(full, '٣٫٥');
    await user.clear(speed);
    await user.type(speed, '40');
    await user.click(screen.getByRole('button', { name: 'Save as version 2' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: adminEn.prices.confirm.yes }));
    await waitFor(async () => expect((await port.prices.catalog()).version).toBe(2));
    const saved = await port.prices.catalog();
    expect(saved.duration.hours.full).toBe(3.5);
    expect(saved.duration.roadKmPerHour).toBe(40);
    expect(saved.duration.perFloorHours).toBe(0.1);
  });
});

describe('AdminCapacityPage (D12)', () => {
  it('calls the window count the most moves, and links to the crews and trucks (D28)', async () => {
    const port = await adminPort(new MemoryBackend({ capacity: FIRST_CAPACITY_PLAN }));
    render(<AdminCapacityPage />, port, 'ar');
    expect(await screen.findAllByLabelText(adminAr.capacity.windows.crews)).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'صفحة الفرق والعربيات' })).toHaveAttribute(
      'href',
      '/admin-fleet',
    );
  });

  it('changes crews, adds a Friday exception and saves the plan', async () => {
    const backend = new MemoryBackend({ capacity: FIRST_CAPACITY_PLAN });
    const port = await adminPort(backend);
    const { user } = render(<AdminCapacityPage />, port);
    const crews = await screen.findAllByLabelText(adminEn.capacity.windows.crews);
    expect(crews).toHaveLength(3);
    await user.clear(crews[0]!);
    await user.type(crews[0]!, '5');
    await user.click(screen.getByRole('button', { name: adminEn.capacity.exceptions.add }));
    expect(screen.getByLabelText(adminEn.capacity.exceptions.weekday)).toHaveValue('5');
    await user.type(screen.getByLabelText(adminEn.capacity.exceptions.note), 'Friday');
    await user.click(screen.getByRole('button', { name: adminEn.capacity.save }));
    await waitFor(async () => expect((await port.capacity.plan()).version).toBe(2));
    const plan = await port.capacity.plan();
    expect(plan.windows[0]).toMatchObject({ id: 'morning', crews: 5 });
    expect(plan.exceptions).toEqual([
      { weekday: 5, crews: { morning: 0, midday: 0, evening: 0 }, note: 'Friday' },
    ]);
  });

  it('refuses overlapping windows next to the window', async () => {
    const port = await adminPort(new MemoryBackend({ capacity: FIRST_CAPACITY_PLAN }));
    const { user } = render(<AdminCapacityPage />, port);
    const starts = await screen.findAllByLabelText(adminEn.capacity.windows.start);
    await user.clear(starts[1]!);
    await user.type(starts[1]!, '11:00');
    await user.click(screen.getByRole('button', { name: adminEn.capacity.save }));
    expect(await screen.findByText(validationEn.capacity.overlap)).toBeVisible();
    expect(starts[1]).toHaveAttribute('aria-invalid', 'true');
    expect((await port.capacity.plan()).version).toBe(1);
  });
});

describe('AdminCalendarPage (D12)', () => {
  it('shows booked against crews per window, and the orders of a window', async () => {
    const backend = new MemoryBackend({ capacity: FIRST_CAPACITY_PLAN });
    const date = futureDate(2);
    const order = await placeOrder(backend, {
      moveDate: date,
      moveTime: '12:00',
      windowId: 'midday',
      fullName: 'Laila Samir',
    });
    const port = await adminPort(backend);
    const { user } = render(<AdminCalendarPage />, port);
    const cell = await screen.findByRole('button', {
      name: /12:00 PM – 4:00 PM on .*: 1 \/ 3 2 free/,
    });
    expect(norm(cell.textContent)).toContain('1 / 3');
    expect(norm(cell.textContent)).toContain('2 free');
    await user.click(cell);
    expect(cell).toHaveAttribute('aria-pressed', 'true');
    const list = await screen.findByRole('heading', { name: /Orders, 12:00 PM – 4:00 PM/ });
    const section = list.closest('section')!;
    expect(within(section).getByText(order.orderNumber)).toBeVisible();
    expect(within(section).getByText('Laila Samir')).toBeVisible();
    // Two weeks at a time.
    expect(screen.getAllByRole('row')).toHaveLength(15);
    await user.click(screen.getByRole('button', { name: adminEn.calendar.next }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /: 1 \/ 3/ })).toBeNull());
  });
});
