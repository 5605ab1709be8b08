import { describe, expect, it } from 'vitest';
import { parseFirebaseSettings } from './firebase-config';

const valid = {
  VITE_FIREBASE_API_KEY: 'AIzaSyExample',
  VITE_FIREBASE_AUTH_DOMAIN: 'afsh-prod.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'afsh-prod',
  VITE_FIREBASE_APP_ID: '1:123:web:abc',
};

describe('parseFirebaseSettings', () => {
  it('reads the four required settings and leaves the emulators off', () => {
    expect(parseFirebaseSettings(valid)).toEqual({
      apiKey: 'AIzaSyExample',
      authDomain: 'afsh-prod.firebaseapp.com',
      projectId: 'afsh-prod',
      appId: '1:123:web:abc',
      functionsRegion: 'europe-west1',
    });
  });

  it('names every missing setting in one error', () => {
    expect(() => parseFirebaseSettings({ VITE_FIREBASE_API_KEY: ' ' })).toThrowError(
      /VITE_FIREBASE_API_KEY is required[\s\S]*VITE_FIREBASE_AUTH_DOMAIN is required[\s\S]*VITE_FIREBASE_PROJECT_ID is required[\s\S]*VITE_FIREBASE_APP_ID is required/,
    );
  });

  it('refuses a malformed project id or emulator host', () => {
    expect(() =>
      parseFirebaseSettings({ ...valid, VITE_FIREBASE_PROJECT_ID: 'Afsh Prod' }),
    ).toThrowError(/VITE_FIREBASE_PROJECT_ID/);
    expect(() =>
      parseFirebaseSettings({ ...valid, VITE_FIRESTORE_EMULATOR_HOST: 'http://localhost' }),
    ).toThrowError(/VITE_FIRESTORE_EMULATOR_HOST must be host:port/);
  });

  it('passes emulator hosts through', () => {
    expect(
      parseFirebaseSettings({
        ...valid,
        VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
        VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST: '127.0.0.1:5001',
      }),
    ).toMatchObject({
      authEmulatorHost: '127.0.0.1:9099',
      firestoreEmulatorHost: '127.0.0.1:8080',
      functionsEmulatorHost: '127.0.0.1:5001',
    });
  });

  it('reads the functions region and the App Check site key, and refuses malformed ones', () => {
    expect(
      parseFirebaseSettings({
        ...valid,
        VITE_FIREBASE_FUNCTIONS_REGION: 'me-central1',
        VITE_FIREBASE_APPCHECK_SITE_KEY: '6LcExampleSiteKey_0123456789',
      }),
    ).toMatchObject({
      functionsRegion: 'me-central1',
      appCheckSiteKey: '6LcExampleSiteKey_0123456789',
    });
    expect(() =>
      parseFirebaseSettings({ ...valid, VITE_FIREBASE_FUNCTIONS_REGION: 'Europe West' }),
    ).toThrowError(/VITE_FIREBASE_FUNCTIONS_REGION/);
    expect(() =>
      parseFirebaseSettings({ ...valid, VITE_FIREBASE_APPCHECK_SITE_KEY: 'a b' }),
    ).toThrowError(/VITE_FIREBASE_APPCHECK_SITE_KEY/);
  });
});
