import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { MemoryBackend } from '../../../testing/memory-adapter';
import { renderWithProviders } from '../../../testing/render';
import { FIRST_CAPACITY_PLAN, type CapacityDraft } from '../../../domain/capacity';
import { formatTime } from '../../../domain/datetime';
import { formatMoney } from '../../../domain/money';
import { estimatePrice, FIRST_CATALOG } from '../../../domain/pricing';
import { expectedOrderTotal } from '../../../domain/booking-schemas';
import { adoptIntoStore, readBookingFlow, writeBookingFlow } from '../flow/booking-flow';
import ar from '../../../../locales/ar/booking.json';
import en from '../../../../locales/en/booking.json';
import arValidation from '../../../../locales/ar/validation.json';
import enValidation from '../../../../locales/en/validation.json';
import { DateSelectionPage } from './date-selection-page';

// 21:30 UTC on 10 June is already 00:30 on 11 June in Cairo (UTC+3 in summer).
const NOW = '2025-06-10T21:30:00Z';

/** The screen against an in-memory backend on the same clock; its crews plan by default the first. */
function renderPage(language: 'ar' | 'en' = 'en', capacity: CapacityDraft = FIRST_CAPACITY_PLAN) {
  const backend = new MemoryBackend({ now: NOW, capacity });
  return renderWithProviders(<DateSelectionPage />, {
    language,
    route: '/date-selection',
    port: backend.client(),
    extraRoutes: [
      { path: '/customer-info', element: <p>customer info</p> },
      { path: '/request-summary', element: <p>summary</p> },
    ],
  });
}

/** A crew window as the radio names it: "8:00 AM – 12:00 PM", in the screen's language. */
const windowName = (start: string, end: string, language: 'ar' | 'en' = 'en') =>
  `${formatTime(start, language)} – ${formatTime(end, language)}`;

/** Picks the date, waits for its free windows, and picks the one starting at `start`. */
async function chooseWhen(
  user: UserEvent,
  date: string,
  [start, end]: [string, string] = ['08:00', '12:00'],
  language: 'ar' | 'en' = 'en',
) {
  const bundle = language === 'ar' ? ar : en;
  fireEvent.change(screen.getByLabelText(bundle.dateSelection.date), { target: { value: date } });
  await user.click(await screen.findByRole('radio', { name: windowName(start, end, language) }));
}

const location = () => screen.getByTestId('location').textContent;
const withCustomer = (extra = {}) =>
  writeBookingFlow({
    governorateId: 'cairo',
    districtId: 'nasr-city',
    fullName: 'Mona Adel',
    phoneNumber: '01012345678',
    pickupAddress: '12 Abbas El Akkad St',
    dropoffAddress: '5 Road 9, Maadi',
    ...extra,
  });
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ');

const teamRegion = (title: string) => screen.getByRole('region', { name: title });
/** The amount next to a line of the estimated total, as the customer reads it. */
function shownAmount(bundle: typeof en, line: 'base' | 'total' | 'workers'): string {
  const region = screen.getByRole('region', { name: bundle.dateSelection.total.title });
  const label =
    line === 'workers'
      ? within(region).getByText((text) =>
          text.startsWith(bundle.dateSelection.total.workers.split('(')[0] as string),
        )
      : within(region).getByText(bundle.dateSelection.total[line]);
  return norm(label.closest('div')?.querySelector('dd')?.textContent ?? '');
}
const money = (n: number, language: 'ar' | 'en' = 'en') => norm(formatMoney(n, language));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DateSelectionPage', () => {
  it('without customer info, goes back to /customer-info', () => {
    writeBookingFlow({ governorateId: 'cairo', districtId: 'nasr-city' });
    renderPage();
    expect(location()).toBe('/customer-info');
  });

  it('without a location, goes back to /select-city', () => {
    renderPage();
    expect(location()).toBe('/select-city');
  });

  it('the date cannot be before today in Cairo, nor after the booking horizon', () => {
    withCustomer();
    renderPage();
    const date = screen.getByLabelText(en.dateSelection.date);
    expect(date).toHaveAttribute('min', '2025-06-11');
    // 11 June 2025 in Cairo + 180 days.
    expect(date).toHaveAttribute('max', '2025-12-08');
  });

  it('a date beyond the horizon is refused with its message and nothing saved', async () => {
    withCustomer({ moveType: 'full' });
    const { user } = renderPage('en');
    fireEvent.change(screen.getByLabelText(en.dateSelection.date), {
      target: { value: '2025-12-09' },
    });
    // Nothing is offered past the horizon.
    expect(screen.queryByRole('radio', { name: windowName('08:00', '12:00') })).toBeNull();
    await user.click(screen.getByRole('button', { name: en.dateSelection.next }));
    expect(screen.getByText(enValidation.date.tooFar)).toBeVisible();
    expect(screen.getByLabelText(en.dateSelection.date)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(en.dateSelection.date)).toHaveFocus();
    expect(readBookingFlow().moveDate).toBeUndefined();
    expect(location()).toBe('/date-selection');

    await chooseWhen(user, '2025-12-08');
    await user.click(screen.getByRole('button', { name: en.dateSelection.next }));
    expect(location()).toBe('/request-summary');
    expect(readBookingFlow().moveDate).toBe('2025-12-08');
  });

  it('Arabic: the horizon message is in Arabic with Arabic-Indic digits', async () => {
    withCustomer();
    const { user } = renderPage('ar');
    fireEvent.change(screen.getByLabelText(ar.dateSelection.date), {
      target: { value: '2026-01-01' },
    });
    await user.click(screen.getByRole('button', { name: ar.dateSelection.next }));
    expect(screen.getByText(arValidation.date.tooFar)).toHaveTextContent('١٨٠');
  });

  it('incomplete: "please fill all fields" and focus on the date', async () => {
    withCustomer();
    const { user } = renderPage('en');
    await user.click(screen.getByRole('button', { name: en.dateSelection.next }));
    expect(screen.getByRole('alert')).toHaveTextContent(enValidation.dateSelection.required);
    expect(screen.getByLabelText(en.dateSelection.date)).toHaveFocus();
    // The time windows say what is missing: a date first.
    const time = screen.getByRole('group', { name: en.dateSelection.time });
    expect(time).toHaveTextContent(en.dateSelection.windows.chooseDate);
    expect(time).toHaveTextContent(en.form.required);
    expect(location()).toBe('/date-selection');
  });

  it('Arabic: incomplete shows the Arabic message', async () => {
    withCustomer();
    const { user } = renderPage('ar');
    await user.click(screen.getByRole('button', { name: ar.dateSelection.next }));
    expect(screen.getByRole('alert')).toHaveTextContent(arValidation.dateSelection.required);
  });

  it('a past date (yesterday in Cairo, still today in UTC) is rejected and nothing saved', async () => {
    withCustomer();
    const { user } = renderPage('en');
    fireEvent.change(screen.getByLabelText(en.dateSelection.date), {
      target: { value: '2025-06-10' },
    });
    await user.click(screen.getByRole('button', { name: en.dateSelection.next }));
    expect(screen.getByText(enValidation.date.past)).toBeVisible();
    expect(screen.getByLabelText(en.dateSelection.date)).toHaveFocus();
    expect(readBookingFlow().moveDate).toBeUndefined();
    expect(location()).toBe('/date-selection');
  });

  it('asks for the service instead of choosing one: no default, no total, Next refuses (D22)', async () => {
    withCustomer();
    const { user } = renderPage('en');
    const select = screen.getByLabelText(en.dateSelection.moveType);
    expect(select).toHaveValue('');
    expect(
      within(screen.getByRole('region', { name: en.dateSelection.total.title })).getByText(
        en.dateSelection.total.pending,
      ),
    ).toBeVisible();
    await chooseWhen(user, '2025-06-13');
    await user.click(screen.getByRole('button', { name: en.dateSelection.next }));
    expect(location()).toBe('/date-selection');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(readBookingFlow().moveType).toBeUndefined();
    // Chosen, the total appears and Next goes on with it.
    await user.selectOptions(select, 'partial');
    expect(shownAmount(en, 'total')).toBe(money(1000 + 250));
    await user.click(screen.getByRole('button', { name: en.dateSelection.next }));
    expect(location()).toBe('/request-summary');
    expect(readBookingFlow()).toMatchObject({ moveType: 'partial', totalPrice: 1250 });
  });

  it('writes the chosen date with its weekday, in the reader’s digits', () => {
    withCustomer({ moveType: 'full' });
    renderPage('ar');
    const date = screen.getByLabelText(ar.dateSelection.date);
    fireEvent.change(date, { target: { value: '2025-06-13' } });
    expect(date).toHaveAccessibleDescription(/الجمعة، ١٣ يونيو ٢٠٢٥/);
  });

  it('preselects the service from the flow; team and total follow the inputs live', async () => {
    withCustomer({ moveType: 'partial', totalPrice: 1000 });
    const { user } = renderPage('en');
    const select = screen.getByLabelText(en.dateSelection.moveType);
    expect(select).toHaveValue('partial');
    const team = () =>
      norm(screen.getByRole('region', { name: en.dateSelection.team.title }).textContent);
    const total = () =>
      norm(
        within(screen.getByRole('region', { name: en.dateSelection.total.title })).getByText(
          en.dateSelection.total.total,
        ).parentElement?.textContent ?? '',
      );
    expect(team()).toContain('2 workers');
    expect(total()).toContain(
      norm(
        formatMoney(
          expectedOrderTotal({ moveType: 'partial', pickupFloor: 0, dropoffFloor: 0, workers: 2 }),
          'en',
        ),
      ),
    );

    await user.selectOptions(select, 'full');
    await user.click(screen.getByRole('radio', { name: 'Villa' }));
    const pickup = screen.getByLabelText(en.dateSelection.pickupFloor);
    await user.clear(pickup);
    await user.type(pickup, '٣');
    await user.tab();
    const dropoff = screen.getByLabelText(en.dateSelection.dropoffFloor);
    await user.clear(dropoff);
    await user.type(dropoff, '45');
    await user.tab();
    expect(dropoff).toHaveValue('20');
    // Nobody chose a number of workers yet: the stepper follows the recommended team.
    expect(team()).toContain('5 workers');
    expect(screen.getByRole('spinbutton', { name: en.dateSelection.team.workers })).toHaveValue(
      '5',
    );
    const expected = expectedOrderTotal({
      moveType: 'full',
      pickupFloor: 3,
      dropoffFloor: 20,
      workers: 5,
    });
    expect(total()).toContain(norm(formatMoney(expected, 'en')));
  });

  it('saves date, time, service, housing, floors, team and total, then goes to the summary', async () => {
    withCustomer();
    const { user } = renderPage('ar');
    await chooseWhen(user, '2025-06-11', ['12:00', '16:00'], 'ar');
    await user.selectOptions(screen.getByLabelText(ar.dateSelection.moveType), 'office');
    await user.click(screen.getByRole('radio', { name: 'فيلا' }));
    const pickup = screen.getByLabelText(ar.dateSelection.pickupFloor);
    await user.clear(pickup);
    await user.type(pickup, '٤');
    await user.click(screen.getByRole('button', { name: ar.dateSelection.next }));
    expect(location()).toBe('/request-summary');
    const flow = readBookingFlow();
    expect(flow).toMatchObject({
      moveDate: '2025-06-11',
      moveTime: '12:00',
      windowId: 'midday',
      windowEnd: '16:00',
      catalogVersion: 1,
      moveType: 'office',
      housing: 'villa',
      pickupFloor: 4,
      dropoffFloor: 0,
      workers: 5,
      totalPrice: expectedOrderTotal({
        moveType: 'office',
        pickupFloor: 4,
        dropoffFloor: 0,
        workers: 5,
      }),
    });
    expect(flow.pricing?.total).toBe(flow.totalPrice);
  });

  it('shows the price list with the chosen service highlighted', () => {
    withCustomer({ moveType: 'loading' });
    renderPage('en');
    const table = screen.getByRole('table');
    expect(
      within(table).getByRole('rowheader', { name: /Loading and unloading/ }),
    ).toHaveTextContent('Your choice');
  });

  describe('workers: chosen, recommended, priced', () => {
    // The choices the move-type estimator test makes too (move-type-page.test.tsx): full move,
    // floors 2 and 1, 4 workers. The estimator shows 2490 for them; so must this screen.
    const CHOSEN = {
      moveType: 'full',
      housing: 'apartment',
      pickupFloor: 2,
      dropoffFloor: 1,
    } as const;
    const ESTIMATOR_TOTAL = 2490;

    it('prefills the estimator’s workers, says what we recommend, and totals with the choice', () => {
      withCustomer({ ...CHOSEN, workers: 4, totalPrice: ESTIMATOR_TOTAL });
      renderPage('en');
      const stepper = screen.getByRole('spinbutton', { name: en.dateSelection.team.workers });
      expect(stepper).toHaveValue('4');
      expect(stepper).toHaveAttribute('aria-valuenow', '4');
      expect(stepper).toHaveAttribute('aria-valuetext', '4 workers');
      // Full move (+1) on an apartment with 3 floors: we recommend 3, the customer chose 4.
      expect(stepper).toHaveAccessibleDescription('We recommend 3 workers for this move.');
      expect(norm(teamRegion(en.dateSelection.team.title).textContent)).toContain(
        'We recommend 3 workers for this move.',
      );
      expect(shownAmount(en, 'total')).toBe(money(ESTIMATOR_TOTAL));
      expect(ESTIMATOR_TOTAL).toBe(
        estimatePrice(FIRST_CATALOG, {
          moveType: 'full',
          pickupFloor: 2,
          dropoffFloor: 1,
          workers: 4,
        }).total,
      );
      expect(shownAmount(en, 'workers')).toBe(money(3 * 250));
    });

    it('without a choice, starts at the recommended team and follows it', async () => {
      withCustomer({ moveType: 'office' });
      const { user } = renderPage('en');
      const stepper = screen.getByRole('spinbutton', { name: en.dateSelection.team.workers });
      expect(stepper).toHaveValue('3');
      expect(stepper).toHaveAccessibleDescription('We recommend 3 workers for this move.');
      await user.click(screen.getByRole('radio', { name: 'Villa' }));
      expect(stepper).toHaveValue('4');
      expect(shownAmount(en, 'total')).toBe(money(1200 + 3 * 250));
    });

    it('the total follows the stepper live, and a choice stays when the move changes', async () => {
      withCustomer({ moveType: 'partial' });
      const { user } = renderPage('en');
      const stepper = screen.getByRole('spinbutton', { name: en.dateSelection.team.workers });
      expect(stepper).toHaveValue('2');
      expect(shownAmount(en, 'total')).toBe(money(1250));

      await user.click(screen.getByRole('button', { name: en.dateSelection.team.increase }));
      await user.click(screen.getByRole('button', { name: en.dateSelection.team.increase }));
      expect(stepper).toHaveValue('4');
      expect(shownAmount(en, 'workers')).toBe(money(750));
      expect(shownAmount(en, 'total')).toBe(money(1000 + 750));
      expect(screen.getByText((text) => text.startsWith('Extra workers (3 ×'))).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: en.dateSelection.team.decrease }));
      expect(shownAmount(en, 'total')).toBe(money(1000 + 500));

      // Keyboard, as on the estimator: End is the most, the buttons stay reachable.
      stepper.focus();
      await user.keyboard('{End}');
      expect(stepper).toHaveValue('6');
      expect(screen.getByRole('button', { name: en.dateSelection.team.increase })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      expect(shownAmount(en, 'total')).toBe(money(1000 + 5 * 250));

      // The villa raises the recommendation, not the customer's choice.
      await user.click(screen.getByRole('radio', { name: 'Villa' }));
      expect(stepper).toHaveValue('6');
      expect(stepper).toHaveAccessibleDescription('We recommend 3 workers for this move.');
    });

    it('saves the chosen workers with their own price; the summary then shows the same', async () => {
      withCustomer({ ...CHOSEN, workers: 4, totalPrice: ESTIMATOR_TOTAL });
      const { user } = renderPage('en');
      await chooseWhen(user, '2025-06-20');
      const stepper = screen.getByRole('spinbutton', { name: en.dateSelection.team.workers });
      await user.clear(stepper);
      await user.type(stepper, '6');
      await user.click(screen.getByRole('button', { name: en.dateSelection.next }));
      expect(location()).toBe('/request-summary');
      const flow = readBookingFlow();
      const total = estimatePrice(FIRST_CATALOG, { ...CHOSEN, workers: 6 }).total;
      expect(flow).toMatchObject({ ...CHOSEN, workers: 6, totalPrice: total });
      expect(total).toBe(1500 + 240 + 5 * 250);
      expect(flow.pricing).toEqual(estimatePrice(FIRST_CATALOG, { ...CHOSEN, workers: 6 }));
      expect(expectedOrderTotal({ ...CHOSEN, workers: 6 })).toBe(flow.totalPrice);
    });

    it('a new estimate beats what the last visit left in the draft; the typed date stays', async () => {
      withCustomer({ ...CHOSEN, workers: 4, totalPrice: ESTIMATOR_TOTAL });
      const first = renderPage('en');
      fireEvent.change(screen.getByLabelText(en.dateSelection.date), {
        target: { value: '2025-06-20' },
      });
      await first.user.click(screen.getByRole('radio', { name: 'Villa' }));
      await first.user.click(screen.getByRole('button', { name: en.dateSelection.team.increase }));
      first.unmount();

      // Back to /move-type mid-flow: an office move, 2 workers, no floors, through /prices.
      const estimate = {
        moveType: 'office',
        workers: 2,
        housing: 'apartment',
        pickupFloor: 0,
        dropoffFloor: 0,
      } as const;
      adoptIntoStore({ ...estimate, totalPrice: expectedOrderTotal(estimate) });
      renderPage('en');
      expect(screen.getByLabelText(en.dateSelection.moveType)).toHaveValue('office');
      expect(screen.getByRole('radio', { name: 'Apartment' })).toBeChecked();
      expect(screen.getByRole('spinbutton', { name: en.dateSelection.team.workers })).toHaveValue(
        '2',
      );
      expect(shownAmount(en, 'total')).toBe(money(expectedOrderTotal(estimate)));
      expect(screen.getByLabelText(en.dateSelection.date)).toHaveValue('2025-06-20');
    });

    it('Arabic: Arabic-Indic digits in the stepper, the hint and the total', async () => {
      withCustomer({ ...CHOSEN, workers: 4, totalPrice: ESTIMATOR_TOTAL });
      const { user } = renderPage('ar');
      const stepper = screen.getByRole('spinbutton', { name: ar.dateSelection.team.workers });
      expect(stepper).toHaveValue('٤');
      expect(stepper).toHaveAccessibleDescription('نقترح ٣ عمال لهذا النقل.');
      expect(shownAmount(ar as typeof en, 'total')).toBe(money(ESTIMATOR_TOTAL, 'ar'));
      await user.click(screen.getByRole('button', { name: ar.dateSelection.team.increase }));
      expect(stepper).toHaveValue('٥');
      expect(shownAmount(ar as typeof en, 'total')).toBe(money(ESTIMATOR_TOTAL + 250, 'ar'));
      expect(norm(teamRegion(ar.dateSelection.team.title).textContent)).not.toMatch(/[0-9]/);
    });
  });

  describe('crew windows (D12) and the distance line (D11)', () => {
    it('offers only the windows that still have a free crew that day', async () => {
      withCustomer({ moveType: 'full' });
      const plan: CapacityDraft = {
        windows: FIRST_CAPACITY_PLAN.windows,
        exceptions: [{ date: '2025-06-13', crews: { morning: 0 }, note: '' }],
      };
      const { user } = renderPage('en', plan);
      fireEvent.change(screen.getByLabelText(en.dateSelection.date), {
        target: { value: '2025-06-13' },
      });
      const midday = await screen.findByRole('radio', { name: windowName('12:00', '16:00') });
      expect(screen.getByRole('radio', { name: windowName('16:00', '20:00') })).toBeVisible();
      expect(screen.queryByRole('radio', { name: windowName('08:00', '12:00') })).toBeNull();
      await user.click(midday);
      await user.click(screen.getByRole('button', { name: en.dateSelection.next }));
      expect(readBookingFlow()).toMatchObject({ moveDate: '2025-06-13', windowId: 'midday' });
    });

    it('a day with no free crew says so and offers the next free times', async () => {
      withCustomer();
      const closed = { morning: 0, midday: 0, evening: 0 };
      const plan: CapacityDraft = {
        windows: FIRST_CAPACITY_PLAN.windows,
        exceptions: [
          { date: '2025-06-13', crews: closed, note: 'Holiday' },
          { date: '2025-06-14', crews: { morning: 0 }, note: '' },
        ],
      };
      const { user } = renderPage('en', plan);
      fireEvent.change(screen.getByLabelText(en.dateSelection.date), {
        target: { value: '2025-06-13' },
      });
      expect(await screen.findByText(en.dateSelection.windows.none)).toBeVisible();
      expect(screen.queryByRole('radio', { name: windowName('08:00', '12:00') })).toBeNull();
      const next = screen.getAllByRole('button', { name: /14, 2025/ });
      expect(next[0]).toHaveTextContent(windowName('12:00', '16:00'));
      await user.click(next[0]!);
      expect(screen.getByLabelText(en.dateSelection.date)).toHaveValue('2025-06-14');
      expect(
        await screen.findByRole('radio', { name: windowName('12:00', '16:00') }),
      ).toBeChecked();
    });

    it('a move to another governorate shows its distance as its own line, in the total', async () => {
      withCustomer({
        moveType: 'partial',
        workers: 2,
        dropoffGovernorateId: 'alexandria',
        dropoffDistrictId: 'smouha',
      });
      renderPage('en');
      const region = screen.getByRole('region', { name: en.dateSelection.total.title });
      const line = within(region).getByText((text) => text.startsWith('Distance (about'));
      const route = {
        moveType: 'partial',
        pickupFloor: 0,
        dropoffFloor: 0,
        workers: 2,
        governorateId: 'cairo',
        districtId: 'nasr-city',
        dropoffGovernorateId: 'alexandria',
        dropoffDistrictId: 'smouha',
      } as const;
      const fee =
        expectedOrderTotal(route) -
        expectedOrderTotal({
          ...route,
          dropoffGovernorateId: undefined,
          dropoffDistrictId: undefined,
        });
      expect(fee).toBeGreaterThan(0);
      expect(norm(line.closest('div')?.querySelector('dd')?.textContent ?? '')).toBe(money(fee));
      expect(shownAmount(en, 'total')).toBe(money(expectedOrderTotal(route)));
    });

    it('a move inside one district has no distance line', () => {
      withCustomer({ moveType: 'partial' });
      renderPage('en');
      const region = screen.getByRole('region', { name: en.dateSelection.total.title });
      expect(within(region).queryByText((text) => text.startsWith('Distance'))).toBeNull();
    });
  });
});
