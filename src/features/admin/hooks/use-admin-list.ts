import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageKey } from '../../../data/error-messages';

export type AdminListState<T> =
  { kind: 'loading' } | { kind: 'error'; messageKey: string } | { kind: 'loaded'; items: T[] };

/** A list an admin screen loads once and again on `reload` (messages, reviews). */
export function useAdminList<T>(load: () => Promise<T[]>) {
  const [state, setState] = useState<AdminListState<T>>({ kind: 'loading' });
  const latest = useRef(0);
  const reload = useCallback(() => {
    const id = ++latest.current;
    load().then(
      (items) => {
        if (id === latest.current) setState({ kind: 'loaded', items });
      },
      (error: unknown) => {
        if (id === latest.current) {
          setState({ kind: 'error', messageKey: errorMessageKey(error, 'generic') });
        }
      },
    );
  }, [load]);
  useEffect(() => {
    reload();
  }, [reload]);
  return { state, reload };
}
