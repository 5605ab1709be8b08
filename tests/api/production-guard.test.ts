import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT, startServerProcess } from '../../scripts/lib/server-process.ts';
import { createOrPromoteAdmin } from '../../server/src/auth/admins.ts';
import { openDatabase } from '../../server/src/plugins/db.ts';
import { bundleServer } from '../e2e/server-bundle.ts';
import { runAdminCreate } from './admin-script.ts';
import { TEST_PASSWORD_COST } from './test-server.ts';

// D24: the built server (one JavaScript file, as the e2e run and a machine run it) started with
// NODE_ENV=production and the settings a fresh clone has refuses to start, one line per problem.

function run(entry: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, [entry], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let stopping = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      // Started after all (the guard let it through): stop it, so the test fails on its output.
      if (!stopping && stdout.includes('Afsh is ready')) stopping = child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the built server with NODE_ENV=production', () => {
  let tmp: string;
  let bundleDir: string;
  let entry: string;
  let staticDir: string;

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'afsh-guard-'));
    // Inside the repository, so the bundle's packages resolve from its node_modules.
    bundleDir = join(REPO_ROOT, 'test-results', `guard-bundle-${process.pid}`);
    await mkdir(bundleDir, { recursive: true });
    entry = await bundleServer(bundleDir);
    staticDir = join(tmp, 'dist');
    await mkdir(staticDir, { recursive: true });
    // What a build without VITE_PHONE_NUMBER bakes into every page's footer.
    await writeFile(
      join(staticDir, 'index.html'),
      '<!doctype html><footer><a href="tel:+201000000000">call</a>' +
        '<a href="https://wa.me/201000000000">WhatsApp</a></footer>',
    );
  }, 120_000);

  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
    await rm(bundleDir, { recursive: true, force: true });
  });

  it('refuses to start on placeholder settings, naming every problem', async () => {
    const result = await run(entry, {
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(tmp, 'afsh.sqlite'),
      STATIC_DIR: staticDir,
      ADMIN_EMAIL: 'admin@afsh.example',
      ADMIN_PASSWORD: 'change-me-2026',
      NOTIFY_COMPANY_WHATSAPP: '+201000000000',
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toBe(
      'Afsh will not start with NODE_ENV=production: 5 problems to fix before the site is public.',
    );
    const expected = [
      '  - the built pages (dist/) call and message the placeholder +201000000000: ',
      '  - NOTIFY_COMPANY_WHATSAPP: is the placeholder +201000000000: ',
      '  - SITE_URL: is not set: ',
      '  - PAYMENT_PROVIDER: takes payments in test mode (test, the default): ',
      '  - ADMIN_PASSWORD: is a known or guessable password ',
    ];
    expect(lines.slice(1, -1)).toHaveLength(expected.length);
    expected.forEach((start, i) =>
      expect(lines[i + 1]?.startsWith(start), lines[i + 1]).toBe(true),
    );
    // It stopped before opening the database or listening.
    expect(result.stdout).not.toContain('Afsh is ready');
  }, 60_000);

  it('refuses while admins created earlier have a known password, naming each and the fix', async () => {
    const live = join(tmp, 'dist-live');
    await mkdir(live, { recursive: true });
    await writeFile(
      join(live, 'index.html'),
      '<!doctype html><a href="tel:+201234567890">call</a><a href="https://wa.me/201234567890">w</a>',
    );
    // A first start with the example password of .env.example (the server's own cost), ADMIN_PASSWORD
    // removed since; a second admin with a common one, hashed at another cost; and a fine one.
    const dbPath = join(tmp, 'admins.sqlite');
    const db = openDatabase(dbPath);
    try {
      await createOrPromoteAdmin(db, { email: 'first@afsh.example', password: 'change-me-2026' });
      await createOrPromoteAdmin(db, {
        email: 'office@afsh.example',
        password: 'Password123',
        passwordCost: TEST_PASSWORD_COST,
      });
      await createOrPromoteAdmin(db, {
        email: 'fine@afsh.example',
        password: 'Tall-Nile-Crane-41',
        passwordCost: TEST_PASSWORD_COST,
      });
    } finally {
      db.close();
    }
    const env = {
      NODE_ENV: 'production',
      DATABASE_PATH: dbPath,
      STATIC_DIR: live,
      SITE_URL: 'https://afsh.example',
      PAYMENT_TEST_MODE: 'allowed',
      LOG_LEVEL: 'warn',
    };

    const refused = await run(entry, {
      ...env,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      'Afsh will not start with NODE_ENV=production: 2 problems to fix before the site is public.',
      '  - admin account first@afsh.example: its password is a known one (an example from our docs, or a common one): change it with npm run admin:create -- --email first@afsh.example (it asks for the new password on a terminal, or generates one and prints it once), then start again',
      '  - admin account office@afsh.example: its password is a known one (an example from our docs, or a common one): change it with npm run admin:create -- --email office@afsh.example (it asks for the new password on a terminal, or generates one and prints it once), then start again',
      'Fix them (see README, "Running the self-hosted server on a machine") and start again.',
    ]);
    expect(refused.stdout).not.toContain('Afsh is ready');

    // Doing what the lines say: one password chosen, one generated.
    const chosen = await runAdminCreate(
      ['--email', 'first@afsh.example', '--password', 'Quiet-Harbour-73'],
      { DATABASE_PATH: dbPath },
    );
    expect(chosen.code, chosen.stderr).toBe(0);
    const generated = await runAdminCreate(['--email', 'office@afsh.example'], {
      DATABASE_PATH: dbPath,
    });
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stdout).toMatch(/password: [A-Za-z0-9]{20}\n/);

    const server = await startServerProcess({ entry, compiled: true, timeoutMs: 50_000, env });
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('starts once they are fixed, test payments allowed on purpose', async () => {
    await writeFile(
      join(staticDir, 'index.html'),
      '<!doctype html><a href="tel:+201234567890">call</a><a href="https://wa.me/201234567890">w</a>',
    );
    const server = await startServerProcess({
      entry,
      compiled: true,
      timeoutMs: 50_000,
      env: {
        NODE_ENV: 'production',
        DATABASE_PATH: join(tmp, 'ok.sqlite'),
        STATIC_DIR: staticDir,
        SITE_URL: 'https://afsh.example',
        PAYMENT_TEST_MODE: 'allowed',
        LOG_LEVEL: 'warn',
      },
    });
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
