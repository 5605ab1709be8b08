import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupDatabase } from '../server/src/backup.ts';
import { EnvError, loadDotEnvFile, loadEnv } from '../server/src/plugins/env.ts';
import { REPO_ROOT } from './lib/server-process.ts';

/**
 * `npm run backup [-- --out <file or folder/>] [--keep N]` (D24): SQLite's online backup of
 * DATABASE_PATH, safe while the server takes orders. Into a folder (default data/backups/) it
 * writes afsh-<UTC time>.sqlite and keeps the newest N (default 48). Prints what it wrote.
 */
const USAGE = `Usage: npm run backup [-- --out data/backups/ --keep 48]

  --out   a file, or a folder (ending in /, or existing) for time-stamped copies (data/backups/)
  --keep  in a folder, how many of the newest copies to keep (48)
`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, keep: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
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
  const keep = values.keep === undefined ? 48 : Number(values.keep);
  if (!Number.isInteger(keep) || keep < 1) {
    process.stderr.write(
      `backup: --keep must be a whole number from 1 (got ${values.keep})\n${USAGE}`,
    );
    return 1;
  }
  const source = resolve(databasePath);
  const target = values.out ?? `${resolve(REPO_ROOT, 'data', 'backups')}/`;
  try {
    const result = await backupDatabase(source, target, { keep });
    process.stdout.write(
      `backup: wrote ${result.file} (${result.bytes} bytes, ${result.orders} orders) from ${source}\n`,
    );
    for (const file of result.removed)
      process.stdout.write(`backup: removed ${file} (keeping ${keep})\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`backup: ${(error as Error).message}\n`);
    return 1;
  }
}

process.exit(await main());
