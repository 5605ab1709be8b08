import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './lib/server-process.ts';

/**
 * `npm test`: every check CI runs, in order, stopping at the first failure. The last line is
 * `Total: N passed, M failed, K skipped` over every vitest project that ran.
 */

interface Step {
  title: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Name of the vitest JSON report this step writes (test-results/vitest-<name>.json). */
  report?: string;
}

const bin = (tool: string) => join(REPO_ROOT, 'node_modules', '.bin', tool);
const RESULTS = join(REPO_ROOT, 'test-results');
const reportPath = (name: string) => join(RESULTS, `vitest-${name}.json`);

function vitest(report: string, projects: string[], env?: Record<string, string>): Step {
  return {
    title: `vitest: ${projects.join(' + ')}`,
    command: bin('vitest'),
    args: [
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportPath(report)}`,
    ],
    report,
    ...(env ? { env } : {}),
  };
}

/**
 * The checks, in order. A group (an array) is steps that read the same files and write nothing:
 * each is one single-threaded process, so they run side by side, as many at a time as there are
 * cores, and their output is printed whole when each ends.
 */
const steps: (Step | Step[])[] = [
  [
    { title: 'typecheck', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
    {
      title: 'typecheck (service worker)',
      command: bin('tsc'),
      args: ['-p', 'src/sw/tsconfig.json', '--noEmit'],
    },
    { title: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
    {
      title: 'typecheck (functions)',
      command: bin('tsc'),
      args: ['-p', 'functions/tsconfig.json', '--noEmit'],
    },
    { title: 'format', command: bin('prettier'), args: ['--check', '.'] },
  ],
  vitest('unit-component', ['unit', 'component']),
  // Vite honours an inherited NODE_ENV (test, development) and would then bundle React's
  // development build; the budget and the e2e specs must see what ships.
  { title: 'build', command: bin('vite'), args: ['build'], env: { NODE_ENV: 'production' } },
  { title: 'bundle budget', command: bin('tsx'), args: ['scripts/bundle-budget.ts'] },
  // The hosted variant with a dummy project: the SDK must stay out of what / needs (D1).
  {
    title: 'build (firebase)',
    command: bin('tsx'),
    args: ['scripts/firebase-build.ts', '--outDir', 'test-results/dist-firebase', '--emptyOutDir'],
    env: {
      VITE_FIREBASE_API_KEY: 'bundle-check-key',
      VITE_FIREBASE_AUTH_DOMAIN: 'demo-afsh.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'demo-afsh',
      VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
      VITE_FIREBASE_APPCHECK_SITE_KEY: 'bundle-check-site-key',
      VITE_SITE_URL: 'https://afsh-bundle-check.example',
    },
  },
  {
    title: 'bundle budget (firebase)',
    command: bin('tsx'),
    args: ['scripts/bundle-budget.ts', '--dist=test-results/dist-firebase', '--backend=firebase'],
  },
  { title: 'chromium', command: bin('tsx'), args: ['scripts/ensure-chromium.ts'] },
  // The tests of deploy/ (D24) put Debian's caddy and nginx in front of the server and read the
  // systemd units with systemd-analyze.
  { title: 'deploy tools', command: bin('tsx'), args: ['scripts/ensure-deploy-tools.ts'] },
  vitest('api', ['api']),
  vitest('firebase', ['firebase']),
  vitest('e2e', ['e2e'], { E2E_SKIP_BUILD: '1' }),
];

/** Runs a step; with `capture`, its output is kept and returned instead of printed as it comes. */
function run(step: Step, capture = false): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: REPO_ROOT,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...step.env, ...(capture ? { FORCE_COLOR: '1' } : {}) },
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => {
      resolve({ code: 127, output: `could not start ${step.command}: ${error.message}\n` });
    });
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 128 : 1), output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    assertionResults: { status: string }[];
  }[];
}

/**
 * Per-project counts from a vitest JSON report. The report does not name projects, so a run of
 * several projects is split by file name, the way vite.config.ts assigns files to projects.
 */
function countsByProject(report: JsonReport, projects: string[]): Map<string, Counts> {
  const result = new Map<string, Counts>(
    projects.map((p) => [p, { passed: 0, failed: 0, skipped: 0 }]),
  );
  for (const file of report.testResults) {
    const project =
      projects.length === 1 ? projects[0]! : file.name.endsWith('.tsx') ? 'component' : 'unit';
    const counts = result.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
    for (const test of file.assertionResults) {
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'failed') counts.failed += 1;
      else counts.skipped += 1; // pending, skipped, todo
    }
    result.set(project, counts);
  }
  return result;
}

async function summarize(ran: Step[]): Promise<Counts> {
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const rows: string[] = [];
  for (const step of ran) {
    if (!step.report) continue;
    const projects = step.args.filter((_, i) => step.args[i - 1] === '--project');
    const file = reportPath(step.report);
    if (!existsSync(file)) {
      rows.push(`  ${projects.join(' + ')}: no report (the run did not finish)`);
      continue;
    }
    const report = JSON.parse(await readFile(file, 'utf8')) as JsonReport;
    for (const [project, c] of countsByProject(report, projects)) {
      rows.push(
        `  ${project.padEnd(10)} ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`,
      );
      total.passed += c.passed;
      total.failed += c.failed;
      total.skipped += c.skipped;
    }
  }
  if (rows.length) console.info(`\nTests by project:\n${rows.join('\n')}`);
  return total;
}

function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

async function main(): Promise<number> {
  const started = Date.now();
  await mkdir(RESULTS, { recursive: true });
  // Stale reports from an earlier run must not be counted as this run's tests.
  const all = steps.flat();
  await Promise.all(
    all.filter((s) => s.report).map((s) => rm(reportPath(s.report!), { force: true })),
  );

  const ran: Step[] = [];
  // Set by runStep, also from inside a group.
  let failure = null as { step: Step; code: number; index: number } | null;
  const header = (step: Step) => {
    const index = all.indexOf(step);
    const line = '━'.repeat(72);
    const shown = [step.command.replace(`${REPO_ROOT}node_modules/.bin/`, ''), ...step.args].join(
      ' ',
    );
    return `\n${line}\n[${index + 1}/${all.length}] ${step.title}\n$ ${shown}\n${line}`;
  };
  const runStep = async (step: Step, capture: boolean): Promise<void> => {
    const index = all.indexOf(step);
    if (!capture) console.info(header(step));
    const stepStart = Date.now();
    ran.push(step);
    const { code, output } = await run(step, capture);
    if (capture) process.stdout.write(`${header(step)}\n${output}`);
    console.info(
      `[${index + 1}/${all.length}] ${step.title}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${formatDuration(Date.now() - stepStart)}`,
    );
    if (code !== 0 && !failure) failure = { step, code, index };
  };
  for (const entry of steps) {
    if (Array.isArray(entry)) {
      // Side by side, a core each; a failure lets the others of the group finish.
      const queue = [...entry];
      const lanes = Math.max(1, Math.min(availableParallelism(), queue.length));
      await Promise.all(
        Array.from({ length: lanes }, async () => {
          for (let step = queue.shift(); step; step = queue.shift()) await runStep(step, true);
        }),
      );
    } else {
      await runStep(entry, false);
    }
    if (failure) break;
  }

  const total = await summarize(ran);
  if (failure) {
    console.error(
      `\nnpm test stopped at step ${failure.index + 1}/${all.length} (${failure.step.title}).`,
    );
  } else {
    console.info(`\nAll ${all.length} steps passed.`);
  }
  console.info(`Wall time: ${formatDuration(Date.now() - started)}`);
  console.info(`Total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return failure ? failure.code || 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
