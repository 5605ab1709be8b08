import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { loadEnv } from 'vite';
import { parseFirebaseSettings } from '../src/data/firebase/firebase-config.ts';
import { buildFunctions } from './functions-build.ts';
import { REPO_ROOT } from './lib/server-process.ts';

/**
 * `npm run build:firebase [-- --outDir dir]`: the hosted build (VITE_BACKEND=firebase) into
 * dist/ (what firebase.json's hosting serves), then the Cloud Functions into functions/lib. The
 * VITE_FIREBASE_* settings (from the environment or .env / .env.production) are checked before
 * Vite starts, so a missing one stops the build with its name instead of shipping a bundle that
 * fails on the first visitor's first click. The App Check site key is required unless the build
 * talks to the Functions emulator: the deployed functions refuse calls without App Check.
 */
async function main(): Promise<number> {
  const env = { ...loadEnv('production', REPO_ROOT, 'VITE_'), ...process.env };
  try {
    const settings = parseFirebaseSettings(env);
    if (!settings.appCheckSiteKey && !settings.functionsEmulatorHost) {
      throw new Error(
        'VITE_FIREBASE_APPCHECK_SITE_KEY is required (a reCAPTCHA Enterprise site key): the functions refuse calls without App Check',
      );
    }
    // No server puts the address into the hosted pages at run time (D26): canonical links,
    // the sitemap and robots.txt are written with this one.
    if (!env.VITE_SITE_URL) {
      throw new Error(
        'VITE_SITE_URL is required (the address the site is published at, e.g. https://afsh.example): canonical links, the sitemap and robots.txt are built with it',
      );
    }
  } catch (error) {
    console.error(`build:firebase: ${(error as Error).message}`);
    console.error('Set them in .env (see .env.example) or the environment.');
    return 1;
  }
  const code = await viteBuild();
  if (code !== 0) return code;
  await buildFunctions();
  return 0;
}

function viteBuild(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(
      join(REPO_ROOT, 'node_modules', '.bin', 'vite'),
      ['build', ...process.argv.slice(2)],
      {
        cwd: REPO_ROOT,
        stdio: 'inherit',
        // Vite honours an inherited NODE_ENV; what ships is the production build.
        env: { ...process.env, VITE_BACKEND: 'firebase', NODE_ENV: 'production' },
      },
    );
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', (error) => {
      console.error(error.message);
      resolve(127);
    });
  });
}

main().then((code) => process.exit(code));
