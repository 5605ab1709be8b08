import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import en from '../../../../locales/en/reviews.json';
import type { ShownReview } from '../hooks/use-reviews';
import { CAROUSEL_INTERVAL_MS, ReviewsCarousel } from './reviews-carousel';

const REVIEWS: ShownReview[] = [1, 2, 3, 4].map((n) => ({
  id: `r${n}`,
  name: `Customer ${n}`,
  review: `Review text number ${n}`,
  rating: 5,
  createdAt: `2025-01-0${n}T10:00:00Z`,
  sample: false,
}));

function renderCarousel(language: 'ar' | 'en' = 'en', reviews = REVIEWS) {
  return renderWithProviders(<ReviewsCarousel reviews={reviews} label="Customer reviews" />, {
    language,
  });
}

const region = () => screen.getByRole('region', { name: 'Customer reviews' });
/** The customer shown first, read from the slide the way a person sees it. */
const shown = () => within(region()).getAllByRole('group')[0]!.textContent ?? '';
const expectShowing = (n: number) => expect(shown()).toContain(`Customer ${n}`);
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const slides = () => region().querySelector('[data-per-view]') as HTMLElement;

function swipe(dx: number) {
  fireEvent.pointerDown(slides(), {
    clientX: 200,
    clientY: 100,
    pointerId: 7,
    pointerType: 'touch',
  });
  fireEvent.pointerUp(slides(), {
    clientX: 200 + dx,
    clientY: 104,
    pointerId: 7,
    pointerType: 'touch',
  });
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('ReviewsCarousel timing', () => {
  it('is an APG carousel with labelled slides and dots', () => {
    renderCarousel('en');
    expect(region()).toHaveAttribute('aria-roledescription', 'carousel');
    expect(within(region()).getByRole('group', { name: 'Review 1 of 4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review 2 of 4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review 1 of 4' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('advances every 3.8 s and wraps around', () => {
    renderCarousel();
    expectShowing(1);
    advance(CAROUSEL_INTERVAL_MS - 1);
    expectShowing(1);
    advance(1);
    expectShowing(2);
    for (const n of [3, 4, 1]) {
      advance(CAROUSEL_INTERVAL_MS);
      expectShowing(n);
    }
  });

  it('does not move while hovered, and resumes after', () => {
    renderCarousel();
    fireEvent.pointerEnter(region(), { pointerType: 'mouse' });
    advance(CAROUSEL_INTERVAL_MS * 3);
    expectShowing(1);
    fireEvent.pointerLeave(region(), { pointerType: 'mouse' });
    advance(CAROUSEL_INTERVAL_MS);
    expectShowing(2);
  });

  it('does not move while focus is inside, and resumes after', () => {
    renderCarousel();
    const pause = screen.getByRole('button', { name: en.carousel.pause });
    act(() => pause.focus());
    advance(CAROUSEL_INTERVAL_MS * 3);
    expectShowing(1);
    act(() => pause.blur());
    advance(CAROUSEL_INTERVAL_MS);
    expectShowing(2);
  });

  it('does not move while the tab is hidden, and resumes after', () => {
    renderCarousel();
    setVisibility('hidden');
    advance(CAROUSEL_INTERVAL_MS * 3);
    expectShowing(1);
    setVisibility('visible');
    advance(CAROUSEL_INTERVAL_MS);
    expectShowing(2);
  });

  it('has a pause/play button (WCAG 2.2.2)', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: en.carousel.pause }));
    fireEvent.blur(screen.getByRole('button', { name: en.carousel.play }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    advance(CAROUSEL_INTERVAL_MS * 3);
    expectShowing(1);
    fireEvent.click(screen.getByRole('button', { name: en.carousel.play }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    advance(CAROUSEL_INTERVAL_MS);
    expectShowing(2);
  });

  it('stays still for visitors who prefer reduced motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('prefers-reduced-motion'),
    })) as typeof window.matchMedia;
    try {
      renderCarousel();
      advance(CAROUSEL_INTERVAL_MS * 3);
      expectShowing(1);
      expect(screen.getByRole('button', { name: en.carousel.play })).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it('keeps every other review under the slide, unseen and unreachable, so its height never changes', () => {
    renderCarousel('en');
    const sizers = slides().querySelectorAll('.reviews-slide-sizer');
    // One shown, three kept for their height; none of them is announced or reachable.
    expect(within(region()).getAllByRole('group')).toHaveLength(1);
    expect(sizers).toHaveLength(3);
    for (const sizer of sizers) {
      expect(sizer).toHaveAttribute('aria-hidden', 'true');
      expect(sizer).toHaveAttribute('inert');
    }
    expect([...sizers].map((sizer) => sizer.textContent).join()).not.toContain('Customer 1');
    advance(CAROUSEL_INTERVAL_MS);
    expectShowing(2);
    expect(slides().querySelectorAll('.reviews-slide-sizer')).toHaveLength(3);
    expect(
      [...slides().querySelectorAll('.reviews-slide-sizer')].map((s) => s.textContent).join(),
    ).toContain('Customer 1');
  });

  it('does not rotate a single review', () => {
    renderCarousel('en', REVIEWS.slice(0, 1));
    advance(CAROUSEL_INTERVAL_MS * 2);
    expectShowing(1);
    expect(screen.queryByRole('button', { name: en.carousel.next })).not.toBeInTheDocument();
  });
});

describe('ReviewsCarousel gestures and keys', () => {
  it('LTR: a 49 px swipe does nothing, 51 px leftwards goes next, rightwards back', () => {
    renderCarousel('en');
    swipe(-49);
    expectShowing(1);
    swipe(-51);
    expectShowing(2);
    swipe(51);
    expectShowing(1);
  });

  it('RTL: mirrored, a swipe rightwards (towards the start) goes next', () => {
    renderCarousel('ar');
    swipe(49);
    expectShowing(1);
    swipe(51);
    expectShowing(2);
    swipe(-51);
    expectShowing(1);
  });

  it('ignores a mostly vertical drag (page scroll)', () => {
    renderCarousel('en');
    fireEvent.pointerDown(slides(), { clientX: 200, clientY: 100, pointerId: 3 });
    fireEvent.pointerUp(slides(), { clientX: 140, clientY: 300, pointerId: 3 });
    expectShowing(1);
  });

  it('LTR: ArrowRight goes next, ArrowLeft back', () => {
    renderCarousel('en');
    fireEvent.keyDown(region(), { key: 'ArrowRight' });
    expectShowing(2);
    fireEvent.keyDown(region(), { key: 'ArrowLeft' });
    fireEvent.keyDown(region(), { key: 'ArrowLeft' });
    expectShowing(4);
  });

  it('RTL: ArrowLeft goes next, ArrowRight back', () => {
    renderCarousel('ar');
    fireEvent.keyDown(region(), { key: 'ArrowLeft' });
    expectShowing(2);
    fireEvent.keyDown(region(), { key: 'ArrowRight' });
    expectShowing(1);
  });

  it('previous/next buttons and dots move', () => {
    renderCarousel('en');
    fireEvent.click(screen.getByRole('button', { name: en.carousel.next }));
    expectShowing(2);
    fireEvent.click(screen.getByRole('button', { name: en.carousel.previous }));
    expectShowing(1);
    fireEvent.click(screen.getByRole('button', { name: 'Review 3 of 4' }));
    expectShowing(3);
    expect(screen.getByRole('button', { name: 'Review 3 of 4' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('restarts the interval after a manual move', () => {
    renderCarousel('en');
    advance(CAROUSEL_INTERVAL_MS - 500);
    fireEvent.keyDown(region(), { key: 'ArrowRight' });
    fireEvent.blur(region());
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    advance(CAROUSEL_INTERVAL_MS - 1);
    expectShowing(2);
    advance(1);
    expectShowing(3);
  });
});
