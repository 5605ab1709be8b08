import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { formatMoney } from '../../../domain/money';
import {
  BOOKING_STORAGE_KEY,
  readBookingFlow,
  readConfirmation,
  type ConfirmationSummary,
} from '../flow/booking-flow';
import { ConfirmationPage } from './confirmation-page';
import { CONFETTI_PIECES } from './payment/confetti';
import ar from '../../../../locales/ar/payment.json';
import en from '../../../../locales/en/payment.json';
import arShare from '../../../../locales/ar/share.json';
import enShare from '../../../../locales/en/share.json';

const fire = vi.fn(async () => undefined) as ReturnType<typeof vi.fn> & { reset: () => void };
fire.reset = vi.fn();
const create = vi.fn(() => fire);
vi.mock('canvas-confetti', () => ({ default: { create } }));

const norm = (s: string) => s.replace(/\s+/g, ' ');
const cod: ConfirmationSummary = {
  orderId: 'id-1',
  orderNumber: 'AF-20990315-123',
  paid: false,
  paymentMethod: 'cod',
  totalPrice: 2240,
};
const card: ConfirmationSummary = {
  ...cod,
  orderNumber: 'AF-20990315-456',
  paid: true,
  paymentMethod: 'card',
};

function reducedMotion(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matches && query.includes('reduce'),
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  create.mockClear();
  fire.mockClear();
  Reflect.deleteProperty(navigator, 'clipboard');
  document.querySelectorAll('canvas').forEach((c) => c.remove());
});

function setup(state: unknown, language: 'ar' | 'en' = 'en') {
  return renderWithProviders(<ConfirmationPage />, { language, route: '/confirmation', state });
}

describe('ConfirmationPage', () => {
  it('without an order goes home', async () => {
    reducedMotion(true);
    setup(null);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('without an order but with a booking under way goes back to the summary', async () => {
    reducedMotion(true);
    sessionStorage.setItem(BOOKING_STORAGE_KEY, JSON.stringify({ fullName: 'Mona Ali' }));
    setup(null);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/request-summary'),
    );
  });

  it('shows a cash order: number, total, method, pending badge, notice, links (ar)', async () => {
    reducedMotion(true);
    setup(cod, 'ar');
    expect(
      screen.getByRole('heading', { level: 1, name: ar.confirmation.title }),
    ).toBeInTheDocument();
    expect(screen.getByText(cod.orderNumber)).toBeInTheDocument();
    expect(screen.getByText(cod.orderNumber).tagName).toBe('BDI');
    expect(document.body.textContent && norm(document.body.textContent)).toContain(
      norm(formatMoney(2240, 'ar')),
    );
    expect(screen.getByText(ar.confirmation.methods.cod)).toBeInTheDocument();
    expect(screen.getByText(ar.confirmation.pending)).toBeInTheDocument();
    expect(screen.queryByText(ar.testMode.confirmation)).not.toBeInTheDocument();
    expect(screen.getByText(ar.confirmation.registered)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ar.confirmation.trackOrder })).toHaveAttribute(
      'href',
      `/track/${cod.orderNumber}`,
    );
    expect(screen.getByRole('link', { name: ar.confirmation.myOrders })).toHaveAttribute(
      'href',
      '/my-orders',
    );
    expect(screen.getByRole('link', { name: ar.confirmation.home })).toHaveAttribute('href', '/');
    expect(
      screen.getByRole('img', { name: arShare.qrAlt.replace('{{orderNumber}}', cod.orderNumber) }),
    ).toBeInTheDocument();
  });

  it('shows when and where the move is: date, window, from and to (D11, D12)', () => {
    setup({
      ...cod,
      move: {
        date: '2030-05-02',
        start: '08:00',
        end: '12:00',
        governorateId: 'cairo',
        districtId: 'maadi',
        dropoffGovernorateId: 'giza',
        dropoffDistrictId: 'dokki',
      },
    });
    const text = norm(document.body.textContent ?? '');
    expect(text).toContain('Maadi, Cairo');
    expect(text).toContain('Dokki, Giza');
    // Weekday, date and window in one phrase (D22).
    expect(text).toContain(norm('Thursday, May 2, 2030, 8:00 AM – 12:00 PM'));
  });

  it('shows a card order as paid with the test-mode notice', () => {
    reducedMotion(true);
    setup(card);
    expect(screen.getByText(en.confirmation.paid)).toBeInTheDocument();
    expect(screen.getByText(en.testMode.confirmation)).toBeInTheDocument();
    expect(screen.getByText(en.confirmation.methods.card)).toBeInTheDocument();
  });

  it('shows a wallet paid through Paymob live as paid, without a test-mode notice (ar)', () => {
    reducedMotion(true);
    setup({ ...card, paymentMethod: 'wallet', testMode: false }, 'ar');
    expect(screen.getByText(ar.confirmation.paid)).toBeInTheDocument();
    expect(screen.getByText(ar.confirmation.methods.wallet)).toBeInTheDocument();
    expect(screen.queryByText(ar.testMode.confirmation)).not.toBeInTheDocument();
  });

  it('does not confirm a booking whose online payment is still waiting', () => {
    reducedMotion(true);
    sessionStorage.setItem(
      BOOKING_STORAGE_KEY,
      JSON.stringify({
        orderId: 'id-9',
        orderNumber: 'AF-20990315-789',
        paid: false,
        paymentMethod: 'card',
        totalPrice: 2240,
      }),
    );
    setup(null);
    expect(screen.queryByText('AF-20990315-789')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/request-summary');
  });

  it('clears the flow and survives a reload from its own stored copy', async () => {
    reducedMotion(true);
    sessionStorage.setItem(
      BOOKING_STORAGE_KEY,
      JSON.stringify({ fullName: 'Mona Ali', orderId: 'id-1', orderNumber: cod.orderNumber }),
    );
    const first = setup(cod);
    await waitFor(() => expect(readBookingFlow()).toEqual({}));
    expect(readConfirmation()).toEqual(cod);
    first.unmount();
    // A reload: no navigation state in a fresh router, the flow is gone, the stored copy remains.
    setup(null);
    expect(screen.getByText(cod.orderNumber)).toBeInTheDocument();
  });

  it('copy shows "Copied" for 1.5 s', async () => {
    reducedMotion(true);
    vi.useFakeTimers();
    setup(cod);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en.confirmation.copyNumber }));
    });
    expect(writeText).toHaveBeenCalledWith(cod.orderNumber);
    expect(screen.getByRole('button', { name: enShare.copied })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole('button', { name: enShare.copied })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: en.confirmation.copyNumber })).toBeInTheDocument();
  });

  it('share without the Web Share API copies the tracking link and says so', async () => {
    reducedMotion(true);
    const { user } = setup(cod);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: enShare.share }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/track/${cod.orderNumber}`);
    expect(await screen.findByText(enShare.shareNotSupported)).toBeInTheDocument();
  });

  it('shares the tracking link through the Web Share API when there is one', async () => {
    reducedMotion(true);
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = setup(cod);
    await user.click(screen.getByRole('button', { name: enShare.share }));
    expect(share).toHaveBeenCalledWith({
      title: en.confirmation.shareTitle.replace('{{orderNumber}}', cod.orderNumber),
      text: en.confirmation.shareText.replace('{{orderNumber}}', cod.orderNumber),
      url: `${window.location.origin}/track/${cod.orderNumber}`,
    });
    Reflect.deleteProperty(navigator, 'share');
  });

  it('throws 400 pieces of confetti over 4 s on its own canvas, then removes it', async () => {
    reducedMotion(false);
    await import('canvas-confetti'); // loaded once, so the screen's import resolves in microtasks
    vi.useFakeTimers();
    setup(cod);
    for (let i = 0; i < 50 && create.mock.calls.length === 0; i += 1) {
      await act(async () => {
        await Promise.resolve();
      });
    }
    expect(create).toHaveBeenCalledTimes(1);
    const canvas = document.querySelector('canvas.confetti-canvas');
    expect(canvas).not.toBeNull();
    expect(create).toHaveBeenCalledWith(canvas, expect.objectContaining({ useWorker: true }));
    act(() => vi.advanceTimersByTime(3999));
    const pieces = fire.mock.calls.reduce(
      (sum, call) => sum + (call as unknown as [{ particleCount: number }])[0].particleCount,
      0,
    );
    expect(pieces).toBe(CONFETTI_PIECES);
    expect(document.querySelector('canvas.confetti-canvas')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(fire.reset).toHaveBeenCalled();
    expect(document.querySelector('canvas.confetti-canvas')).toBeNull();
  });

  it('skips the confetti under prefers-reduced-motion', async () => {
    // A visitor who likes motion first, so the screen's own import of the library is done.
    reducedMotion(false);
    const warm = setup(card);
    await vi.waitFor(() => expect(create).toHaveBeenCalled());
    warm.unmount();
    create.mockClear();

    reducedMotion(true);
    setup(cod);
    expect(window.matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
    // Another confirmation, for a visitor who likes motion, starts its celebration after any the
    // first would have started: once it is drawn, the first's would have been too.
    reducedMotion(false);
    setup(card);
    await vi.waitFor(() => expect(create).toHaveBeenCalled());
    expect(create).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('canvas.confetti-canvas')).toHaveLength(1);
  });
});
