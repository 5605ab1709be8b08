import { describe, expect, it } from 'vitest';
import {
  isOrderSort,
  matchesOrderSearch,
  ORDER_PAGE_SIZE_DEFAULT,
  ORDER_PAGE_SIZE_MAX,
  orderPaging,
  parseOrderSearch,
} from './order-query';

const order = { fullName: 'Mona Adel', orderNumber: 'AF-20261123-417', phoneNumber: '01012345678' };

describe('parseOrderSearch', () => {
  it.each(['', '   ', '\u200f \u200e'])('%j is no search at all', (text) => {
    expect(parseOrderSearch(text)).toBeNull();
  });

  it.each([
    ['01012345678', '01012345678'],
    ['٠١٠١٢٣٤٥٦٧٨', '01012345678'],
    ['+20 101 234 5678', '01012345678'],
    ['010-1234-5678', '01012345678'],
  ])('a whole mobile %j is matched exactly as %s', (text, mobile) => {
    expect(parseOrderSearch(text)).toMatchObject({ mobile, phoneDigits: null });
  });

  it.each([
    ['1234', '1234'],
    ['٥٦٧٨', '5678'],
    ['+20 100 12', '010012'],
    ['0020 10', '010'],
  ])('part of a number %j searches the digits %s', (text, digits) => {
    expect(parseOrderSearch(text)).toMatchObject({ mobile: null, phoneDigits: digits });
  });

  it('names and order numbers keep what was typed, order numbers the way people paste them', () => {
    expect(parseOrderSearch('  #af-20261123-٤١٧ ')).toEqual({
      name: '#af-20261123-٤١٧',
      orderNumber: 'AF-20261123-417',
      mobile: null,
      phoneDigits: null,
    });
    expect(parseOrderSearch('12')).toMatchObject({ phoneDigits: null });
  });
});

describe('matchesOrderSearch', () => {
  const search = (text: string) => {
    const parsed = parseOrderSearch(text);
    if (!parsed) throw new Error('empty search');
    return matchesOrderSearch(order, parsed);
  };

  it.each(['mona', 'ADEL', '#af-20261123-417', '417', '٠١٠١٢٣٤٥٦٧٨', '2345'])(
    'finds by %j',
    (text) => {
      expect(search(text)).toBe(true);
    },
  );

  it.each(['Sara', 'AF-20261123-999', '01112345678', '9999'])('does not find by %j', (text) => {
    expect(search(text)).toBe(false);
  });
});

describe('sorts and paging', () => {
  it('knows exactly the six sorts', () => {
    for (const sort of [
      'newest',
      'oldest',
      'move-date-asc',
      'move-date-desc',
      'price-desc',
      'price-asc',
    ])
      expect(isOrderSort(sort)).toBe(true);
    for (const value of ['', 'NEWEST', 'price', 1, null, undefined])
      expect(isOrderSort(value)).toBe(false);
  });

  it.each([
    [{}, { page: 1, limit: ORDER_PAGE_SIZE_DEFAULT }],
    [
      { page: 3, limit: 20 },
      { page: 3, limit: 20 },
    ],
    [
      { page: 0, limit: 0 },
      { page: 1, limit: 1 },
    ],
    [
      { page: -2.5, limit: 10_000 },
      { page: 1, limit: ORDER_PAGE_SIZE_MAX },
    ],
    [
      { page: 2.9, limit: 7.9 },
      { page: 2, limit: 7 },
    ],
    [
      { page: Number.NaN, limit: Number.NaN },
      { page: 1, limit: ORDER_PAGE_SIZE_DEFAULT },
    ],
  ])('orderPaging(%j) is %j', (filter, expected) => {
    expect(orderPaging(filter)).toEqual(expected);
  });
});
