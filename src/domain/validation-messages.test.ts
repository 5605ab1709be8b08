import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import arValidation from '../../locales/ar/validation.json';
import enValidation from '../../locales/en/validation.json';
import { issuesOf } from '../testing/schema-results';
import { loginSchema, signupSchema } from './auth-schemas';
import {
  createOrderInputSchema,
  customerInfoSchema,
  dateSelectionSchema,
  manualLocationSchema,
  moveEstimateSchema,
} from './booking-schemas';
import { cardSchema } from './card-schema';
import { contactSchema } from './contact-schema';
import { formatNumber } from './money';
import { orderInputSchema } from './order-input-schema';
import { BOOKING_HORIZON_DAYS } from './pricing';
import { reviewSchema } from './review-schema';
import { trackingInputSchema } from './tracking-schema';
import { VALIDATION_MESSAGES as M } from './validation-messages';

describe('validation messages and their translations', () => {
  type Tree = { [key: string]: string | Tree };
  const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
    Object.fromEntries(
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string'
          ? [[`${prefix}${key}`, value]]
          : Object.entries(flatten(value, `${prefix}${key}.`)),
      ),
    );
  const ar = flatten(arValidation as Tree);
  const en = flatten(enValidation as Tree);
  const usedKeys = Object.values(M).map((message) => message.replace(/^validation:/, ''));

  it('ar and en have the same keys', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it('every message is a key of the validation namespace', () => {
    for (const message of Object.values(M)) expect(message).toMatch(/^validation:[\w.]+$/);
  });

  it.each(usedKeys)('%s is translated in both languages', (key) => {
    expect(ar[key]?.trim()).toBeTruthy();
    expect(en[key]?.trim()).toBeTruthy();
    expect(ar[key]).toMatch(/[\u0621-\u064A]/);
  });

  it('has no translation that no schema or screen uses', () => {
    expect(Object.keys(en).sort()).toEqual([...new Set(usedKeys)].sort());
  });

  it('uses the same interpolation variables in both languages', () => {
    const vars = (s: string | undefined) => (s?.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of Object.keys(en)) expect(vars(ar[key])).toEqual(vars(en[key]));
    expect(vars(en['payment.missingFields'])).toEqual(['{{fields}}']);
  });

  it.each<[string, string]>([
    ['review.cooldown', 'Please wait a minute between submissions.'],
    ['password.mismatch', 'Password and confirmation do not match.'],
    ['card.incomplete', 'Please fill in all card details.'],
    ['tracking.required', 'Please enter the order number.'],
    ['location.required', 'Please select the city and district.'],
    ['customerInfo.required', 'Please complete the required data.'],
    ['dateSelection.required', 'Please fill all fields.'],
    ['password.tips', 'Use at least 8 characters, include letters and numbers.'],
  ])('%s keeps the spec wording in English', (key, text) => {
    expect(en[key]).toBe(text);
  });

  it('the booking horizon is written in each language’s digits, as the constant says', () => {
    expect(ar['date.tooFar']).toContain(formatNumber(BOOKING_HORIZON_DAYS, 'ar'));
    expect(ar['date.tooFar']).not.toMatch(/[0-9]/);
    expect(en['date.tooFar']).toContain(String(BOOKING_HORIZON_DAYS));
  });

  it('the weak-password message carries the tips', () => {
    expect(en['password.weak']).toContain('Use at least 8 characters, include letters and numbers');
  });

  // A message zod writes itself ("Invalid input: expected string") would reach the screen
  // untranslated: throw hostile values at every schema and accept only our keys.
  const hostile: unknown[] = [
    undefined,
    null,
    0,
    Number.NaN,
    '',
    '   ',
    'x',
    [],
    {},
    true,
    {
      name: 5,
      review: null,
      rating: {},
      website: 1,
      email: 1,
      password: 1,
      confirmPassword: 2,
      phone: 3,
      message: [],
      fullName: 1,
      phoneNumber: 2,
      pickupAddress: 3,
      dropoffAddress: 4,
      notes: 5,
      moveDate: 6,
      moveTime: 7,
      moveType: 8,
      housing: 9,
      pickupFloor: 'x',
      dropoffFloor: {},
      workers: [],
      governorateId: 1,
      districtId: 2,
      cardNumber: 1,
      cardHolder: 2,
      expiry: 3,
      cvv: 4,
      paymentMethod: 5,
      totalPrice: {},
    },
  ];
  const schemas: [string, z.ZodType][] = [
    ['review', reviewSchema],
    ['signup', signupSchema],
    ['login', loginSchema],
    ['contact', contactSchema],
    ['customerInfo', customerInfoSchema()],
    ['dateSelection', dateSelectionSchema()],
    ['moveEstimate', moveEstimateSchema()],
    ['manualLocation', manualLocationSchema()],
    ['card', cardSchema()],
    ['tracking', trackingInputSchema()],
    ['order', createOrderInputSchema()],
    ['order (shared)', orderInputSchema],
  ];
  const known = new Set<string>(Object.values(M));

  it.each(schemas)('%s reports only translated keys', (_name, schema) => {
    for (const value of hostile) {
      const result = schema.safeParse(value);
      for (const [, message] of issuesOf(result)) expect(known).toContain(message);
    }
  });
});
