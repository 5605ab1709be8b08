import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  NO_FILTERS,
  filtersFromParams,
  filtersToParams,
  type OrderFilters,
} from '../order-filters';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The orders list's filters, kept in the query string: a reload or a shared link shows the same
 * list, and Back returns to the previous filters. Each filter change is a history entry; the
 * search box replaces the current one, so typing a phone number is not ten steps of Back.
 */
export function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const current = params.toString();
  const canonical = filtersToParams(filters).toString();

  // A hand-edited or old link: invalid, default and unknown values leave the address bar.
  useEffect(() => {
    if (current !== canonical) setParams(canonical, { replace: true });
  }, [current, canonical, setParams]);

  /** Applies `changes`; any change but a page change goes back to page 1. */
  const update = useCallback(
    (changes: Partial<OrderFilters>, { replace = false }: { replace?: boolean } = {}) => {
      const next = filtersToParams({ ...filters, page: 1, ...changes }).toString();
      // Choosing what is already chosen adds no step to Back.
      if (next !== canonical) setParams(next, { replace });
    },
    [filters, canonical, setParams],
  );

  // The box shows what is typed at once; the list follows when typing pauses.
  const [searchInput, setSearchInput] = useState(filters.search);
  const [appliedSearch, setAppliedSearch] = useState(filters.search);
  if (appliedSearch !== filters.search) {
    // The URL moved (Back, a link, "Clear filters"): the box follows it, unless it already says so.
    setAppliedSearch(filters.search);
    if (searchInput.trim() !== filters.search) setSearchInput(filters.search);
  }
  useEffect(() => {
    const next = searchInput.trim();
    if (next === filters.search) return;
    const timer = setTimeout(() => update({ search: next }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, filters.search, update]);

  const clear = useCallback(() => {
    setSearchInput('');
    update(NO_FILTERS);
  }, [update]);

  return { filters, update, clear, searchInput, setSearchInput };
}
