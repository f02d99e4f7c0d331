// The explorer benchmark side by side with the explorer of an older commit, run live in the same process:
// `git archive` of that commit's src/ and bench/explore.ts into a temporary directory (removed afterwards), then
// interleaved rounds (the side that goes first alternates), so a busy machine slows both sides alike and their ratio
// survives it. Each run's rate is generated states (transitions) per second of wall-clock time, and of the process's
// CPU time (less sensitive to other processes taking the cores). Both sides must find the same states.
// Run alone: `node --expose-gc --import tsx bench/explore-baseline.ts [depth] [rounds] [commit]`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The commit whose explorer is the baseline: before the regression issue 22 found (0.79× at depth 5). */
export const BASELINE_COMMIT = '393e64e';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Side {
  run(): { transitions: number; states: number; wallRate: number; cpuRate: number };
}

async function side(dir: string): Promise<Side> {
  const ex = (await import(pathToFileURL(join(dir, 'src/core/explore/index.ts')).href)) as typeof import('../src/core/explore/index.ts');
  const be = (await import(pathToFileURL(join(dir, 'bench/explore.ts')).href)) as typeof import('./explore.ts');
  return {
    run() {
      // no forced gc() between runs: V8 drops optimized code in a forced full collection (about 400 functions are
      // optimized again in the run after one, traced with --trace-opt), which made both sides' runs 1.7-2x slower
      // than bench/explore.ts measures the same code (their ratio did not change)
      const c0 = process.cpuUsage();
      const r = ex.explore(be.threeMemberScenario(), { bfs: true, depth });
      const c = process.cpuUsage(c0);
      return { transitions: r.transitions, states: r.states, wallRate: (r.transitions * 1000) / r.elapsedMs, cpuRate: (r.transitions * 1e6) / (c.user + c.system) };
    },
  };
}

/** The commit's src/ and bench/explore.ts in a temporary directory that resolves packages from this checkout. */
function checkout(commit: string): string {
  const dir = mkdtempSync(join(os.tmpdir(), `sgp-bench-${commit}-`));
  const tar = execFileSync('git', ['-C', root, 'archive', '--format=tar', commit, 'src/core', 'bench/explore.ts'], { maxBuffer: 1 << 30 });
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

const depth = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 7);
const commit = process.argv[4] ?? BASELINE_COMMIT;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let dir: string | null = null;
  try {
    dir = checkout(commit);
  } catch (e) {
    console.log(`  skipped: commit ${commit} is not in this checkout's history (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  }
  if (dir !== null) {
    try {
      const loadBefore = load();
      const old = await side(dir);
      const now = await side(root);
      // warm-up: both sides' JIT and assignor memo settle (as JMH's warm-up iterations)
      for (let i = 0; i < 2; i++) {
        old.run();
        now.run();
      }
      const o: ReturnType<Side['run']>[] = [];
      const n: ReturnType<Side['run']>[] = [];
      for (let r = 0; r < rounds; r++) {
        if (r % 2 === 0) {
          o.push(old.run());
          n.push(now.run());
        } else {
          n.push(now.run());
          o.push(old.run());
        }
      }
      const same = o[0]!.transitions === n[0]!.transitions && o[0]!.states === n[0]!.states;
      const fmt = (x: number) => Math.round(x).toLocaleString('en');
      const wall = (xs: typeof o) => median(xs.map((x) => x.wallRate));
      const cpu = (xs: typeof o) => median(xs.map((x) => x.cpuRate));
      console.log(
        `  BFS depth ${depth}, 3-member Java group: ${n[0]!.states} distinct states, ${n[0]!.transitions} transitions (${commit}: ${o[0]!.states}, ${o[0]!.transitions}${same ? ', the same' : ''})`,
      );
      console.log(`  load average before ${loadBefore}, after ${load()}; medians of ${rounds} interleaved runs after 2 warm-up runs each`);
      console.log(`  this code      ${fmt(wall(n)).padStart(7)} generated states/s (wall), ${fmt(cpu(n)).padStart(7)} per CPU second`);
      console.log(`  ${commit.padEnd(14)} ${fmt(wall(o)).padStart(7)} generated states/s (wall), ${fmt(cpu(o)).padStart(7)} per CPU second`);
      console.log(`  this code / ${commit}: ${(wall(n) / wall(o)).toFixed(2)}x (wall), ${(cpu(n) / cpu(o)).toFixed(2)}x (CPU)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
