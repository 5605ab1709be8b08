import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
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
  /**
   * Steps next to each other with the same value run at the same time, their output shown one
   * after the other when all have ended: read-only checks that each keep one core busy.
   */
  together?: string;
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

const steps: Step[] = [
  // Lint takes longest; the other core runs the type checks and the format check meanwhile.
  {
    title: 'lint',
    command: bin('eslint'),
    args: ['.', '--max-warnings=0'],
    together: 'static',
  },
  {
    title: 'typecheck',
    command: bin('tsc'),
    args: ['-p', 'tsconfig.json', '--noEmit'],
    together: 'static',
  },
  {
    title: 'typecheck (functions)',
    command: bin('tsc'),
    args: ['-p', 'functions/tsconfig.json', '--noEmit'],
    together: 'static',
  },
  {
    title: 'format',
    command: bin('prettier'),
    args: ['--check', '.'],
    together: 'static',
  },
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
    },
  },
  {
    title: 'bundle budget (firebase)',
    command: bin('tsx'),
    args: ['scripts/bundle-budget.ts', '--dist=test-results/dist-firebase', '--backend=firebase'],
  },
  { title: 'chromium', command: bin('tsx'), args: ['scripts/ensure-chromium.ts'] },
  vitest('api', ['api']),
  vitest('firebase', ['firebase']),
  vitest('e2e', ['e2e'], { E2E_SKIP_BUILD: '1' }),
];

function run(step: Step): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    });
    child.on('error', (error) => {
      console.error(`could not start ${step.command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** run() with the output kept, to be shown when the step ends (steps run `together`). */
function runCaptured(step: Step): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(step.command, step.args, {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`could not start ${step.command}: ${error.message}\n`));
    });
    child.on('close', (code, signal) =>
      resolve({
        code: code ?? (signal ? 128 : 127),
        output: Buffer.concat(chunks).toString('utf8'),
      }),
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
  await Promise.all(
    steps.filter((s) => s.report).map((s) => rm(reportPath(s.report!), { force: true })),
  );

  const ran: Step[] = [];
  let failure: { step: Step; code: number; index: number } | null = null;
  const line = '━'.repeat(72);
  const header = (step: Step, index: number) => {
    const shown = [step.command.replace(`${REPO_ROOT}node_modules/.bin/`, ''), ...step.args].join(
      ' ',
    );
    return `\n${line}\n[${index + 1}/${steps.length}] ${step.title}\n$ ${shown}\n${line}`;
  };
  const result = (step: Step, index: number, code: number, ms: number) =>
    `[${index + 1}/${steps.length}] ${step.title}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${formatDuration(ms)}`;
  for (let index = 0; index < steps.length && !failure;) {
    const step = steps[index]!;
    let end = index + 1;
    while (step.together && steps[end]?.together === step.together) end += 1;
    const batch = steps.slice(index, end).map((s, i) => ({ step: s, index: index + i }));
    const batchStart = Date.now();
    ran.push(...batch.map((b) => b.step));
    if (batch.length === 1) {
      console.info(header(step, index));
      const code = await run(step);
      console.info(result(step, index, code, Date.now() - batchStart));
      if (code !== 0) failure = { step, code, index };
    } else {
      console.info(`\nRunning at once: ${batch.map((b) => b.step.title).join(', ')}`);
      const outcomes = await Promise.all(
        batch.map(async (b) => ({
          ...b,
          ...(await runCaptured(b.step)),
          ms: Date.now() - batchStart,
        })),
      );
      for (const o of outcomes) {
        console.info(header(o.step, o.index));
        if (o.output) process.stdout.write(o.output.endsWith('\n') ? o.output : `${o.output}\n`);
        console.info(result(o.step, o.index, o.code, o.ms));
        if (o.code !== 0 && !failure) failure = { step: o.step, code: o.code, index: o.index };
      }
    }
    index = end;
  }

  const total = await summarize(ran);
  if (failure) {
    console.error(
      `\nnpm test stopped at step ${failure.index + 1}/${steps.length} (${failure.step.title}).`,
    );
  } else {
    console.info(`\nAll ${steps.length} steps passed.`);
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
