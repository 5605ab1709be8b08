// The current price catalog for every screen that shows a price (docs/decisions.md D11).
import { useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { FIRST_CATALOG, type PriceCatalog } from '../../domain/pricing';
import type { DataPort } from '../port';
import { DataPortContext } from './data-port-context';
import { useInitialData } from './initial-data';

export interface CatalogState {
  catalog: PriceCatalog;
  /**
   * True once the backend has answered in this page: until then the catalog is the one the page
   * was built with (or the last one this tab saw), and a screen must not tell a customer that
   * prices changed on its strength.
   */
  confirmed: boolean;
  /**
   * True while the page knows no catalog but the one it was built with, which may be out of
   * date: in the prerendered HTML, in the render that hydrates it, and on a tab's first page
   * until the backend answers. Public pages then show figures as same-sized placeholders
   * (PendingFigure) rather than prices that may be wrong.
   */
  pending: boolean;
}

/**
 * What the prerendered HTML shows and the browser's first render hydrates with (architecture
 * habit 10): no catalog yet, so no price in the HTML. After hydration the screens show the last
 * catalog this tab saw at once, then the current one as soon as the backend answers.
 */
const PENDING_STATE: CatalogState = Object.freeze({
  catalog: FIRST_CATALOG,
  confirmed: false,
  pending: true,
});

/** Without a DataPort (a component rendered on its own): the build's catalog, as it is. */
const BUILD_STATE: CatalogState = Object.freeze({
  catalog: FIRST_CATALOG,
  confirmed: false,
  pending: false,
});

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
      return { catalog: parsed as PriceCatalog, confirmed: false, pending: false };
    }
  } catch {
    // Blocked or corrupt storage: nothing known until the backend answers.
  }
  return PENDING_STATE;
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
  /** What the page's HTML was rendered with, when the server rendered it with the catalog. */
  #rendered: CatalogState | null = null;
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

  /** The HTML's state: the catalog it was rendered with, or none yet (placeholders). */
  serverSnapshot = () => this.#rendered ?? PENDING_STATE;

  /**
   * The page was rendered at request time with the current catalog (InitialData): it and the
   * render that hydrates it show that catalog, confirmed, and nothing needs asking.
   */
  seed(catalog: PriceCatalog): void {
    if (this.#rendered) return;
    this.#rendered = { catalog, confirmed: true, pending: false };
    this.state = this.#rendered;
    store(catalog);
  }

  set(catalog: PriceCatalog): void {
    store(catalog);
    this.#publish({ catalog, confirmed: true, pending: false });
  }

  #publish(state: CatalogState): void {
    this.state = state;
    for (const listener of [...this.#listeners]) listener();
  }

  /**
   * Asks the backend for the current version (once at a time). On failure it keeps what it has,
   * and a page still waiting shows the build's catalog rather than placeholders for good.
   */
  load(): Promise<PriceCatalog> {
    this.#loading ??= this.port.prices
      .catalog()
      .then(
        (catalog) => {
          this.set(catalog);
          return catalog;
        },
        (error: unknown) => {
          if (this.state.pending) this.#publish({ ...this.state, pending: false });
          throw error;
        },
      )
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
 * The current catalog, whether the backend confirmed it, and whether it is still unknown
 * (`pending`). The first use in a page asks the backend; `refresh` asks again (after "prices
 * changed", after an admin saved a version). Without a DataPort (a component rendered on its
 * own) it is the build's catalog.
 */
export function useCatalogState(): CatalogState & { refresh(): Promise<PriceCatalog | null> } {
  const port = useContext(DataPortContext);
  const catalogs = port ? storeFor(port) : null;
  // A page the server rendered with the catalog starts from it (once per app; idempotent, so
  // safe while rendering: it only ever sets what the HTML already shows).
  const rendered = useInitialData().catalog;
  if (catalogs && rendered) catalogs.seed(rendered);
  const state = useSyncExternalStore(
    catalogs?.subscribe ?? noSubscription,
    catalogs?.snapshot ?? buildSnapshot,
    catalogs?.serverSnapshot ?? buildSnapshot,
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
