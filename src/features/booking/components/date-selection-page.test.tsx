import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { formatMoney } from '../../../domain/money';
import { expectedOrderTotal } from '../../../domain/schemas';
import { readBookingFlow, writeBookingFlow } from '../flow/booking-flow';
import ar from '../../../../locales/ar/booking.json';
import en from '../../../../locales/en/booking.json';
import arValidation from '../../../../locales/ar/validation.json';
import enValidation from '../../../../locales/en/validation.json';
import { DateSelectionPage } from './date-selection-page';

function renderPage(language: 'ar' | 'en' = 'en') {
  return renderWithProviders(<DateSelectionPage />, {
    language,
    route: '/date-selection',
    extraRoutes: [
      { path: '/customer-info', element: <p>customer info</p> },
      { path: '/request-summary', element: <p>summary</p> },
    ],
  });
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

beforeEach(() => {
  // 21:30 UTC on 10 June is already 00:30 on 11 June in Cairo (UTC+3 in summer).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-10T21:30:00Z'));
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

  it('the date cannot be before today in Cairo', () => {
    withCustomer();
    renderPage();
    expect(screen.getByLabelText(en.dateSelection.date)).toHaveAttribute('min', '2025-06-11');
  });

  it('incomplete: "please fill all fields" and focus on the date', async () => {
    withCustomer();
    const { user } = renderPage('en');
    await user.click(screen.getByRole('button', { name: en.dateSelection.next }));
    expect(screen.getByRole('alert')).toHaveTextContent(enValidation.dateSelection.required);
    expect(screen.getByLabelText(en.dateSelection.date)).toHaveFocus();
    expect(screen.getByLabelText(en.dateSelection.time)).toHaveAttribute('aria-invalid', 'true');
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
    fireEvent.change(screen.getByLabelText(en.dateSelection.time), { target: { value: '10:00' } });
    await user.click(screen.getByRole('button', { name: en.dateSelection.next }));
    expect(screen.getByText(enValidation.date.past)).toBeVisible();
    expect(screen.getByLabelText(en.dateSelection.date)).toHaveFocus();
    expect(readBookingFlow().moveDate).toBeUndefined();
    expect(location()).toBe('/date-selection');
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
          expectedOrderTotal({
            moveType: 'partial',
            housing: 'apartment',
            pickupFloor: 0,
            dropoffFloor: 0,
          }),
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
    expect(team()).toContain('5 workers');
    const expected = expectedOrderTotal({
      moveType: 'full',
      housing: 'villa',
      pickupFloor: 3,
      dropoffFloor: 20,
    });
    expect(total()).toContain(norm(formatMoney(expected, 'en')));
  });

  it('saves date, time, service, housing, floors, team and total, then goes to the summary', async () => {
    withCustomer();
    const { user } = renderPage('ar');
    fireEvent.change(screen.getByLabelText(ar.dateSelection.date), {
      target: { value: '2025-06-11' },
    });
    fireEvent.change(screen.getByLabelText(ar.dateSelection.time), { target: { value: '09:30' } });
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
      moveTime: '09:30',
      moveType: 'office',
      housing: 'villa',
      pickupFloor: 4,
      dropoffFloor: 0,
      workers: 5,
      totalPrice: expectedOrderTotal({
        moveType: 'office',
        housing: 'villa',
        pickupFloor: 4,
        dropoffFloor: 0,
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
});
