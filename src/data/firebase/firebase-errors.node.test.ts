import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';

// The Firebase SDK is the fake one, as in every unit file (the unit project's setup,
// testing-sdk-fakes.ts). The fake's FirebaseError is the SDK's own (@firebase/util).

import { DataError } from '../port';
import { toDataError } from './firebase-adapter';

// SDK failures leave the adapter as the port's DataError codes, with the messages (translation
// keys) the screens already know from the `http` backend.

describe('toDataError', () => {
  it.each([
    ['permission-denied', 'permission-denied', 'errors:permissionDenied'],
    ['not-found', 'not-found', 'errors:notFound'],
    ['already-exists', 'already-exists', 'already-exists'],
    ['invalid-argument', 'invalid-argument', 'invalid-argument'],
    ['failed-precondition', 'failed-precondition', 'failed-precondition'],
    ['resource-exhausted', 'rate-limited', 'errors:rateLimited'],
    ['unauthenticated', 'unauthenticated', 'errors:unauthenticated'],
    ['unavailable', 'unavailable', 'errors:unavailable'],
    ['deadline-exceeded', 'unavailable', 'errors:unavailable'],
    ['internal', 'internal', 'internal'],
  ])('Firestore %s → %s', (sdkCode, code, message) => {
    const error = toDataError(new FirebaseError(sdkCode, 'from the SDK'));
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ code, message });
  });

  it.each([
    ['auth/invalid-credential', 'unauthenticated', 'auth:invalidCredentials'],
    ['auth/wrong-password', 'unauthenticated', 'auth:invalidCredentials'],
    ['auth/email-already-in-use', 'already-exists', 'auth:emailTaken'],
    ['auth/credential-already-in-use', 'already-exists', 'auth:emailTaken'],
    ['auth/too-many-requests', 'rate-limited', 'errors:rateLimited'],
    ['auth/network-request-failed', 'unavailable', 'errors:unavailable'],
    ['auth/something-new', 'internal', 'internal'],
  ])('Auth %s → %s', (sdkCode, code, message) => {
    expect(toDataError(new FirebaseError(sdkCode, 'from the SDK'))).toMatchObject({
      code,
      message,
    });
  });

  it('a function’s refusal keeps its code, message key, fields and retry time', () => {
    const refusal = Object.assign(
      new FirebaseError('functions/resource-exhausted', 'errors:order.limitReached'),
      { details: { code: 'rate-limited', retryAfterSeconds: 1800 } },
    );
    expect(toDataError(refusal)).toMatchObject({
      code: 'rate-limited',
      message: 'errors:order.limitReached',
      retryAfterSeconds: 1800,
    });
    const invalid = Object.assign(
      new FirebaseError('functions/invalid-argument', 'validation:phone.invalid'),
      { details: { code: 'invalid-argument', fields: { phone: 'validation:phone.invalid' } } },
    );
    expect(toDataError(invalid)).toMatchObject({
      code: 'invalid-argument',
      fields: { phone: 'validation:phone.invalid' },
    });
    // The protocol's own failures (no details, an SDK message) get the code's usual message.
    expect(
      toDataError(new FirebaseError('functions/unavailable', 'Failed to fetch')),
    ).toMatchObject({ code: 'unavailable', message: 'errors:unavailable' });
    expect(toDataError(new FirebaseError('functions/internal', 'INTERNAL'))).toMatchObject({
      code: 'internal',
    });
  });

  it('keeps a DataError and hides anything else behind internal', () => {
    const own = new DataError('not-found', 'errors:orderNotFound');
    expect(toDataError(own)).toBe(own);
    expect(toDataError(new Error('secret stack'))).toMatchObject({
      code: 'internal',
      message: 'internal',
    });
  });
});
