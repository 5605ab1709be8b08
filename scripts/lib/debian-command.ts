import { spawnSync } from 'node:child_process';

/** A command a test needs from a Debian package (caddy, nginx, systemd-analyze). */
export interface DebianCommand {
  /** The command's name on PATH. */
  command: string;
  /** The setting that names another executable instead. */
  pathSetting: string;
  /** The Debian package that has it. */
  packageName: string;
  /** Arguments that make it print its version and exit 0. */
  versionArgs: string[];
  /** Who needs it, as the start of the error: "nginx is required for the reverse-proxy test". */
  neededFor: string;
}

/** What to do when it is missing: the apt-get line, or the setting. */
export function commandRequired(spec: DebianCommand): string {
  return (
    `${spec.neededFor}: run \`sudo apt-get install ${spec.packageName}\` (Debian/Ubuntu) ` +
    `or set ${spec.pathSetting}`
  );
}

export function commandPath(spec: DebianCommand): string {
  return process.env[spec.pathSetting] || spec.command;
}

/** The command's version line, or null when it is missing or does not run. */
export function commandVersion(spec: DebianCommand, path = commandPath(spec)): string | null {
  const result = spawnSync(path, spec.versionArgs, { encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) return null;
  return `${result.stdout}${result.stderr}`.trim().split('\n', 1)[0] || null;
}

/**
 * Makes sure the command runs and returns its path: as root it installs Debian's package (a
 * fresh CI machine has none), otherwise it throws with what to do. Never downloads a build of
 * its own.
 */
export function ensureDebianCommand(spec: DebianCommand): string {
  const path = commandPath(spec);
  if (commandVersion(spec, path)) return path;
  const required = commandRequired(spec);
  if (process.env[spec.pathSetting]) {
    throw new Error(`${spec.pathSetting}=${path} does not run. ${required}.`);
  }
  if (process.getuid?.() !== 0) throw new Error(`${required}.`);
  for (const args of [['update'], ['install', '-y', spec.packageName]]) {
    console.info(`$ apt-get ${args.join(' ')}`);
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed. ${required}.`);
  }
  if (!commandVersion(spec, path)) {
    throw new Error(
      `apt-get installed ${spec.packageName}, but \`${path} ${spec.versionArgs.join(' ')}\` fails.`,
    );
  }
  return path;
}

export const NGINX: DebianCommand = {
  command: 'nginx',
  pathSetting: 'NGINX_PATH',
  packageName: 'nginx',
  versionArgs: ['-v'],
  neededFor: 'nginx is required for the reverse-proxy test of deploy/nginx.conf',
};

export const SYSTEMD_ANALYZE: DebianCommand = {
  command: 'systemd-analyze',
  pathSetting: 'SYSTEMD_ANALYZE_PATH',
  packageName: 'systemd',
  versionArgs: ['--version'],
  neededFor: "systemd-analyze is required to check deploy/'s systemd units",
};

export const OPENSSL: DebianCommand = {
  command: 'openssl',
  pathSetting: 'OPENSSL_PATH',
  packageName: 'openssl',
  versionArgs: ['version'],
  neededFor: "openssl is required to make the nginx test's certificate",
};
