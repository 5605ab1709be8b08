// The hosted build's Firebase settings, from `VITE_FIREBASE_*` (baked in at build time; these are
// public identifiers, not secrets: access is decided by firestore.rules and the admin claim).
// Checked once, when the adapter starts, so a half-configured deployment fails with the name of
// the missing setting instead of a cryptic SDK error on the first request. No zod here: this file
// also runs in scripts/firebase-build.ts before the build starts.

export interface FirebaseSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  /** `127.0.0.1:9099`: use the Auth emulator (local runs and tests only). */
  authEmulatorHost?: string;
  /** `127.0.0.1:8080`: use the Firestore emulator. */
  firestoreEmulatorHost?: string;
  /** `127.0.0.1:5001`: use the Functions emulator. */
  functionsEmulatorHost?: string;
  /** Where the Cloud Functions run (functions/, FUNCTIONS_REGION there). */
  functionsRegion: string;
  /**
   * The reCAPTCHA Enterprise site key App Check attests the browser with. The functions refuse
   * calls without App Check, so a deployed build needs it (scripts/firebase-build.ts checks).
   */
  appCheckSiteKey?: string;
}

export const DEFAULT_FUNCTIONS_REGION = 'europe-west1';

type RawEnv = Readonly<Record<string, string | boolean | undefined>>;

const REQUIRED = [
  ['apiKey', 'VITE_FIREBASE_API_KEY'],
  ['authDomain', 'VITE_FIREBASE_AUTH_DOMAIN'],
  ['projectId', 'VITE_FIREBASE_PROJECT_ID'],
  ['appId', 'VITE_FIREBASE_APP_ID'],
] as const;

const HOST_PORT = /^[A-Za-z0-9.-]+:\d{1,5}$/;
const PROJECT_ID = /^[a-z][a-z0-9-]{4,29}$/;
const REGION = /^[a-z]+-[a-z]+\d+$/;
const SITE_KEY = /^[A-Za-z0-9_-]{10,100}$/;

function text(raw: RawEnv, key: string): string {
  const value = raw[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** Throws one error listing every missing or malformed setting. */
export function parseFirebaseSettings(raw: RawEnv): FirebaseSettings {
  const problems: string[] = [];
  const values: Record<string, string> = {};
  for (const [field, key] of REQUIRED) {
    const value = text(raw, key);
    if (!value) problems.push(`${key} is required`);
    values[field] = value;
  }
  if (values.projectId && !PROJECT_ID.test(values.projectId)) {
    problems.push('VITE_FIREBASE_PROJECT_ID must be a Firebase project id (lower case, 6-30)');
  }
  const hosts: Record<string, string> = {};
  for (const [field, key] of [
    ['authEmulatorHost', 'VITE_FIREBASE_AUTH_EMULATOR_HOST'],
    ['firestoreEmulatorHost', 'VITE_FIRESTORE_EMULATOR_HOST'],
    ['functionsEmulatorHost', 'VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST'],
  ] as const) {
    const host = text(raw, key);
    if (host && !HOST_PORT.test(host)) problems.push(`${key} must be host:port`);
    if (host) hosts[field] = host;
  }
  const functionsRegion = text(raw, 'VITE_FIREBASE_FUNCTIONS_REGION') || DEFAULT_FUNCTIONS_REGION;
  if (!REGION.test(functionsRegion)) {
    problems.push('VITE_FIREBASE_FUNCTIONS_REGION must be a region such as europe-west1');
  }
  const appCheckSiteKey = text(raw, 'VITE_FIREBASE_APPCHECK_SITE_KEY');
  if (appCheckSiteKey && !SITE_KEY.test(appCheckSiteKey)) {
    problems.push('VITE_FIREBASE_APPCHECK_SITE_KEY must be a reCAPTCHA Enterprise site key');
  }
  if (problems.length) {
    throw new Error(`Invalid Firebase configuration:\n  ${problems.join('\n  ')}`);
  }
  return {
    apiKey: values.apiKey!,
    authDomain: values.authDomain!,
    projectId: values.projectId!,
    appId: values.appId!,
    ...hosts,
    functionsRegion,
    ...(appCheckSiteKey ? { appCheckSiteKey } : {}),
  };
}
