import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianCommand, SYSTEMD_ANALYZE } from '../../scripts/lib/debian-command.ts';
import { REPO_ROOT } from '../../scripts/lib/server-process.ts';

// D24: deploy/'s systemd units as systemd itself reads them, with Debian's systemd-analyze
// (installed by apt-get when missing and root, like caddy): `verify` finds no unknown or
// misspelt setting, no bad value and no missing unit; `security --offline` keeps every service's
// sandbox at most "OK" (an exposure of 5.0 out of 10). Neither needs systemd to be running.

const DEPLOY = join(REPO_ROOT, 'deploy');
/** Where README's step 1 puts the code; the copies here point at this checkout instead. */
const INSTALL_DIR = '/opt/afsh';
/** `security --threshold` is in tenths: 50 is an exposure of 5.0, the top of "OK". */
const MAX_EXPOSURE = 50;

describe("deploy/'s systemd units", () => {
  let analyze: string;
  let dir: string;
  let units: string[];

  beforeAll(async () => {
    analyze = ensureDebianCommand(SYSTEMD_ANALYZE);
    dir = await mkdtemp(join(tmpdir(), 'afsh-units-'));
    units = (await readdir(DEPLOY)).filter((name) => /\.(service|timer)$/.test(name)).sort();
    // verify checks that ExecStart's program exists: here that is this checkout's tsx, which
    // `npm ci` put where it puts it in /opt/afsh on a machine.
    for (const name of units) {
      const text = await readFile(join(DEPLOY, name), 'utf8');
      await writeFile(join(dir, name), text.replaceAll(`${INSTALL_DIR}/`, REPO_ROOT));
    }
  }, 300_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('are the server, the backup and its timer', () => {
    expect(units).toEqual(['afsh-backup.service', 'afsh-backup.timer', 'afsh.service']);
  });

  it('pass systemd-analyze verify without a finding', () => {
    const result = spawnSync(analyze, ['verify', ...units.map((name) => join(dir, name))], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
    expect(result.status).toBe(0);
  });

  it.each(['afsh.service', 'afsh-backup.service'])(
    "%s keeps its sandbox at systemd's OK or better",
    (name) => {
      const result = spawnSync(
        analyze,
        [
          'security',
          '--offline=true',
          `--threshold=${MAX_EXPOSURE}`,
          '--no-pager',
          join(dir, name),
        ],
        { cwd: dir, encoding: 'utf8', timeout: 60_000 },
      );
      const overall = /Overall exposure level for \S+: ([\d.]+) (\w+)/.exec(result.stdout);
      expect(overall, `${result.stdout}${result.stderr}`).not.toBeNull();
      expect(Number(overall![1]), result.stdout).toBeLessThanOrEqual(MAX_EXPOSURE / 10);
      expect(result.status, result.stdout).toBe(0);
    },
  );
});
