import { describe, expect, it } from 'vitest';
import { dataOf, issuesOf, type Issue } from '../testing/schema-results';
import { cardSchema } from './card-schema';
import { VALIDATION_MESSAGES as M } from './validation-messages';

describe('card (spec 5 as amended by D3)', () => {
  const now = new Date('2026-03-15T10:00:00Z');
  const schema = cardSchema(now);
  const valid = {
    cardNumber: '4242 4242 4242 4242',
    cardHolder: ' Mona Adel ',
    expiry: '03/26',
    cvv: '123',
  };

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'valid, spaces removed',
      valid,
      { cardNumber: '4242424242424242', cardHolder: 'Mona Adel', expiry: '03/26', cvv: '123' },
    ],
    [
      'Arabic-Indic digits everywhere',
      { cardNumber: '٥٥٥٥-٥٥٥٥-٥٥٥٥-٤٤٤٤', cardHolder: 'منى عادل', expiry: '١٢/٣٠', cvv: '١٢٣٤' },
      { cardNumber: '5555555555554444', cardHolder: 'منى عادل', expiry: '12/30', cvv: '1234' },
    ],
  ])('accepts: %s', (_label, input, expected) => {
    expect(dataOf(schema.safeParse(input))).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    [
      'all empty',
      { cardNumber: '', cardHolder: '', expiry: '', cvv: '' },
      [
        ['cardNumber', M.cardIncomplete],
        ['cardHolder', M.cardIncomplete],
        ['expiry', M.cardIncomplete],
        ['cvv', M.cardIncomplete],
      ],
    ],
    [
      'all missing',
      {},
      [
        ['cardNumber', M.cardIncomplete],
        ['cardHolder', M.cardIncomplete],
        ['expiry', M.cardIncomplete],
        ['cvv', M.cardIncomplete],
      ],
    ],
    [
      'Luhn fails',
      { ...valid, cardNumber: '4242 4242 4242 4241' },
      [['cardNumber', M.cardNumberInvalid]],
    ],
    ['too short', { ...valid, cardNumber: '4242 4242' }, [['cardNumber', M.cardNumberInvalid]]],
    ['holder 1 char', { ...valid, cardHolder: 'M' }, [['cardHolder', M.cardHolderLength]]],
    ['expiry format', { ...valid, expiry: '3/2026' }, [['expiry', M.cardExpiryInvalid]]],
    ['expiry month 13', { ...valid, expiry: '13/27' }, [['expiry', M.cardExpiryInvalid]]],
    ['expired last month', { ...valid, expiry: '02/26' }, [['expiry', M.cardExpired]]],
    ['cvv 2 digits', { ...valid, cvv: '12' }, [['cvv', M.cardCvvInvalid]]],
    ['cvv letters', { ...valid, cvv: 'abc' }, [['cvv', M.cardCvvInvalid]]],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(schema.safeParse(input))).toEqual(expected);
  });

  it('judges expiry by the Cairo month: 31 March 22:30 UTC is April in Cairo', () => {
    const cairoApril = cardSchema(new Date('2026-03-31T22:30:00Z'));
    expect(issuesOf(cairoApril.safeParse(valid))).toEqual([['expiry', M.cardExpired]]);
  });
});
