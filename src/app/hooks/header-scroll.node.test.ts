import { describe, expect, it } from 'vitest';
import {
  HEADER_HIDE_AFTER,
  HEADER_HYSTERESIS,
  HEADER_SHADOW_AFTER,
  initialHeaderScrollState,
  nextHeaderScrollState,
  scrollProgress,
  type HeaderScrollState,
} from './header-scroll';

function run(
  positions: number[],
  start: HeaderScrollState = initialHeaderScrollState,
): HeaderScrollState {
  return positions.reduce(nextHeaderScrollState, start);
}

describe('header scroll constants (spec section 9)', () => {
  it('uses 120 px, 4 px hysteresis and a 10 px shadow threshold', () => {
    expect([HEADER_HIDE_AFTER, HEADER_HYSTERESIS, HEADER_SHADOW_AFTER]).toEqual([120, 4, 10]);
  });
});

describe('nextHeaderScrollState', () => {
  it.each([
    { positions: [50, 100, 120], hidden: false, why: 'scrolling down but not past 120 px' },
    { positions: [50, 100, 121], hidden: true, why: 'scrolling down past 120 px' },
    { positions: [300, 200], hidden: false, why: 'scrolling up reappears' },
    { positions: [300, 297], hidden: true, why: 'an upward jitter under 4 px is ignored' },
    { positions: [300, 296], hidden: false, why: 'an upward move of exactly 4 px counts' },
    { positions: [300, 100, 200], hidden: true, why: 'down again past the threshold hides again' },
    { positions: [300, 0], hidden: false, why: 'back at the top always shows' },
  ])('$why → hidden=$hidden', ({ positions, hidden }) => {
    expect(run(positions).hidden).toBe(hidden);
  });

  it('small downward steps accumulate against the anchor instead of being lost', () => {
    // 1 px at a time: each step alone is under the hysteresis, but the header still hides.
    const positions = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(run(positions).hidden).toBe(true);
  });

  it.each([
    [0, false],
    [10, false],
    [11, true],
    [500, true],
  ])('at %i px the shadow is %s', (y, scrolled) => {
    expect(nextHeaderScrollState(initialHeaderScrollState, y).scrolled).toBe(scrolled);
  });

  it('treats negative (overscroll bounce) positions as the top', () => {
    const state = run([300, -40]);
    expect(state).toMatchObject({ hidden: false, scrolled: false, anchorY: 0 });
  });
});

describe('scrollProgress', () => {
  it.each([
    [0, 2000, 800, 0],
    [600, 2000, 800, 0.5],
    [1200, 2000, 800, 1],
    [5000, 2000, 800, 1],
    [100, 800, 800, 0],
  ])('scrollY %i of %i in a %i px viewport → %f', (y, height, viewport, expected) => {
    expect(scrollProgress(y, height, viewport)).toBeCloseTo(expected);
  });
});
