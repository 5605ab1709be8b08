import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryBackend } from '../../../../testing/memory-adapter';
import { renderWithProviders } from '../../../../testing/render';
import { FIRST_CAPACITY_PLAN } from '../../../../domain/capacity';
import { formatMoney } from '../../../../domain/money';
import { writeBookingFlow } from '../../flow/booking-flow';
import ar from '../../../../../locales/ar/booking.json';
import en from '../../../../../locales/en/booking.json';
import { DateSelectionPage } from '../date-selection-page';

const NOW = '2025-06-10T09:00:00Z';
const norm = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/[\u200E\u200F]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const money = (n: number, language: 'ar' | 'en' = 'en') => norm(formatMoney(n, language));

function renderPage(language: 'ar' | 'en', flow: Record<string, unknown> = {}) {
  writeBookingFlow({
    governorateId: 'cairo',
    districtId: 'nasr-city',
    fullName: 'Mona Adel',
    phoneNumber: '01012345678',
    pickupAddress: '12 Abbas El Akkad St',
    dropoffAddress: '5 Road 9, Maadi',
    ...flow,
  });
  const backend = new MemoryBackend({ now: NOW, capacity: FIRST_CAPACITY_PLAN });
  return renderWithProviders(<DateSelectionPage />, {
    language,
    route: '/date-selection',
    port: backend.client(),
  });
}

/** The bar as the eye reads it (its text is hidden from screen readers, who hear the status). */
const bar = () => document.querySelector<HTMLElement>('.price-bar')!;
const barText = () => norm(bar().querySelector('.price-bar-inner')?.textContent);
const news = () => norm(bar().querySelector('.price-bar-change')?.textContent);
const status = () => norm(within(bar()).getByRole('status').textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PriceBar: the running total on the date screen (D22)', () => {
  it('shows the total, and nothing is news yet', () => {
    renderPage('en', { moveType: 'full' });
    // A full move, no floors: the team we recommend is 3 (D4).
    expect(barText()).toBe(`${en.priceBar.label} ${money(1500 + 2 * 250)}`);
    expect(bar().querySelector('.price-bar-change')).toBeNull();
    expect(status()).toBe('');
    // The figures are read in the breakdown; the bar's own text is not read a second time.
    expect(bar().querySelector('.price-bar-inner')).toHaveAttribute('aria-hidden', 'true');
  });

  it('one more worker: the new total, "+EGP 250" and why, announced politely', async () => {
    const { user } = renderPage('en', { moveType: 'full' });
    await user.click(screen.getByRole('button', { name: en.dateSelection.team.increase }));
    expect(barText()).toContain(money(1500 + 3 * 250));
    expect(news()).toBe(`One more worker +${money(250)}`);
    expect(bar().querySelector('.price-bar-change')).toHaveAttribute('data-direction', 'up');
    const live = within(bar()).getByRole('status');
    expect(live).toHaveAttribute('aria-atomic', 'true');
    expect(status()).toBe(`One more worker +${money(250)}; the total is now ${money(2250)}`);
    // One fewer: the news says so, with a real minus sign.
    await user.click(screen.getByRole('button', { name: en.dateSelection.team.decrease }));
    await user.click(screen.getByRole('button', { name: en.dateSelection.team.decrease }));
    expect(news()).toBe(`One worker fewer \u2212${money(250)}`);
    expect(bar().querySelector('.price-bar-change')).toHaveAttribute('data-direction', 'down');
  });

  it('floors 3 + 2: two floors more and the fourth worker we recommend, each with its amount', () => {
    renderPage('en', { moveType: 'full' });
    fireEvent.change(screen.getByLabelText(en.dateSelection.pickupFloor), {
      target: { value: '3' },
    });
    expect(news()).toBe(`3 more floors +${money(240)}`);
    fireEvent.change(screen.getByLabelText(en.dateSelection.dropoffFloor), {
      target: { value: '2' },
    });
    expect(news()).toBe(
      `2 more floors +${money(160)} · One more worker (recommended) +${money(250)}`,
    );
    expect(barText()).toContain(money(1500 + 5 * 80 + 3 * 250));
  });

  it('another service: "Partial move instead of Full move"', async () => {
    const { user } = renderPage('en', { moveType: 'full', workers: 3 });
    await user.selectOptions(screen.getByLabelText(en.dateSelection.moveType), 'partial');
    expect(news()).toBe(`Partial move instead of Full move \u2212${money(500)}`);
  });

  it('no service yet: says to choose one, with no total and no news', async () => {
    const { user } = renderPage('en');
    expect(barText()).toBe(`${en.priceBar.label} ${en.dateSelection.total.pending}`);
    await user.click(screen.getByRole('button', { name: en.dateSelection.team.increase }));
    expect(bar().querySelector('.price-bar-change')).toBeNull();
    expect(status()).toBe('');
    // The first service chosen is the total's start, not a change of it.
    await user.selectOptions(screen.getByLabelText(en.dateSelection.moveType), 'office');
    expect(barText()).toContain(money(1200 + 3 * 250));
    expect(bar().querySelector('.price-bar-change')).toBeNull();
  });

  it('Arabic: Arabic-Indic digits, Arabic words, and no Latin digit anywhere in the bar', async () => {
    const { user } = renderPage('ar', { moveType: 'full' });
    await user.click(screen.getByRole('button', { name: ar.dateSelection.team.increase }));
    expect(news()).toBe(`عامل إضافي +${money(250, 'ar')}`);
    expect(barText()).toContain(money(2250, 'ar'));
    expect(status()).toBe(`عامل إضافي +${money(250, 'ar')}؛ الإجمالي الآن ${money(2250, 'ar')}`);
    fireEvent.change(screen.getByLabelText(ar.dateSelection.pickupFloor), {
      target: { value: '٢' },
    });
    expect(news()).toBe(`دوران إضافيان +${money(160, 'ar')}`);
    expect(bar().textContent).not.toMatch(/[0-9]/);
    // No doubled period after the pound sign ("ج.م..").
    expect(bar().textContent).not.toMatch(/\.[\u200F\u200E]*\./);
  });
});
