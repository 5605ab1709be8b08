import { useEffect, useState } from 'react';

/**
 * A value only the browser knows (a media query, the load event, data saver) for a component of
 * a prerendered page: `initial` on the first render, as in the HTML, then the browser's value,
 * set from an effect and kept current through `subscribe`.
 *
 * Why not useSyncExternalStore with a server snapshot: React corrects a snapshot that differs
 * after hydration with a synchronous re-render, and while the page is still hydrating that pulls
 * the rest of its hydration into one long task (a slow phone stops answering taps). An update
 * from an effect waits its turn. `read` and `subscribe` must be stable (module-level or memoised).
 */
export function useClientValue<T>(
  read: () => T,
  initial: T,
  subscribe?: (onChange: () => void) => () => void,
): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    // The one purpose of this hook: correct the HTML's value once mounted, at normal priority.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValue(read());
    return subscribe?.(() => setValue(read()));
  }, [read, subscribe]);
  return value;
}
