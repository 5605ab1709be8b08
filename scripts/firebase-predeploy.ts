import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { linkedNumbers, productionProblems } from '../src/domain/production-problems.ts';
import { hasTestModeBanner } from '../src/prerender/test-mode-banner.ts';
import { hostedSettings } from './lib/hosted-env.ts';
import { REPO_ROOT } from './lib/server-process.ts';

/**
 * firebase.json's hosting predeploy (D24): the same go-live checks the server makes when
 * NODE_ENV=production, over what a hosted deployment ships: the build's VITE_* settings (.env,
 * .env.production, the environment), the functions' params (functions/.env and
 * functions/.env.<project>), the numbers the built pages (dist/) call and whether they carry the
 * test-mode banner. A problem stops
 * `firebase deploy` before anything is uploaded, one line each.
 */
const env = hostedSettings(REPO_ROOT);
let built: string | undefined;
try {
  built = readFileSync(join(REPO_ROOT, 'dist', 'index.html'), 'utf8');
} catch {
  built = undefined;
}
const problems = productionProblems({
  env,
  backend: 'hosted',
  ...(built === undefined
    ? {}
    : { builtNumbers: linkedNumbers(built), builtBanner: hasTestModeBanner(built) }),
});
if (problems.length > 0) {
  console.error(`firebase deploy stopped: ${problems.length} setting(s) would mislead customers.`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.info('predeploy: the go-live checks passed (D24)');
