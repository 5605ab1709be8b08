import { spawnSync } from 'node:child_process';

export const CADDY_REQUIRED =
  'Caddy is required for the reverse-proxy test: run `sudo apt-get install caddy` (Debian/Ubuntu) ' +
  'or set CADDY_PATH';

export function caddyPath(): string {
  return process.env.CADDY_PATH || 'caddy';
}

/** Caddy's version line, or null when it is missing or does not run. */
export function caddyVersion(path = caddyPath()): string | null {
  const result = spawnSync(path, ['version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() || null : null;
}

/**
 * Makes sure Debian's caddy runs and returns its path: as root it installs the package (a fresh
 * CI machine has none), otherwise it throws with what to do. Never downloads a build of its own.
 */
export function ensureCaddy(): string {
  const path = caddyPath();
  const version = caddyVersion(path);
  if (version) return path;
  if (process.env.CADDY_PATH)
    throw new Error(`CADDY_PATH=${path} does not run. ${CADDY_REQUIRED}.`);
  if (process.getuid?.() !== 0) throw new Error(`${CADDY_REQUIRED}.`);
  for (const args of [['update'], ['install', '-y', 'caddy']]) {
    console.info(`$ apt-get ${args.join(' ')}`);
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0)
      throw new Error(`apt-get ${args.join(' ')} failed. ${CADDY_REQUIRED}.`);
  }
  if (!caddyVersion(path))
    throw new Error(`apt-get installed caddy, but \`${path} version\` fails.`);
  return path;
}
