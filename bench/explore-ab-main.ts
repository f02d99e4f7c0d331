// The explorer benchmark of this checkout side by side with another commit's (main by default), in one process:
// `git archive` of that commit's src/core and bench/explore.ts into a temporary directory (removed afterwards), then
// interleaved rounds after warm-ups, with no forced collection between runs (a forced gc() before each run slows
// every run for reasons unrelated to the code). Reports medians of wall and CPU rates and their ratio.
// The side loaded second runs slower here (an A/A run of one commit against itself shows it, about 10-15%): with
// SGP_AB_NEW_FIRST=1 this checkout's side is loaded first; run both orders and take the geometric mean of the ratios.
// Run alone: `node --import tsx bench/explore-ab-main.ts [depth] [rounds] [commit] [other commit instead of this checkout]`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const depth = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 7);
const commit = process.argv[4] ?? 'main';
const against = process.argv[5];

interface Run {
  transitions: number;
  states: number;
  wallRate: number;
  cpuRate: number;
}

async function side(dir: string): Promise<() => Run> {
  const ex = (await import(pathToFileURL(join(dir, 'src/core/explore/index.ts')).href)) as typeof import('../src/core/explore/index.ts');
  const be = (await import(pathToFileURL(join(dir, 'bench/explore.ts')).href)) as typeof import('./explore.ts');
  return () => {
    const c0 = process.cpuUsage();
    const r = ex.explore(be.threeMemberScenario(), { bfs: true, depth });
    const c = process.cpuUsage(c0);
    return { transitions: r.transitions, states: r.states, wallRate: (r.transitions * 1000) / r.elapsedMs, cpuRate: (r.transitions * 1e6) / (c.user + c.system) };
  };
}

function checkout(ref: string): string {
  const dir = mkdtempSync(join(os.tmpdir(), `sgp-ab-${ref}-`));
  // with the checkout's package.json ("type": "module"): without it tsx compiles the files as CommonJS (an import
  // read through the module object at every call), and that side runs 10-15% slower; and its tsconfig.json
  const tar = execFileSync('git', ['-C', root, 'archive', '--format=tar', ref, 'src/core', 'bench/explore.ts', 'package.json', 'tsconfig.json'], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  mkdirSync(join(dir, 'bench'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = checkout(commit);
  const other = against !== undefined ? checkout(against) : null;
  try {
    const loadBefore = load();
    const newFirst = process.env.SGP_AB_NEW_FIRST === '1';
    const first = await side(newFirst ? (other ?? root) : dir);
    const second = await side(newFirst ? dir : (other ?? root));
    const [old, now] = newFirst ? [second, first] : [first, second];
    for (let i = 0; i < 2; i++) {
      old();
      now();
    }
    const o: Run[] = [];
    const n: Run[] = [];
    for (let r = 0; r < rounds; r++) {
      if (r % 2 === 0) {
        o.push(old());
        n.push(now());
      } else {
        n.push(now());
        o.push(old());
      }
    }
    const same = o[0]!.transitions === n[0]!.transitions && o[0]!.states === n[0]!.states;
    const fmt = (x: number) => Math.round(x).toLocaleString('en');
    const wall = (xs: Run[]) => median(xs.map((x) => x.wallRate));
    const cpu = (xs: Run[]) => median(xs.map((x) => x.cpuRate));
    const ratios = n.map((x, i) => x.wallRate / o[i]!.wallRate);
    const cpuRatios = n.map((x, i) => x.cpuRate / o[i]!.cpuRate);
    console.log(`  per-round wall ratios: ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
    console.log(`  per-round CPU ratios:  ${cpuRatios.map((r) => r.toFixed(2)).join(' ')}`);
    console.log(`  BFS depth ${depth}: ${n[0]!.states} states, ${n[0]!.transitions} transitions (${commit}: ${o[0]!.states}, ${o[0]!.transitions}${same ? ', the same' : ', DIFFERENT'})`);
    console.log(`  loaded first: ${newFirst ? 'this side' : commit}`);
    console.log(`  load average before ${loadBefore}, after ${load()}; medians of ${rounds} interleaved runs after 2 warm-ups each`);
    const name = (against ?? 'this code').padEnd(10);
    console.log(`  ${name} ${fmt(wall(n)).padStart(7)} /s wall, ${fmt(cpu(n)).padStart(7)} /s CPU`);
    console.log(`  ${commit.padEnd(10)} ${fmt(wall(o)).padStart(7)} /s wall, ${fmt(cpu(o)).padStart(7)} /s CPU`);
    console.log(
      `  ratio: ${(wall(n) / wall(o)).toFixed(3)}x wall, ${(cpu(n) / cpu(o)).toFixed(3)}x CPU; median of per-round ratios ${median(ratios).toFixed(3)}x wall, ${median(cpuRatios).toFixed(3)}x CPU`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (other !== null) rmSync(other, { recursive: true, force: true });
  }
}
