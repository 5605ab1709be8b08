import { useEffect, useState } from 'react';
import { errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import {
  presetRange,
  type Dashboard,
  type DashboardBucket,
  type DashboardPreset,
  type DashboardRange,
} from '../../../domain/dashboard';

export type DashboardState =
  | { kind: 'loading' }
  | { kind: 'error'; messageKey: string; fields: Record<string, string> }
  | { kind: 'loaded'; dashboard: Dashboard };

/**
 * The dashboard's period (the last 30 days by day at first), its presets, and the backend's
 * answer for it (D25). A period being typed that is not one shows the backend's message.
 */
export function useDashboard() {
  const port = useDataPort();
  const [range, setRange] = useState<DashboardRange>(() => presetRange('last30'));
  const [attempt, setAttempt] = useState(0);
  const key = `${range.from}|${range.to}|${range.bucket}|${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; state: DashboardState } | null>(null);
  // The last answer stays on screen while the next one loads, so the page does not jump.
  const [shown, setShown] = useState<Dashboard | null>(null);

  useEffect(() => {
    let current = true;
    port.dashboard.get(range).then(
      (dashboard) => {
        if (!current) return;
        setAnswer({ key, state: { kind: 'loaded', dashboard } });
        setShown(dashboard);
      },
      (error: unknown) => {
        if (!current) return;
        const fields =
          typeof error === 'object' && error !== null && 'fields' in error
            ? ((error as { fields?: Record<string, string> }).fields ?? {})
            : {};
        setAnswer({
          key,
          state: { kind: 'error', messageKey: errorMessageKey(error, 'generic'), fields },
        });
      },
    );
    return () => {
      current = false;
    };
  }, [port, range, key]);

  const state: DashboardState = answer?.key === key ? answer.state : { kind: 'loading' };

  return {
    range,
    state,
    shown,
    setPreset: (preset: DashboardPreset) =>
      setRange((r) => ({ ...presetRange(preset), bucket: r.bucket })),
    setFrom: (from: string) => setRange((r) => ({ ...r, from })),
    setTo: (to: string) => setRange((r) => ({ ...r, to })),
    setBucket: (bucket: DashboardBucket) => setRange((r) => ({ ...r, bucket })),
    reload: () => setAttempt((n) => n + 1),
  };
}
