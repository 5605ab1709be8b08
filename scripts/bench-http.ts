// The HTTP part of `npm run bench` (also runnable alone: `npx tsx scripts/bench-http.ts`).
//
// The real server and a bare Fastify hello-world each run in their own process on 127.0.0.1,
// started the same way (`node --import tsx`); autocannon, in this process, loads one at a time.
// Every case is measured in short rounds, and the rounds of all cases are interleaved
// (hello-world, prices, tracking, orders, hello-world, ...), so a burst of noise on this shared
// machine hits the cases of one round alike: each case's ratio is the median of its per-round
// ratios to the hello-world of the same round. Numbers are reported, never judged.
//
// Settings (environment):
//   BENCH_HTTP_ROUNDS=5          rounds per case after the warm-up round
//   BENCH_HTTP_SECONDS=1         seconds per round
//   BENCH_HTTP_CONNECTIONS=50
//   BENCH_HTTP_CASES=track,post  only these cases (keys: hello, prices, track, track404, post;
//                                hello is always run, the ratios need it)
//   BENCH_LOG_LEVEL=warn         the Afsh server's LOG_LEVEL (default info, as in production;
//                                warn shows what the two request log lines cost, but hides the
//                                sign-in code the bench's customer reads: POST runs at info only)
//   BENCH_CPU_PROF=<dir>         run the Afsh server under `node --cpu-prof`, profile in <dir>
//                                (summarise it with scripts/lib/cpu-profile-summary.ts)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { giveRoomyCapacity, spreadOrderBodies, verifiedSessionCookie } from './lib/order-body.ts';
import { startServerProcess } from './lib/server-process.ts';
import type { ServerProcess } from './lib/server-process.ts';
import { makeStaticDir } from '../tests/api/helpers.ts';

export interface HttpBenchOptions {
  rounds?: number;
  roundSeconds?: number;
  connections?: number;
  /** Case keys to run besides hello-world; default all. */
  cases?: string[];
  /** Run the Afsh server under --cpu-prof and write its profile here. */
  cpuProfDir?: string;
}

export interface HttpCaseResult {
  name: string;
  /** Median over the rounds of expected answers (2xx, or the case's status) per second. */
  rps: number;
  /** Median over the rounds of the 99th percentile latency, ms. */
  p99Ms: number;
  /** Median over the rounds of rps / hello-world rps of the same round; 1 for hello-world. */
  ratio: number;
  /**
   * Median over the rounds of the server process's CPU time (user + system) per answer, µs; NaN
   * where /proc is missing. Unlike req/s it hardly depends on what else the machine is doing.
   */
  cpuUsPerRequest: number;
  /** Answers with another status, and connection errors/timeouts, over all measured rounds. */
  unexpected: number;
  errors: number;
  /** The unexpected status codes seen, to say why (429: order limits, 500: see the log). */
  otherStatuses: string;
}

interface Round {
  rps: number;
  cpuUsPerRequest: number;
  p99Ms: number;
  unexpected: number;
  errors: number;
  statuses: Record<string, number>;
}

interface Case {
  key: string;
  name: string;
  target: ServerProcess;
  request: Pick<autocannon.Options, 'method' | 'headers' | 'body'> & { path: string };
  /** A new body for each request (else `request.body` for all). */
  bodies?: () => string;
  /** The status every answer should have; default any 2xx. */
  expectStatus?: number;
  /** Runs after each of the case's rounds, outside the measured time. */
  afterRound?: () => void;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const numberFromEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/**
 * No per-customer or per-address order limits (0 is "no limit"; RATE_LIMITS=off lifts them as
 * well): one session places thousands of orders a second here, which is what they refuse.
 * A round that still meets a limit shows its 429s in the last column.
 */
const ORDER_LIMIT_ENV: Record<string, string> = {
  ORDER_LIMIT_CUSTOMER_HOUR: '0',
  ORDER_LIMIT_CUSTOMER_DAY: '0',
  ORDER_LIMIT_ADDRESS_HOUR: '0',
  ORDER_LIMIT_ADDRESS_DAY: '0',
};

let clockTicksPerSecond: number | undefined;

/** CPU time (user + system) a process has used so far, in µs; NaN without Linux's /proc. */
function cpuTimeUs(pid: number | undefined): number {
  try {
    clockTicksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    return (ticks / clockTicksPerSecond) * 1e6;
  } catch {
    return Number.NaN;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server process is idle: under 2 ms of CPU in each of two 100 ms windows in a
 * row, or 5 s at most. What a round leaves behind (the notification worker sending a round's
 * messages, the WAL checkpoint after the bench deletes a round's orders) would otherwise run
 * during the next case's round and be counted as that case's cost.
 */
async function settle(pid: number | undefined): Promise<void> {
  const deadline = Date.now() + 5000;
  let quiet = 0;
  let before = cpuTimeUs(pid);
  while (quiet < 2 && Date.now() < deadline) {
    await sleep(100);
    const now = cpuTimeUs(pid);
    if (Number.isNaN(now)) return;
    quiet = now - before < 2000 ? quiet + 1 : 0;
    before = now;
  }
}

async function runRound(c: Case, seconds: number, connections: number): Promise<Round> {
  const cpuBefore = cpuTimeUs(c.target.child.pid);
  const result = await autocannon({
    url: `${c.target.url}${c.request.path}`,
    method: c.request.method ?? 'GET',
    headers: c.request.headers ?? {},
    ...(c.request.body === undefined ? {} : { body: c.request.body }),
    ...(c.bodies
      ? { requests: [{ setupRequest: (request) => ({ ...request, body: c.bodies!() }) }] }
      : {}),
    connections,
    duration: seconds,
    timeout: 10,
  });
  // The work the round started and finished after it (its messages, say) is its own cost.
  await settle(c.target.child.pid);
  const expected = (code: string) =>
    c.expectStatus === undefined ? code.startsWith('2') : code === String(c.expectStatus);
  const statuses: Record<string, number> = {};
  let ok = 0;
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    if (expected(code)) ok += count;
    else statuses[code] = count;
  }
  const answers = result['2xx'] + result.non2xx;
  return {
    // Expected answers only: a case that starts failing (a limit, an error) must not look
    // faster for it.
    rps: result.duration > 0 ? ok / result.duration : 0,
    cpuUsPerRequest: (cpuTimeUs(c.target.child.pid) - cpuBefore) / Math.max(1, answers),
    p99Ms: result.latency.p99,
    unexpected: answers - ok,
    errors: result.errors + result.timeouts,
    statuses,
  };
}

/** A well-formed number of the same day that is not `known`. */
function unknownNumber(known: string): string {
  const prefix = known.slice(0, known.lastIndexOf('-') + 1);
  return known === `${prefix}100` ? `${prefix}101` : `${prefix}100`;
}

async function json(res: Response, what: string): Promise<unknown> {
  const text = await res.text();
  if (!res.ok) throw new Error(`bench set-up: ${what} answered ${res.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

export async function runHttpBench(options: HttpBenchOptions = {}): Promise<HttpCaseResult[]> {
  const rounds = options.rounds ?? numberFromEnv('BENCH_HTTP_ROUNDS', 5);
  const seconds = options.roundSeconds ?? numberFromEnv('BENCH_HTTP_SECONDS', 1);
  const connections = options.connections ?? numberFromEnv('BENCH_HTTP_CONNECTIONS', 50);
  const only = options.cases ?? process.env.BENCH_HTTP_CASES?.split(',').filter(Boolean);
  const cpuProfDir = options.cpuProfDir ?? process.env.BENCH_CPU_PROF;

  const dataDir = await mkdtemp(join(tmpdir(), 'afsh-bench-http-'));
  const site = await makeStaticDir();
  const dbPath = join(dataDir, 'afsh.sqlite');
  const servers: ServerProcess[] = [];
  let db: Database.Database | undefined;
  try {
    // Both started as one `node --import tsx` process each, without the tsx CLI's extra process.
    const hello = await startServerProcess({
      entry: 'scripts/lib/hello-world-server.ts',
      nodeArgs: [],
      env: {},
      logFile: join(dataDir, 'hello.log'),
    });
    servers.push(hello);
    const afsh = await startServerProcess({
      nodeArgs: cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(cpuProfDir)}`] : [],
      env: {
        DATABASE_PATH: dbPath,
        STATIC_DIR: site.staticDir,
        NODE_ENV: 'production',
        // The production default: request logging stays on, as it would be for real. Its output
        // goes to a file, as a service manager would take it, not to a pipe this process reads.
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        RATE_LIMITS: 'off',
        ...ORDER_LIMIT_ENV,
      },
      logFile: join(dataDir, 'afsh.log'),
    });
    servers.push(afsh);

    // The bench's own connection to the database (WAL lets it share the file with the server).
    db = new Database(dbPath);
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    const benchDb = db;
    // Crews for every order the rounds place, spread over the booking horizon (D12).
    giveRoomyCapacity(benchDb);
    const bodies = spreadOrderBodies();

    // One customer who proved the orders' number (D13): their session cookie goes with every order.
    const cookie = await verifiedSessionCookie(afsh);
    const orderHeaders = { 'content-type': 'application/json', cookie };
    const first = (await json(
      await fetch(`${afsh.url}/api/orders`, {
        method: 'POST',
        headers: orderHeaders,
        body: bodies(),
      }),
      'POST /api/orders',
    )) as { order: { orderNumber: string } };
    const { orderNumber } = first.order;
    // The round's orders are deleted after it (their history goes by cascade), so every round
    // starts from the same table and the orders table does not grow through the run.
    const removeOrders = benchDb.prepare('DELETE FROM orders WHERE order_number <> ?');

    const all: Case[] = [
      {
        key: 'hello',
        name: 'hello-world GET / (bare Fastify)',
        target: hello,
        request: { path: '/' },
      },
      { key: 'prices', name: 'GET /api/prices', target: afsh, request: { path: '/api/prices' } },
      {
        key: 'track',
        name: 'GET /api/track/:orderNumber',
        target: afsh,
        request: { path: `/api/track/${orderNumber}` },
      },
      {
        // What someone walking the numbers gets (the rate limit aside): the not-found answer.
        key: 'track404',
        name: 'GET /api/track/:orderNumber unknown (404)',
        target: afsh,
        request: { path: `/api/track/${unknownNumber(orderNumber)}` },
        expectStatus: 404,
      },
      {
        key: 'post',
        name: 'POST /api/orders (one session)',
        target: afsh,
        request: { path: '/api/orders', method: 'POST', headers: orderHeaders, body: bodies() },
        bodies,
        afterRound: () => removeOrders.run(orderNumber),
      },
    ];
    const cases = all.filter((c) => c.key === 'hello' || !only || only.includes(c.key));

    // One warm-up round (JIT, statement caches, SQLite pages), not recorded.
    const cleanUp = async (c: Case) => {
      if (!c.afterRound) return;
      c.afterRound();
      // The clean-up's own aftermath (the server checkpointing the deleted rows) is nobody's.
      await settle(c.target.child.pid);
    };
    for (const c of cases) {
      await runRound(c, seconds, connections);
      await cleanUp(c);
    }
    const measured = new Map<string, Round[]>(cases.map((c) => [c.key, []]));
    for (let r = 0; r < rounds; r += 1) {
      for (const c of cases) {
        measured.get(c.key)!.push(await runRound(c, seconds, connections));
        await cleanUp(c);
      }
    }

    const helloRounds = measured.get('hello')!;
    return cases.map((c) => {
      const rs = measured.get(c.key)!;
      const statuses: Record<string, number> = {};
      for (const round of rs) {
        for (const [code, n] of Object.entries(round.statuses)) {
          statuses[code] = (statuses[code] ?? 0) + n;
        }
      }
      return {
        name: c.name,
        rps: median(rs.map((x) => x.rps)),
        p99Ms: median(rs.map((x) => x.p99Ms)),
        ratio: median(
          rs.map((x, i) => (helloRounds[i]!.rps > 0 ? x.rps / helloRounds[i]!.rps : 0)),
        ),
        cpuUsPerRequest: median(rs.map((x) => x.cpuUsPerRequest)),
        unexpected: rs.reduce((sum, x) => sum + x.unexpected, 0),
        errors: rs.reduce((sum, x) => sum + x.errors, 0),
        otherStatuses: Object.entries(statuses)
          .map(([code, n]) => `${code}×${n}`)
          .join(' '),
      };
    });
  } finally {
    db?.close();
    // SIGTERM: a graceful exit is also when --cpu-prof writes its profile.
    for (const server of servers.reverse()) await server.stop();
    await site.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printHttpTable(results: HttpCaseResult[], settings: string): void {
  const width = Math.max(4, ...results.map((r) => r.name.length));
  console.info(`\nHTTP (${settings}; medians of the rounds)`);
  console.info(
    `${'case'.padEnd(width)}  ${'req/s'.padStart(8)}  ${'p99 ms'.padStart(7)}  ${'× hello'.padStart(8)}  ${'CPU µs/req'.padStart(10)}  unexpected`,
  );
  for (const r of results) {
    const failures =
      r.unexpected + r.errors === 0
        ? ''
        : `${r.unexpected + r.errors} (${r.otherStatuses || 'errors'})`;
    console.info(
      `${r.name.padEnd(width)}  ${r.rps.toFixed(0).padStart(8)}  ${r.p99Ms.toFixed(1).padStart(7)}  ${`${(r.ratio * 100).toFixed(1)}%`.padStart(8)}  ${r.cpuUsPerRequest.toFixed(0).padStart(10)}  ${failures}`,
    );
  }
}

export function httpBenchSettings(): string {
  const rounds = numberFromEnv('BENCH_HTTP_ROUNDS', 5);
  const seconds = numberFromEnv('BENCH_HTTP_SECONDS', 1);
  const connections = numberFromEnv('BENCH_HTTP_CONNECTIONS', 50);
  return `${connections} connections, 1 warm-up + ${rounds} rounds of ${seconds} s per case`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runHttpBench().then(
    (results) => printHttpTable(results, httpBenchSettings()),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
