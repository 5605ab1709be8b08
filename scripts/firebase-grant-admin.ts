import { parseArgs } from 'node:util';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/**
 * `npm run firebase:grant-admin -- --email you@example.com [--revoke] [--project id]`
 *
 * Sets (or removes) the `admin: true` custom claim that firestore.rules and the adapter read
 * (docs/decisions.md D2). The account must exist (sign up on the site first). Credentials: Application
 * Default Credentials (`gcloud auth application-default login`, or GOOGLE_APPLICATION_CREDENTIALS
 * pointing at a service-account key). With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks
 * to the Auth emulator instead and needs no credentials. The user sees the claim after the next
 * token refresh (sign out and in again, or within the hour).
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      project: { type: 'string' },
      revoke: { type: 'boolean', default: false },
    },
  });
  const email = values.email?.trim().toLowerCase();
  if (!email) {
    console.error('usage: npm run firebase:grant-admin -- --email you@example.com [--revoke]');
    return 2;
  }
  const projectId =
    values.project ??
    process.env.GCLOUD_PROJECT ??
    process.env.FIREBASE_PROJECT_ID ??
    process.env.VITE_FIREBASE_PROJECT_ID;
  if (!projectId) {
    console.error('Set --project or VITE_FIREBASE_PROJECT_ID (the Firebase project id).');
    return 2;
  }
  const app = getApps()[0] ?? initializeApp({ projectId });
  const auth = getAuth(app);
  let user;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') {
      console.error(`No account with the email ${email}: sign up on the site first.`);
      return 1;
    }
    throw error;
  }
  const claims = { ...(user.customClaims ?? {}) };
  if (values.revoke) delete claims.admin;
  else claims.admin = true;
  await auth.setCustomUserClaims(user.uid, claims);
  const where = process.env.FIREBASE_AUTH_EMULATOR_HOST
    ? `the Auth emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}`
    : `project ${projectId}`;
  console.info(
    `${email} (${user.uid}) is ${values.revoke ? 'no longer' : 'now'} an admin in ${where}.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`firebase:grant-admin: ${(error as Error).message}`);
    process.exit(1);
  },
);
