import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderFilter, OrderPage } from '../../../data/port';
import { errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';

interface Loaded {
  /** The filter (as JSON) the answer is for. */
  forKey: string | null;
  /** The last page that arrived; kept on screen while the next one loads. */
  page: OrderPage | null;
  errorKey: string | null;
  reloading: boolean;
}

/**
 * One page of the admin list for `filter`, loaded again when the filter changes or on `reload`.
 * Only the latest request may land: typing fast in the search box must not show an older answer.
 */
export function useAdminOrders(filter: OrderFilter) {
  const port = useDataPort();
  const [loaded, setLoaded] = useState<Loaded>({
    forKey: null,
    page: null,
    errorKey: null,
    reloading: false,
  });
  const latest = useRef(0);
  const key = JSON.stringify(filter);

  const fetchPage = useCallback(
    (forKey: string) => {
      const id = ++latest.current;
      port.orders.list(JSON.parse(forKey) as OrderFilter).then(
        (page) => {
          if (id === latest.current) setLoaded({ forKey, page, errorKey: null, reloading: false });
        },
        (error: unknown) => {
          if (id === latest.current) {
            setLoaded((s) => ({
              ...s,
              forKey,
              errorKey: errorMessageKey(error, 'generic'),
              reloading: false,
            }));
          }
        },
      );
    },
    [port],
  );

  useEffect(() => {
    fetchPage(key);
  }, [fetchPage, key]);

  const reload = useCallback(() => {
    setLoaded((s) => ({ ...s, reloading: true, errorKey: null }));
    fetchPage(key);
  }, [fetchPage, key]);

  /** Loads the page again without showing "loading" (a live change, D10). */
  const refresh = useCallback(() => fetchPage(key), [fetchPage, key]);

  return {
    page: loaded.page,
    loading: loaded.forKey !== key || loaded.reloading,
    errorKey: loaded.forKey === key ? loaded.errorKey : null,
    reload,
    refresh,
  };
}

/** Every order matching `filter`, page by page at the maximum page size (for the CSV export). */
export async function fetchAllOrders(
  list: (filter: OrderFilter) => Promise<OrderPage>,
  filter: OrderFilter,
): Promise<OrderPage['orders']> {
  const limit = 500;
  const all: OrderPage['orders'] = [];
  for (let page = 1; ; page += 1) {
    const result = await list({ ...filter, page, limit });
    all.push(...result.orders);
    if (result.orders.length < limit || all.length >= result.total) return all;
  }
}
