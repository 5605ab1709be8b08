import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signupSchema } from '../src/domain/auth-schemas.ts';
import { isGuessableAdminPassword } from '../src/domain/production-problems.ts';
import { createOrPromoteAdmin } from '../server/src/auth/admins.ts';
import { generatePassword } from '../server/src/auth/passwords.ts';
import { openDatabase } from '../server/src/plugins/db.ts';
import { EnvError, loadDotEnvFile, loadEnv } from '../server/src/plugins/env.ts';
import { REPO_ROOT } from './lib/server-process.ts';

/**
 * `npm run admin:create -- --email E [--password P]` (D2): creates an admin account, or makes an
 * existing account an admin (it keeps its orders) and sets its password. Without --password it
 * asks twice on a terminal, or else generates one and prints it once; a known or guessable
 * password is refused (D24). It is also how an admin's password is changed: the same command
 * with the account's email. Uses DATABASE_PATH (and .env), migrating the database first, so it
 * works before the server has ever started.
 */

const USAGE = `Usage: npm run admin:create -- --email you@example.com [--password 'secret1']

  --email     the admin's email (an existing account with it is promoted, or an existing
              admin's password changed)
  --password  8-128 characters with letters and digits. Optional: without it you are asked on a
              terminal, or one is generated and printed once. Note that a password given here
              can end up in your shell history.
`;

// The schema's messages are translation keys for the SPA; a terminal gets plain English.
const READABLE: Record<string, string> = {
  'validation:email.required': 'an email is required (--email)',
  'validation:email.invalid': 'that is not a valid email address',
  'validation:email.tooLong': 'that email address is too long',
  'validation:password.required': 'the password is empty',
  'validation:password.min': 'the password needs at least 8 characters',
  'validation:password.max': 'the password may have at most 128 characters',
  'validation:password.weak': 'the password needs both letters and digits',
  'validation:password.mismatch': 'the two passwords differ',
};

function fail(message: string): never {
  process.stderr.write(`admin:create: ${message}\n`);
  process.exit(1);
}

/** Reads a line from the terminal without echoing it. */
async function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  try {
    return await new Promise<string>((resolve) => {
      let answer = '';
      const onData = (chunk: string) => {
        for (const char of chunk) {
          if (char === '\r' || char === '\n' || char === '\u0004') {
            stdin.off('data', onData);
            resolve(answer);
            return;
          }
          if (char === '\u0003') {
            process.stdout.write('\n');
            process.exit(130);
          }
          if (char === '\u007f' || char === '\b') answer = [...answer].slice(0, -1).join('');
          else answer += char;
        }
      };
      stdin.on('data', onData);
    });
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    process.stdout.write('\n');
  }
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(1);
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (args.email === undefined) {
    process.stderr.write(USAGE);
    process.exit(1);
  }

  let password = args.password;
  let generated = false;
  if (password === undefined) {
    if (process.stdin.isTTY) {
      password = await askHidden('Password for the admin (8+ characters, letters and digits): ');
      const again = await askHidden('Same password again: ');
      if (again !== password) fail('the two passwords differ; nothing was changed');
    } else {
      password = generatePassword();
      generated = true;
    }
  }

  const checked = signupSchema.safeParse({
    email: args.email,
    password,
    confirmPassword: password,
  });
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => READABLE[issue.message] ?? issue.message);
    fail(`${[...new Set(problems)].join('; ')}. Nothing was changed.`);
  }
  // What a production server refuses to start with (D24) is refused here, in any environment:
  // a database made on a laptop is the one that may go live.
  if (!generated && isGuessableAdminPassword(checked.data.password, checked.data.email)) {
    fail(
      'that password is a known or guessable one (an example from our docs, a common one, or ' +
        "the email's name in it): a production server refuses to start with it. Nothing was changed.",
    );
  }

  loadDotEnvFile(join(REPO_ROOT, '.env'));
  let env;
  try {
    env = loadEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }

  const db = openDatabase(env.DATABASE_PATH);
  try {
    const result = await createOrPromoteAdmin(db, {
      email: checked.data.email,
      password: checked.data.password,
    });
    process.stdout.write(
      result.created
        ? `Created the admin account ${result.email} in ${env.DATABASE_PATH}.\n`
        : `${result.email} is now an admin with the new password (its orders stay with it); ` +
            'its other sessions were signed out.\n',
    );
    if (generated) {
      process.stdout.write(
        `\n  password: ${password}\n\n` +
          '  Save it now: it will not be shown again. Sign in at /admin-login.\n',
      );
    }
  } finally {
    db.close();
  }
}

await main();
