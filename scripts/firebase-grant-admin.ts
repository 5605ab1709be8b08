import { parseArgs } from 'node:util';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { setAdmin } from './lib/admin-grant.ts';
import {
  adminApp,
  firebaseProject,
  NO_PROJECT,
  runAdminScript,
} from './lib/firebase-admin-script.ts';

/**
 * `npm run firebase:grant-admin -- --email you@example.com [--revoke] [--project id]`
 *
 * Makes an account an admin: the `admin: true` custom claim and the document admins/{uid}, which
 * firestore.rules and the functions both require (docs/decisions.md D2). `--revoke` deletes the
 * document (access ends at once), removes the claim and revokes the account's refresh tokens
 * (scripts/lib/admin-grant.ts). The account must exist (sign up on the site first). Credentials:
 * Application Default Credentials (`gcloud auth application-default login`, or
 * GOOGLE_APPLICATION_CREDENTIALS pointing at a service-account key). With
 * FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST set, firebase-admin talks to the
 * emulators instead. A new admin sees the claim after the next token refresh (sign out and in).
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
  const projectId = firebaseProject(values.project);
  if (!projectId) {
    console.error(NO_PROJECT);
    return 2;
  }
  const app = adminApp(projectId);
  const outcome = await setAdmin({
    auth: getAuth(app),
    db: getFirestore(app),
    email,
    revoke: values.revoke,
  });
  if (!outcome.ok) {
    console.error(`No account with the email ${email}: sign up on the site first.`);
    return 1;
  }
  const where = process.env.FIREBASE_AUTH_EMULATOR_HOST
    ? `the emulators (${process.env.FIREBASE_AUTH_EMULATOR_HOST})`
    : `project ${projectId}`;
  console.info(
    outcome.admin
      ? `${email} (${outcome.uid}) is now an admin in ${where}.`
      : `${email} (${outcome.uid}) is no longer an admin in ${where}; their sessions are revoked.`,
  );
  return 0;
}

runAdminScript('firebase:grant-admin', main);
