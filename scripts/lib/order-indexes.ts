// Every Firestore query the admin orders list can make (src/data/firebase/admin-order-query.ts),
// for the index check (tests/unit/firestore-rules.test.ts) and to write firestore.indexes.json.
import {
  EQUALITY_FIELDS,
  indexesNeeded,
  planOrderList,
  SORT_ORDER,
} from '../../src/data/firebase/admin-order-query.ts';
import type { OrderFilter } from '../../src/domain/order.ts';
import type { OrderSort } from '../../src/domain/order-query.ts';

const FILTER_VALUES: Record<(typeof EQUALITY_FIELDS)[number], string> = {
  status: 'received',
  governorateId: 'cairo',
  paymentStatus: 'paid',
  paymentMethod: 'card',
};

/** Each filter the admin can set (every subset of filters, each sort, with and without a range and a name). */
export function everyAdminFilter(): OrderFilter[] {
  const filters: OrderFilter[] = [];
  const subsets = 1 << EQUALITY_FIELDS.length;
  for (let mask = 0; mask < subsets; mask += 1) {
    for (const sort of Object.keys(SORT_ORDER) as OrderSort[]) {
      for (const range of [false, true]) {
        for (const search of [undefined, 'محمد']) {
          const filter: OrderFilter = { sort, ...(search ? { search } : {}) };
          EQUALITY_FIELDS.forEach((field, bit) => {
            if (mask & (1 << bit)) Object.assign(filter, { [field]: FILTER_VALUES[field] });
          });
          if (range)
            Object.assign(filter, { moveDateFrom: '2026-04-01', moveDateTo: '2026-04-30' });
          filters.push(filter);
        }
      }
    }
  }
  return filters;
}

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}

/** The composite indexes the admin list needs, each once, in a stable order. */
export function adminListIndexes(): IndexField[][] {
  const seen = new Map<string, IndexField[]>();
  for (const filter of everyAdminFilter()) {
    const plan = planOrderList(filter);
    if (plan.kind !== 'query') continue;
    for (const query of [plan.page, plan.counts]) {
      for (const fields of indexesNeeded(query)) {
        const index = fields.map(({ field, mode }): IndexField =>
          mode === 'contains'
            ? { fieldPath: field, arrayConfig: 'CONTAINS' }
            : { fieldPath: field, order: mode === 'desc' ? 'DESCENDING' : 'ASCENDING' },
        );
        seen.set(JSON.stringify(index), index);
      }
    }
  }
  return [...seen.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, index]) => index);
}
