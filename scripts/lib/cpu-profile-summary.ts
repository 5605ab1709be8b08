// Where the time went in a `node --cpu-prof` profile, as text: the profile viewers are not
// around on a server or in CI. `npx tsx scripts/lib/cpu-profile-summary.ts <file.cpuprofile> [N]`
// prints the top N (default 25) functions by self time, by total time (inclusive: the function
// and what it called, each sample counted once per function however deep the recursion), and
// self time summed per package or file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './server-process.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Entry {
  key: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  selfByFunction: Entry[];
  totalByFunction: Entry[];
  selfByFile: Entry[];
}

/** `node_modules/<package>` (scoped too), a path in the repository, or V8's own (program, gc). */
export function fileOf(url: string): string {
  if (url === '') return '(native / V8)';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (inModules) return `npm:${inModules[1]}`;
  if (path.startsWith('node:')) return path;
  return path.startsWith(REPO_ROOT) ? path.slice(REPO_ROOT.length) : path;
}

function functionOf(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  if (frame.url === '') return name;
  return `${name}  ${fileOf(frame.url)}:${frame.lineNumber + 1}`;
}

function top(map: Map<string, number>, totalMs: number): Entry[] {
  return [...map]
    .map(([key, ms]) => ({ key, ms, share: totalMs > 0 ? ms / totalMs : 0 }))
    .sort((a, b) => b.ms - a.ms);
}

export function summarizeProfile(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const files = new Map<string, number>();
  let totalMs = 0;
  profile.samples.forEach((nodeId, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(nodeId);
    if (!node) return;
    // Waiting for work is not cost: leave it out of the shares.
    if (node.callFrame.functionName === '(idle)') return;
    totalMs += ms;
    const key = functionOf(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + ms);
    const file = fileOf(node.callFrame.url);
    files.set(file, (files.get(file) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = nodeId; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (!frame || frame.functionName === '(root)') continue;
      const name = functionOf(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  return {
    totalMs,
    selfByFunction: top(self, totalMs),
    totalByFunction: top(inclusive, totalMs),
    selfByFile: top(files, totalMs),
  };
}

function print(title: string, entries: Entry[], n: number): void {
  console.info(`\n${title}`);
  for (const e of entries.slice(0, n)) {
    console.info(
      `${e.ms.toFixed(0).padStart(8)} ms ${(e.share * 100).toFixed(1).padStart(5)}%  ${e.key}`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, count] = process.argv.slice(2);
  if (!file) {
    console.error('usage: tsx scripts/lib/cpu-profile-summary.ts <file.cpuprofile> [N]');
    process.exit(1);
  }
  const n = Number(count ?? 25);
  const summary = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  console.info(`${file}: ${summary.totalMs.toFixed(0)} ms of CPU (idle left out)`);
  print('Self time by function', summary.selfByFunction, n);
  print('Total time by function (self + callees)', summary.totalByFunction, n);
  print('Self time by package / file', summary.selfByFile, n);
}
