import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT, startServerProcess } from '../../scripts/lib/server-process.ts';
import { bundleServer } from '../e2e/server-bundle.ts';

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
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
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
      'Afsh will not start with NODE_ENV=production: 5 settings would mislead customers.',
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
