import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryBackend } from '../../../testing/memory-adapter';
import { renderWithProviders } from '../../../testing/render';
import { cairoDatePlusDays, formatTime } from '../../../domain/datetime';
import { FIRST_CATALOG, ratesOf } from '../../../domain/pricing';
import { expectedOrderTotal } from '../../../domain/booking-schemas';
import { formatMoney } from '../../../domain/money';
import { readBookingFlow, writeBookingFlow, type BookingFlowState } from '../flow/booking-flow';
import ar from '../../../../locales/ar/booking.json';
import en from '../../../../locales/en/booking.json';
import { RequestSummaryPage } from './request-summary-page';

const complete: BookingFlowState = {
  governorateId: 'cairo',
  districtId: 'nasr-city',
  fullName: 'Mona Adel',
  phoneNumber: '01012345678',
  pickupAddress: '12 Abbas El Akkad St',
  dropoffAddress: '5 Road 9, Maadi',
  moveDate: '2025-06-11',
  moveTime: '09:30',
  moveType: 'full',
  housing: 'apartment',
  pickupFloor: 2,
  dropoffFloor: 3,
  workers: 4,
  totalPrice: 2650,
};

function renderPage(language: 'ar' | 'en' = 'en') {
  return renderWithProviders(<RequestSummaryPage />, {
    language,
    route: '/request-summary',
    extraRoutes: [
      { path: '/date-selection', element: <p>date selection</p> },
      { path: '/payment', element: <p>payment</p> },
    ],
  });
}

const location = () => screen.getByTestId('location').textContent;
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-10T08:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('RequestSummaryPage', () => {
  it('without a date selection, goes back to /date-selection', () => {
    const { moveDate: _omit, ...rest } = complete;
    writeBookingFlow(rest);
    renderPage();
    expect(location()).toBe('/date-selection');
  });

  it('lists everything given, read-only, with the team note (English)', () => {
    writeBookingFlow(complete);
    renderPage('en');
    const text = norm(document.body.textContent);
    for (const value of [
      'Mona Adel',
      '01012345678',
      'Nasr City, Cairo',
      '12 Abbas El Akkad St',
      '5 Road 9, Maadi',
      'Full move',
      // With its weekday (D22).
      'Wednesday, June 11, 2025',
      norm(formatTime('09:30', 'en')),
      'Apartment',
      'Pickup 2, drop-off 3',
      '4 workers',
      norm(formatMoney(2650, 'en')),
      en.summary.teamNote,
    ]) {
      expect(text).toContain(value);
    }
    expect(screen.queryByText(en.summary.notes)).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows notes only when given; Arabic digits for numbers, the phone too, kept LTR', () => {
    writeBookingFlow({ ...complete, notes: 'بيانو ثقيل' });
    renderPage('ar');
    expect(screen.getByText(ar.summary.notes)).toBeVisible();
    expect(screen.getByText('بيانو ثقيل')).toBeVisible();
    expect(screen.getByText('الاستلام ٢، التسليم ٣')).toBeVisible();
    expect(screen.getByText('الأربعاء، ١١ يونيو ٢٠٢٥')).toBeVisible();
    const phone = screen.getByText('٠١٠١٢٣٤٥٦٧٨');
    expect(phone.tagName).toBe('BDI');
    expect(phone).toHaveClass('ltr-value');
  });

  it('confirm goes to /payment, back to /date-selection', async () => {
    writeBookingFlow(complete);
    const { user } = renderPage('en');
    await user.click(screen.getByRole('button', { name: en.summary.confirm }));
    expect(location()).toBe('/payment');
  });

  it('back goes to /date-selection', async () => {
    writeBookingFlow(complete);
    const { user } = renderPage('en');
    await user.click(screen.getAllByRole('button', { name: en.summary.back })[0]!);
    expect(location()).toBe('/date-selection');
  });

  it('shows where the move ends, its time window and its distance (D11, D12)', () => {
    writeBookingFlow({
      ...complete,
      dropoffGovernorateId: 'alexandria',
      dropoffDistrictId: 'smouha',
      moveTime: '08:00',
      windowId: 'morning',
      windowEnd: '12:00',
    });
    renderPage('en');
    const text = norm(document.body.textContent);
    expect(text).toContain('Nasr City, Cairo');
    expect(text).toContain('Smouha, Alexandria');
    expect(text).toContain(norm(`${formatTime('08:00', 'en')} – ${formatTime('12:00', 'en')}`));
    expect(text).toMatch(/About \d+ km \(distance fee EGP [\d,]+\)/);
  });

  it('tells the customer when prices changed since the date screen, and waits for a yes', async () => {
    vi.useRealTimers();
    const backend = new MemoryBackend();
    backend.createAdmin('admin@afsh.test', 'admin-pass-1');
    const admin = backend.client();
    await admin.auth.signIn({ email: 'admin@afsh.test', password: 'admin-pass-1' });
    const rates = ratesOf(FIRST_CATALOG);
    rates.floorFee = 100;
    await admin.prices.save(rates);
    const moveDate = cairoDatePlusDays(5);
    const confirmed = expectedOrderTotal(complete as never);
    writeBookingFlow({ ...complete, moveDate, totalPrice: confirmed, catalogVersion: 1 });
    const { user } = renderWithProviders(<RequestSummaryPage />, {
      language: 'en',
      route: '/request-summary',
      port: backend.client(),
      extraRoutes: [{ path: '/payment', element: <p>payment</p> }],
    });
    // News, not an error (D22).
    const notice = (await screen.findByText(en.pricesChanged.title)).closest('[role="status"]')!;
    expect(screen.queryByRole('alert')).toBeNull();
    const now = confirmed + 5 * 20;
    expect(norm(notice.textContent)).toContain(norm(formatMoney(now, 'en')));
    await user.click(screen.getByRole('button', { name: en.summary.confirm }));
    expect(location()).toBe('/request-summary');
    await user.click(screen.getByRole('button', { name: /Continue with the new total/ }));
    expect(readBookingFlow()).toMatchObject({ totalPrice: now, catalogVersion: 2 });
    await user.click(screen.getByRole('button', { name: en.summary.confirm }));
    expect(location()).toBe('/payment');
  });
});
