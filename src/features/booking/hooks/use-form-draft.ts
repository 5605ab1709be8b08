import { useCallback, useState } from 'react';

/**
 * What the customer has typed on a screen but not yet submitted, kept in session storage so a
 * reload (or a dropped connection on mobile data) does not wipe a half-filled form (D7). Only
 * string fields are kept; anything else read back is ignored.
 */
export function useFormDraft<T extends Record<string, string>>(
  key: string,
  initial: () => T,
): [T, (patch: Partial<T>) => void, () => void] {
  const [values, setValues] = useState<T>(() => {
    const base = initial();
    try {
      const raw = sessionStorage.getItem(key);
      const saved: unknown = raw ? JSON.parse(raw) : null;
      if (typeof saved !== 'object' || saved === null) return base;
      const merged = { ...base };
      for (const field of Object.keys(base) as (keyof T)[]) {
        const value = (saved as Record<string, unknown>)[field as string];
        if (typeof value === 'string' && value.length <= 2000) merged[field] = value as T[keyof T];
      }
      return merged;
    } catch {
      return base;
    }
  });

  const change = useCallback(
    (patch: Partial<T>) => {
      setValues((current) => {
        const next = { ...current, ...patch };
        try {
          sessionStorage.setItem(key, JSON.stringify(next));
        } catch {
          // A draft is a convenience; the form works without it.
        }
        return next;
      });
    },
    [key],
  );

  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing to clear.
    }
  }, [key]);

  return [values, change, clear];
}
