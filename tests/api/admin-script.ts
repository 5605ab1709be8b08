import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../scripts/lib/server-process.ts';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run admin:create -- …` as a child process, stdin not a terminal (so without --password
 * it generates one), with none of this process's ADMIN_* settings.
 */
export function runAdminCreate(args: string[], env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const clean = { ...process.env };
    delete clean.ADMIN_EMAIL;
    delete clean.ADMIN_PASSWORD;
    const child = spawn(
      join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      ['scripts/admin-create.ts', ...args],
      { cwd: REPO_ROOT, env: { ...clean, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdin.end();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
