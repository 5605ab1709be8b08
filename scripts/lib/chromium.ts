import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Flags for every Chromium we drive. No sandbox (CI runs as root), no GPU, and nothing that
 * phones home or downloads components: the machines reach no network but the package registries.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

/** The browser's version line, or null when it is missing or does not run. */
export function chromiumVersion(path = chromiumPath()): string | null {
  if (!existsSync(path)) return null;
  const result = spawnSync(path, ['--version', ...CHROMIUM_ARGS], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.status !== 0) return null;
  return result.stdout.trim() || null;
}

export const CHROMIUM_REQUIRED =
  'Chromium is required for the end-to-end tests: run `sudo apt-get install chromium` ' +
  '(Debian/Ubuntu) or set CHROMIUM_PATH';

function run(command: string, args: string[]): void {
  console.info(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    throw new Error(`\`${command} ${args.join(' ')}\` failed (exit ${result.status}).`);
  }
}

/**
 * Makes sure a runnable Chromium exists and returns its path. As root it installs Debian's
 * package (fresh CI machines start without it); otherwise it throws with what to do. Never
 * downloads a browser build of its own.
 */
export function ensureChromium(): string {
  const path = chromiumPath();
  const version = chromiumVersion(path);
  if (version) {
    console.info(`chromium: ${version} (${path})`);
    return path;
  }

  // A CHROMIUM_PATH that does not run is a mistake to report, not a reason to install another.
  if (process.env.CHROMIUM_PATH) {
    throw new Error(
      `CHROMIUM_PATH=${path} does not run (\`${path} --version\` failed). ${CHROMIUM_REQUIRED}.`,
    );
  }
  if (process.getuid?.() !== 0) throw new Error(`${CHROMIUM_REQUIRED}.`);

  console.info(`chromium: not found at ${path}; installing Debian's chromium package with apt-get`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);

  const installed = chromiumVersion(path);
  if (!installed) throw new Error(`apt-get installed chromium, but ${path} still does not run.`);
  console.info(`chromium: ${installed} (${path})`);
  return path;
}
