import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import arValidation from '../../locales/ar/validation.json';
import enValidation from '../../locales/en/validation.json';
import {
  ADDRESS_MAX,
  cardSchema,
  contactSchema,
  createOrderInputSchema,
  customerInfoSchema,
  dateSelectionSchema,
  EMAIL_MAX,
  expectedOrderTotal,
  FULL_NAME_MAX,
  isDisplayableReview,
  isHoneypotFilled,
  isWithinReviewCooldown,
  loginSchema,
  manualLocationSchema,
  missingPaymentFields,
  moveEstimateSchema,
  normalizeTrackingInput,
  NOTES_MAX,
  orderInputSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordStrength,
  PAYMENT_REQUIRED_FIELDS,
  REVIEW_COOLDOWN_MS,
  REVIEW_NAME_MAX,
  REVIEW_NAME_MIN,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  reviewSchema,
  signupSchema,
  trackingInputSchema,
  VALIDATION_MESSAGES as M,
} from './schemas';
import { cairoDatePlusDays, cairoToday } from './datetime';
import { formatNumber } from './money';
import {
  BOOKING_HORIZON_DAYS,
  estimatePrice,
  FIRST_CATALOG,
  FLOOR_MAX,
  FLOOR_MIN,
  HOUSING_TYPES,
  MOVE_TYPES,
  recommendedTeamSize,
  WORKERS_MAX,
  WORKERS_MIN,
} from './pricing';
import type { MoveType } from './pricing';

type Issue = [path: string, message: string];

function issuesOf(result: z.ZodSafeParseResult<unknown>): Issue[] {
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

function dataOf<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(issuesOf(result))}`);
  return result.data;
}

const repeat = (n: number) => 'x'.repeat(n);

// ---------------------------------------------------------------------------------------------

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
    ['customerInfo', customerInfoSchema],
    ['dateSelection', dateSelectionSchema()],
    ['moveEstimate', moveEstimateSchema],
    ['manualLocation', manualLocationSchema],
    ['card', cardSchema()],
    ['tracking', trackingInputSchema],
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

// ---------------------------------------------------------------------------------------------

describe('review (spec 5)', () => {
  it('limits', () => {
    expect([REVIEW_NAME_MIN, REVIEW_NAME_MAX, REVIEW_TEXT_MIN, REVIEW_TEXT_MAX]).toEqual([
      2, 60, 2, 600,
    ]);
    expect(REVIEW_COOLDOWN_MS).toBe(60_000);
  });

  it.each<[string, Record<string, unknown>, { name: string; review: string; rating: number }]>([
    [
      'trims',
      { name: '  Ali  ', review: '  Great team  ', rating: 5 },
      { name: 'Ali', review: 'Great team', rating: 5 },
    ],
    [
      'Arabic digits rating',
      { name: 'منى', review: 'ممتاز', rating: '٤' },
      { name: 'منى', review: 'ممتاز', rating: 4 },
    ],
    ['default rating 5', { name: 'Ali', review: 'ok' }, { name: 'Ali', review: 'ok', rating: 5 }],
    [
      'empty rating → 5',
      { name: 'Ali', review: 'ok', rating: '' },
      { name: 'Ali', review: 'ok', rating: 5 },
    ],
    [
      'clamps high',
      { name: 'Ali', review: 'ok', rating: 9 },
      { name: 'Ali', review: 'ok', rating: 5 },
    ],
    [
      'clamps low',
      { name: 'Ali', review: 'ok', rating: 0 },
      { name: 'Ali', review: 'ok', rating: 1 },
    ],
    [
      'rounds',
      { name: 'Ali', review: 'ok', rating: '3.6' },
      { name: 'Ali', review: 'ok', rating: 4 },
    ],
    [
      'name at 60',
      { name: repeat(60), review: 'ok', rating: 3 },
      { name: repeat(60), review: 'ok', rating: 3 },
    ],
    [
      'text at 600',
      { name: 'Al', review: repeat(600), rating: 3 },
      { name: 'Al', review: repeat(600), rating: 3 },
    ],
  ])('accepts: %s', (_label, input, expected) => {
    expect(dataOf(reviewSchema.safeParse(input))).toMatchObject(expected);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['name 1 char after trim', { name: ' A ', review: 'ok' }, [['name', M.reviewNameLength]]],
    ['name blank', { name: '   ', review: 'ok' }, [['name', M.reviewNameLength]]],
    ['name 61', { name: repeat(61), review: 'ok' }, [['name', M.reviewNameLength]]],
    ['name missing', { review: 'ok' }, [['name', M.reviewNameLength]]],
    ['text 1 char', { name: 'Ali', review: 'x' }, [['review', M.reviewTextLength]]],
    ['text 601', { name: 'Ali', review: repeat(601) }, [['review', M.reviewTextLength]]],
    [
      'both',
      { name: '', review: '' },
      [
        ['name', M.reviewNameLength],
        ['review', M.reviewTextLength],
      ],
    ],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(reviewSchema.safeParse(input))).toEqual(expected);
  });

  it('accepts the honeypot so a bot sees success, and the caller can spot it', () => {
    const data = dataOf(reviewSchema.safeParse({ name: 'Bot', review: 'spam', website: 'x.com' }));
    expect(isHoneypotFilled(data)).toBe(true);
  });

  it.each<[{ website?: unknown }, boolean]>([
    [{}, false],
    [{ website: undefined }, false],
    [{ website: '' }, false],
    [{ website: '   ' }, false],
    [{ website: null }, false],
    [{ website: 'http://spam' }, true],
    [{ website: 'a' }, true],
    [{ website: 0 }, true],
  ])('isHoneypotFilled(%j) → %s', (values, expected) => {
    expect(isHoneypotFilled(values)).toBe(expected);
  });

  const t0 = 1_700_000_000_000;
  it.each<[number | null | undefined, number, boolean]>([
    [null, t0, false],
    [undefined, t0, false],
    [t0, t0, true],
    [t0, t0 + 59_999, true],
    [t0, t0 + 60_000, false],
    [t0, t0 + 3_600_000, false],
    [t0 + 10 * 60_000, t0, false], // stored time in the future: not a permanent lock
    [Number.NaN, t0, false],
  ])('isWithinReviewCooldown(%j, %d) → %s', (last, now, expected) => {
    expect(isWithinReviewCooldown(last, now)).toBe(expected);
  });

  it.each<[{ name?: unknown; review?: unknown }, boolean]>([
    [{ name: 'Ali', review: 'ok' }, true],
    [{ name: ' A ', review: 'fine' }, false],
    [{ name: 'Ali', review: ' x ' }, false],
    [{ name: 'Ali' }, false],
    [{ review: 'great' }, false],
    [{ name: 42, review: 'great' }, false],
  ])('isDisplayableReview(%j) → %s', (review, expected) => {
    expect(isDisplayableReview(review)).toBe(expected);
  });
});

// ---------------------------------------------------------------------------------------------

describe('passwords and accounts (spec 5)', () => {
  it('limits', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(128);
    expect(EMAIL_MAX).toBe(254);
  });

  it.each<[string, number]>([
    ['', 0],
    ['abc', 0],
    ['abcdefgh', 1], // long, letters only
    ['12345678', 1], // long, digits only
    ['abc1', 1], // letters and digits, short
    ['abcdefg1', 2],
    ['كلمةسر١٢', 2], // Arabic letters and Arabic-Indic digits
    ['PASSWORD2025', 2],
    ['!!!!!!!!', 1],
  ])('passwordStrength(%j) = %d', (pw, score) => {
    expect(passwordStrength(pw)).toBe(score);
  });

  const valid = { email: 'Sara@Example.com ', password: 'secret123', confirmPassword: 'secret123' };

  it('accepts and normalises the email but never the password', () => {
    expect(
      dataOf(
        signupSchema.safeParse({
          ...valid,
          password: ' secret123 ',
          confirmPassword: ' secret123 ',
        }),
      ),
    ).toEqual({
      email: 'sara@example.com',
      password: ' secret123 ',
      confirmPassword: ' secret123 ',
    });
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['email empty', { ...valid, email: '  ' }, [['email', M.emailRequired]]],
    [
      'email missing',
      { password: 'secret123', confirmPassword: 'secret123' },
      [['email', M.emailRequired]],
    ],
    ['email malformed', { ...valid, email: 'sara@' }, [['email', M.emailInvalid]]],
    ['email without domain dot', { ...valid, email: 'sara@example' }, [['email', M.emailInvalid]]],
    ['email too long', { ...valid, email: `${repeat(250)}@x.com` }, [['email', M.emailTooLong]]],
    [
      'password empty',
      { ...valid, password: '', confirmPassword: '' },
      [
        ['password', M.passwordRequired],
        ['confirmPassword', M.confirmPasswordRequired],
      ],
    ],
    [
      'password 7 chars',
      { ...valid, password: 'abc1234', confirmPassword: 'abc1234' },
      [['password', M.passwordMin]],
    ],
    [
      'letters only',
      { ...valid, password: 'abcdefgh', confirmPassword: 'abcdefgh' },
      [['password', M.passwordWeak]],
    ],
    [
      'digits only',
      { ...valid, password: '12345678', confirmPassword: '12345678' },
      [['password', M.passwordWeak]],
    ],
    [
      'too long',
      { ...valid, password: `a1${repeat(127)}`, confirmPassword: `a1${repeat(127)}` },
      [['password', M.passwordMax]],
    ],
    [
      'mismatch',
      { ...valid, confirmPassword: 'secret124' },
      [['confirmPassword', M.passwordMismatch]],
    ],
    [
      'mismatch by a space',
      { ...valid, confirmPassword: 'secret123 ' },
      [['confirmPassword', M.passwordMismatch]],
    ],
    [
      'mismatch while weak',
      { ...valid, password: 'abc', confirmPassword: 'abd' },
      [
        ['password', M.passwordMin],
        ['confirmPassword', M.passwordMismatch],
      ],
    ],
    [
      'confirmation empty',
      { ...valid, confirmPassword: '' },
      [['confirmPassword', M.confirmPasswordRequired]],
    ],
  ])('signup rejects: %s', (_label, input, expected) => {
    expect(issuesOf(signupSchema.safeParse(input))).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['ok', { email: ' Admin@Afsh.eg ', password: 'x' }, []],
    ['no password', { email: 'a@b.co', password: '' }, [['password', M.passwordRequired]]],
    [
      'missing both',
      {},
      [
        ['email', M.emailRequired],
        ['password', M.passwordRequired],
      ],
    ],
    ['bad email', { email: 'admin', password: 'x' }, [['email', M.emailInvalid]]],
  ])('login: %s', (_label, input, expected) => {
    expect(issuesOf(loginSchema.safeParse(input))).toEqual(expected);
  });

  it('login lowercases the email and keeps a short password (existing accounts)', () => {
    expect(dataOf(loginSchema.safeParse({ email: ' Admin@Afsh.eg ', password: 'x' }))).toEqual({
      email: 'admin@afsh.eg',
      password: 'x',
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('contact form (spec 5)', () => {
  const valid = {
    name: ' Omar ',
    email: 'OMAR@mail.com',
    phone: '+20 10 1234 5678',
    message: ' Hello ',
  };

  it('accepts, trims and normalises', () => {
    expect(dataOf(contactSchema.safeParse(valid))).toEqual({
      name: 'Omar',
      email: 'omar@mail.com',
      phone: '01012345678',
      message: 'Hello',
    });
  });

  it('accepts a phone in Arabic-Indic digits', () => {
    expect(dataOf(contactSchema.safeParse({ ...valid, phone: '٠١١ ٢٣٤٥ ٦٧٨٩' })).phone).toBe(
      '01123456789',
    );
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    [
      'all empty',
      { name: '', email: '', phone: '', message: '' },
      [
        ['name', M.nameRequired],
        ['email', M.emailRequired],
        ['phone', M.phoneRequired],
        ['message', M.messageRequired],
      ],
    ],
    [
      'all missing',
      {},
      [
        ['name', M.nameRequired],
        ['email', M.emailRequired],
        ['phone', M.phoneRequired],
        ['message', M.messageRequired],
      ],
    ],
    ['name 81', { ...valid, name: repeat(81) }, [['name', M.nameTooLong]]],
    ['email format', { ...valid, email: 'omar.mail.com' }, [['email', M.emailInvalid]]],
    ['landline', { ...valid, phone: '02 2345 6789' }, [['phone', M.phoneInvalid]]],
    ['message 2001', { ...valid, message: repeat(2001) }, [['message', M.messageTooLong]]],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(contactSchema.safeParse(input))).toEqual(expected);
  });

  it('accepts a message of exactly 2000 characters', () => {
    expect(contactSchema.safeParse({ ...valid, message: repeat(2000) }).success).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

describe('customer info (spec 5, D7)', () => {
  const valid = {
    fullName: ' Mona Adel ',
    phoneNumber: '٠١٠-١٢٣٤-٥٦٧٨',
    pickupAddress: ' 12 Tahrir St, Dokki ',
    dropoffAddress: '5 Nile Corniche, Maadi',
  };

  it('accepts, trims and gives the canonical phone', () => {
    expect(dataOf(customerInfoSchema.safeParse(valid))).toEqual({
      fullName: 'Mona Adel',
      phoneNumber: '01012345678',
      pickupAddress: '12 Tahrir St, Dokki',
      dropoffAddress: '5 Nile Corniche, Maadi',
    });
  });

  it.each<[string, string]>([
    ['+20 10 1234 5678', '01012345678'],
    ['0020 12 3456 7890', '01234567890'],
    ['(015) 5555-0000', '01555550000'],
  ])('phone %j → %s', (phoneNumber, expected) => {
    expect(dataOf(customerInfoSchema.safeParse({ ...valid, phoneNumber })).phoneNumber).toBe(
      expected,
    );
  });

  it('keeps optional notes, trimmed', () => {
    expect(dataOf(customerInfoSchema.safeParse({ ...valid, notes: ' fragile glass ' })).notes).toBe(
      'fragile glass',
    );
    expect(
      dataOf(customerInfoSchema.safeParse({ ...valid, notes: repeat(NOTES_MAX) })).notes,
    ).toHaveLength(1000);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    [
      'everything blank',
      { fullName: ' ', phoneNumber: '', pickupAddress: '', dropoffAddress: '  ' },
      [
        ['fullName', M.customerInfoRequired],
        ['phoneNumber', M.customerInfoRequired],
        ['pickupAddress', M.customerInfoRequired],
        ['dropoffAddress', M.customerInfoRequired],
      ],
    ],
    ['name 1 char', { ...valid, fullName: 'M' }, [['fullName', M.fullNameLength]]],
    [
      'name 81',
      { ...valid, fullName: repeat(FULL_NAME_MAX + 1) },
      [['fullName', M.fullNameLength]],
    ],
    [
      'phone not Egyptian mobile',
      { ...valid, phoneNumber: '01312345678' },
      [['phoneNumber', M.phoneInvalid]],
    ],
    ['phone short', { ...valid, phoneNumber: '010 1234 567' }, [['phoneNumber', M.phoneInvalid]]],
    ['address 4 chars', { ...valid, pickupAddress: 'Giza' }, [['pickupAddress', M.addressLength]]],
    [
      'address 301',
      { ...valid, dropoffAddress: repeat(ADDRESS_MAX + 1) },
      [['dropoffAddress', M.addressLength]],
    ],
    ['notes 1001', { ...valid, notes: repeat(1001) }, [['notes', M.notesTooLong]]],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(customerInfoSchema.safeParse(input))).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------------------------

describe('date selection (spec 5, D6)', () => {
  // 22:30 UTC on 1 March is 00:30 on 2 March in Cairo.
  const now = new Date('2026-03-01T22:30:00Z');
  const schema = dateSelectionSchema(now);
  const valid = {
    moveDate: '2026-03-05',
    moveTime: '09:30',
    moveType: 'full',
    housing: 'apartment',
    pickupFloor: 3,
    dropoffFloor: 0,
  };

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['valid', valid, valid],
    [
      'today in Cairo while UTC is still yesterday',
      { ...valid, moveDate: '2026-03-02' },
      { moveDate: '2026-03-02' },
    ],
    [
      'floors as Arabic-Indic strings',
      { ...valid, pickupFloor: '١٢', dropoffFloor: '۴' },
      { pickupFloor: 12, dropoffFloor: 4 },
    ],
    [
      'floors as ASCII strings',
      { ...valid, pickupFloor: ' 20 ', dropoffFloor: '0' },
      { pickupFloor: 20, dropoffFloor: 0 },
    ],
    [
      'villa, office, midnight',
      { ...valid, housing: 'villa', moveType: 'office', moveTime: '00:00' },
      { housing: 'villa', moveType: 'office' },
    ],
  ])('accepts: %s', (_label, input, expected) => {
    expect(dataOf(schema.safeParse(input))).toMatchObject(expected);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    [
      'yesterday in Cairo (still today in UTC)',
      { ...valid, moveDate: '2026-03-01' },
      [['moveDate', M.datePast]],
    ],
    ['long past', { ...valid, moveDate: '2025-01-01' }, [['moveDate', M.datePast]]],
    ['not a calendar date', { ...valid, moveDate: '2026-02-30' }, [['moveDate', M.dateInvalid]]],
    ['wrong format', { ...valid, moveDate: '05/03/2026' }, [['moveDate', M.dateInvalid]]],
    ['time 24:00', { ...valid, moveTime: '24:00' }, [['moveTime', M.timeInvalid]]],
    ['unknown move type', { ...valid, moveType: 'piano' }, [['moveType', M.moveTypeInvalid]]],
    ['unknown housing', { ...valid, housing: 'tent' }, [['housing', M.housingInvalid]]],
    ['floor 21', { ...valid, pickupFloor: 21 }, [['pickupFloor', M.floorRange]]],
    ['floor -1', { ...valid, dropoffFloor: '-1' }, [['dropoffFloor', M.floorRange]]],
    ['floor 2.5', { ...valid, pickupFloor: 2.5 }, [['pickupFloor', M.floorRange]]],
    ['floor text', { ...valid, pickupFloor: 'ground' }, [['pickupFloor', M.floorRange]]],
    ['floor ٢١', { ...valid, dropoffFloor: '٢١' }, [['dropoffFloor', M.floorRange]]],
    [
      'date, time and type missing',
      { ...valid, moveDate: '', moveTime: ' ', moveType: '' },
      [
        ['moveDate', M.dateSelectionRequired],
        ['moveTime', M.dateSelectionRequired],
        ['moveType', M.dateSelectionRequired],
      ],
    ],
    [
      'nothing at all',
      {},
      [
        ['moveDate', M.dateSelectionRequired],
        ['moveTime', M.dateSelectionRequired],
        ['moveType', M.dateSelectionRequired],
        ['housing', M.dateSelectionRequired],
        ['pickupFloor', M.dateSelectionRequired],
        ['dropoffFloor', M.dateSelectionRequired],
      ],
    ],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(schema.safeParse(input))).toEqual(expected);
  });

  it('in summer (UTC+3) 21:30 UTC is already the next day in Cairo', () => {
    const summer = dateSelectionSchema(new Date('2026-07-15T21:30:00Z'));
    expect(issuesOf(summer.safeParse({ ...valid, moveDate: '2026-07-15' }))).toEqual([
      ['moveDate', M.datePast],
    ]);
    expect(summer.safeParse({ ...valid, moveDate: '2026-07-16' }).success).toBe(true);
  });

  it('without a fixed time it judges against the real today', () => {
    const live = dateSelectionSchema();
    expect(issuesOf(live.safeParse({ ...valid, moveDate: '2000-01-01' }))).toEqual([
      ['moveDate', M.datePast],
    ]);
    const lastDay = cairoDatePlusDays(BOOKING_HORIZON_DAYS);
    expect(live.safeParse({ ...valid, moveDate: lastDay }).success).toBe(true);
    expect(issuesOf(live.safeParse({ ...valid, moveDate: '2999-12-31' }))).toEqual([
      ['moveDate', M.dateTooFar],
    ]);
  });

  describe(`the booking horizon: today + ${BOOKING_HORIZON_DAYS} days in Cairo`, () => {
    // 2 March 2026 in Cairo (see \`now\` above): + 180 days is 29 August.
    it.each<[string, Issue[]]>([
      ['2026-08-28', []],
      ['2026-08-29', []],
      ['2026-08-30', [['moveDate', M.dateTooFar]]],
      ['2027-03-02', [['moveDate', M.dateTooFar]]],
      ['9999-12-31', [['moveDate', M.dateTooFar]]],
    ])('%s → %j', (moveDate, expected) => {
      expect(issuesOf(schema.safeParse({ ...valid, moveDate }))).toEqual(expected);
    });

    it('counts Cairo days: at 23:30 Cairo time the horizon is still from today', () => {
      // 21:30 UTC on 1 March is 23:30 in Cairo (UTC+2): today is 1 March, + 180 is 28 August.
      const evening = dateSelectionSchema(new Date('2026-03-01T21:30:00Z'));
      expect(evening.safeParse({ ...valid, moveDate: '2026-08-28' }).success).toBe(true);
      expect(issuesOf(evening.safeParse({ ...valid, moveDate: '2026-08-29' }))).toEqual([
        ['moveDate', M.dateTooFar],
      ]);
    });
  });
});

describe('move-type estimator (spec 5: continue needs a type and workers)', () => {
  const valid = {
    moveType: 'partial',
    workers: 2,
    housing: 'villa',
    pickupFloor: 1,
    dropoffFloor: 2,
  };

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['valid', valid, valid],
    ['one worker', { ...valid, workers: 1 }, { workers: 1 }],
    ['six workers in Arabic digits', { ...valid, workers: '٦' }, { workers: 6 }],
  ])('accepts: %s', (_label, input, expected) => {
    expect(dataOf(moveEstimateSchema.safeParse(input))).toMatchObject(expected);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['no type', { ...valid, moveType: '' }, [['moveType', M.moveTypeRequired]]],
    ['zero workers', { ...valid, workers: 0 }, [['workers', M.workersRange]]],
    ['seven workers', { ...valid, workers: 7 }, [['workers', M.workersRange]]],
    ['workers missing', { ...valid, workers: undefined }, [['workers', M.workersRange]]],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(moveEstimateSchema.safeParse(input))).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------------------------

describe('manual location (spec 5, D7)', () => {
  it.each<[Record<string, unknown>, { governorateId: string; districtId: string }]>([
    [
      { governorateId: 'cairo', districtId: 'nasr-city' },
      { governorateId: 'cairo', districtId: 'nasr-city' },
    ],
    [
      { governorateId: ' dakahlia ', districtId: ' mansoura ' },
      { governorateId: 'dakahlia', districtId: 'mansoura' },
    ],
    [
      { governorateId: 'asyut', districtId: 'asyut-city' },
      { governorateId: 'asyut', districtId: 'asyut-city' },
    ],
  ])('accepts %j', (input, expected) => {
    expect(dataOf(manualLocationSchema.safeParse(input))).toEqual(expected);
  });

  it.each<[Record<string, unknown>, Issue[]]>([
    [
      { governorateId: '', districtId: '' },
      [
        ['governorateId', M.locationRequired],
        ['districtId', M.locationRequired],
      ],
    ],
    [{ governorateId: '  ', districtId: 'maadi' }, [['governorateId', M.locationRequired]]],
    [{ governorateId: 'cairo', districtId: ' ' }, [['districtId', M.locationRequired]]],
    [
      {},
      [
        ['governorateId', M.locationRequired],
        ['districtId', M.locationRequired],
      ],
    ],
    [{ governorateId: 'atlantis', districtId: 'maadi' }, [['governorateId', M.locationRequired]]],
    [{ governorateId: 'giza', districtId: 'maadi' }, [['districtId', M.locationRequired]]],
    [{ governorateId: 'cairo', districtId: 'Maadi' }, [['districtId', M.locationRequired]]],
  ])('rejects %j', (input, expected) => {
    expect(issuesOf(manualLocationSchema.safeParse(input))).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------

describe('tracking input (spec 5)', () => {
  it.each<[string, string]>([
    ['AF-20250101-123', 'AF-20250101-123'],
    ['##AF-20250101-123 ', 'AF-20250101-123'],
    ['  #AF-20250101-123', 'AF-20250101-123'],
    ['# AF-20250101-123', 'AF-20250101-123'],
    ['af-20250101-123', 'AF-20250101-123'],
    ['#af-٢٠٢٥٠١٠١-١٢٣', 'AF-20250101-123'],
    ['\u200F#AF-20250101-1234\u200F', 'AF-20250101-1234'],
    ['xyz', 'XYZ'], // not an AF number: the backend answers "not found"
    ['AF-2025#1', 'AF-2025#1'], // only leading # are removed
  ])('%j → %s', (input, expected) => {
    expect(normalizeTrackingInput(input)).toBe(expected);
    expect(dataOf(trackingInputSchema.safeParse(input))).toBe(expected);
  });

  it.each<[unknown]>([[''], ['   '], ['#'], ['## '], [undefined], [null]])(
    '%j → please enter the order number',
    (input) => {
      expect(issuesOf(trackingInputSchema.safeParse(input))).toEqual([['', M.trackingRequired]]);
    },
  );
});

// ---------------------------------------------------------------------------------------------

describe('order input (server and client)', () => {
  const now = new Date('2026-03-01T22:30:00Z');
  const schema = createOrderInputSchema(now);
  const valid = {
    fullName: 'Ali Hassan',
    phoneNumber: '+20 10 1234 5678',
    pickupAddress: '12 Tahrir St, Dokki',
    dropoffAddress: '5 Nile Corniche, Maadi',
    governorateId: 'cairo',
    districtId: 'maadi',
    moveType: 'full',
    housing: 'apartment',
    pickupFloor: 2,
    dropoffFloor: 3,
    workers: 4,
    moveDate: '2026-03-02',
    moveTime: '10:00',
    paymentMethod: 'cod',
    totalPrice: 2400,
  };

  it('accepts a full order and normalises the phone', () => {
    expect(dataOf(schema.safeParse(valid))).toEqual({ ...valid, phoneNumber: '01012345678' });
  });

  it('drops fields the client may not set (status, owner, payment status)', () => {
    const data = dataOf(
      schema.safeParse({
        ...valid,
        status: 'delivered',
        userId: 'someone-else',
        paymentStatus: 'paid',
        orderNumber: 'AF-20260302-100',
      }),
    );
    expect(data).not.toHaveProperty('status');
    expect(data).not.toHaveProperty('userId');
    expect(data).not.toHaveProperty('paymentStatus');
    expect(data).not.toHaveProperty('orderNumber');
  });

  it.each<[unknown, number]>([
    ['2,400', 2400],
    ['٢٬٤٠٠', 2400],
    ['abc', 0], // spec: non-numeric becomes 0 (and then fails the server's price check)
    [0, 0],
  ])('totalPrice %j → %d', (totalPrice, expected) => {
    expect(dataOf(schema.safeParse({ ...valid, totalPrice })).totalPrice).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['past date', { ...valid, moveDate: '2026-03-01' }, [['moveDate', M.datePast]]],
    ['workers 0', { ...valid, workers: 0 }, [['workers', M.workersRange]]],
    ['workers 7', { ...valid, workers: '7' }, [['workers', M.workersRange]]],
    [
      'cash spelled out',
      { ...valid, paymentMethod: 'cash' },
      [['paymentMethod', M.paymentMethodRequired]],
    ],
    [
      'no payment method',
      { ...valid, paymentMethod: undefined },
      [['paymentMethod', M.paymentMethodRequired]],
    ],
    ['negative price', { ...valid, totalPrice: -1 }, [['totalPrice', M.priceInvalid]]],
    ['price missing', { ...valid, totalPrice: undefined }, [['totalPrice', M.priceInvalid]]],
    [
      'district of another governorate',
      { ...valid, governorateId: 'giza' },
      [['districtId', M.locationRequired]],
    ],
    [
      'unknown governorate',
      { ...valid, governorateId: 'atlantis' },
      [['governorateId', M.locationRequired]],
    ],
    [
      'customer data missing',
      { ...valid, fullName: '', phoneNumber: ' ' },
      [
        ['fullName', M.customerInfoRequired],
        ['phoneNumber', M.customerInfoRequired],
      ],
    ],
    ['floor over 20', { ...valid, pickupFloor: 40 }, [['pickupFloor', M.floorRange]]],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(schema.safeParse(input))).toEqual(expected);
  });

  it.each<[MoveType, number, number, number, number]>([
    // base + 80 × floors + 250 × (the order's workers − 1)
    ['full', 0, 0, 3, 2000],
    ['full', 0, 0, 1, 1500],
    ['partial', 0, 0, 2, 1250],
    ['office', 2, 2, 5, 2520], // 1200 + 320 + 1000
    ['packaging', 1, 0, 3, 1080], // 500 + 80 + 500
    ['loading', 3, 1, 3, 1420], // 600 + 320 + 500
    ['full', 20, 20, 6, 5950], // 1500 + 3200 + 1250
    ['partial', 1, 2, 2, 1490], // 1000 + 240 + 250
  ])(
    'expectedOrderTotal(%s, %d+%d floors, %d workers) = %d',
    (moveType, pickupFloor, dropoffFloor, workers, total) => {
      expect(expectedOrderTotal({ moveType, pickupFloor, dropoffFloor, workers })).toBe(total);
    },
  );

  it('prices the workers the order asks for, not the recommended team', () => {
    // A full move with 5 floors: we recommend 4, the customer asked for 6.
    const move = {
      moveType: 'full',
      housing: 'apartment',
      pickupFloor: 3,
      dropoffFloor: 2,
    } as const;
    expect(recommendedTeamSize(FIRST_CATALOG, move)).toBe(4);
    expect(expectedOrderTotal({ ...move, workers: 6 })).toBe(1500 + 400 + 5 * 250);
    expect(expectedOrderTotal({ ...move, workers: 6 })).not.toBe(
      expectedOrderTotal({ ...move, workers: 4 }),
    );
    // And the schema keeps the 6, so the stored team and the price agree.
    const order = dataOf(schema.safeParse({ ...valid, ...move, workers: '٦', totalPrice: 3150 }));
    expect(order.workers).toBe(6);
    expect(expectedOrderTotal(order)).toBe(order.totalPrice);
  });

  it('the estimator (/move-type) and the order agree on every choice', () => {
    let checked = 0;
    for (const moveType of MOVE_TYPES)
      for (const housing of HOUSING_TYPES)
        for (let pickupFloor = FLOOR_MIN; pickupFloor <= FLOOR_MAX; pickupFloor += 1)
          for (let dropoffFloor = FLOOR_MIN; dropoffFloor <= FLOOR_MAX; dropoffFloor += 5)
            for (let workers = WORKERS_MIN; workers <= WORKERS_MAX; workers += 1) {
              const estimate = estimatePrice(FIRST_CATALOG, {
                moveType,
                pickupFloor,
                dropoffFloor,
                workers,
              });
              const order = { moveType, housing, pickupFloor, dropoffFloor, workers };
              if (expectedOrderTotal(order) !== estimate.total) {
                expect({ ...order, total: expectedOrderTotal(order) }).toEqual({
                  ...order,
                  total: estimate.total,
                });
              }
              checked += 1;
            }
    expect(checked).toBeGreaterThan(1000);
  });

  it('the sample order above is priced with its own 4 workers', () => {
    // full (1500) + 5 floors (400) + 3 workers after the first (750).
    expect(expectedOrderTotal(dataOf(schema.safeParse(valid)))).toBe(2650);
  });

  it.each<[string, Issue[]]>([
    ['2026-08-29', []],
    ['2026-08-30', [['moveDate', M.dateTooFar]]],
    ['9999-12-31', [['moveDate', M.dateTooFar]]],
  ])('move date %s (today in Cairo is 2 March 2026) → %j', (moveDate, expected) => {
    expect(issuesOf(schema.safeParse({ ...valid, moveDate }))).toEqual(expected);
  });
});

describe('orderInputSchema: built once, "today" read at each parse', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const order = (moveDate: string) => ({
    fullName: 'Ali Hassan',
    phoneNumber: '01012345678',
    pickupAddress: '12 Tahrir St, Dokki',
    dropoffAddress: '5 Nile Corniche, Maadi',
    governorateId: 'cairo',
    districtId: 'maadi',
    moveType: 'partial',
    housing: 'apartment',
    pickupFloor: 0,
    dropoffFloor: 0,
    workers: 2,
    moveDate,
    moveTime: '10:00',
    paymentMethod: 'cod',
    totalPrice: 1250,
  });

  it('is the same object for every caller', async () => {
    const again = await import('./schemas');
    expect(again.orderInputSchema).toBe(orderInputSchema);
  });

  it('follows the clock: past and horizon move with the day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    expect(orderInputSchema.safeParse(order('2026-03-01')).success).toBe(true);
    expect(issuesOf(orderInputSchema.safeParse(order('2026-08-29')))).toEqual([
      ['moveDate', M.dateTooFar],
    ]);

    vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
    expect(cairoToday()).toBe('2026-03-02');
    expect(issuesOf(orderInputSchema.safeParse(order('2026-03-01')))).toEqual([
      ['moveDate', M.datePast],
    ]);
    expect(orderInputSchema.safeParse(order('2026-08-29')).success).toBe(true);
  });
});

describe('free-text hygiene: every text field of every schema', () => {
  const now = new Date('2026-03-01T22:30:00Z');
  const customer = {
    fullName: 'منى عادل',
    phoneNumber: '01012345678',
    pickupAddress: '12 Tahrir St, Dokki',
    dropoffAddress: '5 Nile Corniche, Maadi',
    notes: 'Fragile',
  };
  const order = {
    ...customer,
    governorateId: 'cairo',
    districtId: 'maadi',
    moveType: 'partial',
    housing: 'apartment',
    pickupFloor: 0,
    dropoffFloor: 0,
    workers: 2,
    moveDate: '2026-03-05',
    moveTime: '10:00',
    paymentMethod: 'cod',
    totalPrice: 1250,
  };
  const card = {
    cardNumber: '4242 4242 4242 4242',
    cardHolder: 'Mona',
    expiry: '12/30',
    cvv: '123',
  };

  interface TextField {
    schema: z.ZodType;
    valid: Record<string, unknown>;
    field: string;
    multiline: boolean;
    /** The message for a field a person sees as empty. */
    blank: string;
    /** The message for a field a person sees as too short, if it has a minimum above 1. */
    short?: string;
    /** Names and addresses need a letter. */
    letters: boolean;
  }
  const f = (
    name: string,
    schema: z.ZodType,
    valid: Record<string, unknown>,
    field: string,
    rest: Omit<TextField, 'schema' | 'valid' | 'field'>,
  ): [string, TextField] => [name, { schema, valid, field, ...rest }];
  const FIELDS: [string, TextField][] = [
    f('customer info: fullName', customerInfoSchema, customer, 'fullName', {
      multiline: false,
      blank: M.customerInfoRequired,
      short: M.fullNameLength,
      letters: true,
    }),
    f('customer info: pickupAddress', customerInfoSchema, customer, 'pickupAddress', {
      multiline: false,
      blank: M.customerInfoRequired,
      short: M.addressLength,
      letters: true,
    }),
    f('customer info: dropoffAddress', customerInfoSchema, customer, 'dropoffAddress', {
      multiline: false,
      blank: M.customerInfoRequired,
      short: M.addressLength,
      letters: true,
    }),
    f('order: fullName', createOrderInputSchema(now), order, 'fullName', {
      multiline: false,
      blank: M.customerInfoRequired,
      short: M.fullNameLength,
      letters: true,
    }),
    f('order: pickupAddress', createOrderInputSchema(now), order, 'pickupAddress', {
      multiline: false,
      blank: M.customerInfoRequired,
      short: M.addressLength,
      letters: true,
    }),
    f(
      'contact: name',
      contactSchema,
      { name: 'Omar', email: 'o@mail.com', phone: '01012345678', message: 'Hi' },
      'name',
      {
        multiline: false,
        blank: M.nameRequired,
        letters: true,
      },
    ),
    f(
      'contact: message',
      contactSchema,
      { name: 'Omar', email: 'o@mail.com', phone: '01012345678', message: 'Hi' },
      'message',
      {
        multiline: true,
        blank: M.messageRequired,
        letters: false,
      },
    ),
    f('review: name', reviewSchema, { name: 'Mona', review: 'Great', rating: 5 }, 'name', {
      multiline: false,
      blank: M.reviewNameLength,
      short: M.reviewNameLength,
      letters: true,
    }),
    f('review: review', reviewSchema, { name: 'Mona', review: 'Great', rating: 5 }, 'review', {
      multiline: true,
      blank: M.reviewTextLength,
      short: M.reviewTextLength,
      letters: false,
    }),
    f('card: cardHolder', cardSchema(now), card, 'cardHolder', {
      multiline: false,
      blank: M.cardIncomplete,
      short: M.cardHolderLength,
      letters: true,
    }),
  ];
  const NOTES: [string, z.ZodType, Record<string, unknown>][] = [
    ['customer info: notes', customerInfoSchema, customer],
    ['order: notes', createOrderInputSchema(now), order],
  ];

  const parse = (t: TextField, value: unknown) =>
    t.schema.safeParse({ ...t.valid, [t.field]: value });
  const fieldIssues = (t: TextField, value: unknown) =>
    issuesOf(parse(t, value)).filter(([path]) => path === t.field);
  const parsedField = (t: TextField, value: unknown) =>
    (dataOf(parse(t, value)) as Record<string, unknown>)[t.field];

  // NUL and the rest of C0 but tab, LF and CR (which are turned into something else), DEL, C1.
  const CONTROLS: [string, string][] = [
    ['NUL', '\u0000'],
    ['SOH', '\u0001'],
    ['backspace', '\u0008'],
    ['vertical tab', '\u000B'],
    ['form feed', '\u000C'],
    ['ESC', '\u001B'],
    ['unit separator', '\u001F'],
    ['DEL', '\u007F'],
    ['C1 PAD', '\u0080'],
    ['NEL', '\u0085'],
    ['C1 CSI', '\u009B'],
    ['C1 APC', '\u009F'],
  ];

  describe.each(FIELDS)('%s', (_name, t) => {
    it.each(CONTROLS)('refuses %s with the control-characters message', (_label, c) => {
      expect(fieldIssues(t, `Mona${c} Adel`)).toEqual([[t.field, M.textControlChars]]);
      expect(fieldIssues(t, `${c}Mona Adel`)).toEqual([[t.field, M.textControlChars]]);
    });

    it('a lone NUL is not "blank": it is refused as a control character', () => {
      expect(fieldIssues(t, '\u0000')).toEqual([[t.field, M.textControlChars]]);
    });

    it('an unpaired surrogate is refused', () => {
      expect(fieldIssues(t, 'Mona Adel\uD83D')).toEqual([[t.field, M.textControlChars]]);
    });

    it('a pasted tab becomes a space', () => {
      expect(parsedField(t, 'Mona\tAdel\t')).toBe('Mona Adel');
    });

    if (t.multiline) {
      it('keeps line breaks, CRLF and CR as LF', () => {
        expect(parsedField(t, 'Line one\r\nLine two\rLine three\n')).toBe(
          'Line one\nLine two\nLine three',
        );
      });
    } else {
      it.each([
        ['LF', 'Mona\nAdel'],
        ['CRLF', 'Mona\r\nAdel'],
        ['CR', 'Mona\rAdel'],
        ['line separator', 'Mona\u2028Adel'],
      ])('refuses a line break (%s)', (_label, value) => {
        expect(fieldIssues(t, value)).toEqual([[t.field, M.textControlChars]]);
      });

      it('even at the end: a one-line input never sends one, only a script does', () => {
        expect(fieldIssues(t, 'Mona Adel\r\n')).toEqual([[t.field, M.textControlChars]]);
      });
    }

    it.each([
      ['zero-width spaces', '\u200B\u200B\u200B'],
      ['LRM and RLM', '\u200E\u200F\u200E'],
      ['joiners and a BOM', '\u200C\u200D\uFEFF'],
      ['bidi controls and spaces', '\u202E \u2067 \u202C'],
      ['Hangul fillers', '\u3164\u3164\u3164'],
    ])('only %s counts as blank', (_label, value) => {
      expect(fieldIssues(t, value)).toEqual([[t.field, t.blank]]);
    });

    if (t.short) {
      const short = t.short;
      it('counts what a person sees: "أ" and a zero-width space is too short', () => {
        expect(fieldIssues(t, 'أ\u200B')).toEqual([[t.field, short]]);
        expect(fieldIssues(t, '\u200Fأ\u200F')).toEqual([[t.field, short]]);
      });
    }

    if (t.letters) {
      it.each([
        ['digits', '12345'],
        ['Arabic-Indic digits', '١٢٣٤٥'],
        ['symbols', '!!!! ----'],
        ['digits behind invisible letters', '\u3164 12345'],
      ])('needs a visible letter, not only %s', (_label, value) => {
        expect(fieldIssues(t, value)).toEqual([[t.field, M.textLetters]]);
      });
    }

    it('drops bidi overrides, embeddings and isolates silently; keeps LRM and RLM', () => {
      expect(parsedField(t, '\u202Eمنى عادل\u202C')).toBe('منى عادل');
      expect(parsedField(t, 'منى \u2067Adel\u2069 عادل')).toBe('منى Adel عادل');
      expect(parsedField(t, 'Mona\u202B Adel')).toBe('Mona Adel');
      expect(parsedField(t, '\u200Fمنى عادل\u200E')).toBe('\u200Fمنى عادل\u200E');
    });

    it('accepts ordinary Arabic and English text as typed', () => {
      expect(parsedField(t, 'منى عادل - Mona Adel')).toBe('منى عادل - Mona Adel');
    });
  });

  describe.each(NOTES)('%s (multi-line, optional)', (_name, schema, valid) => {
    const notes = (value: unknown) =>
      issuesOf(schema.safeParse({ ...valid, notes: value })).filter(([path]) => path === 'notes');
    const parsedNotes = (value: unknown) =>
      (dataOf(schema.safeParse({ ...valid, notes: value })) as { notes?: string }).notes;

    it.each(CONTROLS)('refuses %s', (_label, c) => {
      expect(notes(`Fragile${c} glass`)).toEqual([['notes', M.textControlChars]]);
    });

    it('tab → space and CRLF/CR → LF, then accepted', () => {
      expect(parsedNotes('Fragile:\tglass table\r\n3rd floor\rno lift')).toBe(
        'Fragile: glass table\n3rd floor\nno lift',
      );
    });

    it('drops bidi controls', () => {
      expect(parsedNotes('\u202Eelbat ssalg\u202C')).toBe('elbat ssalg');
    });

    it('may still be empty, or only invisible characters', () => {
      expect(parsedNotes('')).toBe('');
      expect(notes('\u200B')).toEqual([]);
    });
  });

  it('the tracking number field refuses control characters too', () => {
    expect(issuesOf(trackingInputSchema.safeParse('AF-20250101-123\u0000'))).toEqual([
      ['', M.textControlChars],
    ]);
  });

  it('an email with a control character is invalid by its own pattern, not transformed', () => {
    const contact = { name: 'Omar', phone: '01012345678', message: 'Hi' };
    for (const email of ['omar\u0000@mail.com', 'om\tar@mail.com', 'omar@mail.com\u0085']) {
      expect(issuesOf(contactSchema.safeParse({ ...contact, email }))).toEqual([
        ['email', M.emailInvalid],
      ]);
      expect(issuesOf(loginSchema.safeParse({ email, password: 'x' }))).toEqual([
        ['email', M.emailInvalid],
      ]);
    }
  });

  it('passwords are never transformed: a tab or a bidi mark is part of the credential', () => {
    const password = '\tpass\u202Eword 123\t';
    const data = dataOf(
      signupSchema.safeParse({ email: 'a@b.co', password, confirmPassword: password }),
    );
    expect(data.password).toBe(password);
    expect(dataOf(loginSchema.safeParse({ email: 'a@b.co', password })).password).toBe(password);
  });
});

describe('payment required fields (spec 5)', () => {
  it('lists the fields the payment screen checks', () => {
    expect(PAYMENT_REQUIRED_FIELDS).toEqual([
      'moveType',
      'fullName',
      'phoneNumber',
      'pickupAddress',
      'dropoffAddress',
    ]);
  });

  const complete = {
    moveType: 'full',
    fullName: 'Ali',
    phoneNumber: '01012345678',
    pickupAddress: 'Dokki',
    dropoffAddress: 'Maadi',
  };

  it.each<[Record<string, unknown> | null | undefined, string[]]>([
    [complete, []],
    [{ ...complete, fullName: '  ' }, ['fullName']],
    [{ ...complete, moveType: undefined, dropoffAddress: '' }, ['moveType', 'dropoffAddress']],
    [{}, ['moveType', 'fullName', 'phoneNumber', 'pickupAddress', 'dropoffAddress']],
    [null, ['moveType', 'fullName', 'phoneNumber', 'pickupAddress', 'dropoffAddress']],
    [undefined, ['moveType', 'fullName', 'phoneNumber', 'pickupAddress', 'dropoffAddress']],
  ])('missingPaymentFields(%j) → %j', (state, expected) => {
    expect(missingPaymentFields(state)).toEqual(expected);
  });
});
