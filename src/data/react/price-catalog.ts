// The current price catalog for every screen that shows a price (docs/decisions.md D11).
import { useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { FIRST_CATALOG, type PriceCatalog } from '../../domain/pricing';
import type { DataPort } from '../port';
import { DataPortContext } from './data-port-context';

export interface CatalogState {
  catalog: PriceCatalog;
  /**
   * True once the backend has answered in this page: until then the catalog is the one the page
   * was built with (or the last one this tab saw), and a screen must not tell a customer that
   * prices changed on its strength.
   */
  confirmed: boolean;
}

/**
 * What the prerendered HTML shows and the browser's first render hydrates with (architecture
 * habit 10): the first catalog version, which the build knows. After hydration the screens show
 * the last catalog this tab saw at once, then the current one as soon as the backend answers.
 */
const BUILD_STATE: CatalogState = Object.freeze({ catalog: FIRST_CATALOG, confirmed: false });

/** The last catalog this tab saw, so the next page shows it right after hydration. */
const STORAGE_KEY = 'afsh.catalog';

function readStored(): CatalogState {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    // Only a well-formed newer version is used; the server's answer replaces it anyway.
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      Number.isInteger((parsed as PriceCatalog).version) &&
      (parsed as PriceCatalog).version > FIRST_CATALOG.version &&
      typeof (parsed as PriceCatalog).base === 'object' &&
      typeof (parsed as PriceCatalog).distance === 'object' &&
      typeof (parsed as PriceCatalog).team === 'object'
    ) {
      return { catalog: parsed as PriceCatalog, confirmed: false };
    }
  } catch {
    // Blocked or corrupt storage: the build's catalog until the backend answers.
  }
  return BUILD_STATE;
}

function store(catalog: PriceCatalog): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(catalog));
  } catch {
    // Full or blocked storage: this page still has it in memory.
  }
}

/** One per DataPort (one per app; one per test's backend client). */
class CatalogStore {
  state: CatalogState = readStored();
  readonly #listeners = new Set<() => void>();
  #loading: Promise<PriceCatalog> | null = null;

  constructor(private readonly port: DataPort) {}

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  snapshot = () => this.state;

  set(catalog: PriceCatalog): void {
    this.state = { catalog, confirmed: true };
    store(catalog);
    for (const listener of [...this.#listeners]) listener();
  }

  /** Asks the backend for the current version (once at a time); keeps what it has on failure. */
  load(): Promise<PriceCatalog> {
    this.#loading ??= this.port.prices
      .catalog()
      .then((catalog) => {
        this.set(catalog);
        return catalog;
      })
      .finally(() => {
        this.#loading = null;
      });
    return this.#loading;
  }
}

const stores = new WeakMap<DataPort, CatalogStore>();

function storeFor(port: DataPort): CatalogStore {
  let found = stores.get(port);
  if (!found) {
    found = new CatalogStore(port);
    stores.set(port, found);
  }
  return found;
}

const noSubscription = () => () => {};
const buildSnapshot = () => BUILD_STATE;

/**
 * The current catalog and whether the backend confirmed it. The first use in a page asks the
 * backend; `refresh` asks again (after "prices changed", after an admin saved a version).
 * Without a DataPort (a component rendered on its own) it is the build's catalog.
 */
export function useCatalogState(): CatalogState & { refresh(): Promise<PriceCatalog | null> } {
  const port = useContext(DataPortContext);
  const catalogs = port ? storeFor(port) : null;
  const state = useSyncExternalStore(
    catalogs?.subscribe ?? noSubscription,
    catalogs?.snapshot ?? buildSnapshot,
    buildSnapshot,
  );
  useEffect(() => {
    if (catalogs && !catalogs.state.confirmed) catalogs.load().catch(() => undefined);
  }, [catalogs]);
  const refresh = useCallback(
    () => (catalogs ? catalogs.load() : Promise.resolve(null)),
    [catalogs],
  );
  return useMemo(() => ({ ...state, refresh }), [state, refresh]);
}

/** The catalog to price with and show: the current one once the backend has answered. */
export function usePriceCatalog(): PriceCatalog {
  return useCatalogState().catalog;
}

/** After an admin saved a version: every screen of this app shows it at once. */
export function publishCatalog(port: DataPort, catalog: PriceCatalog): void {
  storeFor(port).set(catalog);
}
