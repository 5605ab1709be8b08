// One door for analytics: screens call `track`, a deployment plugs in a sink. The default sink
// drops everything, so nothing leaves the browser unless someone decides it should.
import type { Metric } from 'web-vitals';
import type * as WebVitals from 'web-vitals';

/** Event names from spec section 7, plus the ones later screens add. */
export type AnalyticsEventName =
  'cta_start_now_bar' | 'cta_start_steps' | 'click_phone' | 'click_whatsapp' | 'web_vital';

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  params?: Record<string, string | number | boolean>;
}

export type AnalyticsSink = (event: AnalyticsEvent) => void;

const noopSink: AnalyticsSink = () => {};
let sink: AnalyticsSink = noopSink;

export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next ?? noopSink;
}

/** Whether a deployment plugged a sink in: without one, nothing is measured for nobody. */
export function hasAnalyticsSink(): boolean {
  return sink !== noopSink;
}

export function track(name: AnalyticsEventName, params?: AnalyticsEvent['params']): void {
  try {
    sink(params ? { name, params } : { name });
  } catch (error) {
    // A broken sink must never break a click.
    console.warn('analytics sink failed', error);
  }
}

export function metricToEvent(
  metric: Pick<Metric, 'name' | 'value' | 'rating' | 'id'>,
): AnalyticsEvent {
  return {
    name: 'web_vital',
    params: {
      metric: metric.name,
      value: Math.round(metric.value * 1000) / 1000,
      rating: metric.rating,
      id: metric.id,
    },
  };
}

/** web-vitals is loaded lazily, after first paint, so it never delays the page. */
export function reportWebVitals(
  load: () => Promise<typeof WebVitals> = () => import('web-vitals'),
): Promise<void> {
  return load().then(({ onCLS, onINP, onLCP, onFCP, onTTFB }) => {
    const send = (metric: Metric) => {
      const event = metricToEvent(metric);
      track(event.name, event.params);
    };
    onCLS(send);
    onINP(send);
    onLCP(send);
    onFCP(send);
    onTTFB(send);
  });
}
