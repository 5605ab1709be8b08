import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ERROR_LABEL_KEYS,
  errorMessageKey,
  fieldMessageKey,
  SERVER_MESSAGE_KEYS,
  type ErrorContext,
} from './error-messages';
import { DataError, type DataErrorCode } from './port';
import { ORDER_MESSAGES } from '../domain/order';
import { PAYMENT_MESSAGES } from '../domain/payments';
import { PHONE_MESSAGES } from '../domain/phone-verification';
import { CUSTOMER_LIMIT_MESSAGES } from '../domain/customer-limits';
import { REVIEW_MESSAGES } from '../domain/review-rules';

const locales = join(import.meta.dirname, '..', '..', 'locales');
const bundle = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(locales, language, `${namespace}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

function hasKey(language: string, key: string): boolean {
  const [namespace = '', path = ''] = key.split(':');
  let node: unknown = bundle(language, namespace);
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' && node.trim() !== '';
}

const CODES: DataErrorCode[] = [
  'invalid-argument',
  'unauthenticated',
  'permission-denied',
  'not-found',
  'already-exists',
  'failed-precondition',
  'rate-limited',
  'unavailable',
  'internal',
];
const CONTEXTS: ErrorContext[] = ['tracking', 'payment', 'auth', 'adminUpdate', 'generic'];
const err = (code: DataErrorCode, message?: string, fields?: Record<string, string>) =>
  new DataError(code, message, { fields });

describe('errorMessageKey', () => {
  it.each([
    // Tracking (spec 8): not found, security settings, anything else unexpected.
    ['tracking', err('not-found', 'errors:orderNotFound'), 'errors:tracking.notFound'],
    ['tracking', err('permission-denied'), 'errors:tracking.permissionDenied'],
    ['tracking', err('unavailable'), 'errors:tracking.unexpected'],
    ['tracking', err('internal'), 'errors:tracking.unexpected'],
    ['tracking', err('rate-limited', 'errors:rateLimited'), 'errors:rateLimited'],
    // Payment save (spec 8).
    ['payment', err('permission-denied'), 'errors:payment.permissionDenied'],
    [
      'payment',
      err('invalid-argument', 'validation:customerInfo.required', {
        fullName: 'validation:customerInfo.required',
      }),
      'errors:payment.invalidArgument',
    ],
    ['payment', err('unavailable'), 'errors:payment.unavailable'],
    ['payment', err('internal'), 'errors:payment.failed'],
    // Too many orders (D8) says more than "too many attempts".
    ['payment', err('rate-limited', 'errors:order.limitReached'), 'errors:order.limitReached'],
    ['payment', err('rate-limited', 'errors:rateLimited'), 'errors:rateLimited'],
    ['payment', err('already-exists'), 'errors:payment.failed'],
    ['payment', err('unauthenticated', 'errors:unauthenticated'), 'errors:payment.sessionFailed'],
    // The server's own words win over the context's when they say more.
    [
      'payment',
      err('invalid-argument', 'validation:order.priceMismatch', {
        totalPrice: 'validation:order.priceMismatch',
      }),
      'errors:order.priceMismatch',
    ],
    [
      'payment',
      err('invalid-argument', 'validation:common.invalid', {
        paymentToken: 'validation:payment.declined',
      }),
      'errors:payment.declined',
    ],
    // Auth: the message after the "login failed" / "sign-up failed" label.
    ['auth', err('unauthenticated', 'auth:invalidCredentials'), 'errors:auth.invalidCredentials'],
    ['auth', err('already-exists', 'auth:emailTaken'), 'errors:auth.emailTaken'],
    ['auth', err('already-exists'), 'errors:auth.emailTaken'],
    ['auth', err('rate-limited', 'errors:rateLimited'), 'errors:rateLimited'],
    ['auth', err('invalid-argument', 'validation:password.weak'), 'errors:invalid'],
    ['auth', err('internal'), 'errors:unexpected'],
    // Admin status update (spec 8): "error during update", or what actually happened.
    ['adminUpdate', err('internal'), 'errors:adminUpdate.failed'],
    ['adminUpdate', err('invalid-argument'), 'errors:adminUpdate.failed'],
    ['adminUpdate', err('not-found', 'errors:notFound'), 'errors:adminUpdate.notFound'],
    ['adminUpdate', err('permission-denied', 'errors:permissionDenied'), 'errors:permissionDenied'],
    ['adminUpdate', err('unauthenticated'), 'errors:unauthenticated'],
    // Generic: the review cooldown vs any other limit; server keys with their own text.
    ['generic', err('rate-limited', 'validation:review.cooldown'), 'errors:review.cooldown'],
    ['generic', err('rate-limited', 'errors:rateLimited'), 'errors:rateLimited'],
    ['generic', err('rate-limited', 'HTTP 429'), 'errors:rateLimited'],
    ['generic', err('invalid-argument', 'errors:jsonOnly'), 'errors:jsonOnly'],
    [
      'generic',
      err('failed-precondition', 'errors:orderNotCancellable'),
      'errors:orderNotCancellable',
    ],
    ['generic', err('not-found', 'errors:orderNotFound'), 'errors:orderNotFound'],
    ['generic', err('not-found'), 'errors:notFound'],
    ['generic', err('unavailable', 'HTTP 502'), 'errors:unavailable'],
    ['generic', err('internal', 'Something went wrong on our side.'), 'errors:unexpected'],
  ] as const)('%s: %o → %s', (context, error, key) => {
    expect(errorMessageKey(error, context)).toBe(key);
  });

  it.each(CONTEXTS)('%s: an error that is not a DataError gets the catch-all', (context) => {
    const key = errorMessageKey(new TypeError('x is undefined'), context);
    expect(key).toBe(errorMessageKey(err('internal'), context));
    expect(errorMessageKey('a string', context)).toBe(key);
  });

  it('every key it can return exists in Arabic and English', () => {
    const returned = new Set<string>();
    for (const context of CONTEXTS) {
      for (const code of CODES) {
        returned.add(errorMessageKey(err(code), context));
        for (const message of Object.keys(SERVER_MESSAGE_KEYS)) {
          returned.add(errorMessageKey(err(code, message), context));
          returned.add(errorMessageKey(err(code, 'x', { field: message }), context));
        }
      }
    }
    const keys = [
      ...returned,
      ...Object.values(SERVER_MESSAGE_KEYS),
      ...Object.values(ERROR_LABEL_KEYS),
    ];
    for (const key of keys) {
      expect(key.startsWith('errors:'), key).toBe(true);
      expect(hasKey('ar', key), `ar ${key}`).toBe(true);
      expect(hasKey('en', key), `en ${key}`).toBe(true);
    }
  });
});

describe('online payment messages (D3)', () => {
  const PAYMENT_SERVER_MESSAGES = [
    ...Object.values(PAYMENT_MESSAGES),
    ORDER_MESSAGES.cardUnavailable,
    ORDER_MESSAGES.walletUnavailable,
  ];

  it.each(PAYMENT_SERVER_MESSAGES)(
    '%s is shown as the server says it, in every context',
    (message) => {
      for (const context of CONTEXTS) {
        for (const code of CODES) {
          expect(errorMessageKey(err(code, message), context)).toBe(message);
          expect(errorMessageKey(err(code, 'x', { paymentMethod: message }), context)).toBe(
            message,
          );
        }
      }
      expect(fieldMessageKey(message)).toBe(message);
      expect(hasKey('ar', message), `ar ${message}`).toBe(true);
      expect(hasKey('en', message), `en ${message}`).toBe(true);
    },
  );
});

describe('phone sign-in and open orders messages (D13)', () => {
  const SERVER_MESSAGES = [...Object.values(PHONE_MESSAGES), CUSTOMER_LIMIT_MESSAGES.tooManyOpen];

  it.each(SERVER_MESSAGES)('%s is shown as the server says it, in every context', (message) => {
    for (const context of CONTEXTS) {
      for (const code of CODES) {
        expect(errorMessageKey(err(code, message), context)).toBe(message);
        expect(errorMessageKey(err(code, 'x', { code: message }), context)).toBe(message);
      }
    }
    expect(fieldMessageKey(message)).toBe(message);
    expect(hasKey('ar', message), `ar ${message}`).toBe(true);
    expect(hasKey('en', message), `en ${message}`).toBe(true);
  });
});

describe('review messages (D14)', () => {
  const REVIEW_SERVER_MESSAGES = Object.values(REVIEW_MESSAGES).filter((m) =>
    m.startsWith('errors:review.'),
  );

  it.each(REVIEW_SERVER_MESSAGES)(
    '%s is shown as the server says it, in every context',
    (message) => {
      for (const context of CONTEXTS) {
        for (const code of CODES)
          expect(errorMessageKey(err(code, message), context)).toBe(message);
      }
      expect(hasKey('ar', message), `ar ${message}`).toBe(true);
      expect(hasKey('en', message), `en ${message}`).toBe(true);
    },
  );
});

describe('fieldMessageKey', () => {
  it('re-homes the field messages only the server produces, and keeps the others', () => {
    expect(fieldMessageKey('validation:order.priceMismatch')).toBe('errors:order.priceMismatch');
    expect(fieldMessageKey('validation:payment.declined')).toBe('errors:payment.declined');
    expect(fieldMessageKey('validation:phone.invalid')).toBe('validation:phone.invalid');
    expect(hasKey('en', fieldMessageKey('validation:phone.invalid'))).toBe(true);
  });
});
