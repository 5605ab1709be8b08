import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  metricToEvent,
  hasAnalyticsSink,
  reportWebVitals,
  setAnalyticsSink,
  track,
  type AnalyticsEvent,
} from './analytics';

afterEach(() => setAnalyticsSink(null));

describe('analytics', () => {
  it('drops events when no sink is plugged in', () => {
    expect(() => track('click_phone')).not.toThrow();
  });

  it('sends events to the plugged sink', () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    track('cta_start_now_bar');
    track('click_whatsapp', { from: 'footer' });
    expect(events).toEqual([
      { name: 'cta_start_now_bar' },
      { name: 'click_whatsapp', params: { from: 'footer' } },
    ]);
  });

  it('a throwing sink never breaks the caller', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setAnalyticsSink(() => {
      throw new Error('offline');
    });
    expect(() => track('click_phone')).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });

  it('turns a web-vitals metric into one event', () => {
    expect(metricToEvent({ name: 'LCP', value: 1234.56789, rating: 'good', id: 'v1' })).toEqual({
      name: 'web_vital',
      params: { metric: 'LCP', value: 1234.568, rating: 'good', id: 'v1' },
    });
  });

  it('loads web-vitals lazily and reports every metric through the sink', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    const fire = (name: string) => (cb: (m: unknown) => void) =>
      cb({ name, value: 1, rating: 'good', id: name });
    const load = vi.fn(async () => ({
      onCLS: fire('CLS'),
      onINP: fire('INP'),
      onLCP: fire('LCP'),
      onFCP: fire('FCP'),
      onTTFB: fire('TTFB'),
    }));
    expect(load).not.toHaveBeenCalled();
    await reportWebVitals(load as never);
    expect(load).toHaveBeenCalledTimes(1);
    expect(events.map((e) => e.params?.metric)).toEqual(['CLS', 'INP', 'LCP', 'FCP', 'TTFB']);
  });

  it('knows whether a sink is plugged in: without one, web vitals are not loaded at all', () => {
    setAnalyticsSink(null);
    expect(hasAnalyticsSink()).toBe(false);
    setAnalyticsSink(() => {});
    expect(hasAnalyticsSink()).toBe(true);
    setAnalyticsSink(null);
    expect(hasAnalyticsSink()).toBe(false);
  });
});
