import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from './lib/server-process.ts';

/**
 * `npm run build:functions`: functions/src (with the src/domain rules it shares) bundled into
 * functions/lib/index.js, which is what `firebase deploy --only functions` uploads. Only
 * firebase-functions and firebase-admin stay outside the bundle: Cloud Build installs them from
 * functions/package.json.
 */
export async function buildFunctions(): Promise<void> {
  const outdir = join(REPO_ROOT, 'functions', 'lib');
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [join(REPO_ROOT, 'functions', 'src', 'index.ts')],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*'],
    sourcemap: true,
    logLevel: 'warning',
  });
  console.info(`functions bundled into ${outdir}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildFunctions().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
