import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  filtersFromParams,
  filtersToParams,
  hasFilters,
  toOrderFilter,
  type OrderFilters,
} from './order-filters';

const parse = (query: string) => filtersFromParams(new URLSearchParams(query));

const ALL: OrderFilters = {
  search: 'Mona Hassan',
  status: 'in_transit',
  governorateId: 'alexandria',
  moveDateFrom: '2030-01-01',
  moveDateTo: '2030-01-31',
  paymentStatus: 'paid',
  paymentMethod: 'card',
  sort: 'move-date-asc',
  page: 3,
};

describe('order filters in the query string', () => {
  it('writes only what is set, in a fixed order, and reads it back the same', () => {
    const query = filtersToParams(ALL).toString();
    expect(query).toBe(
      'q=Mona+Hassan&status=in_transit&governorate=alexandria&payment=paid&method=card' +
        '&from=2030-01-01&to=2030-01-31&sort=move-date-asc&page=3',
    );
    expect(parse(query)).toEqual(ALL);
    expect(filtersToParams({ ...NO_FILTERS }).toString()).toBe('');
    expect(filtersToParams({ ...NO_FILTERS, search: '   ' }).toString()).toBe('');
  });

  it('reads an empty query as no filter', () => {
    expect(parse('')).toEqual(NO_FILTERS);
  });

  it('drops every value it does not know instead of failing', () => {
    expect(
      parse(
        'status=lost&governorate=atlantis&payment=maybe&method=barter&from=2026-02-31' +
          '&to=tomorrow&sort=cheapest&page=0',
      ),
    ).toEqual(NO_FILTERS);
    for (const page of ['-2', '1.5', 'two', '01', '1e3', '99999999']) {
      expect(parse(`page=${page}`).page).toBe(1);
    }
    expect(parse('page=12').page).toBe(12);
    expect(parse('q=%20%20Omar%20').search).toBe('Omar');
  });

  it('counts everything but the page as a filter', () => {
    expect(hasFilters({ ...NO_FILTERS })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, page: 4 })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, sort: 'oldest' })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, search: 'AF-2026' })).toBe(true);
  });

  it('asks the port only for the parts that are set', () => {
    expect(toOrderFilter({ ...NO_FILTERS, page: 5 })).toEqual({ sort: 'newest' });
    const { page: _page, ...withoutPage } = ALL;
    expect(toOrderFilter(ALL)).toEqual(withoutPage);
  });
});
