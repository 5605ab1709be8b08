import { parseArgs } from 'node:util';
import { getFirestore } from 'firebase-admin/firestore';
import { backfillOffice, officeBackfillReport } from './lib/office-backfill.ts';
import {
  adminApp,
  firebaseProject,
  NO_PROJECT,
  runAdminScript,
} from './lib/firebase-admin-script.ts';

/**
 * `npm run firebase:backfill-office -- [--dry-run] [--project id]`
 *
 * Run once after deploying the functions of D20 on a project that already holds orders or
 * contact messages: it writes the search tokens (name, number, phone, under the current rules)
 * of every order written before, and `handled` on every message written before, so the admin's
 * search finds old orders by their number and phone and the "not handled" filter lists old
 * messages (scripts/lib/office-backfill.ts says why it is safe while the site runs). It prints
 * what it changes; running it again changes nothing. `--dry-run` prints the same and writes
 * nothing. Credentials as for firebase:backfill-crews.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      project: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const projectId = firebaseProject(values.project);
  if (!projectId) {
    console.error(NO_PROJECT);
    return 2;
  }
  const app = adminApp(projectId);
  const where = process.env.FIRESTORE_EMULATOR_HOST
    ? `the emulator (${process.env.FIRESTORE_EMULATOR_HOST})`
    : `project ${projectId}`;
  const outcome = await backfillOffice(getFirestore(app), { dryRun: values['dry-run'] });
  for (const line of officeBackfillReport(outcome, where)) console.info(line);
  return 0;
}

runAdminScript('firebase:backfill-office', main);
