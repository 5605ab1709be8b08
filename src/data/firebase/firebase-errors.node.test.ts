import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';
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
    ['resource-exhausted', 'rate-limited', 'rate-limited'],
    ['unauthenticated', 'unauthenticated', 'errors:unauthenticated'],
    ['unavailable', 'unavailable', 'unavailable'],
    ['deadline-exceeded', 'unavailable', 'unavailable'],
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
    ['auth/too-many-requests', 'rate-limited', 'rate-limited'],
    ['auth/network-request-failed', 'unavailable', 'unavailable'],
    ['auth/something-new', 'internal', 'internal'],
  ])('Auth %s → %s', (sdkCode, code, message) => {
    expect(toDataError(new FirebaseError(sdkCode, 'from the SDK'))).toMatchObject({
      code,
      message,
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
