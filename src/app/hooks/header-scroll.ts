// The header's scroll behaviour (spec "Shared layout", constants of section 9) as a pure function,
// so every threshold is unit-tested without a browser.
export const HEADER_HIDE_AFTER = 120;
export const HEADER_HYSTERESIS = 4;
export const HEADER_SHADOW_AFTER = 10;

export interface HeaderScrollState {
  /** Last scroll position that moved the state machine (deltas under the hysteresis are ignored). */
  anchorY: number;
  hidden: boolean;
  scrolled: boolean;
}

export const initialHeaderScrollState: HeaderScrollState = {
  anchorY: 0,
  hidden: false,
  scrolled: false,
};

export function nextHeaderScrollState(prev: HeaderScrollState, y: number): HeaderScrollState {
  const scrollY = Math.max(0, y);
  const scrolled = scrollY > HEADER_SHADOW_AFTER;
  const delta = scrollY - prev.anchorY;
  if (Math.abs(delta) < HEADER_HYSTERESIS) {
    return scrolled === prev.scrolled ? prev : { ...prev, scrolled };
  }
  let hidden = prev.hidden;
  if (delta > 0 && scrollY > HEADER_HIDE_AFTER) hidden = true;
  else if (delta < 0 || scrollY <= HEADER_HIDE_AFTER) hidden = false;
  return { anchorY: scrollY, hidden, scrolled };
}

/** 0..1 share of the page scrolled, for the progress bar. */
export function scrollProgress(
  scrollY: number,
  scrollHeight: number,
  viewportHeight: number,
): number {
  const max = scrollHeight - viewportHeight;
  if (max <= 0) return 0;
  return Math.min(1, Math.max(0, scrollY / max));
}
