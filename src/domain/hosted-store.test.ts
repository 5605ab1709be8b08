// The hosted build's search (D20): Firestore finds a document by one whole token of its
// `searchTokens` array, so what the adapter asks for must be one of the tokens written.
import { describe, expect, it } from 'vitest';
import { orderSearchTokens, searchTokenOf, SEARCH_TOKEN_MAX } from './hosted-store';
import { parseOrderSearch } from './order-query';

const order = {
  fullName: 'أحمد عبدالرحمن السيد',
  orderNumber: 'AF-20261123-417',
  phoneNumber: '01012345678',
};
const tokens = new Set(orderSearchTokens(order));
const finds = (typed: string) => {
  const token = searchTokenOf(parseOrderSearch(typed)!);
  return token !== null && tokens.has(token);
};

describe('orderSearchTokens and searchTokenOf', () => {
  it.each([
    // The name from the start of any word, in any of the forms people type.
    'احمد',
    'إحمد',
    'أَحْمَد',
    'أحمد عبد',
    'عبدالرحمن',
    'عبدالرحمن السيد',
    // A word without its article, and a compound name by its second part.
    'السيد',
    'سيد',
    'الرحمن',
    'رحمن',
    // The order number, whole or from the start of a part.
    'AF-20261123-417',
    '#af-20261123-٤١٧',
    '20261123-4',
    '417',
    // The phone from its start, as typed with the country code, without its 0, and its end.
    '010',
    '0101234',
    '+20 101 23',
    '1012345',
    '5678',
    '٥٦٧٨',
  ])('finds the order by %j', (typed) => {
    expect(finds(typed)).toBe(true);
  });

  it.each(['محمد', 'حمد', 'AF-20261123-999', '0111', '2345', '9999'])(
    'does not find it by %j (not the start of a word, nor a phone’s end)',
    (typed) => {
      expect(finds(typed)).toBe(false);
    },
  );

  it('asks for nothing when the text is shorter than a token', () => {
    expect(searchTokenOf(parseOrderSearch('أ')!)).toBeNull();
    expect(searchTokenOf(parseOrderSearch('#')!)).toBeNull();
  });

  it('cuts a long search to the longest token stored', () => {
    const long = { ...order, fullName: 'عبدالرحمن محمد عبدالعزيز السيد' };
    const token = searchTokenOf(parseOrderSearch(long.fullName)!)!;
    expect([...token].length).toBeLessThanOrEqual(SEARCH_TOKEN_MAX);
    expect(orderSearchTokens(long)).toContain(token);
  });

  it('stays within a few hundred short tokens per order', () => {
    const tokens = orderSearchTokens({
      fullName: 'عبدالرحمن محمد عبدالعزيز السيد الشريف',
      orderNumber: 'AF-20261123-123456',
      phoneNumber: '01012345678',
    });
    expect(tokens.length).toBeLessThan(300);
    expect(tokens.every((token) => [...token].length <= SEARCH_TOKEN_MAX)).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
