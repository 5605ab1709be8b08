import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restoreDatabase } from '../server/src/backup.ts';
import { EnvError, loadDotEnvFile, loadEnv } from '../server/src/plugins/env.ts';
import { REPO_ROOT } from './lib/server-process.ts';

/**
 * `npm run restore -- <backup file>` (D24): checks the copy (integrity, Afsh's schema, not from a
 * newer version), refuses while a server has DATABASE_PATH open, moves the current database
 * aside (<file>.before-restore-<time>) and puts the copy in its place. Start the server after.
 */
async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [from] = positionals;
  if (!from || positionals.length > 1) {
    process.stderr.write('Usage: npm run restore -- data/backups/afsh-20261202T050000Z.sqlite\n');
    return 1;
  }
  loadDotEnvFile(resolve(REPO_ROOT, '.env'));
  let databasePath: string;
  try {
    databasePath = loadEnv(process.env).DATABASE_PATH;
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const to = resolve(databasePath);
  try {
    const result = restoreDatabase(resolve(process.cwd(), from), to);
    process.stdout.write(
      `restore: ${result.restored} now holds ${from} (${result.orders} orders)` +
        (result.keptAside ? `; the database that was there is kept as ${result.keptAside}` : '') +
        '\nrestore: start the server (systemctl start afsh): it applies any newer migrations.\n',
    );
    return 0;
  } catch (error) {
    process.stderr.write(`restore: refused: ${(error as Error).message}\n`);
    return 1;
  }
}

process.exit(await main());
