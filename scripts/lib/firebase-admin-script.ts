import { getApps, initializeApp, type App } from 'firebase-admin/app';

/**
 * What the Firebase admin scripts (firebase:grant-admin, firebase:backfill-crews) share: which
 * project they work on and how they end. Credentials are Application Default Credentials
 * (`gcloud auth application-default login`, or GOOGLE_APPLICATION_CREDENTIALS); the emulators'
 * *_EMULATOR_HOST variables send firebase-admin to them instead.
 */

/** `--project`, else the project the environment names, else null (say so: `NO_PROJECT`). */
export function firebaseProject(flag: string | undefined): string | null {
  return (
    flag ??
    process.env.GCLOUD_PROJECT ??
    process.env.FIREBASE_PROJECT_ID ??
    process.env.VITE_FIREBASE_PROJECT_ID ??
    null
  );
}

export const NO_PROJECT = 'Set --project or VITE_FIREBASE_PROJECT_ID (the Firebase project id).';

/** The firebase-admin app for `projectId`. */
export function adminApp(projectId: string): App {
  return getApps()[0] ?? initializeApp({ projectId });
}

/** Runs a script's `main` and exits with its code; a failure is printed under the script's name. */
export function runAdminScript(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name}: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
