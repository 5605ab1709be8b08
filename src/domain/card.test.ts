import { describe, expect, it } from 'vitest';
import {
  cardKeysIn,
  isCvvValid,
  isExpiryValid,
  luhnValid,
  normalizeCardNumber,
  parseExpiry,
} from './card';

describe('luhnValid (D3)', () => {
  it.each<[string, boolean]>([
    ['4242424242424242', true], // Visa test card
    ['4242 4242 4242 4242', true],
    ['4242-4242-4242-4242', true],
    ['٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢', true],
    ['5555555555554444', true], // Mastercard test card
    ['378282246310005', true], // Amex, 15 digits
    ['6011111111111117', true], // Discover
    ['4222222222222', true], // 13-digit Visa
    ['4242424242424241', false], // check digit off by one
    ['4242424242424243', false],
    ['1234567890123456', false],
    ['42424242424', false], // 11 digits, too short
    ['42424242424242424242', false], // 20 digits, too long
    ['4242 4242 4242 424a', false],
    ['4242.4242.4242.4242', false],
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(luhnValid(input)).toBe(expected);
  });

  it('checks a number built to pass at 12 and 19 digits', () => {
    // 000000000000 and 0000000000000000000 have checksum 0; their edges are the length limits.
    expect(luhnValid('0'.repeat(12))).toBe(true);
    expect(luhnValid('0'.repeat(19))).toBe(true);
    expect(luhnValid('0'.repeat(11))).toBe(false);
  });

  it('is false for non-strings', () => {
    expect(luhnValid(4242424242424242 as unknown as string)).toBe(false);
  });
});

describe('normalizeCardNumber', () => {
  it.each([
    ['4242 4242 4242 4242', '4242424242424242'],
    ['٤٢٤٢-٤٢٤٢', '42424242'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeCardNumber(input)).toBe(expected);
  });
});

describe('parseExpiry', () => {
  it.each([
    ['01/27', { month: 1, year: 2027 }],
    ['12/30', { month: 12, year: 2030 }],
    [' 06 / 28 ', { month: 6, year: 2028 }],
    ['٠٣/٢٦', { month: 3, year: 2026 }],
  ])('%j → %j', (input, expected) => {
    expect(parseExpiry(input)).toEqual(expected);
  });

  it.each([['13/27'], ['00/27'], ['1/27'], ['01/2027'], ['0127'], ['01-27'], ['ab/cd'], ['']])(
    '%j is not MM/YY',
    (input) => {
      expect(parseExpiry(input)).toBeNull();
    },
  );
});

describe('isExpiryValid', () => {
  const midMarch2026 = new Date('2026-03-15T10:00:00Z');

  it.each<[string, Date, boolean]>([
    ['03/26', midMarch2026, true], // valid through the end of its month
    ['04/26', midMarch2026, true],
    ['01/27', midMarch2026, true],
    ['02/26', midMarch2026, false],
    ['12/25', midMarch2026, false],
    ['٠٣/٢٦', midMarch2026, true],
    // 31 March 22:30Z is already 1 April in Cairo: a 03/26 card has expired there.
    ['03/26', new Date('2026-03-31T22:30:00Z'), false],
    ['03/26', new Date('2026-03-31T21:30:00Z'), true],
    ['13/26', midMarch2026, false],
    ['', midMarch2026, false],
  ])('%j at %s → %s', (input, now, expected) => {
    expect(isExpiryValid(input, now)).toBe(expected);
  });

  it('defaults to now: a card from 2000 is expired, one in 2099 is not', () => {
    expect(isExpiryValid('01/00')).toBe(false);
    expect(isExpiryValid('12/99')).toBe(true);
  });
});

describe('isCvvValid', () => {
  it.each<[string, boolean]>([
    ['123', true],
    ['1234', true],
    ['٧٨٩', true],
    [' 123 ', true],
    ['12', false],
    ['12345', false],
    ['12a', false],
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(isCvvValid(input)).toBe(expected);
  });
});

describe('cardKeysIn', () => {
  it.each([
    ['cardNumber'],
    ['card_number'],
    ['CARD-NO'],
    ['pan'],
    ['CVV'],
    ['cvv2'],
    ['cvc'],
    ['security_code'],
    ['expiryDate'],
    ['exp'],
    ['card'],
  ])('%s carries card data', (key) => {
    expect(cardKeysIn({ fullName: 'Mona', [key]: 'x' })).toEqual([key]);
  });

  it('ignores the order’s own fields and anything that is not an object', () => {
    expect(
      cardKeysIn({ paymentMethod: 'card', paymentToken: 'test_ok_abcdefgh', expected: 1 }),
    ).toEqual([]);
    for (const body of [null, undefined, 'cvv', 42, ['cvv']]) expect(cardKeysIn(body)).toEqual([]);
  });
});
