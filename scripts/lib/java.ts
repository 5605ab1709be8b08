import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function javaPath(): string {
  return process.env.JAVA_PATH || 'java';
}

/** `java -version`'s first line, or null when there is no Java that runs. */
export function javaVersion(path = javaPath()): string | null {
  const result = spawnSync(path, ['-version'], { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) return null;
  return (result.stderr || result.stdout).split('\n', 1)[0]?.trim() || null;
}

export const JAVA_REQUIRED =
  'Java 11 or newer is required for the Nu HTML Checker (the vnu-jar package): run ' +
  '`sudo apt-get install default-jre-headless` (Debian/Ubuntu) or set JAVA_PATH';

/** The Nu HTML Checker's jar, from the vnu-jar npm package. */
export function vnuJarPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('vnu-jar/package.json')), 'build', 'dist', 'vnu.jar');
}

/**
 * Makes sure a Java runs and returns its path, as ensureChromium does for the browser: as root
 * it installs Debian's default-jre-headless (Java 17 on Debian 12); otherwise it throws with what
 * to do. Never downloads a Java of its own.
 */
export function ensureJava(): string {
  const path = javaPath();
  const version = javaVersion(path);
  if (version) return path;
  if (process.env.JAVA_PATH) {
    throw new Error(
      `JAVA_PATH=${path} does not run (\`${path} -version\` failed). ${JAVA_REQUIRED}.`,
    );
  }
  if (process.getuid?.() !== 0) throw new Error(`${JAVA_REQUIRED}.`);
  console.info("java: not found; installing Debian's default-jre-headless with apt-get");
  for (const args of [
    ['update'],
    ['install', '-y', '--no-install-recommends', 'default-jre-headless'],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      throw new Error(
        `\`apt-get ${args.join(' ')}\` failed (exit ${result.status}). ${JAVA_REQUIRED}.`,
      );
    }
  }
  if (!javaVersion(path))
    throw new Error(`apt-get installed a Java, but \`${path}\` still does not run.`);
  return path;
}
