/**
 * Sliding-window limits (docs/decisions.md D8): at most `max` events within `windowMs`. The server
 * keeps its events in SQLite; the hosted build's functions keep them in one Firestore document per
 * subject (a user, an App Check token) and decide with these functions, in the same transaction
 * as the write they limit.
 */

/** At most `max` events within `windowMs`; a max of 0 is no limit. */
export interface QuotaRule {
  max: number;
  windowMs: number;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** An hourly and a daily limit, the shape every D8 limit has. */
export function hourAndDay(hour: number, day: number): QuotaRule[] {
  return [
    { max: hour, windowMs: HOUR_MS },
    { max: day, windowMs: DAY_MS },
  ];
}

/** How long events must be kept to judge every rule. */
export function quotaHorizonMs(rules: readonly QuotaRule[]): number {
  return Math.max(0, ...rules.filter((rule) => rule.max > 0).map((rule) => rule.windowMs));
}

/**
 * Whether one more event at `now` fits every rule, given the earlier events' times (ms, any
 * order). When it does not, `retryAfterMs` says when the oldest event that blocks it leaves its
 * window. Events in the future (a clock that moved back) count as now.
 */
export function checkQuota(
  times: readonly number[],
  rules: readonly QuotaRule[],
  now: number,
): { ok: true } | { ok: false; retryAfterMs: number } {
  let retryAfterMs = 0;
  for (const rule of rules) {
    if (rule.max <= 0) continue;
    const inWindow = times
      .map((t) => Math.min(t, now))
      .filter((t) => t > now - rule.windowMs)
      .sort((a, b) => b - a);
    if (inWindow.length >= rule.max) {
      const blocking = inWindow[rule.max - 1]!;
      retryAfterMs = Math.max(retryAfterMs, blocking + rule.windowMs - now);
    }
  }
  return retryAfterMs > 0 ? { ok: false, retryAfterMs } : { ok: true };
}

/** The events to keep after one more at `now`: those still inside the longest window. */
export function recordQuota(times: readonly number[], rules: readonly QuotaRule[], now: number) {
  const horizon = quotaHorizonMs(rules);
  return [...times.filter((t) => t > now - horizon), now].sort((a, b) => a - b);
}
