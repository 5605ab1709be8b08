import { useCallback, useMemo } from 'react';
import { useCatalogState } from '../../../data/react/price-catalog';
import type { PriceCatalog } from '../../../domain/pricing';
import { useBookingFlow } from './booking-flow';
import { flowPrice, type FlowPrice } from './flow-price';

export interface PriceCheck {
  price: FlowPrice;
  /** The total to show and to send, and the catalog version it comes from. */
  total: number;
  catalogVersion: number;
  /**
   * The backend's current catalog gives another total than the one the customer confirmed on
   * the date screen: they must see both and accept the new one before paying (D11).
   */
  changed: boolean;
  /** The confirmed total, when it changed. */
  previous: number | null;
  /** The customer accepts the new total. */
  accept(): void;
  /** Asks the backend for the current catalog again (after the server said prices changed). */
  refresh(): Promise<PriceCatalog | null>;
}

/**
 * The booking's total against the catalog it was confirmed with (D11). A version the backend has
 * not confirmed in this page (the build's, or the last one this tab saw) never contradicts what
 * the customer confirmed: until the backend answers, the confirmed total stands.
 */
export function usePriceCheck(): PriceCheck {
  const { state, update } = useBookingFlow();
  const { catalog, confirmed, refresh } = useCatalogState();
  const price = useMemo(() => flowPrice(state, catalog), [state, catalog]);
  const recorded =
    state.totalPrice !== undefined && state.catalogVersion !== undefined
      ? { total: state.totalPrice, version: state.catalogVersion }
      : null;
  const otherVersion = recorded !== null && recorded.version !== catalog.version;
  const changed =
    confirmed && otherVersion && price.total !== null && price.total !== recorded.total;
  const keepRecorded = recorded !== null && otherVersion && !confirmed;

  const accept = useCallback(() => {
    if (price.total === null) return;
    update({ totalPrice: price.total, catalogVersion: catalog.version, pricing: price.breakdown });
  }, [price, catalog.version, update]);

  return {
    price,
    total: keepRecorded ? recorded.total : (price.total ?? 0),
    catalogVersion: keepRecorded ? recorded.version : catalog.version,
    changed,
    previous: changed ? recorded.total : null,
    accept,
    refresh,
  };
}
