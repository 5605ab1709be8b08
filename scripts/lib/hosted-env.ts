import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { loadEnv } from 'vite';

function readEnvFile(file: string): Record<string, string> {
  try {
    return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * What a hosted deployment runs with (D24): the functions' params (functions/.env and
 * functions/.env.<project>), the build's VITE_* settings (.env, .env.<mode>) and the
 * environment, later ones first. The predeploy checks and the build's test-mode banner read
 * the same.
 */
export function hostedSettings(
  root: string,
  mode = 'production',
): Record<string, string | undefined> {
  const project = process.env.GCLOUD_PROJECT ?? process.env.FIREBASE_PROJECT ?? '';
  return {
    ...readEnvFile(join(root, 'functions', '.env')),
    ...(project ? readEnvFile(join(root, 'functions', `.env.${project}`)) : {}),
    ...loadEnv(mode, root, 'VITE_'),
    ...process.env,
  };
}
