import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { loadEnv } from 'vite';
import { linkedNumbers, productionProblems } from '../src/domain/production-problems.ts';
import { REPO_ROOT } from './lib/server-process.ts';

/**
 * firebase.json's hosting predeploy (D24): the same go-live checks the server makes when
 * NODE_ENV=production, over what a hosted deployment ships: the build's VITE_* settings (.env,
 * .env.production, the environment), the functions' params (functions/.env and
 * functions/.env.<project>) and the numbers the built pages (dist/) call. A problem stops
 * `firebase deploy` before anything is uploaded, one line each.
 */
function readEnvFile(file: string): Record<string, string> {
  try {
    return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

const project = process.env.GCLOUD_PROJECT ?? process.env.FIREBASE_PROJECT ?? '';
const env: Record<string, string | undefined> = {
  ...readEnvFile(join(REPO_ROOT, 'functions', '.env')),
  ...(project ? readEnvFile(join(REPO_ROOT, 'functions', `.env.${project}`)) : {}),
  ...loadEnv('production', REPO_ROOT, 'VITE_'),
  ...process.env,
};
let builtNumbers: string[] | undefined;
try {
  builtNumbers = linkedNumbers(readFileSync(join(REPO_ROOT, 'dist', 'index.html'), 'utf8'));
} catch {
  builtNumbers = undefined;
}
const problems = productionProblems({
  env,
  backend: 'hosted',
  ...(builtNumbers ? { builtNumbers } : {}),
});
if (problems.length > 0) {
  console.error(`firebase deploy stopped: ${problems.length} setting(s) would mislead customers.`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.info('predeploy: the go-live checks passed (D24)');
