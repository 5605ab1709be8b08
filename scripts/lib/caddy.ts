import {
  commandPath,
  commandRequired,
  commandVersion,
  ensureDebianCommand,
  type DebianCommand,
} from './debian-command.ts';

const CADDY: DebianCommand = {
  command: 'caddy',
  pathSetting: 'CADDY_PATH',
  packageName: 'caddy',
  versionArgs: ['version'],
  neededFor: 'Caddy is required for the reverse-proxy test',
};

export const CADDY_REQUIRED = commandRequired(CADDY);

export function caddyPath(): string {
  return commandPath(CADDY);
}

/** Caddy's version line, or null when it is missing or does not run. */
export function caddyVersion(path = caddyPath()): string | null {
  return commandVersion(CADDY, path);
}

/**
 * Makes sure Debian's caddy runs and returns its path: as root it installs the package (a fresh
 * CI machine has none), otherwise it throws with what to do. Never downloads a build of its own.
 */
export function ensureCaddy(): string {
  return ensureDebianCommand(CADDY);
}
