import { parseArgs } from 'node:util';
import { getFirestore } from 'firebase-admin/firestore';
import { backfillCrewCounters, backfillReport } from './lib/crew-backfill.ts';
import {
  adminApp,
  firebaseProject,
  NO_PROJECT,
  runAdminScript,
} from './lib/firebase-admin-script.ts';

/**
 * `npm run firebase:backfill-crews -- [--dry-run] [--project id]`
 *
 * Run once after deploying the functions that keep the crews counters (D12): a deployment that
 * already holds orders for today or later, placed before the counters existed, has no counter for
 * them, so their windows look freer than they are and can be overbooked. This counts, for every
 * date from today (Cairo) on, the orders that hold a crew (booked in a window, not cancelled) and
 * sets `crewBookings/{date}` to those counts, one transaction per date, so it is safe while the
 * site takes bookings (scripts/lib/crew-backfill.ts says why). It prints each counter it changes
 * (date, window, before → after); running it again changes nothing. `--dry-run` prints the same
 * and writes nothing. Credentials as for firebase:grant-admin: Application Default Credentials
 * (`gcloud auth application-default login`, or GOOGLE_APPLICATION_CREDENTIALS pointing at a
 * service-account key); with FIRESTORE_EMULATOR_HOST set, firebase-admin talks to the emulator.
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
  const dryRun = values['dry-run'];
  const app = adminApp(projectId);
  const where = process.env.FIRESTORE_EMULATOR_HOST
    ? `the emulator (${process.env.FIRESTORE_EMULATOR_HOST})`
    : `project ${projectId}`;
  const outcome = await backfillCrewCounters(getFirestore(app), { now: new Date(), dryRun });
  for (const line of backfillReport(outcome, where)) console.info(line);
  return 0;
}

runAdminScript('firebase:backfill-crews', main);
