import type { CheckedNewOrder } from '../../../src/domain/order.ts';
import { checkStillPriced } from '../../../src/domain/order.ts';
import type { CatalogRates, CatalogVersion, PriceCatalog } from '../../../src/domain/pricing.ts';
import { catalogFromRates, deepFreeze } from '../../../src/domain/pricing.ts';
import { catalogRatesSchema } from '../../../src/domain/catalog-schema.ts';
import type { AuthUser } from '../plugins/sessions.ts';
import type { SavedVersion, VersionsRepository } from '../repositories/versions-repository.ts';

function toCatalog(saved: SavedVersion<CatalogRates>): PriceCatalog {
  return catalogFromRates(saved.value, saved.version, saved.createdAt);
}

/**
 * Prices as data (D11): the current catalog version for every screen and every new order, and
 * the admins' new versions, effective at once, recorded with who and when.
 */
export class CatalogService {
  readonly #versions: VersionsRepository<CatalogRates>;
  /** The catalog built from the version last read (kept while the repository's object is). */
  #built: { saved: SavedVersion<CatalogRates>; catalog: PriceCatalog } | null = null;

  constructor(versions: VersionsRepository<CatalogRates>) {
    this.#versions = versions;
  }

  current(): PriceCatalog {
    const saved = this.#versions.current();
    if (this.#built?.saved !== saved) {
      // Shared by every request until the next version: frozen, so none can change it for others.
      this.#built = { saved, catalog: deepFreeze(toCatalog(saved)) };
    }
    return this.#built.catalog;
  }

  /** Saves the admin's rates (the domain's schema decides what is valid) as the next version. */
  save(body: unknown, admin: AuthUser): PriceCatalog {
    const rates = catalogRatesSchema.parse(body);
    return toCatalog(this.#versions.save(rates, admin.id));
  }

  history(limit?: number): CatalogVersion[] {
    return this.#versions
      .history(limit)
      .map((saved) => ({ catalog: toCatalog(saved), createdBy: saved.createdBy }));
  }

  /**
   * Inside the order's own transaction: a version saved since the order was checked must not
   * slip in unseen. The same total under it is fine; another total is "prices changed".
   */
  checkStillPriced(checked: Pick<CheckedNewOrder, 'input' | 'price'>): void {
    if (this.#versions.currentVersion() === checked.price.catalogVersion) return;
    checkStillPriced(checked, this.current());
  }
}
